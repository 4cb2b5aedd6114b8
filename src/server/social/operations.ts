/**
 * Favourite and follow operations (docs/spec/publishing-and-browsing.md §7, docs/spec/accounts-and-people.md §7, docs/architecture.md §6). Each declares its
 * REST paths (`rest`); `trpc/routers/social.ts` only names them.
 */
import { z } from 'zod';
import { IDEA_MSG } from '../../shared/idea-rules.ts';
import { ZFlag, ZListLimit } from '../../shared/idea-schemas.ts';
import { ZIdeaId } from '../../shared/ids.ts';
import { answer, read, write } from '../contract/operation.ts';
import { REST_TAG } from '../contract/rest-tags.ts';
import { FAVORITE_MSG, favoriteStatus, listFavorites, removeFavorite, setFavorite, type FavoriteState } from './favorites.ts';
import { FOLLOW_MSG, followStatus, listFollowing, listFollowPeople, setFollow, type FollowListSide } from './follows.ts';
import { followUpdates, followUpdatesCount, recentIdeasOf } from './updates.ts';
import { COUNT_OUTPUT, ZFavoriteCheck, ZFavorites, ZFavoriteState, ZFollowedUser, ZFollowListEntry, ZFollowState, ZFollowUpdate, ZRecentIdea } from '../../shared/outputs/social.ts';
import { ZIdeaCards, ZNextCursor } from '../../shared/outputs/ideas.ts';
import { followTimeline } from './timeline.ts';

const ByIdea = z.object({ ideaId: ZIdeaId });
const ByUser = z.object({ registrationNumber: z.string().trim().min(1, '用户编号无效').max(20, '用户编号无效') });

/** A page of a hunter's followers or following: 20 by default, at most 50. */
const FOLLOW_LIST_LIMIT = { default: 20, max: 50 } as const;
const FollowListPage = ByUser.extend({
  limit: z.coerce.number().int().min(1).max(FOLLOW_LIST_LIMIT.max).optional().default(FOLLOW_LIST_LIMIT.default),
  cursor: z.string().max(200).optional(),
});

/**
 * A public list of who follows whom. Never `cache`d: each entry carries the caller's own follow
 * state (`isFollowing`), so a shared cache entry would hand one member's state to another.
 */
const followList = (side: FollowListSide, summary: string) =>
  read({
    rest: { method: 'get', path: `/users/:registrationNumber/${side}`, tag: REST_TAG.follows, summary, responses: { 400: 'cursor 或 limit 无效', 404: '用户不存在' } },
    access: 'public',
    input: FollowListPage,
    output: { data: z.array(ZFollowListEntry), extra: ZNextCursor },
    run: async ({ deps, auth }, input) => {
      const page = await listFollowPeople(deps, auth?.user ?? null, input.registrationNumber, side, input);
      return answer(page.items, { extra: { nextCursor: page.nextCursor } });
    },
  });

const favoriteAnswer = (state: FavoriteState) => answer(state, { message: state.isFavorite ? FAVORITE_MSG.added : FAVORITE_MSG.removed });
/** On REST the toggle also answers `favorited` and `favoriteCount` beside `data`, as the spec names them. */
const FAVORITE_OUTPUT = { data: ZFavoriteState, restBeside: ['favorited', 'favoriteCount'] } as const;

export const favoriteOps = {
  set: write({
    rest: [
      {
        method: 'post',
        path: '/favorites/:ideaId',
        tag: REST_TAG.favorites,
        summary: '收藏或取消收藏（favorite 默认为 true；返回 favorited、favoriteCount）',
        responses: { 404: '创意不存在或已被删除' },
      },
      {
        method: 'post',
        path: '/ideas/:ideaId/favorite',
        tag: REST_TAG.favorites,
        summary: '收藏或取消收藏（body favorite）',
        operationId: 'favorites.setOnIdea',
        responses: { 404: '创意不存在或已被删除' },
      },
    ],
    changes: ['counts'],
    limit: 'favorites',
    access: 'member',
    loginMessage: IDEA_MSG.loginToFavorite,
    // Without `favorite` the call adds (what a script posting to /favorites/{id} means).
    input: ByIdea.extend({ favorite: ZFlag.optional().default(true) }),
    output: FAVORITE_OUTPUT,
    run: async ({ deps, user }, input) => favoriteAnswer(await setFavorite(deps, user, input.ideaId, input.favorite)),
  }),
  remove: write({
    rest: { method: 'delete', path: '/favorites/:ideaId', tag: REST_TAG.favorites, summary: '清除收藏记录', responses: { 404: '没有这条收藏记录' } },
    changes: ['counts'],
    limit: 'favorites',
    access: 'member',
    loginMessage: IDEA_MSG.loginToFavorite,
    input: ByIdea,
    output: FAVORITE_OUTPUT,
    run: async ({ deps, user }, input) => favoriteAnswer(await removeFavorite(deps, user, input.ideaId)),
  }),
  // Asked on every idea page a member opens.
  check: read({
    rest: [
      { method: 'get', path: '/favorites/check/:ideaId', tag: REST_TAG.favorites, summary: '是否已收藏（data.isFavorite、data.favoriteCount）', responses: { 404: '创意不存在或不可见' } },
      {
        method: 'get',
        path: '/ideas/:ideaId/favorite',
        tag: REST_TAG.favorites,
        summary: '是否已收藏（data.isFavorite）',
        operationId: 'favorites.checkOnIdea',
        responses: { 404: '创意不存在或不可见' },
      },
    ],
    access: 'public',
    hot: true,
    input: ByIdea,
    output: { data: ZFavoriteCheck },
    run: async ({ deps, auth }, input) => answer(await favoriteStatus(deps, auth?.user ?? null, input.ideaId)),
  }),
  list: read({
    rest: {
      method: 'get',
      path: '/favorites',
      tag: REST_TAG.favorites,
      summary: '我的收藏（最新在前，每页 50 个，nextCursor 传给 ?cursor= 取下一页；作者已删除的只有 { id, title, isDeleted: true }；重新审核中的不列出，所以一页可能不足 50 个）',
      responses: { 400: 'cursor 无效' },
    },
    access: 'member',
    input: z.object({ cursor: z.string().max(200).optional() }).optional(),
    output: { data: ZFavorites, extra: ZNextCursor },
    run: async ({ deps, user }, input) => {
      const page = await listFavorites(deps, user, input?.cursor);
      return answer(page.items, { extra: { nextCursor: page.nextCursor } });
    },
  }),
};

