/**
 * SMS verification codes: issued through a provider, stored only as a hash, bound to phone and
 * purpose, 10 minutes long, single use, dead after 5 wrong tries (docs/architecture.md §3).
 */
import { randomInt } from 'node:crypto';
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import type { Kysely } from 'kysely';
import { dbTimeAgo, dbTimeAhead, nowDb } from '../../../db/time.ts';
import type { Database, SmsCodeRow } from '../../../db/types.ts';
import { SMS_CODE_MAX_FAILED_ATTEMPTS, SMS_CODE_TTL_MINUTES, SMS_PURPOSE_NAMES, TEST_SMS_CODE, type SmsPurpose } from '../../shared/constants.ts';
import { MSG } from '../../shared/account-rules.ts';
import { AppError, badRequest } from '../kernel/errors.ts';

/**
 * A notice about the account sent to a phone that is not asked for a code. SMS gateways send
 * pre-approved templates with parameters, so a notice is a kind and its values, and the provider
 * picks the template; `noticeText` is the wording.
 */
export type SmsNotice = { kind: 'phone_changed'; newPhone: string };

export interface SmsProvider {
  readonly name: string;
  /**
   * False when no code can reach a person (the console provider in production): the flows that need
   * one answer 503 `短信服务未配置，请联系管理员` instead of claiming a message was sent. Missing is true.
   */
  readonly configured?: boolean;
  /**
   * True when the codes reach no one but the developer (the console provider outside production): only
   * then does an answer carry the code as debugCode and the test code 123456 stand in for it. A real
   * gateway's codes are real whatever NODE_ENV says, so a server left outside production cannot
   * hand anyone a code for someone else's phone. Missing is false.
   */
  readonly showsCodes?: boolean;
  /** Resolves only once the provider accepted the message; otherwise throws, an SmsDeliveryError when it said why. */
  send(phone: string, code: string, purpose: SmsPurpose): Promise<void>;
  notify(phone: string, notice: SmsNotice): Promise<void>;
}

/**
 * Why a provider did not take a message, in the words a person is told (`message`) and the short
 * reason in `smsError`; the operator reads the provider's own code in the log.
 */
export const SMS_FAILURES = {
  not_configured: { message: '短信服务未配置，请联系管理员', smsError: '短信服务未配置' },
  template: { message: '短信服务配置有误，暂时无法发送验证码，请联系管理员', smsError: '短信模板或签名不可用' },
  account: { message: '短信服务配置有误，暂时无法发送验证码，请联系管理员', smsError: '短信服务账号或密钥不可用' },
  frequency: { message: '该手机号接收验证码过于频繁，请稍后再试', smsError: '短信发送频率超出限制' },
  balance: { message: '短信服务余额不足，暂时无法发送验证码，请联系管理员', smsError: '短信余额不足' },
  phone: { message: '该手机号无法接收短信，请检查号码是否正确', smsError: '手机号无法接收短信' },
  unavailable: { message: '短信发送失败，请稍后重试', smsError: '短信服务暂时不可用' },
} as const;
export type SmsFailureKind = keyof typeof SMS_FAILURES;

/** What a provider answered instead of accepting a message. Its text never holds the code (providers build it from codes and ids only). */
export class SmsDeliveryError extends Error {
  override name = 'SmsDeliveryError';
  constructor(
    readonly kind: SmsFailureKind,
    readonly detail: { providerCode?: string; providerMessage?: string; requestId?: string } = {},
  ) {
    super([detail.providerCode, detail.providerMessage, detail.requestId && `requestId=${detail.requestId}`].filter(Boolean).join(' '));
  }
}

/** What a notice says (the console prints it; a gateway's template says the same). */
export function noticeText(notice: SmsNotice): string {
  switch (notice.kind) {
    case 'phone_changed':
      return `您的账号绑定的手机号已更换为 ${maskPhone(notice.newPhone)}，本号码不再用于登录和找回密码。如非本人操作，请立即联系客服。`;
  }
}

/**
 * Prints the code; for development and tests (outside production the code also comes back as
 * debugCode, and the test code stands in for it: `showsCodes`). In production it sends nothing and says so: every code it is asked for fails with
 * `not_configured`, so nobody is told to wait for a message that never comes.
 */
