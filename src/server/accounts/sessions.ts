/**
 * Sessions after the Lucia guide: token `id.secret` from a CSPRNG, only SHA-256(secret) stored,
 * constant-time comparison, an inactivity timeout and an absolute lifetime.
 */
import { sha256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import type { ExpressionBuilder, Kysely } from 'kysely';
import { dbTimeAgo, fromDbTime, nowDb } from '../../../db/time.ts';
import type { Database, SessionRow, UserRow } from '../../../db/types.ts';
import { NO_PEERS, type Peers } from '../infrastructure/change-bus.ts';

const DAY_MS = 24 * 3600 * 1000;
/** Writing last_active_at on every request would make every read a write. */
const ACTIVITY_WRITE_INTERVAL_MS = 3600 * 1000;

export interface SessionPolicy {
  inactivityDays: number;
  maxAgeDays: number;
}

function randomString(): string {
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

function hashSecret(secret: string): Uint8Array {
  return sha256(new TextEncoder().encode(secret));
}

/** A new session; `passwordVerified` when the person just entered the password (sign-in). */
export async function createSession(db: Kysely<Database>, userId: number, options: { passwordVerified: boolean }): Promise<{ token: string; session: SessionRow }> {
  const id = randomString();
  const secret = randomString();
  const now = nowDb();
  const session: SessionRow = {
    id,
    secret_hash: encodeHexLowerCase(hashSecret(secret)),
    user_id: userId,
    created_at: now,
    last_active_at: now,
    password_verified_at: options.passwordVerified ? now : null,
  };
  await db.insertInto('sessions').values(session).execute();
  return { token: `${id}.${secret}`, session };
}

function isExpired(session: SessionRow, policy: SessionPolicy, now: number): boolean {
  return now - fromDbTime(session.last_active_at).getTime() >= policy.inactivityDays * DAY_MS || now - fromDbTime(session.created_at).getTime() >= policy.maxAgeDays * DAY_MS;
}

/** The session a token names, or null when it is malformed, unknown, wrong or expired. */
export async function validateSessionToken(db: Kysely<Database>, token: string, policy: SessionPolicy): Promise<SessionRow | null> {
  const parts = token.split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1] || parts[0].length > 64) return null;
  const [id, secret] = parts;
  const session = await db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!session) return null;
  const stored = new Uint8Array(Buffer.from(session.secret_hash, 'hex'));
  if (!constantTimeEqual(hashSecret(secret), stored)) return null;
  const now = Date.now();
  if (isExpired(session, policy, now)) {
    await db.deleteFrom('sessions').where('id', '=', id).execute();
    return null;
  }
  if (now - fromDbTime(session.last_active_at).getTime() >= ACTIVITY_WRITE_INTERVAL_MS) {
    session.last_active_at = nowDb();
    await db.updateTable('sessions').set({ last_active_at: session.last_active_at }).where('id', '=', id).execute();
  }
  return session;
}

export async function invalidateSession(db: Kysely<Database>, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Ends every session of a user except `keepSessionId` (password change keeps the current one). */
export async function invalidateUserSessions(db: Kysely<Database>, userId: number, keepSessionId?: string): Promise<void> {
  let q = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepSessionId) q = q.where('id', '!=', keepSessionId);
  await q.execute();
}

/**
 * Removes sessions past their lifetime or inactive too long; the periodic job calls it. In batches by
 * primary key: one DELETE scanning the table would lock every session row on MariaDB while it runs,
 * holding up every sign-in and activity update. Returns how many went.
 */
export async function purgeExpiredSessions(db: Kysely<Database>, policy: SessionPolicy): Promise<number> {
  const expired = (eb: ExpressionBuilder<Database, 'sessions'>) =>
    eb.or([eb('created_at', '<', dbTimeAgo(policy.maxAgeDays * DAY_MS)), eb('last_active_at', '<', dbTimeAgo(policy.inactivityDays * DAY_MS))]);
  let removed = 0;
  for (;;) {
    const ids = (await db.selectFrom('sessions').select('id').where(expired).limit(500).execute()).map((r) => r.id);
    if (!ids.length) return removed;
    const result = await db.deleteFrom('sessions').where('id', 'in', ids).where(expired).executeTakeFirst();
    removed += Number(result.numDeletedRows);
    if (ids.length < 500) return removed;
  }
}

export interface SessionWithUser {
  session: SessionRow;
  user: UserRow;
}

/**
 * Sessions checked in the last moments, by token, so a member's frequent reads (unread counts,
 * favourite checks) skip the session and user lookups. Whatever ends a session or changes its user
 * forgets it here at once and tells the other processes through the change bus
 * (infrastructure/change-bus.ts); without one, another process may still accept it until the TTL runs out.
 */
export class SessionCache {
  private readonly entries = new Map<string, { value: SessionWithUser; expiresAt: number }>();
  private static readonly MAX_ENTRIES = 10_000;

  constructor(
    readonly ttlMs: number,
    private readonly peers: Peers = NO_PEERS,
  ) {}

  get(token: string, now = Date.now()): SessionWithUser | undefined {
    const hit = this.entries.get(token);
    if (!hit) return undefined;
    if (hit.expiresAt > now) return hit.value;
    this.entries.delete(token);
    return undefined;
  }

  set(token: string, value: SessionWithUser): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= SessionCache.MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(token, { value, expiresAt: Date.now() + this.ttlMs });
  }

  /** `heard`: another process told it (not told on). */
  forgetSession(sessionId: string, heard = false): void {
    for (const [token, { value }] of this.entries) if (value.session.id === sessionId) this.entries.delete(token);
    if (!heard) this.peers.tell({ what: 'session', id: sessionId });
  }

  forgetUser(userId: number, heard = false): void {
    for (const [token, { value }] of this.entries) if (value.session.user_id === userId) this.entries.delete(token);
    if (!heard) this.peers.tell({ what: 'member', id: userId });
  }
}
