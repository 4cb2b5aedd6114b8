/** The admin console's own reads: what waits on its tabs (pending.ts) and the moderation log (log.ts). */
import { z } from 'zod';
import { ZModerationLogItem } from '../../shared/outputs/messages.ts';
import { ZPendingCounts } from '../../shared/outputs/moderation.ts';
import { answer, read } from '../request/operation.ts';
import { moderationLog } from './log.ts';
import { pendingCounts } from './pending.ts';

export const consoleOps = {
  pendingCounts: read({
    access: 'admin',
    input: z.object({}).optional(),
    output: { data: ZPendingCounts },
    run: async ({ deps }) => answer(await pendingCounts(deps.db)),
  }),
};

export const adminLogOps = {
  log: read({
    access: 'admin',
    input: z.object({}).optional(),
    output: { data: z.array(ZModerationLogItem) },
    run: async ({ deps }) => answer(await moderationLog(deps.db)),
  }),
};