export class ConsoleSmsProvider implements SmsProvider {
  readonly name = 'console';
  readonly configured: boolean;
  readonly showsCodes: boolean;
  constructor(
    private readonly quiet = false,
    private readonly production = false,
  ) {
    this.configured = !production;
    this.showsCodes = !production;
  }
  async send(phone: string, code: string, purpose: SmsPurpose): Promise<void> {
    if (this.production) throw new SmsDeliveryError('not_configured', { providerMessage: 'SMS_PROVIDER=console 在生产环境不发送短信' });
    if (this.quiet) return;
    console.log(`[短信] ${phone} 的${SMS_PURPOSE_NAMES[purpose]}验证码：${code}（${SMS_CODE_TTL_MINUTES} 分钟内有效）`);
  }
  async notify(phone: string, notice: SmsNotice): Promise<void> {
    if (this.quiet) return;
    if (this.production) console.warn(`[短信] 短信服务未配置，未发送给 ${maskPhone(phone)} 的通知：${noticeText(notice)}`);
    else console.log(`[短信] 通知 ${phone}：${noticeText(notice)}`);
  }
}

export const maskPhone = (phone: string) => (phone.length > 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****');

export const SMS_MSG = {
  sendFailed: SMS_FAILURES.unavailable.message,
  providerDown: SMS_FAILURES.unavailable.smsError,
  wrongOrExpired: '验证码错误或已过期',
  tooManyWrong: '验证码错误次数过多，请重新获取',
  notVerified: '请先验证新手机号的验证码',
  testCodeInProduction: MSG.testCodeInProduction,
} as const;

const TTL_MS = SMS_CODE_TTL_MINUTES * 60 * 1000;

function hashCode(phone: string, purpose: string, code: string): string {
  // Phone and purpose are part of the hash so a code is worthless for any other pair.
  return encodeHexLowerCase(sha256(new TextEncoder().encode(`${phone}:${purpose}:${code}`)));
}

/** A code; never the test code where that is refused (`realCodes`: the provider's codes reach people). */
export function generateCode(realCodes: boolean): string {
  for (;;) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    if (!(realCodes && code === TEST_SMS_CODE)) return code;
  }
}

export async function storeCode(db: Kysely<Database>, phone: string, purpose: SmsPurpose, code: string, requestedBy: number | null = null): Promise<number> {
  const result = await db
    .insertInto('sms_codes')
    .values({ phone, purpose, code_hash: hashCode(phone, purpose, code), created_at: nowDb(), expires_at: dbTimeAhead(TTL_MS), failed_attempts: 0, requested_by: requestedBy })
    .executeTakeFirstOrThrow();
  return Number(result.insertId);
}

/** The failure a person is told: 503, the kind's message, and `smsError`. */
export function smsFailure(kind: SmsFailureKind): AppError {
  return new AppError('UNAVAILABLE', SMS_FAILURES[kind].message, { extra: { smsError: SMS_FAILURES[kind].smsError } });
}

/** For the flows that need a code (register, reset): 503 at once when no code can have been sent. */
export function assertSmsConfigured(provider: SmsProvider): void {
  if (provider.configured === false) throw smsFailure('not_configured');
}

/**
 * One log line for a failed send: the provider, what it said and the masked phone, never the code
 * (an SDK's own error text may quote the request, the code included, so any trace of it is blanked).
 */
function logSmsFailure(provider: SmsProvider, err: unknown, what: string, phone: string, secret?: string): SmsFailureKind {
  const kind: SmsFailureKind = err instanceof SmsDeliveryError ? err.kind : 'unavailable';
  let text = err instanceof SmsDeliveryError ? err.message : `${(err as Error)?.name ?? 'Error'}: ${(err as Error)?.message ?? String(err)}`;
  if (secret) text = text.split(secret).join('******');
  text = text.split(phone).join(maskPhone(phone));
  if (kind === 'not_configured') console.warn(`[sms] ${provider.name} ${what} ${maskPhone(phone)}：短信服务未配置，未发送`);
  else console.error(`[sms] ${provider.name} ${what} ${maskPhone(phone)} 发送失败（${kind}）：${text}`);
  return kind;
}

