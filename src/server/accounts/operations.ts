/**
 * Account operations (docs/spec/accounts-and-people.md §7, docs/architecture.md §10): who may call each, its input, and its
 * answer with the success message. `trpc/routers/auth.ts` only names them.
 */
import { z } from 'zod';
import {
  ZChangePasswordRequest,
  ZDeactivateRequest,
  ZLoginRequest,
  ZRegisterRequest,
  ZRegistrationNumber,
  ZResetPasswordRequest,
  ZSendPhoneCodeRequest,
  ZSendSmsCodeRequest,
  ZSyncUserInfoRequest,
  ZUpdatePhoneRequest,
  ZVerifySmsCodeRequest,
  type PublicUserWithCounts,
} from '../../shared/account-schemas.ts';
import { ZUserRef } from '../../shared/ids.ts';
import { answer, read, write } from '../contract/operation.ts';
import { REST_TAG } from '../contract/rest-tags.ts';
import * as accounts from './service.ts';
import { siteIdentity, testConnection } from '../infrastructure/site.ts';
import { requireUserByRef, toAuthUser, toPublicUser } from './users.ts';
import { countPublicAccountData } from './account-data.ts';
import { ZCodeSent, ZDeactivationStats, ZLoginAnswer, ZPublicUserAnswer, ZUserAnswer, ZUserStats } from '../../shared/outputs/accounts.ts';
import { ZNoData } from '../../shared/outputs/common.ts';
import { ZConnection } from '../../shared/outputs/system.ts';

const M = accounts.ACCOUNT_MSG;
const NONE = z.object({}).optional();

/** debugCode sits at the top level and in data where the codes reach no one: the console provider outside production (docs/architecture.md §10, sms.ts `showsCodes`). */
function codeAnswer(sent: { debugCode?: string }) {
  const debug: { debugCode?: string } = sent.debugCode ? { debugCode: sent.debugCode } : {};
  return answer(debug, { message: M.codeSent });
}
/** On REST `debugCode` also sits beside `data` (docs/architecture.md §10). */
const CODE_OUTPUT = { data: ZCodeSent, restBeside: ['debugCode'] } as const;

