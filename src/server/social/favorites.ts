/**
 * Favourites (docs/spec/publishing-and-browsing.md §7, docs/spec/accounts-and-people.md §4, docs/architecture.md §2/§10). A favourite is a (user, idea) primary
 * key; `ideas.favorite_count` changes in the same transaction as the row, after the idea's row is
 * locked, so concurrent toggles — by one user or many — serialize per idea and the count always
 * equals the rows.
 */
import type { z } from 'zod';
import { sql } from 'kysely';
import { forUpdate, minusFloorZero } from '../../../db/portable.ts';
import { runRead } from '../../../db/prepared.ts';
import { paddedList, placeholders, turnBatched } from '../../../db/turn-batch.ts';
import { nowDb } from '../../../db/time.ts';
import type { Db, UserRow } from '../../../db/types.ts';
import { transaction } from '../../../db/transaction.ts';
import { DEFAULT_IDEA_TITLE, IDEA_MSG } from '../../shared/idea-rules.ts';
import { FAVORITE_TEXT } from '../../shared/social-texts.ts';
import type { IdeaDto } from '../../shared/idea-schemas.ts';
import type { Deps } from '../deps.ts';
import { notFound } from '../kernel/errors.ts';
import { findActionableIdea, findVisibleIdea, publicIdeaSql, publicIdeas } from '../ideas/visibility.ts';
import { selectCards, toCards } from '../ideas/cards.ts';
import { decodeTimeIdCursor, encodeTimeIdCursor, olderThan } from '../kernel/cursors.ts';
import type { AccountDataPart } from '../accounts/account-data.ts';
import type { ZDeletedFavorite, ZFavoriteState } from '../../shared/outputs/social.ts';

export const FAVORITE_MSG = {
  ...FAVORITE_TEXT,
  noRecord: '没有这条收藏记录',
} as const;

/** Favourites on one page of the library's tab, newest first; the page asks for the next with `nextCursor`. */
export const FAVORITES_PAGE_SIZE = 50;
const FAVORITES_CURSOR = 'favorites';

export type FavoriteState = z.infer<typeof ZFavoriteState>;

/** What the favourites list shows for an idea its author deleted (docs/architecture.md §10). */
export type DeletedFavorite = z.infer<typeof ZDeletedFavorite>;

/** Locks the idea's row (MySQL) and reads its count; undefined when the idea no longer exists. */
async function lockIdea(trx: Db, ideaId: number) {
  return forUpdate(trx, trx.selectFrom('ideas').select(['id', 'favorite_count']).where('id', '=', ideaId)).executeTakeFirst();
}

/**
 * Sets whether `user` favourites the idea. Adding needs an idea the user can see (404 otherwise);
 * removing needs the idea to be visible or the user's record, so a favourite of an idea hidden since
 * can still be cleared, while a stranger's call cannot tell a hidden idea from a missing one. The
 * count is told only for an idea the user can see.
 */
export async function setFavorite(deps: Deps, user: UserRow, ideaId: number, favorite: boolean): Promise<FavoriteState> {
  return transaction(deps.db, async (trx) => {
    const idea = await lockIdea(trx, ideaId);
    if (!idea) throw notFound(IDEA_MSG.notFound);
    // Checked under the lock, so an idea deleted or hidden a moment ago cannot gain a favourite.
    const visible = !!(await findVisibleIdea(trx, ideaId, user));
    if (favorite && !(await findActionableIdea(trx, ideaId, user))) throw notFound(IDEA_MSG.notFound);
    let count = idea.favorite_count;
    if (favorite) {
      const inserted = await trx.insertInto('favorites').orIgnore().values({ user_id: user.id, idea_id: ideaId, created_at: nowDb() }).executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
        await trx
          .updateTable('ideas')
          .set({ favorite_count: sql`favorite_count + 1` })
          .where('id', '=', ideaId)
          .execute();
        count += 1;
      }
    } else {
      const deleted = await trx.deleteFrom('favorites').where('user_id', '=', user.id).where('idea_id', '=', ideaId).executeTakeFirst();
      const hadRecord = Number(deleted.numDeletedRows) > 0;
      if (!hadRecord && !visible) throw notFound(IDEA_MSG.notFound);
      if (hadRecord) {
        await trx
          .updateTable('ideas')
          .set({ favorite_count: minusFloorZero('favorite_count') })
          .where('id', '=', ideaId)
          .execute();
        count = Math.max(0, count - 1);
      }
    }
    return { isFavorite: favorite, favoriteCount: visible ? count : 0 };
  });
}

