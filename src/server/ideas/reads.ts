/** Reading ideas: one idea, the library's tabs, the public lists, and unlocking an analysis (docs/spec/publishing-and-browsing.md §2–§8). */
import { nowDb } from '../../../db/time.ts';
import type { UserRow } from '../../../db/types.ts';
import { HOT_IDEAS_DEFAULT, IDEA_MSG, IDEA_PRICE, USER_LATEST_DEFAULT } from '../../shared/idea-rules.ts';
import type { IdeaDto } from '../../shared/idea-schemas.ts';
import type { Deps } from '../deps.ts';
import { notFound } from '../kernel/errors.ts';
import { requireUserByRef } from '../accounts/users.ts';
import { findActionableIdea, findVisibleIdea, publicIdeas } from './visibility.ts';
import { listIdeaComments } from '../comments/repository.ts';
import { loadExtras, toIdeaDto, toIdeaDtos } from './shape.ts';
import { decodeTimeIdCursor, encodeTimeIdCursor, olderThan } from '../kernel/cursors.ts';
import { newestPage, type Page } from './keyset.ts';

/** One idea. Anyone but the author (and admins) gets 404 for what is not public (docs/architecture.md §10). */
export async function getIdea(deps: Deps, viewer: UserRow | null, id: number): Promise<IdeaDto> {
  const row = await findVisibleIdea(deps.db, id, viewer);
  if (!row) throw notFound(IDEA_MSG.notFound);
  // The comments come with the idea (one query), the fallback the page shows when their own list fails.
  const [extras, comments] = await Promise.all([loadExtras(deps.db, [row], viewer), row.allow_comments ? listIdeaComments(deps.db, row.id, viewer?.id ?? null) : undefined]);
  const dto = toIdeaDto(row, extras, viewer);
  if (comments) dto.comments = comments;
  return dto;
}

export type LibraryStatus = 'published' | 'draft' | 'deleted' | 'all';

/** The author's own ideas on one page of a library tab; the page asks for the next with `nextCursor`. */
export const MY_IDEAS_PAGE_SIZE = 50;

/**
 * One page of the author's own ideas for a library tab, and the cursor of the next (null at the
 * end): the bin by the time of deletion, the others by the last change, newest first; in review and
 * rejected count as published. It used to be the newest 500 and no more. A cursor is bound to its tab.
 */
export async function myIdeas(deps: Deps, user: UserRow, status: LibraryStatus, cursorText?: string): Promise<Page> {
  const list = `my-${status}`;
  const after = decodeTimeIdCursor(cursorText, list);
  const time = status === 'deleted' ? 'deleted_at' : 'updated_at';
  let q = deps.db
    .selectFrom('ideas')
    .selectAll()
    .where('user_id', '=', user.id)
    .where('is_deleted', '=', status === 'deleted' ? 1 : 0);
  if (status === 'published' || status === 'draft') q = q.where('status', '=', status);
  if (after) q = q.where(olderThan(time, 'id', after));
  const rows = await q
    .orderBy(time, 'desc')
    .orderBy('id', 'desc')
    .limit(MY_IDEAS_PAGE_SIZE + 1)
    .execute();
  const page = rows.slice(0, MY_IDEAS_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    items: await toIdeaDtos(deps.db, page, user),
    nextCursor: rows.length > MY_IDEAS_PAGE_SIZE ? encodeTimeIdCursor(list, last[time] ?? '', last.id) : null,
  };
}

/** Public ideas, newest first, in keyset pages. */
export function publicIdeasPage(deps: Deps, viewer: UserRow | null, limit: number, cursor: string | undefined) {
  return newestPage(deps.db, viewer, publicIdeas(deps.db, 'ideas_public_idx'), limit, cursor);
}

export async function recentIdeas(deps: Deps, viewer: UserRow | null, limit: number): Promise<IdeaDto[]> {
  return toIdeaDtos(deps.db, await publicIdeas(deps.db).orderBy('published_at', 'desc').orderBy('id', 'desc').limit(limit).execute(), viewer);
}

/** Favourites first, then newest (docs/architecture.md §10; price is always 0, so the spec's fallback is this order). */
export async function hotIdeas(deps: Deps, viewer: UserRow | null, limit = HOT_IDEAS_DEFAULT): Promise<IdeaDto[]> {
  const rows = await publicIdeas(deps.db).orderBy('favorite_count', 'desc').orderBy('published_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return toIdeaDtos(deps.db, rows, viewer);
}

/** The signed-in author's latest live ideas. */
export async function latestOwnIdeas(deps: Deps, user: UserRow, limit = USER_LATEST_DEFAULT): Promise<IdeaDto[]> {
  const rows = await deps.db.selectFrom('ideas').selectAll().where('user_id', '=', user.id).where('is_deleted', '=', 0).orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return toIdeaDtos(deps.db, rows, user);
}

/** A user's public ideas, by registration number or id, newest first in keyset pages (ideas_author_public_idx). */
export async function userPublicIdeas(deps: Deps, viewer: UserRow | null, ref: string, limit: number, cursor?: string) {
  const owner = await requireUserByRef(deps.db, ref);
  return newestPage(deps.db, viewer, publicIdeas(deps.db).where('ideas.user_id', '=', owner.id), limit, cursor);
}

/** Unlocks the analysis at price 0. True when the viewer may now read it. */
export async function purchaseIdea(deps: Deps, user: UserRow, id: number): Promise<boolean> {
  const row = await findActionableIdea(deps.db, id, user);
  if (!row) throw notFound(IDEA_MSG.notFound);
  if (row.user_id === user.id) return true;
  await deps.db.insertInto('idea_purchases').ignore().values({ user_id: user.id, idea_id: id, price: IDEA_PRICE, created_at: nowDb() }).execute();
  // The member's pages now differ from the guests' (shape.ts viewerRelation): at once in this process.
  deps.viewerFacts.forget(user.id);
  return true;
}

/** Ideas the user unlocked that are still public. */
export async function purchasedIdeas(deps: Deps, user: UserRow): Promise<IdeaDto[]> {
  const rows = await publicIdeas(deps.db)
    .where('ideas.id', 'in', deps.db.selectFrom('idea_purchases').select('idea_id').where('user_id', '=', user.id))
    .orderBy('published_at', 'desc')
    .limit(200)
    .execute();
  return toIdeaDtos(deps.db, rows, user);
}
