/**
 * Messages, feedback and follow updates (docs/spec/publishing-and-browsing.md §3–§9): limits and texts used by the server and
 * the client. Kept free of zod, so the client's navigation does not load it; the request schemas
 * are in message-rules.ts.
 */

export const FEEDBACK_MAX = 1000;
export const FEEDBACK_SUCCESS_MS = 3000;
export const MESSAGE_PREVIEW_CHARS = 80;
export const ORIGINAL_FEEDBACK_PREVIEW_CHARS = 100;
/** Unread counts refresh this often while the page is visible (docs/spec/publishing-and-browsing.md §4/§9). */
export const UNREAD_REFRESH_MESSAGES_PAGE_MS = 180_000;
export const UNREAD_REFRESH_NAV_MS = 120_000;
export const ANNOUNCEMENT_TITLE_MAX = 100;
export const ANNOUNCEMENT_CONTENT_MAX = 2000;

export const FEEDBACK_TEXT = {
  empty: '请输入反馈内容',
  tooLong: `反馈内容不能超过${FEEDBACK_MAX}个字`,
  submitFailed: '提交反馈失败，请稍后重试',
  replyEmpty: '请输入回复内容',
} as const;

/** `sender` labels (docs/spec/publishing-and-browsing.md §3): admin shows as 管理员. */
/** Said by the server and shown by the messages page. */
export const MESSAGE_TEXT = { allRead: '已全部标为已读' } as const;

export const SENDER_LABEL = { system: '系统', admin: '管理员', other: '其他' } as const;
export const MESSAGE_TYPE_LABEL = { system: '系统通知', announcement: '平台公告', feedback_reply: '反馈回复' } as const;
