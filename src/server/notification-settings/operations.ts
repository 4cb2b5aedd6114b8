/**
 * Notification settings (src/shared/notification-settings.ts): the switches a member has over the
 * system messages they may turn off. `trpc/routers/messages.ts` names them.
 */
import { z } from 'zod';
import { NOTIFICATION_SETTINGS_TEXT, ZNotificationSettings, ZNotificationSettingsUpdate } from '../../shared/notification-settings.ts';
import { answer, read, write } from '../contract/operation.ts';
import { REST_TAG } from '../contract/rest-tags.ts';
import { readNotificationSettings, updateNotificationSettings } from './service.ts';

export const notificationSettingsOps = {
  get: read({
    rest: { method: 'get', path: '/notification-settings', tag: REST_TAG.messages, summary: '我的通知设置（comments：评论了我的创意；replies：回复了我的评论；followers：新的关注者；默认全部开启）' },
    access: 'member',
    input: z.object({}).optional(),
    output: { data: ZNotificationSettings },
    run: async ({ deps, user }) => answer(await readNotificationSettings(deps.db, user.id)),
  }),
  // Nothing public changes.
  update: write({
    rest: {
      method: 'put',
      path: '/notification-settings',
      tag: REST_TAG.messages,
      summary: '修改通知设置（只传要改的开关，true 开启、false 关闭；返回全部设置）。关闭的一类消息不再产生；审核结果、内容处理、管理员消息、反馈回复和平台公告总会送达',
    },
    changes: [],
    limit: 'notices',
    access: 'member',
    input: ZNotificationSettingsUpdate,
    output: { data: ZNotificationSettings },
    run: async ({ deps, user }, input) => answer(await updateNotificationSettings(deps, user.id, input), { message: NOTIFICATION_SETTINGS_TEXT.saved }),
  }),
};
