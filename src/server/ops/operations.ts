/** Health operations (REST `/api/health`, `/api/health/ready`); see health.ts. */
import { z } from 'zod';
import { ZLiveness, ZReadiness } from '../../shared/outputs/system.ts';
import { answer, read } from '../request/operation.ts';
import { HEALTH_MSG, liveness, readiness } from './health.ts';

const NONE = z.object({}).optional();

export const healthOps = {
  live: read({ access: 'public', database: false, input: NONE, output: { data: ZLiveness }, run: async () => answer(liveness(), { message: HEALTH_MSG.live }) }),
  ready: read({
    access: 'public',
    input: NONE,
    output: { data: ZReadiness, unavailableWithData: true },
    run: async ({ deps }) => {
      const result = await readiness(deps);
      return answer(result, { message: result.message, status: result.ready ? 200 : 503 });
    },
  }),
};
