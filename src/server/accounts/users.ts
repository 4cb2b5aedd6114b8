/** Reading users and shaping them for the API: one mapper each, explicit columns only. */
import type { Kysely } from 'kysely';
import { dbTimeToIso, nowDb } from '../../../db/time.ts';
import type { Database, UserRow } from '../../../db/types.ts';
import type { AuthUser, PublicUser } from '../../shared/account-schemas.ts';
import { DEFAULT_BIO, DEFAULT_AVATAR, isPresetAvatar } from '../../shared/constants.ts';
import { USER_ID_PATTERN } from '../../shared/patterns.ts';
import { notFound } from '../kernel/errors.ts';

export const USER_NOT_FOUND = '用户不存在';

/** The avatar a member is shown with: their preset, else the default (an old or foreign URL is never shown). */
export function shownAvatar(avatarUrl: string): string {
  return isPresetAvatar(avatarUrl) ? avatarUrl : DEFAULT_AVATAR;
}

export function toAuthUser(row: UserRow): AuthUser {
  const avatar = shownAvatar(row.avatar_url);
  return {
    id: row.id,
    registrationNumber: row.registration_number,
    username: row.registration_number,
    nickname: row.nickname,
    avatar,
    avatarUrl: avatar,
    phone: row.phone,
    email: row.email,
    role: row.role,
    bio: row.bio || DEFAULT_BIO,
    createdAt: dbTimeToIso(row.created_at),
  };
}

export function toPublicUser(row: UserRow): PublicUser {
  const avatar = shownAvatar(row.avatar_url);
  return {
    registrationNumber: row.registration_number,
    username: row.registration_number,
    nickname: row.nickname,
    avatar,
    avatarUrl: avatar,
    bio: row.bio || DEFAULT_BIO,
    createdAt: dbTimeToIso(row.created_at),
    isDeactivated: row.status === 'deactivated',
  };
}

export interface NewAccount {
  registrationNumber: string;
  phone: string;
  passwordHash: string;
  nickname: string;
  avatarUrl?: string;
  bio?: string | null;
  role?: UserRow['role'];
  createdAt?: string;
}

/** The one insert of a user row: registration, the demo seed and test fixtures. Returns the new id. */
export async function insertUserRow(db: Kysely<Database>, a: NewAccount): Promise<number> {
  const at = a.createdAt ?? nowDb();
  const result = await db
    .insertInto('users')
    .values({
      registration_number: a.registrationNumber,
      phone: a.phone,
      email: null,
      password_hash: a.passwordHash,
      nickname: a.nickname,
      avatar_url: a.avatarUrl ?? DEFAULT_AVATAR,
      bio: a.bio ?? null,
      role: a.role ?? 'member',
      status: 'active',
      created_at: at,
      updated_at: at,
    })
    .executeTakeFirstOrThrow();
  return Number(result.insertId);
}

export async function findUserById(db: Kysely<Database>, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findActiveUserByPhone(db: Kysely<Database>, phone: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('phone', '=', phone).where('status', '=', 'active').executeTakeFirst();
}

/** A user named by registration number (bx123456) or, where the spec uses one, the internal id. */
export async function findUserByRef(db: Kysely<Database>, ref: string | number): Promise<UserRow | undefined> {
  const text = String(ref).trim();
  if (USER_ID_PATTERN.test(text)) {
    return db.selectFrom('users').selectAll().where('registration_number', '=', text).executeTakeFirst();
  }
  if (/^\d{1,12}$/.test(text)) return findUserById(db, Number(text));
  return undefined;
}

export async function requireUserByRef(db: Kysely<Database>, ref: string | number): Promise<UserRow> {
  const user = await findUserByRef(db, ref);
  if (!user) throw notFound(USER_NOT_FOUND);
  return user;
}
