/**
 * Follows (docs/spec/accounts-and-people.md §4/§5, docs/spec/publishing-and-browsing.md §7, docs/architecture.md §2/§10). A follow is a (follower, followee)
 * primary key; `users.follower_count` changes in the same transaction, after the followee's row is
 * locked, so concurrent follows and unfollows keep the count equal to the rows.
 */
import type { z } from 'zod';
import { sql } from 'kysely';
import { runRead } from '../../../db/prepared.ts';
import { paddedList, placeholders, turnBatched } from '../../../db/turn-batch.ts';
import { forUpdate, minusFloorZero } from '../../../db/portable.ts';
import { dbTimeToIso, nowDb } from '../../../db/time.ts';
import type { Db, UserRow } from '../../../db/types.ts';
import { transaction } from '../../../db/transaction.ts';
import { FOLLOW_TEXT } from '../../shared/social-texts.ts';
import type { Deps } from '../deps.ts';
import { badRequest, notFound } from '../kernel/errors.ts';
import { sendMessage, unnameActor } from '../messages/send.ts';
import { wantsNotice } from '../notification-settings/service.ts';
import { requireUserByRef, shownAvatar, USER_NOT_FOUND } from '../accounts/users.ts';
import { USER_ID_PATTERN } from '../../shared/patterns.ts';
import type { AccountDataPart } from '../accounts/account-data.ts';
import type { ZFollowedUser, ZFollowListEntry, ZFollowState } from '../../shared/outputs/social.ts';
import { decodeTimeIdCursor, encodeTimeIdCursor, olderThan } from '../kernel/cursors.ts';

export const FOLLOW_MSG = FOLLOW_TEXT;

export type FollowState = z.infer<typeof ZFollowState>;

export type FollowedUser = z.infer<typeof ZFollowedUser>;

/** An active account by registration number (or id); deactivated accounts cannot be followed. */
export async function requireActiveUser(deps: Deps, ref: string): Promise<UserRow> {
  const target = await requireUserByRef(deps.db, ref);
  if (target.status !== 'active') throw notFound(USER_NOT_FOUND);
  return target;
}

export async function setFollow(deps: Deps, user: UserRow, ref: string, follow: boolean): Promise<FollowState> {
  const target = await requireActiveUser(deps, ref);
  if (target.id === user.id) throw badRequest(FOLLOW_MSG.notSelf);
  return transaction(deps.db, async (trx) => {
    // Both rows, in id order: the follow row's foreign-key checks take shared locks on both users,
    // so A following B while B follows A would otherwise deadlock on MySQL.
    const locked = await forUpdate(trx, trx.selectFrom('users').select(['id', 'follower_count', 'status']).where('id', 'in', [user.id, target.id]).orderBy('id')).execute();
    const followee = locked.find((u) => u.id === target.id);
    // Deactivated meanwhile: nothing to follow.
    if (!followee || followee.status !== 'active') throw notFound(USER_NOT_FOUND);
    let count = followee.follower_count;
    if (follow) {
      const inserted = await trx.insertInto('follows').orIgnore().values({ follower_id: user.id, followee_id: target.id, created_at: nowDb() }).executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
        await trx
          .updateTable('users')
          .set({ follower_count: sql`follower_count + 1` })
          .where('id', '=', target.id)
          .execute();
        count += 1;
        await tellNewFollower(trx, target.id, user);
      }
    } else {
      const deleted = await trx.deleteFrom('follows').where('follower_id', '=', user.id).where('followee_id', '=', target.id).executeTakeFirst();
      if (Number(deleted.numDeletedRows) > 0) {
        await trx
          .updateTable('users')
          .set({ follower_count: minusFloorZero('follower_count') })
          .where('id', '=', target.id)
          .execute();
        count = Math.max(0, count - 1);
      }
    }
    return { isFollowing: follow, followerCount: count };
  });
}

/**
 * The followed member's system message. Following, unfollowing and following again tells them once
 * while the first message is still unread, not once per click.
 */
const NEW_FOLLOWER_TITLE = '新的关注者';

