/**
 * The welcome letter: a member who registers finds exactly one system message saying how the
 * community works (publish an idea card, review before it is public, the 灵感库, the 创意市场),
 * written in the registration's transaction; a registration tried again writes no second one.
 */
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects.ts';
import { freshPhone, registerAndLogin, trpcCall } from '../helpers/api.ts';
import { serveTestApp } from '../helpers/serve.ts';
import { WELCOME_MESSAGE } from '../../src/shared/welcome-message.ts';

describe.each(DIALECTS)('the welcome letter on %s', (dialect) => {
  const app = serveTestApp(dialect);

  const welcomes = (userId: number) => app.deps.db.selectFrom('messages').selectAll().where('user_id', '=', userId).where('title', '=', WELCOME_MESSAGE.title).execute();

  it('arrives once at registration, unread, from the system, on both transports', async () => {
    const member = await registerAndLogin(app);
    const rest = await app.api('GET', '/api/messages', { token: member.token });
    expect(rest.status).toBe(200);
    expect(rest.body.data).toHaveLength(1);
    expect(rest.body.data[0]).toMatchObject({ title: '欢迎来到猎人创意社区', type: 'system', sender: 'system', is_read: false, idea_id: null });
    const text = rest.body.data[0].content as string;
    for (const words of ['您', '发布创意', '审核', '灵感库', '草稿', '收藏', '创意市场']) expect(text).toContain(words);
    expect((await app.api('GET', '/api/messages/unread-count', { token: member.token })).body.count).toBe(1);

    const trpc = await trpcCall(app, 'query', 'messages.list', {}, member.token);
    expect(trpc.body.result.data.data.map((m: { title: string }) => m.title)).toEqual([WELCOME_MESSAGE.title]);
    expect((await trpcCall(app, 'query', 'messages.unreadCount', undefined, member.token)).body.result.data.data.count).toBe(1);
  });

  it('a registration tried again, or refused, writes no second letter', async () => {
    const phone = freshPhone();
    const member = await registerAndLogin(app, phone);
    // The same registration again (a double tap, a retry after a lost answer): refused, nothing written.
    const sent = await app.api('POST', '/api/auth/send-sms-code', { body: { phone, purpose: 'register' } });
    const again = await app.api('POST', '/api/auth/register', { body: { phone, password: 'secret123', verifyCode: sent.body.data?.debugCode ?? '000000' } });
    expect(again.status).toBe(400);
    expect(await welcomes(member.user.id)).toHaveLength(1);
    // A refused one (a wrong code) leaves no account and no letter.
    const count = async () =>
      Number(
        (
          await app.deps.db
            .selectFrom('messages')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('title', '=', WELCOME_MESSAGE.title)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const other = freshPhone();
    await app.api('POST', '/api/auth/send-sms-code', { body: { phone: other, purpose: 'register' } });
    expect((await app.api('POST', '/api/auth/register', { body: { phone: other, password: 'secret123', verifyCode: '999999' } })).status).toBe(400);
    expect(await count()).toBe(before);
  });

  it('a member who reads it and registers no more gets no other; a new account on a freed phone gets its own', async () => {
    const member = await registerAndLogin(app);
    expect((await app.api('PUT', '/api/messages/read-all', { token: member.token })).status).toBe(200);
    expect((await app.api('GET', '/api/messages/unread-count', { token: member.token })).body.count).toBe(0);
    // Logging in again is no registration.
    expect((await app.api('POST', '/api/auth/login', { body: { loginType: 'phone', phone: member.phone, password: member.password } })).status).toBe(200);
    expect(await welcomes(member.user.id)).toHaveLength(1);
    expect((await app.api('POST', '/api/users/deactivate', { token: member.token, body: { reason: '换个账号', password: member.password } })).status).toBe(200);
    const next = await registerAndLogin(app, member.phone);
    expect(next.user.id).not.toBe(member.user.id);
    expect(await welcomes(next.user.id)).toHaveLength(1);
  });
});
