/** Health and connection answers (ops/health.ts, `/api/test-connection`). */
import { z } from 'zod';

export const ZLiveness = z.object({ status: z.literal('ok'), uptimeSeconds: z.number().int().nonnegative() });

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
});

/** Sent with 200 when the database answers, and with 503 (success false) when not. */
export const ZConnection = z.object({ ok: z.boolean(), dialect: z.string(), message: z.string() });
