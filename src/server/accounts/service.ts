/** Accounts: registration, login, passwords, phone, profile and deactivation (accounts-and-people). */
import type { z } from 'zod';
import { randomInt } from 'node:crypto';
import { isUniqueViolation } from '../../../db/portable.ts';
import { dbTimeAgo, fromDbTime, nowDb } from '../../../db/time.ts';
import type { UpdateObject } from 'kysely';
import type { Database, Db, SessionRow, UserRow } from '../../../db/types.ts';
import { transaction } from '../../../db/transaction.ts';
import { MSG, PASSWORD_REQUIRED_ERROR, type TDeactivateRequest, type TLoginRequest, type TRegisterRequest } from '../../shared/account-schemas.ts';
import { DEACTIVATED_NICKNAME, DEFAULT_AVATAR, isPresetAvatar, type SmsPurpose } from '../../shared/constants.ts';
import { defaultNickname, formatRegistrationNumber } from '../../shared/patterns.ts';
import type { Deps } from '../deps.ts';
import { badRequest, forbidden, SESSION_EXPIRED_MESSAGE, unauthorized } from '../kernel/errors.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { createSession, invalidateSession, invalidateUserSessions, validateSessionToken } from './sessions.ts';
import { assertSmsConfigured, consumeCode, consumeVerifiedCode, deliverCode, deliverNotice, generateCode, storeCode, verifyCode } from './sms.ts';
import { findActiveUserByPhone, findUserById, insertUserRow, requireUserByRef } from './users.ts';
import { countAccountData, deactivateAccountData, registerAccountData } from './account-data.ts';
import { loginFailureKey } from '../infrastructure/rate-limit.ts';
import type { ZUserStats } from '../../shared/outputs/accounts.ts';

export const ACCOUNT_MSG = {
  phoneRegistered: '该手机号已注册，请直接登录',
  phoneNotRegistered: '该手机号未注册',
  phoneTaken: '该手机号已被其他账号绑定',
  samePhone: '新手机号与当前绑定的手机号相同',
  wrongCredentials: '手机号或密码错误',
  wrongCurrentPassword: '当前密码不正确',
  samePassword: '新密码不能与当前密码相同',
  smsTooFrequent: '验证码发送过于频繁，请稍后再试',
  smsDailyCap: '今日验证码发送次数已达上限，请明天再试',
  smsIpCap: '当前网络请求验证码过于频繁，请稍后再试',
  loginTooFrequent: '登录尝试过于频繁，请稍后再试',
  loginPhoneLocked: '该手机号登录失败次数过多，请稍后再试或找回密码',
  codeChecksTooFrequent: '验证码校验过于频繁，请稍后再试',
  passwordChecksTooFrequent: '密码错误次数过多，请稍后再试',
  passwordProofRequired: '为了你的账号安全，请输入当前密码',
  codeSent: '验证码已发送到你的手机',
  codeVerified: '验证码验证成功',
  registered: '注册成功，请登录',
  loggedIn: '登录成功',
  loggedOut: '已退出登录',
  passwordReset: '密码重置成功，请使用新密码登录',
  passwordChanged: '密码修改成功！',
  phoneChanged: '手机号修改成功',
  deactivated: '账号注销成功，感谢你的使用',
  statsForbidden: '只能查看自己的账户统计',
} as const;

export interface Authenticated {
  user: UserRow;
  session: SessionRow;
}

/** The user behind a bearer token, or null. Deactivated accounts have no sessions, but check anyway. */
export async function authenticate(deps: Deps, token: string | undefined): Promise<Authenticated | null> {
  if (!token) return null;
  const remembered = deps.sessionCache.get(token);
  if (remembered) return remembered;
  const policy = { inactivityDays: deps.config.sessionInactivityDays, maxAgeDays: deps.config.sessionMaxAgeDays };
  const session = await validateSessionToken(deps.db, token, policy);
  if (!session) return null;
  const user = await findUserById(deps.db, session.user_id);
  if (!user || user.status !== 'active') return null;
  const auth = { user, session };
  deps.sessionCache.set(token, auth);
  return auth;
}

