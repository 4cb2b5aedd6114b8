/**
 * Favourite and follow operations (docs/spec/publishing-and-browsing.md §7, docs/spec/accounts-and-people.md §7, docs/architecture.md §6). `trpc/routers/social.ts`
 * and `rest/social.ts` only name them.
 */
import { z } from 'zod';
import { IDEA_MSG } from '../../shared/idea-rules.ts';
import { ZFlag } from '../../shared/idea-schemas.ts';
import { ZIdeaId } from '../../shared/ids.ts';
import { answer, read, write } from '../request/operation.ts';
import { FAVORITE_MSG, favoriteStatus, listFavorites, removeFavorite, setFavorite, type FavoriteState } from './favorites.ts';
import { FOLLOW_MSG, followStatus, listFollowing, setFollow } from './follows.ts';
import { followUpdates, followUpdatesCount, recentIdeasOf } from './updates.ts';
import { COUNT_OUTPUT, ZFavoriteCheck, ZFavorites, ZFavoriteState, ZFollowedUser, ZFollowState, ZFollowUpdate, ZRecentIdea } from '../../shared/outputs/social.ts';
import { ZNextCursor } from '../../shared/outputs/ideas.ts';

const ByIdea = z.object({ ideaId: ZIdeaId });
const ByUser = z.object({ registrationNumber: z.string().trim().min(1, '用户编号无效').max(20, '用户编号无效') });

const favoriteAnswer = (state: FavoriteState) => answer(state, { message: state.isFavorite ? FAVORITE_MSG.added : FAVORITE_MSG.removed });
/** On REST the toggle also answers `favorited` and `favoriteCount` beside `data`, as the spec names them. */
const FAVORITE_OUTPUT = { data: ZFavoriteState, restBeside: ['favorited', 'favoriteCount'] } as const;

export const favoriteOps = {
  set: write({
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
    access: 'public',
    hot: true,
    input: ByIdea,
    output: { data: ZFavoriteCheck },
    run: async ({ deps, auth }, input) => answer(await favoriteStatus(deps, auth?.user ?? null, input.ideaId)),
  }),
  list: read({
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
    access: 'public',
    hot: true,
    input: ByUser,
    output: { data: ZFollowState },
    run: async ({ deps, auth }, input) => answer(await followStatus(deps, auth?.user ?? null, input.registrationNumber)),
  }),
  following: read({
    access: 'member',
    input: z.object({}).optional(),
    output: { data: z.array(ZFollowedUser) },
    run: async ({ deps, user }) => answer(await listFollowing(deps, user)),
  }),
  updates: read({
    access: 'member',
    hot: true,
    input: z.object({}).optional(),
    output: { data: z.array(ZFollowUpdate) },
    run: async ({ deps, user }) => answer(await followUpdates(deps, user)),
  }),
  updatesCount: read({
    access: 'member',
    input: z.object({}).optional(),
    output: COUNT_OUTPUT,
    run: async ({ deps, user }) => answer({ count: await followUpdatesCount(deps, user) }),
  }),
  recentOf: read({
    access: 'member',
    input: ByUser,
    output: { data: z.array(ZRecentIdea) },
    run: async ({ deps }, input) => answer(await recentIdeasOf(deps, input.registrationNumber)),
  }),
};
