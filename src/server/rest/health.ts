/** Health paths for orchestrators (src/server/ops/health.ts). */
import { healthOps } from '../ops/operations.ts';
import { route } from './route.ts';

const TAG = '系统';

export const healthRoutes = [
  route('get', '/health', healthOps.live, { operationId: 'health.live', tag: TAG, summary: '存活检查：进程在运行就立即回答（不访问数据库）' }),
  route('get', '/health/ready', healthOps.ready, { operationId: 'health.ready', tag: TAG, summary: '就绪检查：数据库可连接且迁移已完成', responses: { 503: '未就绪（data.database、data.pendingMigrations 说明原因）' } }),
];
