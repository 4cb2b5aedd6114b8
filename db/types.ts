import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Timestamps are UTC text `YYYY-MM-DD HH:MM:SS.mmm` on both dialects (see db/time.ts). */
type Timestamp = string;

export interface UserTable {
  id: Generated<number>;
  registration_number: string;
  phone: string | null;
  email: string | null;
  password_hash: string | null;
  nickname: string;
  avatar_url: string;
  bio: string | null;
  role: 'member' | 'admin';
  status: 'active' | 'deactivated';
  created_at: Timestamp;
  updated_at: Timestamp;
  deactivated_at: Timestamp | null;
  deactivation_reason: string | null;
}

export interface SessionTable {
  id: string;
  secret_hash: string;
  user_id: number;
  created_at: Timestamp;
  last_active_at: Timestamp;
}

export interface SmsCodeTable {
  id: Generated<number>;
  phone: string;
  purpose: 'register' | 'reset' | 'change_phone';
  code_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  failed_attempts: number;
  verified_at: Timestamp | null;
  consumed_at: Timestamp | null;
}

/** Owned by rate-limiter-flexible: its documented schema, created by our migration. */
export interface RateLimitTable {
  key: string;
  points: number;
  expire: number | null;
}

export interface Database {
  users: UserTable;
  sessions: SessionTable;
  sms_codes: SmsCodeTable;
  rate_limits: RateLimitTable;
}

export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type SessionRow = Selectable<SessionTable>;
export type SmsCodeRow = Selectable<SmsCodeTable>;
