/**
 * Messages: system notices and announcements (docs/spec/publishing-and-browsing.md §7, docs/architecture.md §10).
 * `trpc/routers/messages.ts` and `rest/messages.ts` only name them.
 */
import { z } from 'zod';
import { decimalId } from '../../shared/ids.ts';
import { ZAnnouncementRequest } from '../../shared/message-rules.ts';
import { answer, read, write } from '../request/operation.ts';
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
    hot: true,
    access: 'member',
    input: NoInput,
    output: COUNT_OUTPUT,
    run: async ({ deps, user }) => answer({ count: await unreadCount(deps, user) }),
  }),
  markRead: write({
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
    changes: [],
    access: 'member',
    input: ByIds,
    output: COUNT_OUTPUT,
    run: async ({ deps, user }, input) => answer(await markShownRead(deps, user, input.ids), { message: MESSAGE_MSG.read }),
  }),
  markAllRead: write({
    changes: [],
    access: 'member',
    input: NoInput,
    output: COUNT_OUTPUT,
    run: async ({ deps, user }) => answer(await markAllRead(deps, user), { message: MESSAGE_MSG.allRead }),
  }),
  remove: write({
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
    changes: [],
    access: 'admin',
    input: ZAnnouncementRequest,
    output: { data: ZCreated, status: 201 },
    run: async ({ deps, user }, input) => answer(await sendAnnouncement(deps, user, input), { status: 201, message: MESSAGE_MSG.announced }),
  }),
};