async function tellNewFollower(trx: Db, followeeId: number, follower: UserRow): Promise<void> {
  // Turned off in the followee's notification settings: no message at all.
  if (!(await wantsNotice(trx, followeeId, 'followers'))) return;
  const content = `${follower.nickname}（${follower.registration_number}）关注了您。`;
  const unread = await trx.selectFrom('messages').select('id').where('user_id', '=', followeeId).where('is_read', '=', 0).where('content', '=', content).executeTakeFirst();
  if (!unread) await sendMessage(trx, { userId: followeeId, title: NEW_FOLLOWER_TITLE, content, sender: 'other', actorId: follower.id });
}

/** A deactivated follower's messages: 「昵称（bx000123）关注了您。」 becomes 「已注销用户关注了您。」. */
const unnameFollower = (trx: Db, userId: number) => unnameActor(trx, userId, [NEW_FOLLOWER_TITLE], /^[\s\S]*?（bx\d+）(?=关注了您。$)/);

type FollowKey = { followerId: number; number?: string; id?: number };
type FollowRow = { k: number | string; id: number | string; r: string | null; s: string | null; n: number | string };

/**
 * The accounts the follow checks of one turn name (by registration number or id) and which of those
 * members follow which of them (db/turn-batch.ts): one statement, a row per account and per follow
 * among them; each caller takes its own account's row and its own follow.
 */
const followStates = turnBatched<FollowKey, { status: string; followerCount: number; following: boolean } | null>(async (db, keys) => {
  const numbers = paddedList(keys.flatMap((k) => (k.number === undefined ? [] : [k.number])));
  const ids = paddedList(keys.flatMap((k) => (k.id === undefined ? [] : [k.id])));
  const followers = paddedList(keys.map((k) => k.followerId));
  const named = [numbers.length ? `u.registration_number in (${placeholders(numbers)})` : '', ids.length ? `u.id in (${placeholders(ids)})` : ''].filter(Boolean).join(' or ');
  const rows = await runRead<FollowRow>(
    db,
    `select 0 as k, u.id, u.registration_number as r, u.status as s, u.follower_count as n from users u where ${named}
      union all select 1, f.followee_id, null, null, f.follower_id from follows f join users u on u.id = f.followee_id where f.follower_id in (${placeholders(followers)}) and (${named})`,
    [...numbers, ...ids, ...followers, ...numbers, ...ids],
  );
  const byNumber = new Map<string, FollowRow>();
  const byId = new Map<number, FollowRow>();
  const follows = new Set<string>();
  for (const r of rows) {
    if (Number(r.k) === 0) {
      byNumber.set(r.r!, r);
      byId.set(Number(r.id), r);
    } else follows.add(`${Number(r.n)} ${Number(r.id)}`);
  }
  return keys.map(({ followerId, number, id }) => {
    const row = number !== undefined ? byNumber.get(number) : byId.get(id!);
    return row ? { status: row.s!, followerCount: Number(row.n), following: follows.has(`${followerId} ${Number(row.id)}`) } : null;
  });
});

/**
 * Whether the viewer follows the user; a guest follows no one. A members' hot read (every idea page
 * of another's idea asks it): one statement for every check of the turn (followStates).
 */
export async function followStatus(deps: Deps, viewer: UserRow | null, ref: string): Promise<{ isFollowing: boolean; followerCount: number }> {
  const text = ref.trim();
  // A guest follows no one: follower id 0 matches no follow.
  const follower = viewer?.id ?? 0;
  const key = USER_ID_PATTERN.test(text) ? { followerId: follower, number: text } : /^\d{1,12}$/.test(text) ? { followerId: follower, id: Number(text) } : null;
  const state = key && (await followStates(deps.db, key));
  if (!state || state.status !== 'active') throw notFound(USER_NOT_FOUND);
  return { isFollowing: state.following, followerCount: state.followerCount };
}

/** Whom the user follows, most recent first (active accounts only). */
/** The active accounts a member follows, the latest follow first (the follows key, authors by primary key). */
export async function followedAccounts(db: Db, followerId: number) {
  return db
    .selectFrom('follows')
    .innerJoin('users', 'users.id', 'follows.followee_id')
    .select(['users.id', 'users.registration_number', 'users.nickname', 'users.avatar_url', 'follows.created_at'])
    .where('follows.follower_id', '=', followerId)
    .where('users.status', '=', 'active')
    .orderBy('follows.created_at', 'desc')
    .execute();
}

const FOLLOWING_LIST_MAX = 500;