/**
 * Every write asks the database whether its session still stands. Sessions are remembered per process
 * for CACHE_TTL_MS, so one that another process ended (a logout, a password change, a deactivation)
 * could still write here until then: a hostile review deactivated an account in one process and
 * published, followed and favourited with its token through another. Reads keep that window; a
 * write costs one primary-key read more. Answers the account's role as it is now, or null (and the
 * session is forgotten here) when the session or the account is gone.
 */
export async function liveRole(deps: Deps, auth: Authenticated): Promise<UserRow['role'] | null> {
  const row = await deps.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.status', 'users.role'])
    .where('sessions.id', '=', auth.session.id)
    .executeTakeFirst();
  if (row?.status === 'active') return row.role;
  deps.sessionCache.forgetSession(auth.session.id);
  return null;
}

/**
 * Deactivation's clean-up again for accounts deactivated in the last day (the housekeeping job): a
 * write that passed its session check a moment before the deactivation committed can land after it.
 * Each part's clean-up is idempotent. Answers how many accounts it went over.
 */
export async function sweepDeactivatedAccounts(deps: Deps): Promise<number> {
  const recent = await deps.db
    .selectFrom('users')
    .select('id')
    .where('status', '=', 'deactivated')
    .where('deactivated_at', '>', dbTimeAgo(24 * 3600 * 1000))
    .execute();
  for (const { id } of recent) await transaction(deps.db, (trx) => deactivateAccountData(deps.accountData, trx, id));
  return recent.length;
}

/**
 * A change to the member's own row, only while the account is active: a change that passed its
 * session check a moment before a deactivation committed would otherwise land after it (a phone kept
 * by a deactivated account could never be registered again). The deactivation holds the row's lock
 * until it commits, so this waits for it and then finds nothing to change: 401, as for an ended session.
 */
async function updateActiveUser(db: Db, userId: number, set: UpdateObject<Database, 'users'>): Promise<void> {
  const result = await db.updateTable('users').set(set).where('id', '=', userId).where('status', '=', 'active').executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw unauthorized(SESSION_EXPIRED_MESSAGE);
}

/** Ends one session, here and in this process's memory of it. */
async function endSession(deps: Deps, sessionId: string): Promise<void> {
  await invalidateSession(deps.db, sessionId);
  deps.sessionCache.forgetSession(sessionId);
}

/** Ends a user's sessions (all, or all but `keep`), and forgets the user's remembered ones, whose user row changed. */
async function endSessionsOf(deps: Deps, userId: number, keep?: string): Promise<void> {
  await invalidateUserSessions(deps.db, userId, keep);
  deps.sessionCache.forgetUser(userId);
}

// ---------------------------------------------------------------- SMS

/** Whether the provider's codes reach people: then no debugCode, and the test code is refused (sms.ts `showsCodes`). */
const realCodes = (deps: Deps) => !deps.sms.showsCodes;

export async function sendSmsCode(
  deps: Deps,
  input: { phone: string; purpose: SmsPurpose; currentPassword?: string },
  requester: { ip: string; auth?: Authenticated | null },
): Promise<{ debugCode?: string }> {
  const { phone, purpose } = input;
  // Nothing to send with: said before anything is counted or looked up.
  assertSmsConfigured(deps.sms);
  // Counted first, for every phone alike.
  await deps.limits.smsIp.consume(requester.ip, ACCOUNT_MSG.smsIpCap);
  if (purpose === 'change_phone') {
    if (!requester.auth) throw unauthorized();
    // A password given here is an argon2 check, counted as the writes that check one are (their
    // `limit: 'passwords'`): a right one is not a wrong one, so nothing else would bound a loop.
    if (input.currentPassword) await deps.limits.writes.passwords.consume({ userId: requester.auth.user.id, ip: requester.ip });
    // Before anything about the new phone is told: a stolen token alone learns nothing here.
    await assertPasswordProof(deps, requester.auth, input.currentPassword);
  }
  // Whether the phone has an account is not looked at here: every phone is answered alike, and its
  // code is sent. Only the phone's holder, with the code, is told (register, resetPassword, updatePhone).
  if (purpose === 'change_phone' && requester.auth!.user.phone === phone) throw badRequest(ACCOUNT_MSG.samePhone);
  // Counted before anything is issued, so a flood gets 429s and no codes.
  await deps.limits.smsPhoneInterval.consume(phone, ACCOUNT_MSG.smsTooFrequent);
  await deps.limits.smsPhoneDaily.consume(phone, ACCOUNT_MSG.smsDailyCap);

  const code = generateCode(realCodes(deps));
  const codeId = await storeCode(deps.db, phone, purpose, code, purpose === 'change_phone' ? requester.auth!.user.id : null);
  await deliverCode(deps.db, deps.sms, codeId, phone, code, purpose);
  return realCodes(deps) ? {} : { debugCode: code };
}

