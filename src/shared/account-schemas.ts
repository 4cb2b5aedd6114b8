/**
 * Account inputs: one zod definition each, used by the tRPC procedures, and the REST shim (and its
 * OpenAPI document). Messages are the spec's (docs/spec/accounts-and-people.md §5) and live in account-rules.ts.
 */
import { z } from 'zod';
import './zod-locale.ts';
import { MSG } from './account-rules.ts';
import { BIO_MAX, DEACTIVATION_CONFIRM_WORD, DEACTIVATION_REASON_MAX, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, SMS_PURPOSES } from './constants.ts';
import { PHONE_PATTERN, SMS_CODE_PATTERN, USER_ID_PATTERN } from './patterns.ts';
import { ZStoredText } from './stored-text.ts';
import { atMostChars } from './text-length.ts';

export const ZPhone = z.string({ error: MSG.phoneInvalid }).trim().regex(PHONE_PATTERN, MSG.phoneInvalid);
export const ZSmsCode = z.string({ error: MSG.codeInvalid }).trim().regex(SMS_CODE_PATTERN, MSG.codeInvalid);
const ZNewPassword = z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).min(PASSWORD_MIN_LENGTH, MSG.passwordTooShort).max(PASSWORD_MAX_LENGTH, MSG.passwordTooLong);
export const ZSmsPurpose = z.enum(SMS_PURPOSES, { error: '验证码用途不正确' });
export const ZRegistrationNumber = z.string().trim().regex(USER_ID_PATTERN, MSG.userIdInvalid);

/**
 * The current password, where a sensitive change asks for proof of the person (change_phone codes,
 * update-phone; deactivation calls it `password`): needed with each of those requests (403 with
 * errorType password_required without it). Optional in the schema so that a missing one gets that
 * answer, which the security dialog understands.
 */
const ZCurrentPasswordProof = z.string().max(PASSWORD_MAX_LENGTH, MSG.passwordTooLong).optional();

export const ZSendSmsCodeRequest = z.object({
  phone: ZPhone,
  purpose: ZSmsPurpose.default('register'),
  /** For purpose change_phone only. */
  currentPassword: ZCurrentPasswordProof,
});
export type TSendSmsCodeRequest = z.infer<typeof ZSendSmsCodeRequest>;

/** `send-phone-code` is the reset flow's sender (docs/architecture.md §10). */
export const ZSendPhoneCodeRequest = z.object({ phone: ZPhone });

export const ZVerifySmsCodeRequest = z.object({
  phone: ZPhone,
  code: ZSmsCode,
  purpose: ZSmsPurpose.default('register'),
});

/**
 * Phone and password. The spec's e-mail mode is closed ("not yet open", docs/spec/accounts-and-people.md §5): `loginType`
 * email is refused with that message, and the API contract offers phone only.
 */
export const ZLoginRequest = z.object({
  loginType: z.literal('phone', { error: (issue) => (issue.input === 'email' ? MSG.emailNotOpen : '请选择登录方式') }),
  phone: ZPhone,
  password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(PASSWORD_MAX_LENGTH, MSG.passwordTooLong),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZRegisterRequest = z.object({
  phone: ZPhone,
  password: ZNewPassword,
  verifyCode: ZSmsCode,
  /** Ignored: the server names new accounts from the phone (docs/architecture.md §10). */
  nickname: z.string().max(64).optional(),
  /** The form's agreement checkbox; scripts may omit it, the page always sends it. */
  agreement: z.literal(true, { error: MSG.agreementRequired }).optional(),
});
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

export const ZResetPasswordRequest = z.object({
  phone: ZPhone,
  code: ZSmsCode,
  newPassword: ZNewPassword,
});

export const ZChangePasswordRequest = z.object({
  currentPassword: z.string({ error: MSG.currentPasswordRequired }).min(1, MSG.currentPasswordRequired).max(PASSWORD_MAX_LENGTH, MSG.passwordTooLong),
  newPassword: z.string({ error: MSG.newPasswordRequired }).min(1, MSG.newPasswordRequired).min(PASSWORD_MIN_LENGTH, MSG.passwordTooShort).max(PASSWORD_MAX_LENGTH, MSG.passwordTooLong),
  /** Ignored: the session names the user. */
  userId: z.unknown().optional(),
});

export const ZUpdatePhoneRequest = z.object({
  phone: ZPhone,
  currentPassword: ZCurrentPasswordProof,
  userId: z.unknown().optional(),
});

/** A member's own words about themselves: plain text, empty clears it (the pages then show DEFAULT_BIO). */
export const ZBio = atMostChars(ZStoredText(), BIO_MAX, MSG.bioTooLong);

/** The avatar (one of the presets), the bio, or both; the nickname is the system's and not here. */
export const ZUpdateProfileRequest = z
  .object({
    avatarUrl: z.string({ error: MSG.avatarInvalid }).min(1, MSG.avatarInvalid).optional(),
    bio: ZBio.optional(),
  })
  .refine((p) => p.avatarUrl !== undefined || p.bio !== undefined, MSG.profileEmpty);

export const ZSyncUserInfoRequest = z.object({
  registrationNumber: z.string().optional(),
  nickname: z.string().optional(),
  avatarUrl: z.string().optional(),
});

/**
 * The spec's payload: any reason text and the password (optional in the schema, so that a missing one
 * gets the 403 password_required the security dialog understands; needed with every request, as for
 * the phone change). The word the page asks for may be sent as `confirmation`; when it is, it must be
 * the word exactly (scripts may leave it out).
 */
export const ZDeactivateRequest = z.object({
  reason: ZStoredText(MSG.reasonRequired).trim().min(1, MSG.reasonRequired).max(DEACTIVATION_REASON_MAX, MSG.reasonTooLong),
  password: z.string().max(PASSWORD_MAX_LENGTH).nullable().optional(),
  confirmation: z.literal(DEACTIVATION_CONFIRM_WORD, { error: MSG.confirmWordMismatch }).nullable().optional(),
});
export type TDeactivateRequest = z.infer<typeof ZDeactivateRequest>;

export { MSG, PASSWORD_REQUIRED_ERROR, type AuthUser, type PublicUser, type PublicUserWithCounts } from './account-rules.ts';