export const followOps = {
  set: write({
    rest: {
      method: 'post',
      path: '/follows/:registrationNumber',
      tag: REST_TAG.follows,
      summary: '关注或取消关注（follow 默认为 true；不能关注自己）',
      responses: { 400: '不能关注自己', 404: '用户不存在' },
    },
    // A follower count.
    changes: ['counts'],
    limit: 'follows',
    access: 'member',
    loginMessage: FOLLOW_MSG.loginRequired,
    input: ByUser.extend({ follow: ZFlag.optional().default(true) }),
    output: { data: ZFollowState },
    run: async ({ deps, user }, input) => {
      const state = await setFollow(deps, user, input.registrationNumber, input.follow);
      return answer(state, { message: state.isFollowing ? FOLLOW_MSG.followed : FOLLOW_MSG.unfollowed });
    },
  }),
  check: read({
    rest: { method: 'get', path: '/follows/check/:registrationNumber', tag: REST_TAG.follows, summary: '是否已关注（data.isFollowing）', responses: { 404: '用户不存在' } },
    access: 'public',
    hot: true,
    input: ByUser,
    output: { data: ZFollowState },
    run: async ({ deps, auth }, input) => answer(await followStatus(deps, auth?.user ?? null, input.registrationNumber)),
  }),
  following: read({
    rest: { method: 'get', path: '/follows/following', tag: REST_TAG.follows, summary: '我关注的人' },
    access: 'member',
    input: z.object({}).optional(),
    output: { data: z.array(ZFollowedUser) },
    run: async ({ deps, user }) => answer(await listFollowing(deps, user)),
  }),
  followersOf: followList('followers', '某猎人的粉丝（最新关注在前，limit 默认 20、最多 50，nextCursor 传给 ?cursor= 取下一页；isFollowing 为你是否关注了该成员；已注销的不列出）'),
  followingOf: followList('following', '某猎人关注的人（最新关注在前，limit 默认 20、最多 50，nextCursor 传给 ?cursor= 取下一页；isFollowing 为你是否关注了该成员；已注销的不列出）'),
  updates: read({
    rest: { method: 'get', path: '/follows/updates', tag: REST_TAG.follows, summary: '关注的人最近 7 天的更新（每人：recent_ideas_count、latest_idea_time）' },
    access: 'member',
    hot: true,
    input: z.object({}).optional(),
    output: { data: z.array(ZFollowUpdate) },
    run: async ({ deps, user }) => answer(await followUpdates(deps, user)),
  }),
  updatesCount: read({
    rest: { method: 'get', path: '/follows/updates-count', tag: REST_TAG.follows, summary: '有最近更新的关注数（count）' },
    access: 'member',
    input: z.object({}).optional(),
    output: COUNT_OUTPUT,
    run: async ({ deps, user }) => answer({ count: await followUpdatesCount(deps, user) }),
  }),
  // Personal (whose ideas depends on whom the caller follows), so never cached.
  timeline: read({
    rest: {
      method: 'get',
      path: '/follows/timeline',
      tag: REST_TAG.follows,
      summary: '关注的人公开的创意，最新在前（limit 默认 20、最多 100，nextCursor 传给 ?cursor= 取下一页）',
      responses: { 400: 'cursor 或 limit 无效' },
    },
    access: 'member',
    input: z.object({ limit: ZListLimit(20), cursor: z.string().max(200).optional() }),
    output: { data: ZIdeaCards, extra: ZNextCursor },
    run: async ({ deps, user }, input) => {
      const page = await followTimeline(deps, user, input.limit, input.cursor);
      return answer(page.items, { extra: { nextCursor: page.nextCursor } });
    },
  }),
  recentOf: read({
    rest: { method: 'get', path: '/follows/user/:registrationNumber/recent', tag: REST_TAG.follows, summary: '某人最近 7 天公开的创意', responses: { 404: '用户不存在' } },
    access: 'member',
    input: ByUser,
    output: { data: z.array(ZRecentIdea) },
    run: async ({ deps }, input) => answer(await recentIdeasOf(deps, input.registrationNumber)),
  }),
};
