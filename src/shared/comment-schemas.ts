/** Comment inputs, one zod definition each, for tRPC, REST (and OpenAPI); and the comment the API returns. */
import { z } from 'zod';
import './zod-locale.ts';
import { COMMENT_MAX, COMMENT_MSG, COMMENT_REPORT_REASON_MAX, commentLength } from './comment-rules.ts';
import { decimalId, ZIdeaId } from './ids.ts';
import { ZStoredText } from './stored-text.ts';
import { atMostChars } from './text-length.ts';
import { REJECT_REASON_MAX } from './idea-display.ts';
import type { ZComment, ZCommentReaction, ZCommentReport } from './outputs/comments.ts';

export const ZCommentId = decimalId('评论ID无效');

/** Plain text: stored as sent (trimmed), never interpreted as HTML; the page renders it as text. */
export const ZCommentContent = ZStoredText(COMMENT_MSG.required)
  .trim()
  .min(1, COMMENT_MSG.required)
  .refine((text) => commentLength(text) <= COMMENT_MAX, COMMENT_MSG.tooLong)
  // The limit counts characters (code points), as JSON Schema's maxLength does.
  .meta({ maxLength: COMMENT_MAX });

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

/** An admin removing a reported comment says why; the reason goes to the comment's writer. */
export const REMOVAL_REASON_MAX = REJECT_REASON_MAX;
export const REMOVAL_REASON_MSG = {
  required: '请填写删除原因',
  tooLong: `删除原因不能超过${REMOVAL_REASON_MAX}个字`,
} as const;
export const ZRemoveReportedCommentRequest = z.object({
  id: decimalId('举报ID无效'),
  reason: atMostChars(ZStoredText(REMOVAL_REASON_MSG.required).trim().min(1, REMOVAL_REASON_MSG.required), REMOVAL_REASON_MAX, REMOVAL_REASON_MSG.tooLong),
});

/** `commentIds=1,2,3` from a query string, or an array from tRPC; at most 500. */
export const ZCommentIds = z.union([z.string().max(6000), z.array(z.union([z.number(), z.string()])).max(500)]).transform((value, ctx) => {
  const parts = (Array.isArray(value) ? value.map(String) : value.split(',')).map((s) => s.trim()).filter(Boolean);
  if (parts.length > 500 || parts.some((p) => !/^[1-9]\d{0,14}$/.test(p))) {
    ctx.addIssue({ code: 'custom', message: '评论ID列表无效' });
    return z.NEVER;
  }
  return [...new Set(parts.map(Number))];
});

/** A comment as the API returns it; replies are assembled on the client from parentId. */
export type CommentDto = z.infer<typeof ZComment>;

export type CommentReactionResult = z.infer<typeof ZCommentReaction>;

export type CommentReportDto = z.infer<typeof ZCommentReport>;
