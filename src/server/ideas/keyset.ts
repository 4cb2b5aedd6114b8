/**
 * Keyset pages of ideas (docs/architecture.md §5), with the one cursor codec (kernel/cursors.ts): a
 * page of cards from rows read with one extra, and the one newest-first page
 * (`published_at desc, id desc`) the marketplace's newest sort, the public idea list and a user's
 * public ideas share.
 */
import type { Db, UserRow } from '../../../db/types.ts';
import type { IdeaDto } from '../../shared/idea-schemas.ts';
import { decodeCursor, encodeCursor, isCursorInt, isCursorTime } from '../kernel/cursors.ts';
import { selectCards, toCards, type CardRow } from './cards.ts';
import type { publicIdeas } from './visibility.ts';

/** A page of idea cards and the next page's cursor (null at the end). */
export interface Page {
  items: IdeaDto[];
  nextCursor: string | null;
}

/** The page of `limit` from rows read with one extra: the extra one says whether a next page exists. */
export async function finishPage<R extends CardRow>(db: Db, rows: R[], limit: number, viewer: UserRow | null, cursorOf: (last: R) => string): Promise<Page> {
  const page = rows.slice(0, limit);
  return {
    items: await toCards(db, page, viewer),
    nextCursor: rows.length > limit && page.length ? cursorOf(page[page.length - 1]) : null,
  };
}

interface NewestCursor {
  s: string;
  p: string;
  i: number;
}

/**
 * Newest first over the public ideas `base` selects: published_at desc, id desc, in the range form
 * of STACK-NOTES trap 10 (one index range from the cursor: ideas_public_idx, or
 * ideas_author_public_idx for one author). `list` names the list in its cursors when another list's
 * cursor must not page it (a member's timeline is not the marketplace).
 */
export async function newestPage(db: Db, viewer: UserRow | null, base: ReturnType<typeof publicIdeas>, limit: number, cursor?: string, list = 'n'): Promise<Page> {
  const after = decodeCursor<NewestCursor>(cursor, list, (v) => isCursorTime(v.p) && isCursorInt(v.i));
  let q = selectCards(base);
  if (after) q = q.where('ideas.published_at', '<=', after.p).where((eb) => eb.or([eb('ideas.published_at', '<', after.p), eb('ideas.id', '<', after.i)]));
  const rows = await q
    .orderBy('ideas.published_at', 'desc')
    .orderBy('ideas.id', 'desc')
    .limit(limit + 1)
    .execute();
  return finishPage(db, rows, limit, viewer, (last) => encodeCursor({ s: list, p: last.published_at, i: last.id }));
}
