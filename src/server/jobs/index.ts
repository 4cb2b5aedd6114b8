/**
 * Periodic housekeeping. Every job is idempotent, so any process may run it; of several processes on
 * one database, one runs it per period: each offers every HOUSEKEEPING_INTERVAL_MS, and the one that
 * takes the lease in `job_runs` runs while the others skip (docs/architecture.md §9).
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { dbTimeAgo, dbTimeAhead, nowDb } from '../../../db/time.ts';
import type { Database } from '../../../db/types.ts';
import type { Deps } from '../deps.ts';
import { purgeStalePendingUploads } from '../ideas/images.ts';
import { purgeRecycleBin } from '../ideas/service.ts';
import { purgeOldViews } from '../ideas/view-counts.ts';
import { pruneRejectedTexts } from '../ideas/publish-checks.ts';
import { purgeExpiredSessions } from '../accounts/sessions.ts';
import { sweepDeactivatedAccounts } from '../accounts/service.ts';

const HOUR_MS = 3600 * 1000;
const BATCH = 500;
export const HOUSEKEEPING_JOB = 'housekeeping';

export interface HousekeepingReport {
  sessions: number;
  codes: number;
  rateLimits: number;
  ideas: number;
  uploads: number;
  /** Accounts deactivated in the last day whose clean-up ran again (sweepDeactivatedAccounts). */
  deactivated: number;
}

/**
 * Rows the job removes, in batches by primary key: one DELETE scanning a whole table would lock every
 * row it reads on MariaDB (repeatable read) while it runs, holding up sign-ins and every rate-limited
 * write. A row renewed between the read and the delete stays (the condition is checked again).
 */
async function purgeOldCodes(db: Kysely<Database>): Promise<number> {
  const before = dbTimeAgo(2 * 24 * HOUR_MS);
  let removed = 0;
  for (;;) {
    const ids = (await db.selectFrom('sms_codes').select('id').where('created_at', '<', before).limit(BATCH).execute()).map((r) => r.id);
    if (ids.length) removed += Number((await db.deleteFrom('sms_codes').where('id', 'in', ids).where('created_at', '<', before).executeTakeFirst()).numDeletedRows);
    if (ids.length < BATCH) return removed;
  }
}

async function purgeOldRateLimits(db: Kysely<Database>): Promise<number> {
  const before = Date.now() - HOUR_MS;
  let removed = 0;
  for (;;) {
    const keys = (await db.selectFrom('rate_limits').select('key').where('expire', '<', before).limit(BATCH).execute()).map((r) => r.key);
    if (keys.length) removed += Number((await db.deleteFrom('rate_limits').where('key', 'in', keys).where('expire', '<', before).executeTakeFirst()).numDeletedRows);
    if (keys.length < BATCH) return removed;
  }
}

export async function runHousekeeping(deps: Deps): Promise<HousekeepingReport> {
  const sessions = await purgeExpiredSessions(deps.db, { inactivityDays: deps.config.sessionInactivityDays, maxAgeDays: deps.config.sessionMaxAgeDays });
  const codes = await purgeOldCodes(deps.db);
  const rateLimits = await purgeOldRateLimits(deps.db);
  // Batches of 500 until the bin holds nothing expired.
  let ideas = 0;
  for (let n; (n = await purgeRecycleBin(deps)) > 0;) ideas += n;
  // Purged ideas were already out of public pages; drop any cached page anyway, cheaply.
  if (ideas) deps.publicCache.invalidate(['ideas']);
  let uploads = 0;
  for (let n; (n = await purgeStalePendingUploads(deps)) > 0;) uploads += n;
  await purgeOldViews(deps.db);
  await pruneRejectedTexts(deps.db);
  const deactivated = await sweepDeactivatedAccounts(deps);
  return { sessions, codes, rateLimits, ideas, uploads, deactivated };
}

/** This process, as a lease holder. */
export const JOB_HOLDER = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

/**
 * Takes the job's lease for `leaseMs` when no other process holds it: one conditional UPDATE, so of
 * processes asking at once exactly one gets it. True when this process should run the job now.
 */
export async function claimJob(db: Kysely<Database>, name: string, leaseMs: number, holder = JOB_HOLDER): Promise<boolean> {
  await db.insertInto('job_runs').orIgnore().values({ name, holder: '', lease_until: '1970-01-01 00:00:00.000', finished_at: null }).execute();
  const now = Date.now();
  const taken = await db
    .updateTable('job_runs')
    .set({ holder, lease_until: dbTimeAhead(leaseMs, now) })
    .where('name', '=', name)
    .where('lease_until', '<=', dbTimeAhead(0, now))
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

async function finishJob(db: Kysely<Database>, name: string, holder = JOB_HOLDER): Promise<void> {
  await db.updateTable('job_runs').set({ finished_at: nowDb() }).where('name', '=', name).where('holder', '=', holder).execute();
}

export interface JobLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const consoleLog: JobLog = {
  info: () => {},
  error: (obj, msg) => console.error('[jobs]', msg, obj),
};

/**
 * Offers to run the housekeeping now (the periodic tick): runs it when this process takes the
 * period's lease, held for 90% of the interval so the next period's offer finds it free. Returns the
 * report, or null when another process holds the lease.
 */
export async function offerHousekeeping(deps: Deps, log: JobLog = consoleLog): Promise<HousekeepingReport | null> {
  if (!(await claimJob(deps.db, HOUSEKEEPING_JOB, Math.floor(deps.config.housekeepingIntervalMs * 0.9)))) {
    log.info({ job: HOUSEKEEPING_JOB, holder: JOB_HOLDER, ran: false }, '定期清理：本周期已由其他进程执行');
    return null;
  }
  const startedAt = Date.now();
  const report = await runHousekeeping(deps);
  await finishJob(deps.db, HOUSEKEEPING_JOB);
  log.info({ job: HOUSEKEEPING_JOB, holder: JOB_HOLDER, ran: true, startedAt, ms: Date.now() - startedAt, ...report }, '定期清理完成');
  return report;
}

/** Starts the periodic housekeeping; the returned stop waits for a run in progress (shutdown closes the database next). */
export function startJobs(deps: Deps, log: JobLog = consoleLog): () => Promise<void> {
  let running: Promise<void> | undefined;
  let stopped = false;
  const interval = deps.config.housekeepingIntervalMs;
  const run = () => {
    if (stopped || running) return;
    running = offerHousekeeping(deps, log)
      .then(() => undefined)
      .catch((err) => log.error({ job: HOUSEKEEPING_JOB, err: String(err) }, '定期清理失败'))
      .finally(() => (running = undefined));
  };
  const first = setTimeout(run, Math.min(10_000, interval));
  const timer = setInterval(run, interval);
  first.unref();
  timer.unref();
  return async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