/** Every call that checks a code counts against the caller's address, so guessing is slow everywhere. */
async function countCodeCheck(deps: Deps, ip: string): Promise<void> {
  await deps.limits.codeChecksIp.consume(ip, ACCOUNT_MSG.codeChecksTooFrequent);
}

export async function verifySmsCode(deps: Deps, input: { phone: string; code: string; purpose: SmsPurpose }, ip: string): Promise<void> {
  await countCodeCheck(deps, ip);
  await verifyCode(deps.db, input.phone, input.purpose, input.code, realCodes(deps));
}

// ---------------------------------------------------------------- register and login

async function insertUser(deps: Deps, phone: string, passwordHash: string): Promise<UserRow> {
  // Registration numbers are random, not derived from ids (ids need not be contiguous, docs/architecture.md §9);
  // a collision on the unique key just draws again.
  for (let attempt = 0; attempt < 20; attempt++) {
    const registrationNumber = formatRegistrationNumber(randomInt(1, 1_000_000));
    try {
      // The account and what the features write for it (the welcome letter) together: retried whole, or none of it.
      const id = await transaction(deps.db, async (trx) => {
        const inserted = await insertUserRow(trx, { registrationNumber, phone, passwordHash, nickname: defaultNickname(registrationNumber) });
        await registerAccountData(deps.accountData, trx, inserted);
        return inserted;
      });
      const user = await findUserById(deps.db, id);
      if (user) return user;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      if (await findActiveUserByPhone(deps.db, phone)) throw badRequest(ACCOUNT_MSG.phoneRegistered);
    }
  }
  throw new Error('could not draw a free registration number');
}

export async function register(deps: Deps, input: TRegisterRequest, ip: string): Promise<UserRow> {
  // Without an SMS provider no code can have reached anyone: say so rather than "wrong code".
  assertSmsConfigured(deps.sms);
  await countCodeCheck(deps, ip);
  // The code first: a wrong or expired one is answered alike whatever the phone, so only the phone's
  // holder learns that it has an account.
  await consumeCode(deps.db, input.phone, 'register', input.verifyCode, realCodes(deps));
  if (await findActiveUserByPhone(deps.db, input.phone)) throw badRequest(ACCOUNT_MSG.phoneRegistered);
  return insertUser(deps, input.phone, await hashPassword(input.password));
}

export async function login(deps: Deps, input: TLoginRequest, ip: string): Promise<{ token: string; user: UserRow }> {
  await deps.limits.loginIpMinute.consume(ip, ACCOUNT_MSG.loginTooFrequent);
  await deps.limits.loginIpHour.consume(ip, ACCOUNT_MSG.loginTooFrequent);
  // Counted as a failure before the check (and cleared on success), so parallel guesses cannot all
  // pass a "not yet locked" test. Per phone and address: the guesser is locked out, not the owner.
  const failureKey = loginFailureKey(input.phone, ip);
  await deps.limits.loginFailures.consume(failureKey, ACCOUNT_MSG.loginPhoneLocked);

  const user = await findActiveUserByPhone(deps.db, input.phone);
  // Hash even when the phone is unknown, so timing does not tell which phones exist.
  const ok = await verifyPassword(user?.password_hash ?? (await dummyHash()), input.password);
  if (!user || !ok) throw badRequest(ACCOUNT_MSG.wrongCredentials);
  await deps.limits.loginFailures.reset(failureKey);
  const { token } = await createSession(deps.db, user.id, { passwordVerified: true });
  return { token, user };
}
let dummyHashPromise: Promise<string> | undefined;
const dummyHash = () => (dummyHashPromise ??= hashPassword('no-such-account-password'));