/** Sends a stored code; when the provider fails the code is withdrawn and the caller gets 503 with `smsError`. */
export async function deliverCode(db: Kysely<Database>, provider: SmsProvider, codeId: number, phone: string, code: string, purpose: SmsPurpose): Promise<void> {
  try {
    await provider.send(phone, code, purpose);
  } catch (err) {
    const kind = logSmsFailure(provider, err, purpose, phone, code);
    await db.deleteFrom('sms_codes').where('id', '=', codeId).execute();
    throw smsFailure(kind);
  }
}

/**
 * Sends a notice; a failure is logged, not thrown, as what it tells of has already happened (and a
 * provider that is down must not undo a change the person proved).
 */
export async function deliverNotice(provider: SmsProvider, phone: string, notice: SmsNotice): Promise<void> {
  try {
    await provider.notify(phone, notice);
  } catch (err) {
    logSmsFailure(provider, err, `notice ${notice.kind}`, phone);
  }
}

/** Only the newest unexpired, unconsumed code of a phone and purpose is valid. */
async function latestLiveCode(db: Kysely<Database>, phone: string, purpose: SmsPurpose): Promise<SmsCodeRow | undefined> {
  return db
    .selectFrom('sms_codes')
    .selectAll()
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .where('created_at', '>', dbTimeAgo(TTL_MS))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
    .then((row) => (row && !row.consumed_at && row.expires_at > nowDb() ? row : undefined));
}

async function checkCode(db: Kysely<Database>, phone: string, purpose: SmsPurpose, code: string, realCodes: boolean): Promise<SmsCodeRow> {
  if (realCodes && code === TEST_SMS_CODE) throw badRequest(SMS_MSG.testCodeInProduction);
  const row = await latestLiveCode(db, phone, purpose);
  if (!row) throw badRequest(SMS_MSG.wrongOrExpired);
  // Every try is counted before the comparison, in one conditional update, so parallel guesses
  // cannot all slip past the limit of 5.
  const counted = await db
    .updateTable('sms_codes')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('id', '=', row.id)
    .where('failed_attempts', '<', SMS_CODE_MAX_FAILED_ATTEMPTS)
    .executeTakeFirst();
  if (Number(counted.numUpdatedRows) !== 1) throw badRequest(SMS_MSG.tooManyWrong);
  // Where codes reach no one (the console provider outside production) the test code stands in for
  // the code just sent, so scripts and browser tests can register without reading debugCode; a code
  // must still have been requested for the phone.
  const testCode = !realCodes && code === TEST_SMS_CODE;
  if (!testCode && row.code_hash !== hashCode(phone, purpose, code)) {
    throw badRequest(row.failed_attempts + 1 >= SMS_CODE_MAX_FAILED_ATTEMPTS ? SMS_MSG.tooManyWrong : SMS_MSG.wrongOrExpired);
  }
  return row;
}

/** Checks a code and marks it verified without using it up (the phone-change flow verifies first). */
export async function verifyCode(db: Kysely<Database>, phone: string, purpose: SmsPurpose, code: string, realCodes: boolean): Promise<void> {
  const row = await checkCode(db, phone, purpose, code, realCodes);
  await db.updateTable('sms_codes').set({ verified_at: nowDb() }).where('id', '=', row.id).execute();
}

/** Marks a code used; only one caller can win, so a code never serves twice. */
async function consume(db: Kysely<Database>, row: SmsCodeRow): Promise<void> {
  const result = await db.updateTable('sms_codes').set({ consumed_at: nowDb() }).where('id', '=', row.id).where('consumed_at', 'is', null).executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw badRequest(SMS_MSG.wrongOrExpired);
}

/** Checks and uses up a code in one step (register, reset). */
export async function consumeCode(db: Kysely<Database>, phone: string, purpose: SmsPurpose, code: string, realCodes: boolean): Promise<void> {
  await consume(db, await checkCode(db, phone, purpose, code, realCodes));
}

/** Uses up a code that `userId` asked for and verified in the last 10 minutes (update-phone). */
export async function consumeVerifiedCode(db: Kysely<Database>, phone: string, purpose: SmsPurpose, userId: number): Promise<void> {
  const row = await latestLiveCode(db, phone, purpose);
  if (!row || !row.verified_at || row.verified_at < dbTimeAgo(TTL_MS) || row.requested_by !== userId) throw badRequest(SMS_MSG.notVerified);
  await consume(db, row);
}
