/**
 * Messages: system notices and announcements (docs/spec/publishing-and-browsing.md §7, docs/architecture.md §10).
 * Each declares its REST paths (`rest`); `trpc/routers/messages.ts` only names them.
 */
import { z } from 'zod';
import { decimalId } from '../../shared/ids.ts';
import { ZAnnouncementRequest } from '../../shared/message-rules.ts';
import { answer, read, write } from '../contract/operation.ts';
import { REST_TAG } from '../contract/rest-tags.ts';
import { deleteMessage, listMessages, markAllRead, markRead, markShownRead, MESSAGE_MSG, MESSAGES_LIST_MAX, sendAnnouncement, unreadCount } from './service.ts';
import { ZNoData } from '../../shared/outputs/common.ts';
import { COUNT_OUTPUT } from '../../shared/outputs/social.ts';
import { ZCreated, ZMessage } from '../../shared/outputs/messages.ts';
import { ZNextCursor } from '../../shared/outputs/ideas.ts';

const ById = z.object({ id: decimalId('消息ID无效') });
const NoInput = z.object({}).optional();
const ByIds = z.object({ ids: z.array(decimalId('消息ID无效')).min(1, '请指定消息').max(MESSAGES_LIST_MAX, `一次最多 ${MESSAGES_LIST_MAX} 条消息`) });

// None of these changes a public page.
export const messageOps = {
  list: read({
    rest: { method: 'get', path: '/messages', tag: REST_TAG.messages, summary: '我的消息（最新在前，含平台公告；每页 50 条，下一页用 nextCursor 作 cursor）' },
    access: 'member',
    input: z.object({ cursor: z.string().max(200).optional() }).optional(),
    output: { data: z.array(ZMessage), extra: ZNextCursor },
    run: async ({ deps, user }, input) => {
      const page = await listMessages(deps, user, input?.cursor);
      return answer(page.items, { extra: { nextCursor: page.nextCursor } });
    },
  }),
  // Polled by every open tab of every member (docs/spec/publishing-and-browsing.md §4): the busiest member read.
  unreadCount: read({
    rest: { method: 'get', path: '/messages/unread-count', tag: REST_TAG.messages, summary: '未读消息数（count）' },
    hot: true,
    access: 'member',
    input: NoInput,
    output: COUNT_OUTPUT,
    run: async ({ deps, user }) => answer({ count: await unreadCount(deps, user) }),
  }),
  markRead: write({
    rest: { method: 'put', path: '/messages/:id/read', tag: REST_TAG.messages, summary: '标记为已读', responses: { 404: '消息不存在（或不是你的）' } },
    changes: [],
    access: 'member',
    input: ById,
    output: { data: ZNoData },
    run: async ({ deps, user }, input) => {
      await markRead(deps, user, input.id);
      return answer(null, { message: MESSAGE_MSG.read });
    },
  }),
  // The messages page, once it has shown them: the navigation badges clear when the member opens it.
  markShownRead: write({
    rest: {
      method: 'put',
      path: '/messages/read',
      tag: REST_TAG.messages,
      summary: '把看过的消息标记为已读（ids；不是自己的或已删除的忽略；count 为剩余未读数）',
      responses: { 400: 'ids 为空、超过 200 条或含无效 ID' },
    },
    changes: [],
    access: 'member',
    input: ByIds,
    output: COUNT_OUTPUT,
    run: async ({ deps, user }, input) => answer(await markShownRead(deps, user, input.ids), { message: MESSAGE_MSG.read }),
  }),
  markAllRead: write({
    rest: { method: 'put', path: '/messages/read-all', tag: REST_TAG.messages, summary: '全部标记为已读' },
    changes: [],
    access: 'member',
    input: NoInput,
    output: COUNT_OUTPUT,
    run: async ({ deps, user }) => answer(await markAllRead(deps, user), { message: MESSAGE_MSG.allRead }),
  }),
  remove: write({
    rest: { method: 'delete', path: '/messages/:id', tag: REST_TAG.messages, summary: '删除消息', responses: { 404: '消息不存在（或不是你的）' } },
    changes: [],
    access: 'member',
    input: ById,
    output: { data: ZNoData },
    run: async ({ deps, user }, input) => {
      await deleteMessage(deps, user, input.id);
      return answer(null, { message: MESSAGE_MSG.deleted });
    },
  }),
  announce: write({
    rest: { method: 'post', path: '/messages/announcement', tag: REST_TAG.admin, summary: '发布平台公告（管理员；title、content、priority）', responses: { 403: '不是管理员' } },
    changes: [],
    access: 'admin',
    input: ZAnnouncementRequest,
    output: { data: ZCreated, status: 201 },
    run: async ({ deps, user }, input) => answer(await sendAnnouncement(deps, user, input), { status: 201, message: MESSAGE_MSG.announced }),
  }),
};
