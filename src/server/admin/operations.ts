/** The admin console's own read: what waits on its tabs (pending.ts). */
import { z } from 'zod';
import { ZPendingCounts } from '../../shared/outputs/moderation.ts';
import { answer, read } from '../request/operation.ts';
import { pendingCounts } from './pending.ts';

export const consoleOps = {
  pendingCounts: read({
    access: 'admin',
    input: z.object({}).optional(),
    output: { data: ZPendingCounts },
    run: async ({ deps }) => answer(await pendingCounts(deps.db)),
  }),
};
