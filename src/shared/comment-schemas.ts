/** Comment inputs, one zod definition each, for tRPC, REST (and OpenAPI); and the comment the API returns. */
import { z } from 'zod';
import './zod-locale.ts';
import { COMMENT_MAX, COMMENT_MSG, COMMENT_REPORT_REASON_MAX, commentLength, type CommentInteraction } from './comment-rules.ts';
import { decimalId, ZIdeaId } from './ids.ts';
import { ZStoredText } from './stored-text.ts';

export const ZCommentId = decimalId('评论ID无效');

/** Plain text: stored as sent (trimmed), never interpreted as HTML; the page renders it as text. */
export const ZCommentContent = ZStoredText(COMMENT_MSG.required)
  .trim()
  .refine((text) => text.length > 0, COMMENT_MSG.required)
  .refine((text) => commentLength(text) <= COMMENT_MAX, COMMENT_MSG.tooLong);

export const ZCreateCommentRequest = z.object({
  ideaId: ZIdeaId,
  content: ZCommentContent,
  parentId: z.preprocess((v) => (v === '' || v === 0 || v === '0' ? null : v), ZCommentId.nullish()),
});
export type TCreateCommentRequest = z.infer<typeof ZCreateCommentRequest>;

export const ZReportCommentRequest = z.object({
  id: ZCommentId,
  reason: ZStoredText(COMMENT_MSG.reportReasonRequired).trim().min(1, COMMENT_MSG.reportReasonRequired).max(COMMENT_REPORT_REASON_MAX, COMMENT_MSG.reportReasonTooLong),
});

/** `commentIds=1,2,3` from a query string, or an array from tRPC; at most 500. */
export const ZCommentIds = z
  .union([z.string().max(6000), z.array(z.union([z.number(), z.string()])).max(500)])
  .transform((value, ctx) => {
    const parts = (Array.isArray(value) ? value.map(String) : value.split(',')).map((s) => s.trim()).filter(Boolean);
    if (parts.length > 500 || parts.some((p) => !/^[1-9]\d{0,14}$/.test(p))) {
      ctx.addIssue({ code: 'custom', message: '评论ID列表无效' });
      return z.NEVER;
    }
    return [...new Set(parts.map(Number))];
  });

/** A comment as the API returns it; replies are assembled on the client from parentId. */
export interface CommentDto {
  id: number;
  ideaId: number;
  /** The top-level comment this reply hangs under; null for a top-level comment. */
  parentId: number | null;
  /** The comment this reply answered (itself a reply, or the top-level comment); null for a top-level comment. */
  replyTo: number | null;
  content: string;
  createdAt: string;
  userId: number;
  userRegistrationNumber: string;
  userName: string;
  userAvatar: string;
  likeCount: number;
  dislikeCount: number;
}

export interface CommentReactionResult {
  id: number;
  interaction: CommentInteraction | null;
  likeCount: number;
  dislikeCount: number;
}

export interface CommentReportDto {
  id: number;
  commentId: number;
  ideaId: number;
  reason: string;
  commentContent: string;
  status: 'open' | 'dismissed' | 'removed';
  createdAt: string;
  reporterRegistrationNumber: string;
  /** False once the comment has been deleted. */
  commentExists: boolean;
}
