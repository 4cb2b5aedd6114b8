/** Account paths of accounts-and-people §7, for scripts. Same schemas and services as the tRPC router. */
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
  ZUpdateProfileRequest,
  ZVerifySmsCodeRequest,
} from '../../shared/account-schemas.ts';
import * as accounts from '../services/accounts.ts';
import { testConnection } from '../services/site.ts';
import { requireUserByRef, toAuthUser, toPublicUser } from '../services/users.ts';
import { defineRoute, member, reply } from './route.ts';

const M = accounts.ACCOUNT_MSG;
const TAG = '账户';

/** debugCode sits at the top level and in data outside production (DESIGN §10). */
function codeReply(sent: { debugCode?: string }) {
  return reply(sent.debugCode ? { debugCode: sent.debugCode } : {}, { message: M.codeSent, extra: sent.debugCode ? { debugCode: sent.debugCode } : {} });
}

export const authRoutes = [
  defineRoute({
    method: 'get', path: '/test-connection', tag: '系统', access: 'public', summary: '测试数据库连接',
    handler: async ({ deps }) => {
      const result = await testConnection(deps);
      return reply(result, { message: result.message, status: result.ok ? 200 : 503 });
    },
  }),
  defineRoute({
    method: 'post', path: '/auth/send-sms-code', tag: TAG, access: 'public', summary: '发送短信验证码（注册、找回密码、更换手机号）',
    body: ZSendSmsCodeRequest, responses: { 429: '发送过于频繁' },
    handler: async ({ deps, body, ip, auth }) => codeReply(await accounts.sendSmsCode(deps, body, { ip, user: auth?.user })),
  }),
  defineRoute({
    method: 'post', path: '/auth/send-phone-code', tag: TAG, access: 'public', summary: '发送找回密码验证码',
    body: ZSendPhoneCodeRequest, responses: { 429: '发送过于频繁' },
    handler: async ({ deps, body, ip }) => codeReply(await accounts.sendSmsCode(deps, { phone: body.phone, purpose: 'reset' }, { ip })),
  }),
  defineRoute({
    method: 'post', path: '/auth/verify-sms-code', tag: TAG, access: 'public', summary: '校验短信验证码',
    body: ZVerifySmsCodeRequest,
    handler: async ({ deps, body, ip }) => {
      await accounts.verifySmsCode(deps, body, ip);
      return reply(null, { message: M.codeVerified });
    },
  }),
  defineRoute({
    method: 'post', path: '/auth/register', tag: TAG, access: 'public', summary: '手机号注册（需要短信验证码）',
    body: ZRegisterRequest,
    handler: async ({ deps, body, ip }) => reply({ user: toAuthUser(await accounts.register(deps, body, ip)) }, { message: M.registered, status: 201 }),
  }),
  defineRoute({
    method: 'post', path: '/auth/login', tag: TAG, access: 'public', summary: '手机号密码登录',
    body: ZLoginRequest, responses: { 429: '登录尝试过于频繁' },
    handler: async ({ deps, body, ip }) => {
      const { token, user } = await accounts.login(deps, body, ip);
      return reply({ token, user: toAuthUser(user) }, { message: M.loggedIn });
    },
  }),
  defineRoute({
    method: 'get', path: '/auth/me', tag: TAG, access: 'member', summary: '当前登录用户',
    handler: async (call) => reply({ user: toAuthUser(member(call).user) }),
  }),
  defineRoute({
    method: 'post', path: '/auth/logout', tag: TAG, access: 'member', summary: '退出登录（结束当前会话）',
    handler: async (call) => {
      await accounts.logout(call.deps, member(call).session);
      return reply(null, { message: M.loggedOut });
    },
  }),
  defineRoute({
    method: 'post', path: '/auth/reset-password', tag: TAG, access: 'public', summary: '用短信验证码重置密码（结束所有会话）',
    body: ZResetPasswordRequest,
    handler: async ({ deps, body, ip }) => {
      await accounts.resetPassword(deps, body, ip);
      return reply(null, { message: M.passwordReset });
    },
  }),
  defineRoute({
    method: 'post', path: '/auth/change-password', tag: TAG, access: 'member', summary: '修改密码（结束其他会话）',
    body: ZChangePasswordRequest,
    handler: async (call) => {
      await accounts.changePassword(call.deps, member(call), call.body);
      return reply(null, { message: M.passwordChanged });
    },
  }),
  defineRoute({
    method: 'post', path: '/auth/update-phone', tag: TAG, access: 'member', summary: '更换手机号（先用 change_phone 验证码校验新手机号）',
    body: ZUpdatePhoneRequest,
    handler: async (call) => reply({ user: toAuthUser(await accounts.updatePhone(call.deps, member(call), call.body.phone)) }, { message: M.phoneChanged }),
  }),
  defineRoute({
    method: 'put', path: '/auth/profile', tag: TAG, access: 'member', summary: '更换头像（5 个预设之一）',
    body: ZUpdateProfileRequest,
    handler: async (call) => reply({ user: toAuthUser(await accounts.updateAvatar(call.deps, member(call).user, call.body.avatarUrl)) }, { message: M.profileUpdated }),
  }),
  defineRoute({
    method: 'post', path: '/auth/sync-user-info', tag: TAG, access: 'member', summary: '取回服务器上的用户信息（不会改名）',
    body: ZSyncUserInfoRequest,
    handler: async (call) => reply({ user: toAuthUser(member(call).user) }),
  }),
  defineRoute({
    method: 'get', path: '/auth/user/:registrationNumber', tag: TAG, access: 'public', summary: '用户公开信息',
    params: z.object({ registrationNumber: ZRegistrationNumber }),
    handler: async ({ deps, params }) => reply({ user: toPublicUser(await requireUserByRef(deps.db, params.registrationNumber)) }),
  }),
  defineRoute({
    method: 'get', path: '/users/deactivation-stats', tag: TAG, access: 'member', summary: '注销前的账户数据统计',
    handler: async (call) => reply(await accounts.deactivationStats(call.deps, member(call).user)),
  }),
  defineRoute({
    method: 'get', path: '/users/:id/stats', tag: TAG, access: 'member', summary: '账户统计（本人或管理员）',
    params: z.object({ id: z.string().min(1) }),
    handler: async (call) => reply(await accounts.userStats(call.deps, member(call).user, call.params.id)),
  }),
  defineRoute({
    method: 'post', path: '/users/deactivate', tag: TAG, access: 'member', summary: '注销账号（结束所有会话，删除个人信息）',
    body: ZDeactivateRequest,
    handler: async (call) => {
      await accounts.deactivate(call.deps, member(call).user, call.body);
      return reply(null, { message: M.deactivated });
    },
  }),
];
