/**
 * Rate limits through rate-limiter-flexible, its counters in our `rate_limits` table so a restart
 * or a second server does not reset them (docs/architecture.md §3). Every refusal is a 429 with Retry-After.
 */
import { RateLimiterMySQL, RateLimiterRes, RateLimiterSQLite, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { DatabaseHandle } from '../../../db/connection.ts';
import { databaseFailure } from '../../../db/failures.ts';
import { withRetries } from '../../../db/transaction.ts';
import { type RateLimitSettings } from '../kernel/config.ts';
import { WRITE_LIMIT_KINDS, type WriteLimit, type WriteLimitKind } from '../kernel/write-limit-policy.ts';
import { tooManyRequests } from '../kernel/errors.ts';

export interface Limiter {
  /** Counts one event for `key`; throws a 429 AppError with `message` once the limit is passed. */
  consume(key: string, message: string): Promise<void>;
  /** Throws like consume when the limit is already reached, without counting. */
  check(key: string, message: string): Promise<void>;
  /** Forgets `key` (a successful login clears its failures). */
  reset(key: string): Promise<void>;
  /** Gives back one point counted for an attempt that turned out fine. */
  refund(key: string): Promise<void>;
}

const NO_LIMIT: Limiter = { consume: async () => {}, check: async () => {}, reset: async () => {}, refund: async () => {} };

function retryAfterSeconds(res: RateLimiterRes): number {
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}

function createLimiter(handle: DatabaseHandle, name: string, points: number, durationSeconds: number): Limiter {
  // 0 turns a limit off (tests and trusted installations may want that).
  if (points <= 0) return NO_LIMIT;
  const common = { keyPrefix: name, points, duration: durationSeconds, tableName: 'rate_limits', tableCreated: true, clearExpiredByTimeout: false };
  const limiter: RateLimiterAbstract =
    handle.dialect === 'mysql'
      ? new RateLimiterMySQL({ ...common, storeClient: handle.mysqlClient, storeType: 'pool', dbName: handle.mysqlDatabase })
      : new RateLimiterSQLite({ ...common, storeClient: handle.sqlite, storeType: 'better-sqlite3' });
  const refuse = (res: unknown, message: string): never => {
    if (res instanceof RateLimiterRes) throw tooManyRequests(message, retryAfterSeconds(res));
    throw res;
  };
  // The limiter's row is one upsert in its own transaction: a deadlock or lock wait on it, or a
  // connection lost, is retried like any write (db/transaction.ts). Counting one point twice after a
  // COMMIT whose answer was lost costs one point, never a refusal that should not be.
  const retried = <T>(run: () => Promise<T>) => withRetries(run, (err) => !(err instanceof RateLimiterRes) && databaseFailure(err) !== undefined && databaseFailure(err) !== 'overload');
  return {
    async consume(key, message) {
      await retried(() => limiter.consume(key)).catch((res) => refuse(res, message));
    },
    async check(key, message) {
      const res = await retried(() => limiter.get(key));
      if (res && res.consumedPoints >= points) refuse(res, message);
    },
    async reset(key) {
      await retried(() => limiter.delete(key));
    },
    async refund(key) {
      await retried(() => limiter.reward(key, 1));
    },
  };
}

/**
 * Failed logins are counted per phone AND address: counted per phone alone, anyone could lock a member
 * out of password login by guessing from a few addresses. A guesser spread over many
 * addresses is held back by the per-address login limits.
 */
export const loginFailureKey = (phone: string, ip: string) => `${phone}@${ip}`;

/** What each repeatable write is called in its refusal. */
const WRITE_ACTIONS: Record<WriteLimitKind, string> = {
  comments: '评论',
  reactions: '点赞或点踩',
  reports: '举报',
  feedback: '提交反馈',
  favorites: '收藏操作',
  follows: '关注操作',
  views: '访问',
  edits: '修改创意',
  unlocks: '解锁',
  profile: '修改资料',
  passwords: '账号安全操作',
  notices: '修改通知设置',
};

/** A refused repeatable write: the member's own pace, or their address's (others share it). */
export const WRITE_LIMIT_MESSAGES = Object.fromEntries(
  WRITE_LIMIT_KINDS.map((kind) => [kind, { member: `${WRITE_ACTIONS[kind]}过于频繁，请稍后再试`, address: `当前网络${WRITE_ACTIONS[kind]}过于频繁，请稍后再试` }]),
) as Record<WriteLimitKind, { member: string; address: string }>;

/** Who made a write: the member (when logged in) and the client address. */
export interface Writer {
  userId?: number;
  ip: string;
}

export interface WriteLimiter {
  /** Counts one write; a 429 once the member's minute or hour, or the address's minute, is spent. */
  consume(writer: Writer): Promise<void>;
}

function createWriteLimiter(handle: DatabaseHandle, kind: WriteLimitKind, limit: WriteLimit): WriteLimiter {
  const minute = createLimiter(handle, `write_${kind}_min`, limit.perMinute, 60);
  const hour = createLimiter(handle, `write_${kind}_hour`, limit.perHour, 3600);
  const address = createLimiter(handle, `write_${kind}_ip`, limit.ipPerMinute, 60);
  const message = WRITE_LIMIT_MESSAGES[kind];
  return {
    async consume({ userId, ip }) {
      // The member's own windows first: a member over their pace does not spend their address's.
      if (userId !== undefined) {
        await minute.consume(String(userId), message.member);
        await hour.consume(String(userId), message.member);
      }
      await address.consume(ip, message.address);
    },
  };
}

export interface RateLimits {
  smsPhoneInterval: Limiter;
  smsPhoneDaily: Limiter;
  smsIp: Limiter;
  loginIpMinute: Limiter;
  loginIpHour: Limiter;
  /** Keyed by loginFailureKey(phone, ip). */
  loginFailures: Limiter;
  uploads: Limiter;
  publishes: Limiter;
  publishAttempts: Limiter;
  codeChecksIp: Limiter;
  passwordChecks: Limiter;
  drafts: Limiter;
  /** Searches the shared cache did not answer, per client address (marketplace/operations.ts). */
  searchesIp: Limiter;
  /** Data archive downloads per member. */
  exports: Limiter;
  /** The writes a person can repeat; operations name theirs (`limit` on write(), contract/operation.ts). */
  writes: Record<WriteLimitKind, WriteLimiter>;
}

export function createRateLimits(handle: DatabaseHandle, s: RateLimitSettings): RateLimits {
  return {
    smsPhoneInterval: createLimiter(handle, 'sms_phone_interval', s.smsPerPhoneIntervalSeconds > 0 ? 1 : 0, s.smsPerPhoneIntervalSeconds),
    smsPhoneDaily: createLimiter(handle, 'sms_phone_day', s.smsPerPhonePerDay, 24 * 3600),
    smsIp: createLimiter(handle, 'sms_ip', s.smsPerIpPerHour, 3600),
    loginIpMinute: createLimiter(handle, 'login_ip_min', s.loginPerIpPerMinute, 60),
    loginIpHour: createLimiter(handle, 'login_ip_hour', s.loginPerIpPerHour, 3600),
    loginFailures: createLimiter(handle, 'login_fail_phone_ip', s.loginFailuresPerPhoneAndIpPerHour, 3600),
    uploads: createLimiter(handle, 'uploads_user', s.uploadsPer30Minutes, 30 * 60),
    publishes: createLimiter(handle, 'publish_user', s.publishesPer10Minutes, 10 * 60),
    publishAttempts: createLimiter(handle, 'publish_try_user', s.publishAttemptsPer10Minutes, 10 * 60),
    codeChecksIp: createLimiter(handle, 'code_check_ip', s.codeChecksPerIpPerHour, 3600),
    passwordChecks: createLimiter(handle, 'password_check_user', s.passwordChecksPerUserPerHour, 3600),
    drafts: createLimiter(handle, 'draft_user', s.draftsPer10Minutes, 10 * 60),
    searchesIp: createLimiter(handle, 'search_ip', s.searchesPerIpPerMinute, 60),
    exports: createLimiter(handle, 'export_user', s.exportsPerDay, 24 * 3600),
    writes: Object.fromEntries(WRITE_LIMIT_KINDS.map((kind) => [kind, createWriteLimiter(handle, kind, s.writes[kind])])) as Record<WriteLimitKind, WriteLimiter>,
  };
}