export const accountOps = {
  sendSmsCode: write({
    rest: {
      method: 'post',
      path: '/auth/send-sms-code',
      tag: REST_TAG.account,
      summary: '发送短信验证码（注册、找回密码、更换手机号；更换手机号需附 currentPassword）',
      responses: {
        401: '更换手机号（change_phone）需要先登录',
        403: '需要验证当前密码（errorType password_required）',
        429: '发送过于频繁',
        503: '短信未发出（smsError 说明原因：短信服务未配置、模板或签名不可用、发送频率超限、余额不足、号码无法接收、服务暂时不可用）',
      },
    },
    changes: [],
    access: 'public',
    input: ZSendSmsCodeRequest,
    output: CODE_OUTPUT,
    run: async ({ deps, ip, auth }, input) => codeAnswer(await accounts.sendSmsCode(deps, input, { ip, auth })),
  }),
  sendPhoneCode: write({
    rest: {
      method: 'post',
      path: '/auth/send-phone-code',
      tag: REST_TAG.account,
      summary: '发送找回密码验证码',
      responses: { 429: '发送过于频繁', 503: '短信未发出（smsError 说明原因：短信服务未配置、模板或签名不可用、发送频率超限、余额不足、号码无法接收、服务暂时不可用）' },
    },
    changes: [],
    access: 'public',
    input: ZSendPhoneCodeRequest,
    output: CODE_OUTPUT,
    run: async ({ deps, ip }, input) => codeAnswer(await accounts.sendSmsCode(deps, { phone: input.phone, purpose: 'reset' }, { ip })),
  }),
  verifySmsCode: write({
    rest: { method: 'post', path: '/auth/verify-sms-code', tag: REST_TAG.account, summary: '校验短信验证码', responses: { 429: '校验过于频繁' } },
    changes: [],
    access: 'public',
    input: ZVerifySmsCodeRequest,
    output: { data: ZNoData },
    run: async ({ deps, ip }, input) => {
      await accounts.verifySmsCode(deps, input, ip);
      return answer(null, { message: M.codeVerified });
    },
  }),
  register: write({
    rest: { method: 'post', path: '/auth/register', tag: REST_TAG.account, summary: '手机号注册（需要短信验证码）', responses: { 429: '校验过于频繁', 503: '短信服务未配置（smsError）' } },
    changes: [],
    access: 'public',
    input: ZRegisterRequest,
    output: { data: ZUserAnswer, status: 201 },
    run: async ({ deps, ip }, input) => answer({ user: toAuthUser(await accounts.register(deps, input, ip)) }, { message: M.registered, status: 201 }),
  }),
  login: write({
    rest: { method: 'post', path: '/auth/login', tag: REST_TAG.account, summary: '手机号密码登录', responses: { 429: '登录尝试过于频繁' } },
    changes: [],
    access: 'public',
    input: ZLoginRequest,
    output: { data: ZLoginAnswer },
    run: async ({ deps, ip }, input) => {
      const { token, user } = await accounts.login(deps, input, ip);
      return answer({ token, user: toAuthUser(user) }, { message: M.loggedIn });
    },
  }),
  me: read({
    rest: { method: 'get', path: '/auth/me', tag: REST_TAG.account, summary: '当前登录用户' },
    hot: 'session',
    access: 'member',
    input: NONE,
    output: { data: ZUserAnswer },
    run: async ({ user }) => answer({ user: toAuthUser(user) }),
  }),
  logout: write({
    rest: { method: 'post', path: '/auth/logout', tag: REST_TAG.account, summary: '退出登录（结束当前会话）' },
    changes: [],
    access: 'member',
    input: NONE,
    output: { data: ZNoData },
    run: async ({ deps, session }) => {
      await accounts.logout(deps, session);
      return answer(null, { message: M.loggedOut });
    },
  }),
  resetPassword: write({
    rest: {
      method: 'post',
      path: '/auth/reset-password',
      tag: REST_TAG.account,
      summary: '用短信验证码重置密码（结束所有会话）',
      responses: { 429: '校验过于频繁', 503: '短信服务未配置（smsError）' },
    },
    changes: [],
    access: 'public',
    input: ZResetPasswordRequest,
    output: { data: ZNoData },
    run: async ({ deps, ip }, input) => {
      await accounts.resetPassword(deps, input, ip);
      return answer(null, { message: M.passwordReset });
    },
  }),
  changePassword: write({
    rest: { method: 'post', path: '/auth/change-password', tag: REST_TAG.account, summary: '修改密码（结束其他会话）', responses: { 429: '密码错误次数过多，或账号安全操作过于频繁' } },
    changes: [],
    limit: 'passwords',
    access: 'member',
    input: ZChangePasswordRequest,
    output: { data: ZNoData },
    run: async ({ deps, auth }, input) => {
      await accounts.changePassword(deps, auth, input);
      return answer(null, { message: M.passwordChanged });
    },
  }),
  updatePhone: write({
    rest: {
      method: 'post',
      path: '/auth/update-phone',
      tag: REST_TAG.account,
      summary: '更换手机号（先用 change_phone 验证码校验新手机号；需附 currentPassword；通知原手机号，结束其他会话）',
      responses: { 403: '需要验证当前密码（errorType password_required）', 429: '密码错误次数过多，或账号安全操作过于频繁' },
    },
    changes: [],
    limit: 'passwords',
    access: 'member',
    input: ZUpdatePhoneRequest,
    output: { data: ZUserAnswer },
    run: async ({ deps, auth }, input) => answer({ user: toAuthUser(await accounts.updatePhone(deps, auth, input)) }, { message: M.phoneChanged }),
  }),
  /** Returns the server's view of the user; it never renames anyone (docs/architecture.md §10). */
  syncUserInfo: write({
    rest: { method: 'post', path: '/auth/sync-user-info', tag: REST_TAG.account, summary: '取回服务器上的用户信息（不会改名）' },
    changes: [],
    access: 'member',
    input: ZSyncUserInfoRequest.optional(),
    output: { data: ZUserAnswer },
    run: async ({ user }) => answer({ user: toAuthUser(user) }),
  }),
  publicUser: read({
    rest: { method: 'get', path: '/auth/user/:registrationNumber', tag: REST_TAG.account, summary: '用户公开信息', responses: { 404: '用户不存在' } },
    access: 'public',
    // A hunter's public profile, the same for everyone: its name and avatar change with a profile
    // change (every kind), its idea count with the ideas; follower and view counts may be CACHE_TTL_MS late.
    cache: { shows: ['ideas'], members: 'same' },
    input: z.object({ registrationNumber: ZRegistrationNumber }),
    output: { data: ZPublicUserAnswer },
    run: async ({ deps }, input) => {
      const row = await requireUserByRef(deps.db, input.registrationNumber);
      const counts = { ideaCount: 0, viewCount: 0, ...(await countPublicAccountData(deps.accountData, deps.db, row.id)) };
      const user: PublicUserWithCounts = { ...toPublicUser(row), followerCount: row.follower_count, ...counts };
      return answer({ user });
    },
  }),
  stats: read({
    rest: { method: 'get', path: '/users/:id/stats', tag: REST_TAG.account, summary: '账户统计（本人或管理员）', responses: { 403: '不是本人或管理员', 404: '用户不存在' } },
    access: 'member',
    input: z.object({ id: ZUserRef }),
    output: { data: ZUserStats },
    run: async ({ deps, user }, input) => answer(await accounts.userStats(deps, user, input.id)),
  }),
  deactivationStats: read({
    rest: { method: 'get', path: '/users/deactivation-stats', tag: REST_TAG.account, summary: '注销前的账户数据统计' },
    access: 'member',
    input: NONE,
    output: { data: ZDeactivationStats },
    run: async ({ deps, user }) => answer(await accounts.deactivationStats(deps, user)),
  }),
  deactivate: write({
    rest: {
      method: 'post',
      path: '/users/deactivate',
      tag: REST_TAG.account,
      summary: '注销账号（需附 password；结束所有会话，删除个人信息）',
      responses: { 403: '需要验证当前密码（errorType password_required）', 429: '密码错误次数过多，或账号安全操作过于频繁' },
    },
    limit: 'passwords',
    access: 'member',
    input: ZDeactivateRequest,
    output: { data: ZNoData },
    run: async ({ deps, auth }, input) => {
      await accounts.deactivate(deps, auth, input);
      return answer(null, { message: M.deactivated });
    },
  }),
};

export const siteOps = {
  identity: read({ access: 'public', input: NONE, run: async ({ deps }) => answer(siteIdentity(deps)) }),
  testConnection: read({
    rest: { method: 'get', path: '/test-connection', tag: REST_TAG.system, summary: '测试数据库连接' },
    access: 'public',
    input: NONE,
    output: { data: ZConnection, unavailableWithData: true },
    run: async ({ deps }) => {
      const result = await testConnection(deps);
      return answer(result, { message: result.message, status: result.ok ? 200 : 503 });
    },
  }),
};
