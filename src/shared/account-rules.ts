/** Account messages, cross-field form rules and API shapes: no zod, so the client bundle stays small. */
import { BIO_MAX, DEACTIVATION_CONFIRM_WORD, DEACTIVATION_REASON_MAX, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';
import type { z } from 'zod';
import type { ZAuthUser, ZPublicUser, ZPublicUserWithCounts } from './outputs/accounts.ts';

export const MSG = {
  phoneInvalid: '请输入正确的手机号码',
  passwordRequired: '请输入密码',
  passwordTooShort: `密码长度至少${PASSWORD_MIN_LENGTH}位`,
  passwordTooLong: `密码长度不能超过${PASSWORD_MAX_LENGTH}位`,
  passwordMismatch: '两次输入的密码不一致',
  codeInvalid: '请输入6位验证码',
  codeDigitsOnly: '请输入6位数字验证码',
  codeRequired: '请输入验证码',
  testCodeInProduction: '生产环境不允许使用测试验证码，请使用真实验证码',
  agreementRequired: '请阅读并同意用户协议和隐私政策',
  currentPasswordRequired: '请输入当前密码',
  newPasswordRequired: '请输入新密码',
  confirmPasswordRequired: '请确认新密码',
  reasonRequired: '请选择注销原因',
  reasonTooLong: `注销原因不能超过${DEACTIVATION_REASON_MAX}个字`,
  confirmWordMismatch: `请输入“${DEACTIVATION_CONFIRM_WORD}”以确认`,
  avatarInvalid: '请从系统提供的头像中选择',
  bioTooLong: `简介不能超过${BIO_MAX}个字`,
  profileEmpty: '请选择头像或填写简介',
  userIdInvalid: '用户ID格式不正确',
  emailNotOpen: '邮箱登录暂未开放，请使用手机号登录',
} as const;

/**
 * `errorType` of the 403 a sensitive change (phone, deactivation) answers when the session has not
 * seen the password lately: the security dialog then asks for the current password.
 */
export const PASSWORD_REQUIRED_ERROR = 'password_required';

/** The client-side form rules that go beyond one field. Each returns a Chinese message or null. */
export function checkPasswordChange(current: string, next: string, confirm: string): { field: 'current' | 'next' | 'confirm'; message: string } | null {
  if (!current) return { field: 'current', message: MSG.currentPasswordRequired };
  if (!next) return { field: 'next', message: MSG.newPasswordRequired };
  if (!confirm) return { field: 'confirm', message: MSG.confirmPasswordRequired };
  if (next !== confirm) return { field: 'confirm', message: MSG.passwordMismatch };
  if (next.length < PASSWORD_MIN_LENGTH) return { field: 'next', message: MSG.passwordTooShort };
  return null;
}

/** What the API returns as `data.user` for the signed-in user (docs/architecture.md §6). */
export type AuthUser = z.infer<typeof ZAuthUser>;

/** Another user's public fields: never a phone or e-mail. */
export type PublicUser = z.infer<typeof ZPublicUser>;

/** The public user answer (`auth.publicUser`): the user and the counts their profile shows. */
export type PublicUserWithCounts = z.infer<typeof ZPublicUserWithCounts>;
