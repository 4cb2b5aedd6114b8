/** Feedback: members write, admins read and reply (docs/spec/publishing-and-browsing.md §7). `trpc/routers/messages.ts` and `rest/messages.ts` name them. */
import { z } from 'zod';
import { decimalId } from '../../shared/ids.ts';
import { ZFeedbackReply, ZFeedbackRequest } from '../../shared/message-rules.ts';
import { ZNoData } from '../../shared/outputs/common.ts';
import { ZCreated, ZFeedbackItem } from '../../shared/outputs/messages.ts';
import { answer, read, write } from '../request/operation.ts';
import { FEEDBACK_MSG, feedbackInbox, replyToFeedback, submitFeedback } from './service.ts';

const NoInput = z.object({}).optional();

export const feedbackOps = {
  submit: write({
    changes: [],
    limit: 'feedback',
    access: 'member',
    input: ZFeedbackRequest,
    output: { data: ZCreated, status: 201 },
    run: async ({ deps, user }, input) => answer(await submitFeedback(deps, user, input), { status: 201, message: FEEDBACK_MSG.sent }),
  }),
  inbox: read({
    access: 'admin',
    input: NoInput,
    output: { data: z.array(ZFeedbackItem) },
    run: async ({ deps }) => answer(await feedbackInbox(deps)),
  }),
  reply: write({
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