/** `DELETE /favorites/{ideaId}`: like un-favouriting, but a missing record is a 404 (docs/spec/publishing-and-browsing.md §8). */
export async function removeFavorite(deps: Deps, user: UserRow, ideaId: number): Promise<FavoriteState> {
  const record = await deps.db.selectFrom('favorites').select('idea_id').where('user_id', '=', user.id).where('idea_id', '=', ideaId).executeTakeFirst();
  if (!record) throw notFound(FAVORITE_MSG.noRecord);
  return setFavorite(deps, user, ideaId, false);
}

/**
 * The public ideas' counts and whether each member favourites each, for the checks asked in one turn
 * (db/turn-batch.ts): one statement, a row per public idea and per favourite among those members and
 * ideas; each caller takes its own idea's row and its own favourite.
 */
const publicFavoriteStates = turnBatched<{ viewerId: number; ideaId: number }, { isFavorite: boolean; favoriteCount: number } | null>(async (db, keys) => {
  const ideas = paddedList(keys.map((k) => k.ideaId));
  const viewers = paddedList(keys.map((k) => k.viewerId));
  const rows = await runRead<{ k: number | string; idea_id: number | string; n: number | string }>(
    db,
    `select 0 as k, i.id as idea_id, i.favorite_count as n from ideas i where i.id in (${placeholders(ideas)}) and ${publicIdeaSql('i')}
      union all select 1, f.idea_id, f.user_id from favorites f where f.user_id in (${placeholders(viewers)}) and f.idea_id in (${placeholders(ideas)})`,
    [...ideas, ...viewers, ...ideas],
  );
  const counts = new Map<number, number>();
  const favourites = new Set<string>();
  for (const r of rows) {
    if (Number(r.k) === 0) counts.set(Number(r.idea_id), Number(r.n));
    else favourites.add(`${Number(r.n)} ${Number(r.idea_id)}`);
  }
  return keys.map(({ viewerId, ideaId }) => (counts.has(ideaId) ? { isFavorite: favourites.has(`${viewerId} ${ideaId}`), favoriteCount: counts.get(ideaId)! } : null));
});

/**
 * Whether the viewer favourites the idea, and its count. A guest favourites nothing. Asked on every
 * idea page a member opens (a members' hot read): a public idea is one statement for every check of the
 * turn (publicFavoriteStates); the author's or an admin's view of an idea that is not public takes the long way.
 */
export async function favoriteStatus(deps: Deps, viewer: UserRow | null, ideaId: number): Promise<{ isFavorite: boolean; favoriteCount: number }> {
  const db = deps.db;
  // A guest favourites nothing: user id 0 matches no favourite.
  const state = await publicFavoriteStates(db, { viewerId: viewer?.id ?? 0, ideaId });
  if (state) return state;
  const own = await findVisibleIdea(db, ideaId, viewer);
  if (!own || !viewer) throw notFound(IDEA_MSG.notFound);
  const record = await db.selectFrom('favorites').select('idea_id').where('user_id', '=', viewer.id).where('idea_id', '=', ideaId).executeTakeFirst();
  return { isFavorite: !!record, favoriteCount: own.favorite_count };
}

/**
 * One page of the user's favourites, newest first, and the cursor of the next (null at the end, and
 * when all that follows is back in review):
 * public ideas as cards, ideas their author deleted as `{ id, title, isDeleted: true }` only — with
 * the default title when the idea was not approved as it stands or its author deactivated (their
 * ideas were deleted with the account, and their words go with them). Ideas back in review (edited)
 * are left out until they are public again, so a page may hold fewer than FAVORITES_PAGE_SIZE; purged
 * ideas took their favourites with them. It used to be the newest 200 and no more: older favourites
 * could be neither seen nor cleared.
 */
export async function listFavorites(deps: Deps, user: UserRow, cursorText?: string): Promise<FavoritesPage> {
  const page = await pageWithItems(deps, user, cursorText);
  // The favourites past a full page may all be back in review: then it is the last page, not one
  // whose cursor leads to nothing. Looked into only when the first one past it is not shown.
  if (page.items.length && page.nextCursor && !page.nextShown) {
    const next = await pageWithItems(deps, user, page.nextCursor);
    if (!next.items.length && !next.nextCursor) return { items: page.items, nextCursor: null };
  }
  return { items: page.items, nextCursor: page.nextCursor };
}

