/** The app's own API (tRPC over HTTP, as the browser calls it): same services, errors in Chinese. */
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects.ts';
import { freshPhone, registerAndLogin, trpcCall } from '../helpers/api.ts';
import { serveTestApp } from '../helpers/serve.ts';

describe.each(DIALECTS)('tRPC over HTTP on %s', (dialect) => {
  const app = serveTestApp(dialect, { rateLimits: { smsPerPhoneIntervalSeconds: 60 } });

  const call = (kind: 'query' | 'mutation', procedure: string, input?: unknown, token?: string) => trpcCall(app, kind, procedure, input, token);

  it('gives the first field’s Chinese message and the field errors for bad input', async () => {
    const res = await call('mutation', 'auth.login', { loginType: 'phone', phone: '123', password: '' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('请输入正确的手机号码');
    expect(res.body.error.data.zodError.fieldErrors).toMatchObject({ phone: ['请输入正确的手机号码'], password: ['请输入密码'] });
    expect(JSON.stringify(res.body)).not.toContain('stack');
  });

  it('tells “not logged in” from “session expired” with 401', async () => {
    const none = await call('query', 'auth.me');
    expect(none.status).toBe(401);
    expect(none.body.error.message).toBe('请先登录');
    const stale = await call('query', 'auth.me', undefined, 'abc.def');
    expect(stale.status).toBe(401);
    expect(stale.body.error.message).toBe('登录已过期，请重新登录');
  });

  it('flags a dead token on public answers too (tRPC and REST), so every page forgets it', async () => {
    const member = await registerAndLogin(app);
    const live = await call('query', 'ideas.hot', undefined, member.token);
    expect(live.status).toBe(200);
    expect(live.headers.get('x-session-expired')).toBeNull();
    await app.api('POST', '/api/auth/logout', { token: member.token });
    const afterLogout = await call('query', 'ideas.hot', undefined, member.token);
    expect(afterLogout.status).toBe(200);
    expect(afterLogout.headers.get('x-session-expired')).toBe('1');
    const rest = await app.api('GET', '/api/ideas/guest', { token: member.token });
    expect(rest.status).toBe(200);
    expect(rest.headers.get('x-session-expired')).toBe('1');
    expect((await app.api('GET', '/api/ideas/guest')).headers.get('x-session-expired')).toBeNull();
  });

  it('maps service errors to their status, Retry-After included', async () => {
    const missing = await call('query', 'ideas.byId', { id: 999999 });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('创意不存在或已被删除');
    expect(missing.body.error.data.httpStatus).toBe(404);

    const phone = freshPhone();
    expect((await call('mutation', 'auth.sendSmsCode', { phone, purpose: 'register' })).status).toBe(200);
    const again = await call('mutation', 'auth.sendSmsCode', { phone, purpose: 'register' });
    expect(again.status).toBe(429);
    expect(again.body.error.message).toBe('验证码发送过于频繁，请稍后再试');
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('carries errorType and duplicateInfo for the editor, and 410 as httpStatus', async () => {
    const member = await registerAndLogin(app);
    const body = { title: '用 tRPC 发布的创意', description: '同样的服务、同样的规则', status: 'published' as const };
    const first = await call('mutation', 'ideas.create', body, member.token);
    expect(first.status).toBe(200);
    const copy = await call('mutation', 'ideas.create', body, member.token);
    expect(copy.status).toBe(409);
    expect(copy.body.error.data.extra).toMatchObject({ errorType: 'duplicate_content', duplicateInfo: { type: 'exact' } });

    const id = first.body.result.data.data.id;
    await call('mutation', 'ideas.remove', { id }, member.token);
    await app.deps.db.updateTable('ideas').set({ deleted_at: '2020-01-01 00:00:00.000' }).where('id', '=', id).execute();
    const expired = await call('mutation', 'ideas.restore', { id }, member.token);
    expect(expired.body.error.data.httpStatus).toBe(410);
    expect(expired.body.error.message).toBe('已超过7天恢复期限，无法恢复');
  });

  it('keeps the review queue to admins', async () => {
    const member = await registerAndLogin(app);
    const res = await call('query', 'admin.reviewQueue', undefined, member.token);
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('仅管理员可以访问');
    await app.makeAdmin(member.user.id);
    expect((await call('query', 'admin.reviewQueue', undefined, member.token)).status).toBe(200);
  });
});