export async function listFollowing(deps: Deps, user: UserRow): Promise<FollowedUser[]> {
  const rows = (await followedAccounts(deps.db, user.id)).slice(0, FOLLOWING_LIST_MAX);
  return rows.map((r) => ({ registrationNumber: r.registration_number, nickname: r.nickname, avatarUrl: r.avatar_url, followedAt: dbTimeToIso(r.created_at)! }));
}

export type FollowListEntry = z.infer<typeof ZFollowListEntry>;

/** Who follows a member (`followers`) or whom they follow (`following`): the two public lists of the hunter page. */
export type FollowListSide = 'followers' | 'following';

/**
 * One page of a member's followers or followees, the latest follow first (keyset on the follow's time
 * and the other member's id). Deactivated members are left out (their follows are removed on
 * deactivation; the filter keeps one caught mid-way out too). `isFollowing` is whether the viewer
 * follows that member: false for guests, and never true for the viewer themself. The answer is
 * personal, so the operation is a plain read, never a shared cache entry.
 */
export async function listFollowPeople(
  deps: Deps,
  viewer: UserRow | null,
  ref: string,
  side: FollowListSide,
  page: { limit: number; cursor?: string },
): Promise<{ items: FollowListEntry[]; nextCursor: string | null }> {
  // Each list's cursors name their side: one of the followers list is refused by the following list (400).
  const after = decodeTimeIdCursor(page.cursor, side);
  const target = await requireUserByRef(deps.db, ref);
  // The member on the list is the other end of each follow.
  const [own, other] = side === 'followers' ? (['follows.followee_id', 'follows.follower_id'] as const) : (['follows.follower_id', 'follows.followee_id'] as const);
  // A guest follows no one: follower id 0 matches no follow.
  const viewerId = viewer?.id ?? 0;
  let query = deps.db
    .selectFrom('follows')
    .innerJoin('users', 'users.id', other)
    .select((eb) => [
      'users.id',
      'users.registration_number',
      'users.nickname',
      'users.avatar_url',
      'follows.created_at',
      eb.exists(eb.selectFrom('follows as mine').select('mine.followee_id').where('mine.follower_id', '=', viewerId).whereRef('mine.followee_id', '=', 'users.id')).as('following'),
    ])
    .where(own, '=', target.id)
    .where('users.status', '=', 'active');
  if (after) query = query.where(olderThan('follows.created_at', other, after));
  const rows = await query
    .orderBy('follows.created_at', 'desc')
    .orderBy(other, 'desc')
    .limit(page.limit + 1)
    .execute();
  const shown = rows.slice(0, page.limit);
  const last = shown[shown.length - 1];
  return {
    items: shown.map((r) => ({
      registrationNumber: r.registration_number,
      nickname: r.nickname,
      avatarUrl: shownAvatar(r.avatar_url),
      isFollowing: r.id !== viewerId && !!Number(r.following),
    })),
    nextCursor: rows.length > page.limit ? encodeTimeIdCursor(side, last.created_at, last.id) : null,
  };
}

/** Deactivation (docs/architecture.md §10): the account's follows go both ways, and follower counts drop with them. */
export async function removeFollowsOf(trx: Db, userId: number): Promise<void> {
  await trx
    .updateTable('users')
    .set({ follower_count: minusFloorZero('follower_count') })
    .where('id', 'in', trx.selectFrom('follows').select('followee_id').where('follower_id', '=', userId))
    .execute();
  await trx
    .deleteFrom('follows')
    .where((eb) => eb.or([eb('follower_id', '=', userId), eb('followee_id', '=', userId)]))
    .execute();
  await trx.updateTable('users').set({ follower_count: 0 }).where('id', '=', userId).execute();
}

/** For the deactivation statistics: how many the user follows and how many follow them. */
export async function followCounts(db: Db, userId: number): Promise<{ following: number; followers: number }> {
  const [following, followers] = await Promise.all([
    db
      .selectFrom('follows')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('follower_id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('follows')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('followee_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { following: Number(following.n), followers: Number(followers.n) };
}

/** An account's follows: counted, and removed (its name off followers' notices) when it is deactivated (account-data.ts). */
export const followsAccountData: AccountDataPart = {
  count: followCounts,
  onDeactivate: async (trx, userId) => {
    await removeFollowsOf(trx, userId);
    await unnameFollower(trx, userId);
  },
};
