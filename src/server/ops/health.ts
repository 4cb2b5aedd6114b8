/**
 * Health for an orchestrator (Docker HEALTHCHECK, compose, a load balancer). Liveness answers at once
 * and touches nothing; readiness asks the database one question and checks that every migration this
 * code knows has run. `/api/test-connection` stays the spec's user-facing connection check.
 */
import type { z } from 'zod';
import { sql } from 'kysely';
import { pendingMigrations } from '../../../db/migrate.ts';
import type { Deps } from '../deps.ts';
import type { ZReadiness } from '../../shared/outputs/system.ts';

export const HEALTH_MSG = {
  live: '服务运行中',
  degraded: '服务运行中，但 Redis 无法连接：其他进程的改动要在 CACHE_TTL_MS 内才在这里生效',
  ready: '服务已就绪',
  databaseDown: '数据库无法连接',
  migrationsPending: '数据库迁移尚未完成',
} as const;

const startedAt = Date.now();

/** Never 5xx for Redis: a process without its change bus still serves, with the TTL window. */
export function liveness(deps: Deps) {
  const changeBus = { state: deps.changeBus.state };
  return { status: changeBus.state === 'disconnected' ? ('degraded' as const) : ('ok' as const), uptimeSeconds: Math.round((Date.now() - startedAt) / 1000), changeBus };
}

export type Readiness = z.infer<typeof ZReadiness>;

/** Which SMS provider and image storage this process uses (an operator checks them before opening registration). */
function providers(deps: Deps): Pick<Readiness, 'sms' | 'storage' | 'changeBus'> {
  return { sms: { provider: deps.sms.name, configured: deps.sms.configured !== false }, storage: { kind: deps.storage.kind }, changeBus: { state: deps.changeBus.state } };
}

/** Ready: the primary answers (a read replica is an aid: down, the reads go to the primary) and its migrations have run. */
export async function readiness(deps: Deps): Promise<Readiness> {
  const dialect = deps.handle.dialect;
  const db = deps.handle.db;
  try {
    await sql`select 1`.execute(db);
  } catch {
    return { ready: false, database: { ok: false, dialect }, pendingMigrations: [], message: HEALTH_MSG.databaseDown, ...providers(deps) };
  }
  const pending = await pendingMigrations(db).catch(() => ['?']);
  const ready = pending.length === 0;
  return { ready, database: { ok: true, dialect }, pendingMigrations: pending, message: ready ? HEALTH_MSG.ready : HEALTH_MSG.migrationsPending, ...providers(deps) };
}
