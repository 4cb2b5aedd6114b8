/** Favourite and follow answers (docs/spec/publishing-and-browsing.md §7, docs/spec/accounts-and-people.md §7, docs/architecture.md §6/§10). */
import { z } from 'zod';
import { ZCount, ZRowId, ZTime } from './common.ts';
import { ZIdeaCard } from './ideas.ts';
import { restName } from './rest-names.ts';

/** Whether the caller keeps an idea, and how many do. The toggle's answer names it `favorited` on REST (the spec's name, also beside `data`). */
export const ZFavoriteCheck = z.object({ isFavorite: z.boolean(), favoriteCount: ZCount });
export const ZFavoriteState = z.object({ isFavorite: restName('favorited', z.boolean()), favoriteCount: ZCount });

/** What the favourites list shows for an idea its author deleted (docs/architecture.md §10). */
export const ZDeletedFavorite = z.object({ id: ZRowId, title: z.string(), isDeleted: z.literal(true) });
export const ZFavorites = z.array(z.union([ZIdeaCard, ZDeletedFavorite]));

export const ZFollowState = z.object({ isFollowing: z.boolean(), followerCount: ZCount });

export const ZFollowedUser = z.object({ registrationNumber: z.string(), nickname: z.string(), avatarUrl: z.string(), followedAt: ZTime });

/** One member on a hunter's followers or following list; `isFollowing`: whether the caller follows them (false for guests and for the caller themself). */
export const ZFollowListEntry = z.object({ registrationNumber: z.string(), nickname: z.string(), avatarUrl: z.string(), isFollowing: z.boolean() }).meta({ id: 'FollowListEntry' });

/** One followed user with ideas published in the last 7 days. */
export const ZFollowUpdate = z
  .object({
    registrationNumber: restName('registration_number', z.string()),
    nickname: z.string(),
    avatarUrl: restName('avatar_url', z.string()),
    recentIdeasCount: restName('recent_ideas_count', ZCount),
    latestIdeaTime: restName('latest_idea_time', ZTime),
  })
  .meta({ id: 'FollowUpdate' });

export const ZRecentIdea = z
  .object({
    id: ZRowId,
    title: z.string(),
    description: z.string(),
    tags: z.array(z.string()),
    price: z.number(),
    createdAt: restName('created_at', ZTime),
    publishedAt: restName('published_at', ZTime),
    viewCount: restName('view_count', ZCount),
    favoriteCount: restName('favorite_count', ZCount),
    nickname: z.string(),
    avatarUrl: restName('avatar_url', z.string()),
  })
  .meta({ id: 'RecentIdea' });

export const ZCountAnswer = z.object({ count: ZCount });
/** A count's output: on REST `count` also sits beside `data` (the spec names it at the top level). */
export const COUNT_OUTPUT = { data: ZCountAnswer, restBeside: ['count'] } as const;
