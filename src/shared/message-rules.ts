/**
 * Messages, feedback and follow updates (docs/spec/publishing-and-browsing.md §3–§9): the request schemas, and (re-exported
 * from message-texts.ts) the limits and texts used by the server and the client.
 */
import { z } from 'zod';
import { ZStoredText } from './stored-text.ts';
import { atMostChars } from './text-length.ts';
import { ANNOUNCEMENT_CONTENT_MAX, ANNOUNCEMENT_TITLE_MAX, FEEDBACK_MAX, FEEDBACK_TEXT } from './message-texts.ts';

export * from './message-texts.ts';

const trimmed = (empty: string, max: number, tooLong: string) => atMostChars(ZStoredText(empty).trim().min(1, empty), max, tooLong);

export const ZFeedbackRequest = z.object({
  content: trimmed(FEEDBACK_TEXT.empty, FEEDBACK_MAX, FEEDBACK_TEXT.tooLong),
  userAgent: ZStoredText().optional(),
  url: ZStoredText().optional(),
});

export const ZFeedbackReply = z.object({ content: trimmed(FEEDBACK_TEXT.replyEmpty, FEEDBACK_MAX, FEEDBACK_TEXT.tooLong) });

export const ZAnnouncementRequest = z.object({
  title: trimmed('请输入公告标题', ANNOUNCEMENT_TITLE_MAX, `公告标题不能超过${ANNOUNCEMENT_TITLE_MAX}个字`),
  content: trimmed('请输入公告内容', ANNOUNCEMENT_CONTENT_MAX, `公告内容不能超过${ANNOUNCEMENT_CONTENT_MAX}个字`),
  priority: z.enum(['high', 'normal', 'low'], { error: '优先级只能是 high、normal 或 low' }).optional().default('normal'),
});
