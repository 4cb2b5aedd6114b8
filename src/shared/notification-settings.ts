/**
 * A member's say over the system messages they may turn off (docs/product-rules.md, "Notification
 * settings"): one switch per kind, all on by default. Review results, take-downs, moderators' and
 * feedback replies, announcements and the welcome are always delivered and have no switch. Comment
 * likes send no message, so they have none either.
 */
import { z } from 'zod';

/** The kinds a member may turn off, in the order the settings page shows them. */
export const NOTICE_KINDS = ['comments', 'replies', 'followers'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** What each switch is called and what it controls, as the settings page says it. */
export const NOTICE_KIND_TEXT: Record<NoticeKind, { label: string; hint: string }> = {
  comments: { label: '评论了我的创意', hint: '有人评论你发布的创意时通知你' },
  replies: { label: '回复了我的评论', hint: '有人回复你的评论时通知你' },
  followers: { label: '新的关注者', hint: '有人关注你时通知你' },
};

export const NOTIFICATION_SETTINGS_TEXT = {
  saved: '通知设置已保存',
  alwaysOn: '审核结果、内容处理、管理员消息、反馈回复和平台公告总会送达，不能关闭。',
} as const;

/** The whole settings, as the API answers them. */
export const ZNotificationSettings = z.object({ comments: z.boolean(), replies: z.boolean(), followers: z.boolean() });
export type NotificationSettings = z.infer<typeof ZNotificationSettings>;

/** A change: any of the switches, nothing else (an unknown key is refused, not dropped). */
const toggle = (kind: NoticeKind) => z.boolean({ error: `「${kind}」只能是 true（开启）或 false（关闭）` }).optional();
export const ZNotificationSettingsUpdate = z.strictObject({ comments: toggle('comments'), replies: toggle('replies'), followers: toggle('followers') });
export type NotificationSettingsUpdate = z.infer<typeof ZNotificationSettingsUpdate>;