export async function logout(deps: Deps, session: SessionRow): Promise<void> {
  await endSession(deps, session.id);
}

// ---------------------------------------------------------------- passwords and phone

export async function resetPassword(deps: Deps, input: { phone: string; code: string; newPassword: string }, ip: string): Promise<void> {
  assertSmsConfigured(deps.sms);
  await countCodeCheck(deps, ip);
  // The code first, as in register: without it nothing tells whether the phone has an account.
  await consumeCode(deps.db, input.phone, 'reset', input.code, realCodes(deps));
  const user = await findActiveUserByPhone(deps.db, input.phone);
  if (!user) throw badRequest(ACCOUNT_MSG.phoneNotRegistered);
  await deps.db
    .updateTable('users')
    .set({ password_hash: await hashPassword(input.newPassword), updated_at: nowDb() })
    .where('id', '=', user.id)
    .execute();
  await endSessionsOf(deps, user.id);
  await deps.limits.loginFailures.reset(loginFailureKey(input.phone, ip));
}

/**
 * Checks the signed-in user's current password. Wrong ones are limited per user, so a stolen session cannot be used to find the password (like the login
 * limits).
 */
async function assertCurrentPassword(deps: Deps, auth: Authenticated, password: string, extra?: Record<string, unknown>): Promise<void> {
  const key = String(auth.user.id);
  // Counted before the check, so a burst of parallel guesses cannot all pass a "not yet limited" test.
  await deps.limits.passwordChecks.consume(key, ACCOUNT_MSG.passwordChecksTooFrequent);
  if (!(await verifyPassword(auth.user.password_hash, password))) throw badRequest(ACCOUNT_MSG.wrongCurrentPassword, extra);
  await deps.limits.passwordChecks.refund(key);
}

/**
 * Proof of the person for a sensitive change: the current password, with each request
 * that moves the phone or ends the account. A token alone never changes who owns an account: before,
 * a sign-in or a typed password counted for ten minutes, and a token taken in them was enough (a
 * hostile review moved a phone and deactivated an account so). Without it, 403 with errorType
 * password_required, and the security dialog asks for the password, which it sends with each step.
 */
async function assertPasswordProof(deps: Deps, auth: Authenticated, password: string | null | undefined, field: 'currentPassword' | 'password' = 'currentPassword'): Promise<void> {
  // `field` names the body's own field: deactivation takes `password` (the accounts spec), the others `currentPassword`.
  if (password) return assertCurrentPassword(deps, auth, password, { field });
  throw forbidden(ACCOUNT_MSG.passwordProofRequired, { errorType: PASSWORD_REQUIRED_ERROR, field });
}

export async function changePassword(deps: Deps, auth: Authenticated, input: { currentPassword: string; newPassword: string }): Promise<void> {
  await assertCurrentPassword(deps, auth, input.currentPassword, { field: 'currentPassword' });
  if (input.currentPassword === input.newPassword) throw badRequest(ACCOUNT_MSG.samePassword, { field: 'newPassword' });
  await updateActiveUser(deps.db, auth.user.id, { password_hash: await hashPassword(input.newPassword), updated_at: nowDb() });
  await endSessionsOf(deps, auth.user.id, auth.session.id);
}

/**
 * Moves the account to a phone whose change_phone code this member asked for and verified, once the
 * person proved it is them. The old phone is told, and every other session ends.
 */