type FavoritesPage = { items: (IdeaDto | DeletedFavorite)[]; nextCursor: string | null };
const EMPTY_PAGES_SKIPPED = 20;

/** The page from the cursor, or the first after it with anything to show (a bounded number read). */
async function pageWithItems(deps: Deps, user: UserRow, cursorText: string | undefined) {
  let page = await favoritesPage(deps, user, cursorText);
  // A page whose favourites are all back in review would hold nothing beside a cursor (and the tab
  // said 还没有收藏任何创意 above 加载更多收藏): the next is read instead, a bounded number of times.
  for (let skipped = 0; !page.items.length && page.nextCursor && skipped < EMPTY_PAGES_SKIPPED; skipped++) page = await favoritesPage(deps, user, page.nextCursor);
  return page;
}

async function favoritesPage(deps: Deps, user: UserRow, cursorText?: string): Promise<FavoritesPage & { nextShown: boolean }> {
  const after = decodeTimeIdCursor(cursorText, FAVORITES_CURSOR);
  let query = deps.db
    .selectFrom('favorites')
    .innerJoin('ideas', 'ideas.id', 'favorites.idea_id')
    .innerJoin('users', 'users.id', 'ideas.user_id')
    .select(['ideas.id', 'ideas.title', 'ideas.is_deleted', 'ideas.moderation_status', 'users.status as author_status', 'favorites.created_at as saved_at'])
    .where('favorites.user_id', '=', user.id);
  if (after) query = query.where(olderThan('favorites.created_at', 'favorites.idea_id', after));
  const rows = await query
    .orderBy('favorites.created_at', 'desc')
    .orderBy('favorites.idea_id', 'desc')
    .limit(FAVORITES_PAGE_SIZE + 1)
    .execute();
  const saved = rows.slice(0, FAVORITES_PAGE_SIZE);
  const last = saved[saved.length - 1];
  // The first favourite past the page: whether it is shown says whether a next page has anything.
  const past: (typeof rows)[number] | undefined = rows[FAVORITES_PAGE_SIZE];
  const nextCursor = past ? encodeTimeIdCursor(FAVORITES_CURSOR, last.saved_at, last.id) : null;
  const liveIds = rows.filter((s) => !s.is_deleted).map((s) => s.id);
  const live = liveIds.length ? await selectCards(publicIdeas(deps.db)).where('ideas.id', 'in', liveIds).execute() : [];
  const nextShown = !!past && (!!past.is_deleted || live.some((l) => l.id === past.id));
  const cards = new Map(
    (
      await toCards(
        deps.db,
        live.filter((l) => l.id !== past?.id),
        user,
      )
    ).map((dto) => [dto.id, dto]),
  );
  const items = saved.flatMap((s): (IdeaDto | DeletedFavorite)[] => {
    // The title as reviewed: one edited after approval (back in review) and then deleted shows the default.
    if (s.is_deleted) return [{ id: s.id, title: s.moderation_status === 'approved' && s.author_status === 'active' ? s.title : DEFAULT_IDEA_TITLE, isDeleted: true }];
    const card = cards.get(s.id);
    return card ? [card] : [];
  });
  return { items, nextCursor, nextShown };
}

/** Deactivation (docs/architecture.md §10): the account's favourites go, and the counts they fed drop with them. */
export async function removeFavoritesOf(trx: Db, userId: number): Promise<void> {
  await trx
    .updateTable('ideas')
    .set({ favorite_count: minusFloorZero('favorite_count') })
    .where('id', 'in', trx.selectFrom('favorites').select('idea_id').where('user_id', '=', userId))
    .execute();
  await trx.deleteFrom('favorites').where('user_id', '=', userId).execute();
}

/** An account's favourites: counted, and removed when it is deactivated (account-data.ts). */
export const favoritesAccountData: AccountDataPart = {
  count: async (db, userId) => {
    const row = await db
      .selectFrom('favorites')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return { favorites: Number(row.n) };
  },
  onDeactivate: removeFavoritesOf,
};
