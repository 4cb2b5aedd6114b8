/** Account paths of docs/spec/accounts-and-people.md §7, for scripts. */
import { accountOps as op, siteOps } from '../accounts/operations.ts';
import { route } from './route.ts';

const TAG = '账户';

export const authRoutes = [
  route('get', '/test-connection', siteOps.testConnection, { tag: '系统', summary: '测试数据库连接' }),
  route('post', '/auth/send-sms-code', op.sendSmsCode, { tag: TAG, summary: '发送短信验证码（注册、找回密码、更换手机号；更换手机号需附 currentPassword）', responses: { 401: '更换手机号（change_phone）需要先登录', 403: '需要验证当前密码（errorType password_required）', 429: '发送过于频繁', 503: '短信未发出（smsError 说明原因：短信服务未配置、模板或签名不可用、发送频率超限、余额不足、号码无法接收、服务暂时不可用）' } }),
  route('post', '/auth/send-phone-code', op.sendPhoneCode, { tag: TAG, summary: '发送找回密码验证码', responses: { 429: '发送过于频繁', 503: '短信未发出（smsError 说明原因：短信服务未配置、模板或签名不可用、发送频率超限、余额不足、号码无法接收、服务暂时不可用）' } }),
  route('post', '/auth/verify-sms-code', op.verifySmsCode, { tag: TAG, summary: '校验短信验证码', responses: { 429: '校验过于频繁' } }),
  route('post', '/auth/register', op.register, { tag: TAG, summary: '手机号注册（需要短信验证码）', responses: { 429: '校验过于频繁', 503: '短信服务未配置（smsError）' } }),
  route('post', '/auth/login', op.login, { tag: TAG, summary: '手机号密码登录', responses: { 429: '登录尝试过于频繁' } }),
  route('get', '/auth/me', op.me, { tag: TAG, summary: '当前登录用户' }),
  route('post', '/auth/logout', op.logout, { tag: TAG, summary: '退出登录（结束当前会话）' }),
  route('post', '/auth/reset-password', op.resetPassword, { tag: TAG, summary: '用短信验证码重置密码（结束所有会话）', responses: { 429: '校验过于频繁', 503: '短信服务未配置（smsError）' } }),
  route('post', '/auth/change-password', op.changePassword, { tag: TAG, summary: '修改密码（结束其他会话）', responses: { 429: '密码错误次数过多，或账号安全操作过于频繁' } }),
  route('post', '/auth/update-phone', op.updatePhone, { tag: TAG, summary: '更换手机号（先用 change_phone 验证码校验新手机号；需附 currentPassword；通知原手机号，结束其他会话）', responses: { 403: '需要验证当前密码（errorType password_required）', 429: '密码错误次数过多，或账号安全操作过于频繁' } }),
  route('put', '/auth/profile', op.updateProfile, { tag: TAG, summary: '更换头像（5 个预设之一）' }),
  route('post', '/auth/sync-user-info', op.syncUserInfo, { tag: TAG, summary: '取回服务器上的用户信息（不会改名）' }),
  route('get', '/auth/user/:registrationNumber', op.publicUser, { tag: TAG, summary: '用户公开信息', responses: { 404: '用户不存在' } }),
  route('get', '/users/deactivation-stats', op.deactivationStats, { tag: TAG, summary: '注销前的账户数据统计' }),
  route('get', '/users/:id/stats', op.stats, { tag: TAG, summary: '账户统计（本人或管理员）', responses: { 403: '不是本人或管理员', 404: '用户不存在' } }),
  route('post', '/users/deactivate', op.deactivate, { tag: TAG, summary: '注销账号（需附 password；结束所有会话，删除个人信息）', responses: { 403: '需要验证当前密码（errorType password_required）', 429: '密码错误次数过多，或账号安全操作过于频繁' } }),
];
