/** Feedback: members write, admins read and reply (docs/spec/publishing-and-browsing.md §7). Each declares its REST path (`rest`); `trpc/routers/messages.ts` names them. */
import { z } from 'zod';
import { decimalId } from '../../shared/ids.ts';
import { ZFeedbackReply, ZFeedbackRequest } from '../../shared/message-rules.ts';
import { ZNoData } from '../../shared/outputs/common.ts';
import { ZCreated, ZFeedbackItem } from '../../shared/outputs/messages.ts';
import { answer, read, write } from '../contract/operation.ts';
import { REST_TAG } from '../contract/rest-tags.ts';
import { FEEDBACK_MSG, feedbackInbox, replyToFeedback, submitFeedback } from './service.ts';

const NoInput = z.object({}).optional();

export const feedbackOps = {
  submit: write({
    rest: {
      method: 'post',
      path: '/feedback',
      tag: REST_TAG.feedback,
      summary: '提交反馈（content 1–1000 字，userAgent，url）',
      responses: { 400: '内容为空或超过 1000 字', 403: '含敏感词（moderationResult）' },
    },
    changes: [],
    limit: 'feedback',
    access: 'member',
    input: ZFeedbackRequest,
    output: { data: ZCreated, status: 201 },
    run: async ({ deps, user }, input) => answer(await submitFeedback(deps, user, input), { status: 201, message: FEEDBACK_MSG.sent }),
  }),
  inbox: read({
    rest: { method: 'get', path: '/admin/feedback', tag: REST_TAG.admin, summary: '反馈收件箱（未回复的在前，最多 200 条）' },
    access: 'admin',
    input: NoInput,
    output: { data: z.array(ZFeedbackItem) },
    run: async ({ deps }) => answer(await feedbackInbox(deps)),
  }),
  reply: write({
    rest: { method: 'post', path: '/admin/feedback/:id/reply', tag: REST_TAG.admin, summary: '回复反馈（用户收到 feedback_reply 消息，附原反馈）', responses: { 404: '反馈不存在' } },
    changes: [],
    access: 'admin',
    input: ZFeedbackReply.extend({ id: decimalId('反馈ID无效') }),
    output: { data: ZNoData },
    run: async ({ deps, user }, input) => {
      await replyToFeedback(deps, user, input.id, input.content);
      return answer(null, { message: FEEDBACK_MSG.replied });
    },
  }),
};
