/** Periodic housekeeping. Every job is idempotent, so every server process may run it (DESIGN §9). */
import { dbTimeAgo } from '../../../db/time.ts';
import type { Deps } from '../deps.ts';
import { purgeStalePendingUploads } from '../ideas/images.ts';
import { purgeRecycleBin } from '../ideas/service.ts';
import { purgeOldViews } from '../ideas/views.ts';
import { purgeExpiredSessions } from '../accounts/sessions.ts';

const HOUR_MS = 3600 * 1000;

export async function runHousekeeping(deps: Deps): Promise<void> {
  await purgeExpiredSessions(deps.db, { inactivityDays: deps.config.sessionInactivityDays, maxAgeDays: deps.config.sessionMaxAgeDays });
  await deps.db.deleteFrom('sms_codes').where('created_at', '<', dbTimeAgo(2 * 24 * HOUR_MS)).execute();
  await deps.db.deleteFrom('rate_limits').where('expire', '<', Date.now() - HOUR_MS).execute();
  // Batches of 500 until the bin holds nothing expired.
  let purged = 0;
  for (let n; (n = await purgeRecycleBin(deps)) > 0; ) purged += n;
  // Purged ideas were already out of public pages; drop any cached page anyway, cheaply.
  if (purged) deps.publicCache.invalidate(['ideas']);
  while ((await purgeStalePendingUploads(deps)) > 0);
  await purgeOldViews(deps.db);
}

/** Starts the hourly housekeeping; the returned stop waits for a run in progress (shutdown closes the database next). */
export function startJobs(deps: Deps): () => Promise<void> {
  let running: Promise<void> | undefined;
  let stopped = false;
  const run = () => {
    if (stopped || running) return;
    running = runHousekeeping(deps)
      .catch((err) => console.error('[jobs]', err))
      .finally(() => (running = undefined));
  };
  const first = setTimeout(run, 10_000);
  const timer = setInterval(run, HOUR_MS);
  first.unref();
  timer.unref();
  return async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
