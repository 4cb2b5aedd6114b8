/**
 * Keyset paging's cursors (docs/architecture.md §5): the one codec every paged list uses, whatever
 * feature it belongs to, and the (time, id) range of one member's newest-first lists.
 */
import { sql, type SqlBool } from 'kysely';
import { badRequest } from './errors.ts';

const BAD_CURSOR_MESSAGE = '分页参数无效';

/**
 * Cursors are opaque base64url JSON; `s` names the list's order, so a cursor of one order is
 * refused by another (400 分页参数无效), as is anything that is not a cursor — nor one spelled
 * otherwise than we wrote it: base64url decoding ignores what follows its padding (`…=x`), and every
 * spelling of a page would be a cached page of its own.
 */
export function encodeCursor(value: { s: string } & Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** What a cursor of this list holds, without refusing anything (null): to read a field before the page decodes it. */
export function peekCursor(text: string | undefined, list: string): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString());
    return value && typeof value === 'object' && (value as { s?: unknown }).s === list ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function decodeCursor<T>(text: string | undefined, list: string, check: (v: Record<string, unknown>) => boolean): T | null {
  if (!text) return null;
  const value = peekCursor(text, list);
  if (!value || !check(value) || encodeCursor(value as { s: string }) !== text) throw badRequest(BAD_CURSOR_MESSAGE);
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
export const olderThan = (time: string, id: string, after: TimeIdCursor) => sql<SqlBool>`(${sql.ref(time)} < ${after.t} or (${sql.ref(time)} = ${after.t} and ${sql.ref(id)} < ${after.i}))`;
