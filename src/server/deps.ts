/** What every service call needs, built once per process (and once per test database). */
import type { Kysely } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../db/connection.ts';
import type { Database } from '../../db/types.ts';
import type { Config } from './config.ts';
import { ResponseCache } from './fast-lane/response-cache.ts';
import { createRateLimits, type RateLimits } from './infrastructure/rate-limit.ts';
import { SessionCache } from './accounts/sessions.ts';
import type { SmsProvider } from './accounts/sms.ts';
import { createSmsProvider } from './accounts/sms-provider.ts';
import type { FileStorage } from './infrastructure/storage.ts';
import { createStorage } from './infrastructure/create-storage.ts';
import { WatchedWords } from './moderation/words.ts';
import { ViewerFactsMemo } from './ideas/viewer-facts.ts';

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
  /** The word list in force (built-in, SENSITIVE_WORDS_FILE, the moderators' watched words), reloaded when it changes. */
  words: WatchedWords;
  /** Members' unlocks and held comments, remembered as briefly, so the fast lane tells a member's shared page from their own without a query. */
  viewerFacts: ViewerFactsMemo;
}

/**
 * The fast lane's shared cache: bounded by count and bytes (each entry counted with 3 KB for what it
 * holds beside its bytes, as measured). Room for the hot lists and a few thousand ideas' pages and
 * comments (issue 20: 2,000 idea pages warm); README, Performance, states the RSS it comes to.
 */
export const PUBLIC_CACHE_MAX_ENTRIES = 10_000;
export const PUBLIC_CACHE_MAX_BYTES = 64 * 1024 * 1024;

export function createDeps(handle: DatabaseHandle, config: Config, sms?: SmsProvider): Deps {
  return {
    handle,
    db: handle.db,
    config,
    sms: sms ?? createSmsProvider(config),
    limits: createRateLimits(handle, config.rateLimits),
    storage: createStorage(config),
    publicCache: new ResponseCache({ ttlMs: config.cacheTtlMs, maxEntries: PUBLIC_CACHE_MAX_ENTRIES, maxBytes: PUBLIC_CACHE_MAX_BYTES }),
    sessionCache: new SessionCache(config.cacheTtlMs),
    words: new WatchedWords(handle.db, config.cacheTtlMs),
    viewerFacts: new ViewerFactsMemo(config.cacheTtlMs),
  };
}

export async function openDeps(config: Config): Promise<Deps> {
  return createDeps(await openDatabase(config.databaseUrl, config.database), config);
}
