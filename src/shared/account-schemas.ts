/**
 * Account inputs: one zod definition each, used by the tRPC procedures, the REST shim (and its
 * OpenAPI document) and the React forms. Messages are the spec's (accounts-and-people §5).
 */
import { z } from 'zod';
import {
  DEACTIVATION_CONFIRM_WORD,
  DEACTIVATION_REASONS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SMS_PURPOSES,
} from './constants.ts';
import { PHONE_PATTERN, SMS_CODE_PATTERN, USER_ID_PATTERN } from './patterns.ts';

export const MSG = {
  phoneInvalid: '请输入正确的手机号码',
  passwordRequired: '请输入密码',
  passwordTooShort: `密码长度至少${PASSWORD_MIN_LENGTH}位`,
  passwordTooLong: `密码长度不能超过${PASSWORD_MAX_LENGTH}位`,
  passwordMismatch: '两次输入的密码不一致',
  codeInvalid: '请输入6位验证码',
  codeDigitsOnly: '请输入6位数字验证码',
  codeRequired: '请输入验证码',
  agreementRequired: '请阅读并同意用户协议和隐私政策',
  currentPasswordRequired: '请输入当前密码',
  newPasswordRequired: '请输入新密码',
  confirmPasswordRequired: '请确认新密码',
  reasonRequired: '请选择注销原因',
  confirmWordMismatch: `请输入“${DEACTIVATION_CONFIRM_WORD}”以确认`,
  avatarInvalid: '请从系统提供的头像中选择',
  userIdInvalid: '用户ID格式不正确',
  emailNotOpen: '邮箱登录暂未开放，请使用手机号登录',
} as const;

export const ZPhone = z.string({ error: MSG.phoneInvalid }).trim().regex(PHONE_PATTERN, MSG.phoneInvalid);
export const ZSmsCode = z.string({ error: MSG.codeInvalid }).trim().regex(SMS_CODE_PATTERN, MSG.codeInvalid);
const ZNewPassword = z
  .string({ error: MSG.passwordRequired })
  .min(1, MSG.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, MSG.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, MSG.passwordTooLong);
export const ZSmsPurpose = z.enum(SMS_PURPOSES, { error: '验证码用途不正确' });
export const ZRegistrationNumber = z.string().trim().regex(USER_ID_PATTERN, MSG.userIdInvalid);

export const ZSendSmsCodeRequest = z.object({
  phone: ZPhone,
  purpose: ZSmsPurpose.default('register'),
});
export type TSendSmsCodeRequest = z.infer<typeof ZSendSmsCodeRequest>;

/** `send-phone-code` is the reset flow's sender (DESIGN §10). */
export const ZSendPhoneCodeRequest = z.object({ phone: ZPhone });

export const ZVerifySmsCodeRequest = z.object({
  phone: ZPhone,
  code: ZSmsCode,
  purpose: ZSmsPurpose.default('register'),
});

export const ZLoginRequest = z.discriminatedUnion('loginType', [
  z.object({
    loginType: z.literal('phone'),
    phone: ZPhone,
    password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(PASSWORD_MAX_LENGTH, MSG.passwordTooLong),
  }),
  z.object({
    loginType: z.literal('email'),
    email: z.string().optional(),
    password: z.string().optional(),
  }),
], { error: '请选择登录方式' });
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZRegisterRequest = z.object({
  phone: ZPhone,
  password: ZNewPassword,
  verifyCode: ZSmsCode,
  /** Ignored: the server names new accounts from the phone (DESIGN §10). */
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
  currentPassword: z.string({ error: MSG.currentPasswordRequired }).min(1, MSG.currentPasswordRequired).max(PASSWORD_MAX_LENGTH),
  newPassword: z.string({ error: MSG.newPasswordRequired }).min(1, MSG.newPasswordRequired).min(PASSWORD_MIN_LENGTH, MSG.passwordTooShort).max(PASSWORD_MAX_LENGTH, MSG.passwordTooLong),
  /** Ignored: the session names the user. */
  userId: z.unknown().optional(),
});

export const ZUpdatePhoneRequest = z.object({
  phone: ZPhone,
  userId: z.unknown().optional(),
});

export const ZUpdateProfileRequest = z.object({
  avatarUrl: z.string({ error: MSG.avatarInvalid }).min(1, MSG.avatarInvalid),
});

export const ZSyncUserInfoRequest = z.object({
  registrationNumber: z.string().optional(),
  nickname: z.string().optional(),
  avatarUrl: z.string().optional(),
});

export const ZDeactivateRequest = z.object({
  reason: z.enum(DEACTIVATION_REASONS, { error: MSG.reasonRequired }),
  confirmation: z.literal(DEACTIVATION_CONFIRM_WORD, { error: MSG.confirmWordMismatch }),
  password: z.string().nullable().optional(),
});
export type TDeactivateRequest = z.infer<typeof ZDeactivateRequest>;

/** The client-side form rules that go beyond one field. Each returns a Chinese message or null. */
export function checkPasswordChange(current: string, next: string, confirm: string): { field: 'current' | 'next' | 'confirm'; message: string } | null {
  if (!current) return { field: 'current', message: MSG.currentPasswordRequired };
  if (!next) return { field: 'next', message: MSG.newPasswordRequired };
  if (!confirm) return { field: 'confirm', message: MSG.confirmPasswordRequired };
  if (next !== confirm) return { field: 'confirm', message: MSG.passwordMismatch };
  if (next.length < PASSWORD_MIN_LENGTH) return { field: 'next', message: MSG.passwordTooShort };
  return null;
}

/** What the API returns as `data.user` for the signed-in user (DESIGN §6). */
export interface AuthUser {
  id: number;
  internal_id: number;
  registrationNumber: string;
  registration_number: string;
  username: string;
  nickname: string;
  avatar: string;
  avatarUrl: string;
  phone: string | null;
  email: string | null;
  role: 'member' | 'admin';
  bio: string;
  createdAt: string | null;
}

/** Another user's public fields: never a phone or e-mail. */
export interface PublicUser {
  registrationNumber: string;
  username: string;
  nickname: string;
  avatar: string;
  avatarUrl: string;
  bio: string;
  createdAt: string | null;
  isDeactivated: boolean;
}
