/** What every service call needs, built once per process (and once per test database) by create-deps.ts. */
import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../../db/connection.ts';
import type { Database } from '../../db/types.ts';
import type { AccountDataPart } from './accounts/account-data.ts';
import type { Config } from './kernel/config.ts';
import type { ResponseCache } from './fast-lane/response-cache.ts';
import type { RateLimits } from './infrastructure/rate-limit.ts';
import type { ReadRouting } from './infrastructure/read-routing.ts';
import type { SessionCache } from './accounts/sessions.ts';
import type { SmsProvider } from './accounts/sms.ts';
import type { FileStorage } from './infrastructure/storage.ts';
import type { WatchedWords } from './moderation/words.ts';
import type { ViewerFactsMemo } from './ideas/viewer-facts.ts';
import type { ChangeBus } from './infrastructure/change-bus.ts';

export interface Deps {
  handle: DatabaseHandle;
  /** The primary; inside a public read, the read replica's handle when read-routing.ts allows (`handle.db` is always the primary). */
  db: Kysely<Database>;
  /** Which database a public read uses (infrastructure/read-routing.ts); writes tell it who wrote. */
  reads: ReadRouting;
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
  /**
   * How the memories above tell other processes what they dropped, and hear what those dropped
   * (REDIS_URL; infrastructure/change-bus.ts). `state` 'off' without Redis: no connection is made.
   */
  changeBus: ChangeBus;
  /** Every feature's part of an account (account-data-parts.ts): counted, cleaned up on deactivation. */
  accountData: readonly AccountDataPart[];
}
