/** Idea answers (docs/spec/publishing-and-browsing.md §7, docs/architecture.md §4–§6): the idea, the lean card of public lists, and what writes return. */
import { z } from 'zod';
import { ZComment } from './comments.ts';
import { ZCount, ZRowId, ZTime } from './common.ts';
import { restName } from './rest-names.ts';

const ZModerationStatus = z.enum(['none', 'review', 'approved', 'rejected']);

export const ZExpansion = z.object({ id: ZRowId, content: z.string(), createdAt: ZTime });

/**
 * An idea as a card shows it: everything but the detailed analysis and the expansions. REST names
 * (rest-names.ts) are the spec's (docs/spec/publishing-and-browsing.md §3).
 */
export const ZIdeaCard = z
  .object({
    id: ZRowId,
    title: z.string(),
    description: z.string(),
    /** True when the caller may not read the detailed analysis (docs/architecture.md §4). */
    isLocked: z.boolean(),
    tags: z.array(z.string()),
    price: z.number(),
    status: z.enum(['draft', 'published']),
    moderationStatus: restName('moderation_status', ZModerationStatus),
    /** For the author only. */
    rejectionReason: z.string().nullable().optional(),
    isDeleted: restName('is_deleted', z.boolean(), { zeroOne: true }),
    deletedAt: restName('deleted_at', ZTime.nullable()),
    createdAt: restName('created_at', ZTime),
    updatedAt: restName('updated_at', ZTime),
    publishedAt: ZTime.nullable(),
    allowComments: restName('allow_comments', z.boolean(), { zeroOne: true }),
    showSimilar: restName('show_similar', z.boolean(), { zeroOne: true }),
    marketIdentifier: z.string(),
    favoriteCount: restName('favorite_count', ZCount),
    viewCount: ZCount,
    commentCount: ZCount,
    authorId: restName('user_id', ZRowId),
    authorRegistrationNumber: restName('user_registration_number', z.string()),
    /** The author's nickname as shown (a deactivated author reads 已注销用户). */
    authorName: restName(['authorName', 'user_nickname'], z.string()),
    authorAvatar: restName('user_avatar', z.string()),
    /** The public cover: the first image of the analysis. */
    image: z.string().nullable(),
    /** The cover's size in pixels (null without a cover): a card keeps the image's shape before it loads. */
    imageWidth: z.number().int().positive().nullable(),
    imageHeight: z.number().int().positive().nullable(),
    /** The cover only while locked; every image of the analysis once readable. */
    images: z.array(z.string()),
    isNew: z.boolean(),
    isOwner: z.boolean(),
  })
  .meta({ id: 'IdeaCard' });

/** An idea in full: `detailedAnalysis` only for the author, an admin and who unlocked it; `expansions` for the author. */
export const ZIdea = ZIdeaCard.extend({
  detailedAnalysis: z.string().optional(),
  expansions: z.array(ZExpansion).optional(),
  /** On the detail (`GET /api/ideas/{id}`) when comments are allowed: the same list as the comments call. */
  comments: z.array(ZComment).optional(),
}).meta({ id: 'Idea' });

export const ZIdeas = z.array(ZIdea);
export const ZIdeaCards = z.array(ZIdeaCard);

/** Beside `data` on a paged list: the next page's cursor, null at the end. */
export const ZNextCursor = z.object({ nextCursor: z.string().nullable() });

/**
 * Beside `data` on a marketplace page: the next page's cursor, and for the random sort the seed of
 * its order (the one sent, the cursor's, or one the server chose when neither was sent); the next
 * page continues that order with either.
 */
export const ZMarketplacePage = ZNextCursor.extend({
  seed: z
    .number()
    .int()
    .min(1)
    .max(2 ** 31)
    .optional()
    .describe('随机排序的种子（sort=random 时）：下一页带上它或 nextCursor，顺序不变'),
});

export const ZDeletion = z.object({ deletionType: z.enum(['soft', 'permanent']) });

export const ZUploadedImage = z.object({ fileName: z.string(), url: z.string(), width: z.number().int().positive(), height: z.number().int().positive() });

export const ZViewRecorded = z.object({ viewCount: ZCount, counted: z.boolean() });
export const ZViewCount = z.object({ viewCount: ZCount });

/** What is personal on an idea's page, for the member asking: the page's body and comments are shared. */
export const ZIdeaViewer = z
  .object({
    isFavorite: z.boolean(),
    isFollowing: z.boolean(),
    isOwner: z.boolean(),
    /** The member may read the detailed analysis (they unlocked it, or wrote it). */
    unlocked: z.boolean(),
    /** Comment id → the member's like or dislike, for this idea's comments they marked. */
    interactions: z.record(z.string().regex(/^[1-9]\d*$/), z.enum(['like', 'dislike'])),
  })
  .meta({ id: 'IdeaViewer' });
