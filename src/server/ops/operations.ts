/** Health operations (REST `/api/health`, `/api/health/ready`); see health.ts. */
import { z } from 'zod';
import { ZLiveness, ZReadiness } from '../../shared/outputs/system.ts';
import { answer, read } from '../contract/operation.ts';
import { REST_TAG } from '../contract/rest-tags.ts';
import { HEALTH_MSG, liveness, readiness } from './health.ts';

const NONE = z.object({}).optional();

export const healthOps = {
  live: read({
    rest: {
      method: 'get',
      path: '/health',
      tag: REST_TAG.system,
      summary: '存活检查：进程在运行就立即回答（不访问数据库）；Redis 已配置却无法连接时 status 为 degraded，仍是 200',
      operationId: 'health.live',
    },
    access: 'public',
    database: false,
    input: NONE,
    output: { data: ZLiveness },
    run: async ({ deps }) => {
      const live = liveness(deps);
      return answer(live, { message: live.status === 'ok' ? HEALTH_MSG.live : HEALTH_MSG.degraded });
    },
  }),
  ready: read({
    rest: {
      method: 'get',
      path: '/health/ready',
      tag: REST_TAG.system,
      summary: '就绪检查：数据库可连接且迁移已完成',
      operationId: 'health.ready',
      responses: { 503: '未就绪（data.database、data.pendingMigrations 说明原因）' },
    },
    access: 'public',
    input: NONE,
    output: { data: ZReadiness, unavailableWithData: true },
    run: async ({ deps }) => {
      const result = await readiness(deps);
      return answer(result, { message: result.message, status: result.ready ? 200 : 503 });
    },
  }),
};
