/** Health and connection answers (ops/health.ts, `/api/test-connection`). */
import { z } from 'zod';

/**
 * What the change bus between processes (REDIS_URL) is doing: `off` (not configured), `connected`, or
 * `disconnected` (Redis out of reach: other processes' changes show here within CACHE_TTL_MS).
 */
const ZChangeBus = z.object({ state: z.enum(['off', 'connected', 'disconnected']) });

/** `degraded` (still 200): the process serves, but Redis is configured and out of reach (`changeBus`). */
export const ZLiveness = z.object({ status: z.enum(['ok', 'degraded']), uptimeSeconds: z.number().int().nonnegative(), changeBus: ZChangeBus });

/** Sent with 200 when ready, and with 503 (success false) when not. */
export const ZReadiness = z.object({
  ready: z.boolean(),
  database: z.object({ ok: z.boolean(), dialect: z.string() }),
  pendingMigrations: z.array(z.string()),
  message: z.string(),
  /** The SMS provider in use (`console`, `aliyun`, `tencent`); configured false: codes cannot reach anyone, registration and reset answer 503. */
  sms: z.object({ provider: z.string(), configured: z.boolean() }),
  /** Where uploaded images are kept: `local` (UPLOADS_DIR) or `s3` (a bucket). */
  storage: z.object({ kind: z.enum(['local', 's3']) }),
  /** The change bus between processes; Redis out of reach does not make a process unready. */
  changeBus: ZChangeBus,
});

/** Sent with 200 when the database answers, and with 503 (success false) when not. */
export const ZConnection = z.object({ ok: z.boolean(), dialect: z.string(), message: z.string() });
