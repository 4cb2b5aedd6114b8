/**
 * Keyset pages (docs/architecture.md §5): the one cursor codec every paged list uses, and the one newest-first
 * page (`published_at desc, id desc`) the marketplace's newest sort, the public idea list and a
 * user's public ideas share.
 */
import { sql, type SqlBool } from 'kysely';
import type { Db, UserRow } from '../../../db/types.ts';
import type { IdeaDto } from '../../shared/idea-schemas.ts';
import { badRequest } from '../errors.ts';
import { selectCards, toCards, type CardRow } from './cards.ts';
import type { publicIdeas } from './repository.ts';

export const BAD_CURSOR_MESSAGE = '分页参数无效';

export interface Page {
  items: IdeaDto[];
  nextCursor: string | null;
}

/**
 * Cursors are opaque base64url JSON; `s` names the list's order, so a cursor of one order is
 * refused by another (400 分页参数无效), as is anything that is not a cursor — nor one spelled
 * otherwise than we wrote it: base64url decoding ignores what follows its padding (`…=x`), and every
 * spelling of a page would be a cached page of its own.
 */
export function encodeCursor(value: { s: string } & Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

export function decodeCursor<T>(text: string | undefined, list: string, check: (v: Record<string, unknown>) => boolean): T | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString());
  } catch {
    throw badRequest(BAD_CURSOR_MESSAGE);
  }
  if (!value || typeof value !== 'object' || (value as { s?: unknown }).s !== list || !check(value as Record<string, unknown>)) throw badRequest(BAD_CURSOR_MESSAGE);
  if (encodeCursor(value as { s: string }) !== text) throw badRequest(BAD_CURSOR_MESSAGE);
  return value as T;
}

export const isCursorInt = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
export const isCursorTime = (v: unknown) => typeof v === 'string' && v.length <= 40;

/**
 * One member's lists newest first by (time, id): messages, favourites, the library's tabs. The cursor
 * names the row last shown; `olderThan` is the range after it.
 */
export interface TimeIdCursor {
  s: string;
  t: string;
  i: number;
}
export const decodeTimeIdCursor = (text: string | undefined, list: string) => decodeCursor<TimeIdCursor>(text, list, (v) => isCursorTime(v.t) && isCursorInt(v.i));
export const encodeTimeIdCursor = (list: string, t: string, i: number) => encodeCursor({ s: list, t, i });
export const olderThan = (time: string, id: string, after: TimeIdCursor) =>
  sql<SqlBool>`(${sql.ref(time)} < ${after.t} or (${sql.ref(time)} = ${after.t} and ${sql.ref(id)} < ${after.i}))`;

/** The page of `limit` from rows read with one extra: the extra one says whether a next page exists. */
export async function finishPage<R extends CardRow>(db: Db, rows: R[], limit: number, viewer: UserRow | null, cursorOf: (last: R) => string): Promise<Page> {
  const page = rows.slice(0, limit);
  return {
    items: await toCards(db, page, viewer),
    nextCursor: rows.length > limit && page.length ? cursorOf(page[page.length - 1]) : null,
  };
}

interface NewestCursor {
  s: 'n';
  p: string;
  i: number;
}

/**
 * Newest first over the public ideas `base` selects: published_at desc, id desc, in the range form
 * of STACK-NOTES trap 10 (one index range from the cursor: ideas_public_idx, or
 * ideas_author_public_idx for one author).
 */
export async function newestPage(db: Db, viewer: UserRow | null, base: ReturnType<typeof publicIdeas>, limit: number, cursor?: string): Promise<Page> {
  const after = decodeCursor<NewestCursor>(cursor, 'n', (v) => isCursorTime(v.p) && isCursorInt(v.i));
  let q = selectCards(base);
  if (after) q = q.where('ideas.published_at', '<=', after.p).where((eb) => eb.or([eb('ideas.published_at', '<', after.p), eb('ideas.id', '<', after.i)]));
  const rows = await q.orderBy('ideas.published_at', 'desc').orderBy('ideas.id', 'desc').limit(limit + 1).execute();
  return finishPage(db, rows, limit, viewer, (last) => encodeCursor({ s: 'n', p: last.published_at, i: last.id }));
}
