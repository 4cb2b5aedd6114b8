/** What every service call needs, built once per process (and once per test database). */
import type { Kysely } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../db/connection.ts';
import type { Database } from '../../db/types.ts';
import type { Config } from './config.ts';
import { ResponseCache } from './fast-lane/response-cache.ts';
import { createRateLimits, type RateLimits } from './infrastructure/rate-limit.ts';
import { SessionCache } from './accounts/sessions.ts';
import { ConsoleSmsProvider, type SmsProvider } from './accounts/sms.ts';
import { LocalFileStorage, type FileStorage } from './infrastructure/storage.ts';

export interface Deps {
  handle: DatabaseHandle;
  db: Kysely<Database>;
  config: Config;
  sms: SmsProvider;
  limits: RateLimits;
  storage: FileStorage;
  /** Serialized public pages of the fast lane; every write that may change one clears it. */
  publicCache: ResponseCache;
  /** Sessions checked in the last moments, so a member's hot reads skip the lookup. */
  sessionCache: SessionCache;
}

export function createDeps(handle: DatabaseHandle, config: Config, sms?: SmsProvider): Deps {
  return {
    handle,
    db: handle.db,
    config,
    sms: sms ?? new ConsoleSmsProvider(false, config.production),
    limits: createRateLimits(handle, config.rateLimits),
    storage: new LocalFileStorage(config.uploadsDir),
    publicCache: new ResponseCache({ ttlMs: config.cacheTtlMs, maxEntries: 500, maxBytes: 32 * 1024 * 1024 }),
    sessionCache: new SessionCache(config.cacheTtlMs),
  };
}

export async function openDeps(config: Config): Promise<Deps> {
  return createDeps(await openDatabase(config.databaseUrl, config.database), config);
}
