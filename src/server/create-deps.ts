/** Builds a process's Deps (deps.ts): the database, caches, limits, providers and every feature's account part. */
import { openDatabase, type DatabaseHandle } from '../../db/connection.ts';
import { attachReadReplica } from '../../db/replica.ts';
import { ACCOUNT_DATA_PARTS } from './account-data-parts.ts';
import { SessionCache } from './accounts/sessions.ts';
import type { SmsProvider } from './accounts/sms.ts';
import { createSmsProvider } from './accounts/sms-provider.ts';
import type { Config } from './kernel/config.ts';
import type { Deps } from './deps.ts';
import { ResponseCache } from './fast-lane/response-cache.ts';
import { ViewerFactsMemo } from './ideas/viewer-facts.ts';
import { connectChangeBus, NO_CHANGE_BUS, type Drop } from './infrastructure/change-bus.ts';
import { createStorage } from './infrastructure/create-storage.ts';
import { createRateLimits } from './infrastructure/rate-limit.ts';
import { PRIMARY_ONLY, ReadRouting, readYourWritesMs } from './infrastructure/read-routing.ts';
import { processLog } from './kernel/process-log.ts';
import { WatchedWords } from './moderation/words.ts';

/**
 * The fast lane's shared cache: bounded by count and bytes (each entry counted with 3 KB for what it
 * holds beside its bytes, as measured). Room for the hot lists and a few thousand ideas' pages and
 * comments (2,000 idea pages warm); docs/performance.md states the RSS it comes to.
 */
export const PUBLIC_CACHE_MAX_ENTRIES = 10_000;
export const PUBLIC_CACHE_MAX_BYTES = 64 * 1024 * 1024;

export function createDeps(handle: DatabaseHandle, config: Config, sms?: SmsProvider): Deps {
  const changeBus = config.changeBus ? connectChangeBus(config.changeBus) : NO_CHANGE_BUS;
  const deps: Deps = {
    handle,
    db: handle.db,
    reads: PRIMARY_ONLY,
    config,
    sms: sms ?? createSmsProvider(config),
    limits: createRateLimits(handle, config.rateLimits),
    storage: createStorage(config),
    publicCache: new ResponseCache({ ttlMs: config.cacheTtlMs, maxEntries: PUBLIC_CACHE_MAX_ENTRIES, maxBytes: PUBLIC_CACHE_MAX_BYTES }, changeBus),
    sessionCache: new SessionCache(config.cacheTtlMs, changeBus),
    // Its clock and SENSITIVE_WORDS_FILE as by default.
    words: new WatchedWords(handle.db, config.cacheTtlMs, undefined, undefined, changeBus),
    viewerFacts: new ViewerFactsMemo(config.cacheTtlMs, changeBus),
    changeBus,
    accountData: ACCOUNT_DATA_PARTS,
  };
  changeBus.listen((drop) => forgetAsTold(deps, drop));
  if (handle.replica) {
    // Public reads may run with these deps instead: the same, but `db` the replica's handle (read-routing.ts).
    const onReplica: Deps = { ...deps, db: handle.replica.db };
    deps.reads = onReplica.reads = new ReadRouting(onReplica, readYourWritesMs(config.databaseRead?.maxLagSeconds ?? 0));
  }
  return deps;
}

/** What another process dropped, dropped here too (and not told on again). */
function forgetAsTold(deps: Deps, drop: Drop): void {
  if (drop.what === 'answers') {
    deps.publicCache.dropStale(drop.kinds, drop.idea);
    deps.reads.othersWrote();
  } else if (drop.what === 'session') deps.sessionCache.forgetSession(drop.id, true);
  else if (drop.what === 'member') deps.sessionCache.forgetUser(drop.id, true);
  else if (drop.what === 'viewer') deps.viewerFacts.forget(drop.id, true);
  else deps.words.changed(true);
}

export async function openDeps(config: Config): Promise<Deps> {
  const handle = await openDatabase(config.databaseUrl, config.database);
  if (config.databaseRead) {
    attachReadReplica(handle, config.databaseRead.url, config.database, {
      maxLagSeconds: config.databaseRead.maxLagSeconds,
      log: (level, message) => processLog[level](message),
    });
  }
  return createDeps(handle, config);
}
