/** Favourite and follow answers (docs/spec/publishing-and-browsing.md §7, docs/spec/accounts-and-people.md §7, docs/architecture.md §6/§10). */
import { z } from 'zod';
import { ZCount, ZRowId, ZTime } from './common.ts';
import { ZIdeaCard } from './ideas.ts';

/** The toggle's answer; the same two fields sit beside `data` (`favorited`, `favoriteCount`). */
export const ZFavoriteState = z.object({ favorited: z.boolean(), favoriteCount: ZCount });
export const ZFavoriteCheck = z.object({ isFavorite: z.boolean(), favoriteCount: ZCount });

/** What the favourites list shows for an idea its author deleted (docs/architecture.md §10). */
export const ZDeletedFavorite = z.object({ id: ZRowId, title: z.string(), isDeleted: z.literal(true) });
export const ZFavorites = z.array(z.union([ZIdeaCard, ZDeletedFavorite]));

export const ZFollowState = z.object({ isFollowing: z.boolean(), followerCount: ZCount });

export const ZFollowedUser = z.object({ registrationNumber: z.string(), nickname: z.string(), avatarUrl: z.string(), followedAt: ZTime });

/** One followed user with ideas published in the last 7 days. */
export const ZFollowUpdate = z.object({
  registration_number: z.string(),
  nickname: z.string(),
  avatar_url: z.string(),
  recent_ideas_count: ZCount,
  latest_idea_time: ZTime,
}).meta({ id: 'FollowUpdate' });

export const ZRecentIdea = z.object({
  id: ZRowId,
  title: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  price: z.number(),
  created_at: ZTime,
  published_at: ZTime,
  view_count: ZCount,
  favorite_count: ZCount,
  nickname: z.string(),
  avatar_url: z.string(),
}).meta({ id: 'RecentIdea' });

/** `{ count }` in `data` and beside it (the spec names it at the top level). */
export const ZCountAnswer = z.object({ count: ZCount });
