/** Comment answers (docs/spec/publishing-and-browsing.md §7, docs/architecture.md §10): a comment, a reaction, an interaction map, a report. */
import { z } from 'zod';
import { ZCount, ZRowId, ZTime } from './common.ts';

export const ZCommentInteraction = z.enum(['like', 'dislike']);

/** A comment as the API returns it; replies are assembled on the client from parentId. */
export const ZComment = z
  .object({
    id: ZRowId,
    ideaId: ZRowId,
    /** The top-level comment this reply hangs under; null for a top-level comment. */
    parentId: ZRowId.nullable(),
    /** The comment this reply answered (itself a reply, or the top-level comment); null for a top-level comment. */
    replyTo: ZRowId.nullable(),
    content: z.string(),
    createdAt: ZTime,
    userId: z.number().int(),
    userRegistrationNumber: z.string(),
    userName: z.string(),
    userAvatar: z.string(),
    likeCount: ZCount,
    dislikeCount: ZCount,
    /** Present (true) on a comment a watched word keeps for a moderator: shown to its author only, until approved. */
    held: z.literal(true).optional(),
  })
  .meta({ id: 'Comment' });

/** A like or dislike: the caller's interaction after the click (null: none) and the counts. */
export const ZCommentReaction = z.object({ id: ZRowId, interaction: ZCommentInteraction.nullable(), likeCount: ZCount, dislikeCount: ZCount });

/** Comment id → the caller's interaction with it (only those they liked or disliked). */
export const ZCommentInteractions = z.record(z.string().regex(/^[1-9]\d*$/), ZCommentInteraction);

export const ZCommentDeleted = z.object({ isMainComment: z.boolean(), commentCount: ZCount });

export const ZCommentReport = z
  .object({
    id: ZRowId,
    commentId: ZRowId,
    ideaId: ZRowId,
    /** Null once the idea itself is gone for good. */
    ideaTitle: z.string().nullable(),
    reason: z.string(),
    /** The comment's text as it was reported. */
    commentContent: z.string(),
    /** Who wrote the comment (已注销用户 and no number once they left); null when not recorded (reports from before it was). */
    commentAuthor: z.object({ name: z.string(), registrationNumber: z.string() }).nullable(),
    status: z.enum(['open', 'dismissed', 'removed']),
    createdAt: ZTime,
    reporterRegistrationNumber: z.string(),
    /** False once the comment has been deleted. */
    commentExists: z.boolean(),
  })
  .meta({ id: 'CommentReport' });
