/** Account answers (docs/spec/accounts-and-people.md §7, docs/architecture.md §6/§10): `data.user`, the stats, a sent code. */
import { z } from 'zod';
import { ZCount, ZRowId, ZTime } from './common.ts';
import { restName } from './rest-names.ts';

/** What the API returns as `data.user` for the signed-in user (docs/architecture.md §6). */
export const ZAuthUser = z
  .object({
    /** Also `internal_id` on REST, as the spec's stored user info names it. */
    id: restName(['id', 'internal_id'], ZRowId),
    registrationNumber: z.string(),
    username: z.string(),
    nickname: z.string(),
    avatar: z.string(),
    avatarUrl: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    role: z.enum(['member', 'admin']),
    bio: z.string(),
    createdAt: ZTime.nullable(),
  })
  .meta({ id: 'AuthUser' });

/** Another user's public fields: never a phone or e-mail. */
export const ZPublicUser = z.object({
  registrationNumber: z.string(),
  username: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  avatarUrl: z.string(),
  bio: z.string(),
  createdAt: ZTime.nullable(),
  isDeactivated: z.boolean(),
});

/** The public user answer (`auth.publicUser`): the user and the counts their profile shows. */
export const ZPublicUserWithCounts = ZPublicUser.extend({
  /** Their public ideas. */
  ideaCount: ZCount,
  /** Users following them. */
  followerCount: ZCount,
  /** Views summed over their public ideas. */
  viewCount: ZCount,
}).meta({ id: 'PublicUser' });

export const ZUserAnswer = z.object({ user: ZAuthUser });
export const ZLoginAnswer = z.object({ token: z.string(), user: ZAuthUser });
export const ZPublicUserAnswer = z.object({ user: ZPublicUserWithCounts });

/** A sent code: `debugCode` (in `data` and beside it) only outside production (docs/architecture.md §10). */
export const ZCodeSent = z.object({
  debugCode: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
});

/** `GET /api/users/{id}/stats`: the platform has no trading, so earnings and transactions stay 0. */
export const ZUserStats = z.object({ totalIdeas: ZCount, totalEarnings: z.number(), totalTransactions: ZCount, joinDays: z.number().int().positive() });

/** What deactivation would remove (`GET /api/users/deactivation-stats`). */
export const ZDeactivationStats = z.object({ ideas: ZCount, comments: ZCount, favorites: ZCount, following: ZCount, followers: ZCount });
