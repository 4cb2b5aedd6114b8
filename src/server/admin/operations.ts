/** The admin console's own reads: what waits on its tabs (pending.ts) and the moderation log (log.ts). */
import { z } from 'zod';
import { ZModerationLogItem } from '../../shared/outputs/messages.ts';
import { ZPendingCounts } from '../../shared/outputs/moderation.ts';
import { answer, read } from '../contract/operation.ts';
import { REST_TAG } from '../contract/rest-tags.ts';
import { moderationLog } from './log.ts';
import { pendingCounts } from './pending.ts';

export const consoleOps = {
  pendingCounts: read({
    rest: { method: 'get', path: '/admin/pending-counts', tag: REST_TAG.admin, summary: '各分类待处理的数量：review（待审核的创意与评论）、feedback（未回复的反馈）、reports（待处理的评论举报）' },
    access: 'admin',
    input: z.object({}).optional(),
    output: { data: ZPendingCounts },
    run: async ({ deps }) => answer(await pendingCounts(deps.db)),
  }),
};

export const adminLogOps = {
  log: read({
    rest: { method: 'get', path: '/admin/log', tag: REST_TAG.admin, summary: '审核操作记录（谁、何时、做了什么）' },
    access: 'admin',
    input: z.object({}).optional(),
    output: { data: z.array(ZModerationLogItem) },
    run: async ({ deps }) => answer(await moderationLog(deps.db)),
  }),
};