export async function updatePhone(deps: Deps, auth: Authenticated, input: { phone: string; currentPassword?: string }): Promise<UserRow> {
  const { phone } = input;
  // The password, then the new phone's code, and only then whether the phone is taken: neither a
  // token alone nor a member without that phone's code learns whether another account has it.
  await assertPasswordProof(deps, auth, input.currentPassword);
  if (auth.user.phone === phone) throw badRequest(ACCOUNT_MSG.samePhone);
  await consumeVerifiedCode(deps.db, phone, 'change_phone', auth.user.id);
  if (await findActiveUserByPhone(deps.db, phone)) throw badRequest(ACCOUNT_MSG.phoneTaken);
  try {
    await updateActiveUser(deps.db, auth.user.id, { phone, updated_at: nowDb() });
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(ACCOUNT_MSG.phoneTaken);
    throw err;
  }
  await endSessionsOf(deps, auth.user.id, auth.session.id);
  if (auth.user.phone) await deliverNotice(deps.sms, auth.user.phone, { kind: 'phone_changed', newPhone: phone });
  return (await findUserById(deps.db, auth.user.id))!;
}

// ---------------------------------------------------------------- profile and stats

/** What a member may change about how others see them (profile/ checks the words first). */
export interface ProfileChange {
  avatarUrl?: string;
  /** Null clears it. */
  bio?: string | null;
}

export async function updateProfileFields(deps: Deps, user: UserRow, change: ProfileChange): Promise<UserRow> {
  if (change.avatarUrl !== undefined && !isPresetAvatar(change.avatarUrl)) throw badRequest(MSG.avatarInvalid);
  await updateActiveUser(deps.db, user.id, {
    ...(change.avatarUrl !== undefined ? { avatar_url: change.avatarUrl } : {}),
    ...(change.bio !== undefined ? { bio: change.bio } : {}),
    updated_at: nowDb(),
  });
  deps.sessionCache.forgetUser(user.id);
  return (await findUserById(deps.db, user.id))!;
}

export type UserStats = z.infer<typeof ZUserStats>;

/** Counts of what the account owns, as each feature reports it (account-data.ts). */
async function contentCounts(deps: Deps, userId: number) {
  const counts = await countAccountData(deps.accountData, deps.db, userId);
  return { ideas: 0, comments: 0, favorites: 0, following: 0, followers: 0, ...counts };
}

export async function userStats(deps: Deps, viewer: UserRow, ref: string): Promise<UserStats> {
  const target = await requireUserByRef(deps.db, ref);
  if (target.id !== viewer.id && viewer.role !== 'admin') throw forbidden(ACCOUNT_MSG.statsForbidden);
  const counts = await contentCounts(deps, target.id);
  const joinedMs = fromDbTime(target.created_at).getTime();
  return {
    totalIdeas: counts.ideas,
    // The platform has no trading (about page), so nothing is ever earned or transacted.
    totalEarnings: 0,
    totalTransactions: 0,
    joinDays: Math.max(1, Math.ceil((Date.now() - joinedMs) / (24 * 3600 * 1000))),
  };
}

export async function deactivationStats(deps: Deps, user: UserRow) {
  return contentCounts(deps, user.id);
}

/**
 * Deactivation (docs/architecture.md §10), once the person proved it is them: personal data is removed, the phone
 * freed, every session ended. The registration number stays reserved so it never names a second person.
 */
export async function deactivate(deps: Deps, auth: Authenticated, input: TDeactivateRequest): Promise<void> {
  await assertPasswordProof(deps, auth, input.password, 'password');
  const user = auth.user;
  const now = nowDb();
  await transaction(deps.db, async (trx) => {
    await trx
      .updateTable('users')
      .set({
        phone: null,
        email: null,
        password_hash: null,
        nickname: DEACTIVATED_NICKNAME,
        avatar_url: DEFAULT_AVATAR,
        bio: null,
        status: 'deactivated',
        deactivated_at: now,
        deactivation_reason: input.reason,
        updated_at: now,
      })
      .where('id', '=', user.id)
      .execute();
    await trx.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    await deactivateAccountData(deps.accountData, trx, user.id);
  });
  // Favourite counts on cards changed.
  deps.publicCache.invalidate();
  deps.sessionCache.forgetUser(user.id);
}
