/**
 * Accounts' guards: sessions that end (idle, too old, phone change), SMS codes that serve once and
 * expire, the login lockout and the SMS cap, wrong current passwords, deactivation's payload, the
 * SMS provider failing, and the test code 123456.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbTimeAgo, dbTimeAhead } from '../../db/time.ts';
import { DEACTIVATION_CONFIRM_WORD, DEACTIVATION_REASONS } from '../../src/shared/constants.ts';
import type { SmsProvider } from '../../src/server/accounts/sms.ts';
import type { DialectName } from '../../db/connection.ts';
import { DIALECTS } from '../helpers/dialects.ts';
import { freshPhone, registerAndLogin, startTestApp, type TestApp, trpcCall } from '../helpers/api.ts';
import { serveTestApp } from '../helpers/serve.ts';
import { uniqueIdea } from '../helpers/idea-bodies.ts';

const DAY = 24 * 3600 * 1000;
const MINUTE = 60 * 1000;
const CHINESE = /[\u4e00-\u9fff]/;

const sessionId = (token: string) => token.split('.')[0];

/** Like startTestApp, with an SMS provider that fails once `failing` is set. */
async function startAppWithFlakySms(dialect: DialectName) {
  const state = { failing: false };
  const sms: SmsProvider = {
    name: 'flaky',
    // Like the console provider outside production: the tests read debugCode.
    showsCodes: true,
    async send() {
      if (state.failing) throw new Error('gateway down: connect ECONNREFUSED 10.0.0.1:443');
    },
    async notify() {},
  };
  const app = await startTestApp(dialect, { sms });
  const post = async (p: string, body: unknown) => {
    const res = await fetch(app.url + p, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const text = await res.text();
    return { status: res.status, text, body: JSON.parse(text) };
  };
  return { state, deps: app.deps, post, close: () => app.close() };
}

describe.each(DIALECTS)('sessions and SMS codes on %s', (dialect) => {
  const app = serveTestApp(dialect, { moderation: 'auto', sessionInactivityDays: 30, sessionMaxAgeDays: 90 });
  beforeAll(async () => {
    // Two members registered before the tests, as on a site in use.
    await registerAndLogin(app);
    await registerAndLogin(app);
  });

  it('3. a phone change ends the member’s other sessions and keeps the current one', async () => {
    const u = await registerAndLogin(app);
    const second = (await app.api('POST', '/api/auth/login', { body: { loginType: 'phone', phone: u.phone, password: u.password } })).body.data.token as string;
    expect((await app.api('GET', '/api/auth/me', { token: second })).status).toBe(200);

    const newPhone = freshPhone();
    const sent = await app.api('POST', '/api/auth/send-sms-code', { token: u.token, body: { phone: newPhone, purpose: 'change_phone', currentPassword: u.password } });
    expect(sent.status).toBe(200);
    expect((await app.api('POST', '/api/auth/verify-sms-code', { body: { phone: newPhone, code: sent.body.debugCode, purpose: 'change_phone' } })).status).toBe(200);
    expect((await app.api('POST', '/api/auth/update-phone', { token: u.token, body: { phone: newPhone, currentPassword: u.password } })).status).toBe(200);

    const other = await app.api('GET', '/api/auth/me', { token: second });
    expect(other.status).toBe(401);
    const current = await app.api('GET', '/api/auth/me', { token: u.token });
    expect(current.status).toBe(200);
    expect(current.body.data.user.phone).toBe(newPhone);
  });

  it('4. a session ends after 30 days without use, and one used 29 days ago still works', async () => {
    const u = await registerAndLogin(app);
    const fresh = (await app.api('POST', '/api/auth/login', { body: { loginType: 'phone', phone: u.phone, password: u.password } })).body.data.token as string;

    await app.deps.db
      .updateTable('sessions')
      .set({ last_active_at: dbTimeAgo(29 * DAY) })
      .where('id', '=', sessionId(fresh))
      .execute();
    expect((await app.api('GET', '/api/auth/me', { token: fresh })).status).toBe(200);

    await app.deps.db
      .updateTable('sessions')
      .set({ last_active_at: dbTimeAgo(31 * DAY) })
      .where('id', '=', sessionId(u.token))
      .execute();
    const stale = await app.api('GET', '/api/auth/me', { token: u.token });
    expect(stale.status).toBe(401);
    expect(stale.body.success).toBe(false);
    // Over tRPC too, with the “expired” wording.
    const staleTrpc = await trpcCall(app, 'query', 'auth.me', undefined, u.token);
    expect(staleTrpc.status).toBe(401);
  });

  it('4. a session ends 90 days after login even when used every day; at 89 days it still works', async () => {
    const u = await registerAndLogin(app);
    const young = (await app.api('POST', '/api/auth/login', { body: { loginType: 'phone', phone: u.phone, password: u.password } })).body.data.token as string;

    await app.deps.db
      .updateTable('sessions')
      .set({ created_at: dbTimeAgo(89 * DAY), last_active_at: dbTimeAgo(MINUTE) })
      .where('id', '=', sessionId(young))
      .execute();
    expect((await app.api('GET', '/api/auth/me', { token: young })).status).toBe(200);

    await app.deps.db
      .updateTable('sessions')
      .set({ created_at: dbTimeAgo(91 * DAY), last_active_at: dbTimeAgo(MINUTE) })
      .where('id', '=', sessionId(u.token))
      .execute();
    expect((await app.api('GET', '/api/auth/me', { token: u.token })).status).toBe(401);
    expect((await app.api('POST', '/api/ideas', { token: u.token, body: uniqueIdea({ status: 'draft' }) })).status).toBe(401);
  });

  it('7. a register code is single use: after the account is deactivated the phone is free but the old code is refused', async () => {
    const phone = freshPhone();
    const code = (await app.api('POST', '/api/auth/send-sms-code', { body: { phone, purpose: 'register' } })).body.debugCode as string;
    expect((await app.api('POST', '/api/auth/register', { body: { phone, password: 'secret123', verifyCode: code } })).status).toBe(201);
    const token = (await app.api('POST', '/api/auth/login', { body: { loginType: 'phone', phone, password: 'secret123' } })).body.data.token;
    const gone = await app.api('POST', '/api/users/deactivate', { token, body: { reason: DEACTIVATION_REASONS[0], confirmation: DEACTIVATION_CONFIRM_WORD, password: 'secret123' } });
    expect(gone.status).toBe(200);

    const reuse = await app.api('POST', '/api/auth/register', { body: { phone, password: 'secret123', verifyCode: code } });
    expect(reuse.status).toBe(400);
    expect(reuse.body.message).toBe('验证码错误或已过期');
    // The phone itself is free: a new code registers it.
    const fresh = (await app.api('POST', '/api/auth/send-sms-code', { body: { phone, purpose: 'register' } })).body.debugCode as string;
    expect((await app.api('POST', '/api/auth/register', { body: { phone, password: 'secret123', verifyCode: fresh } })).status).toBe(201);
  });

  it('7. a reset code is single use', async () => {
    const u = await registerAndLogin(app);
    const code = (await app.api('POST', '/api/auth/send-phone-code', { body: { phone: u.phone } })).body.debugCode as string;
    expect((await app.api('POST', '/api/auth/reset-password', { body: { phone: u.phone, code, newPassword: 'firstnew1' } })).status).toBe(200);
    const again = await app.api('POST', '/api/auth/reset-password', { body: { phone: u.phone, code, newPassword: 'secondnew2' } });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('验证码错误或已过期');
    expect((await app.api('POST', '/api/auth/login', { body: { loginType: 'phone', phone: u.phone, password: 'secondnew2' } })).status).toBe(400);
    expect((await app.api('POST', '/api/auth/login', { body: { loginType: 'phone', phone: u.phone, password: 'firstnew1' } })).status).toBe(200);
  });

  async function issue(phone: string, purpose: 'register' | 'change_phone', member?: { token: string; password: string }) {
    const sent = await app.api('POST', '/api/auth/send-sms-code', { token: member?.token, body: { phone, purpose, currentPassword: member?.password } });
    expect(sent.status).toBe(200);
    const row = await app.deps.db.selectFrom('sms_codes').select('id').where('phone', '=', phone).orderBy('id', 'desc').executeTakeFirstOrThrow();
    return { code: sent.body.debugCode as string, id: row.id };
  }

  it('8. a register code older than 10 minutes is refused; one 9 minutes old works', async () => {
    // Only created_at moved: the 10 minutes count from issue, whatever expires_at says.
    const a = freshPhone();
    const oldA = await issue(a, 'register');
    await app.deps.db
      .updateTable('sms_codes')
      .set({ created_at: dbTimeAgo(11 * MINUTE) })
      .where('id', '=', oldA.id)
      .execute();
    const refusedA = await app.api('POST', '/api/auth/register', { body: { phone: a, password: 'secret123', verifyCode: oldA.code } });
    expect(refusedA.status).toBe(400);
    expect(refusedA.body.message).toBe('验证码错误或已过期');

    // A consistent row, issued 11 minutes ago.
    const b = freshPhone();
    const oldB = await issue(b, 'register');
    await app.deps.db
      .updateTable('sms_codes')
      .set({ created_at: dbTimeAgo(11 * MINUTE), expires_at: dbTimeAgo(MINUTE) })
      .where('id', '=', oldB.id)
      .execute();
    expect((await app.api('POST', '/api/auth/register', { body: { phone: b, password: 'secret123', verifyCode: oldB.code } })).status).toBe(400);

    const c = freshPhone();
    const young = await issue(c, 'register');
    await app.deps.db
      .updateTable('sms_codes')
      .set({ created_at: dbTimeAgo(9 * MINUTE), expires_at: dbTimeAhead(MINUTE) })
      .where('id', '=', young.id)
      .execute();
    expect((await app.api('POST', '/api/auth/register', { body: { phone: c, password: 'secret123', verifyCode: young.code } })).status).toBe(201);
  });

  it('8. verify-sms-code refuses a code older than 10 minutes, for register and change_phone', async () => {
    const a = freshPhone();
    const old = await issue(a, 'register');
    await app.deps.db
      .updateTable('sms_codes')
      .set({ created_at: dbTimeAgo(11 * MINUTE) })
      .where('id', '=', old.id)
      .execute();
    const refused = await app.api('POST', '/api/auth/verify-sms-code', { body: { phone: a, code: old.code, purpose: 'register' } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('验证码错误或已过期');

    const u = await registerAndLogin(app);
    const x = freshPhone();
    const change = await issue(x, 'change_phone', u);
    await app.deps.db
      .updateTable('sms_codes')
      .set({ created_at: dbTimeAgo(11 * MINUTE), expires_at: dbTimeAgo(MINUTE) })
      .where('id', '=', change.id)
      .execute();
    expect((await app.api('POST', '/api/auth/verify-sms-code', { body: { phone: x, code: change.code, purpose: 'change_phone' } })).status).toBe(400);
    expect((await app.api('POST', '/api/auth/update-phone', { token: u.token, body: { phone: x, currentPassword: u.password } })).status).toBe(400);

    const b = freshPhone();
    const young = await issue(b, 'register');
    await app.deps.db
      .updateTable('sms_codes')
      .set({ created_at: dbTimeAgo(9 * MINUTE), expires_at: dbTimeAhead(MINUTE) })
      .where('id', '=', young.id)
      .execute();
    expect((await app.api('POST', '/api/auth/verify-sms-code', { body: { phone: b, code: young.code, purpose: 'register' } })).status).toBe(200);
  });

  it('9. a verified change_phone code serves once: moving back to a phone whose code is used is refused', async () => {
    const u = await registerAndLogin(app);
    const x = freshPhone();
    const y = freshPhone();
    const cx = await issue(x, 'change_phone', u);
    expect((await app.api('POST', '/api/auth/verify-sms-code', { body: { phone: x, code: cx.code, purpose: 'change_phone' } })).status).toBe(200);
    expect((await app.api('POST', '/api/auth/update-phone', { token: u.token, body: { phone: x, currentPassword: u.password } })).status).toBe(200);
    const cy = await issue(y, 'change_phone', u);
    expect((await app.api('POST', '/api/auth/verify-sms-code', { body: { phone: y, code: cy.code, purpose: 'change_phone' } })).status).toBe(200);
    expect((await app.api('POST', '/api/auth/update-phone', { token: u.token, body: { phone: y, currentPassword: u.password } })).status).toBe(200);

    // x is free again, and it did have a code: verified by this member, minutes ago, but used.
    const back = await app.api('POST', '/api/auth/update-phone', { token: u.token, body: { phone: x, currentPassword: u.password } });
    expect(back.status).toBe(400);
    expect(back.body.message).toBe('请先验证新手机号的验证码');
    expect((await app.api('GET', '/api/auth/me', { token: u.token })).body.data.user.phone).toBe(y);
    // Over tRPC too.
    expect((await trpcCall(app, 'mutation', 'auth.updatePhone', { phone: x, currentPassword: u.password }, u.token)).status).toBe(400);
  });
});

describe.each(DIALECTS)('regressions: login lockout and SMS cap on %s', (dialect) => {
  const app = serveTestApp(dialect, { rateLimits: { loginFailuresPerPhoneAndIpPerHour: 3, smsPerPhonePerDay: 2, smsPerPhoneIntervalSeconds: 0 } });

  it('5. after 3 wrong passwords the right one is refused with 429 and Retry-After; another phone is unaffected', async () => {
    // Registered before the first one's failures, while both phones still have SMS left today.
    const victim = await registerAndLogin(app);
    const bystander = await registerAndLogin(app);
    for (let i = 0; i < 3; i++) {
      const wrong = await app.api('POST', '/api/auth/login', { body: { loginType: 'phone', phone: victim.phone, password: `wrong-${i}-pass` } });
      expect(wrong.status).toBe(400);
    }
    const right = await app.api('POST', '/api/auth/login', { body: { loginType: 'phone', phone: victim.phone, password: victim.password } });
    expect(right.status).toBe(429);
    expect(right.body.success).toBe(false);
    expect(right.body.message).toBe('该手机号登录失败次数过多，请稍后再试或找回密码');
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(right.body.data?.token).toBeUndefined();

    const other = await app.api('POST', '/api/auth/login', { body: { loginType: 'phone', phone: bystander.phone, password: bystander.password } });
    expect(other.status).toBe(200);
    expect(other.body.data.token).toBeTruthy();
  });

  it('6. the third SMS of the day to one phone is 429 with Retry-After and issues no code', async () => {
    const phone = freshPhone();
    const first = await app.api('POST', '/api/auth/send-sms-code', { body: { phone, purpose: 'register' } });
    const second = await app.api('POST', '/api/auth/send-sms-code', { body: { phone, purpose: 'register' } });
    expect([first.status, second.status]).toEqual([200, 200]);
    const third = await app.api('POST', '/api/auth/send-sms-code', { body: { phone, purpose: 'register' } });
    expect(third.status).toBe(429);
    expect(third.body.message).toBe('今日验证码发送次数已达上限，请明天再试');
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(third.body.debugCode).toBeUndefined();
    expect(JSON.stringify(third.body)).not.toMatch(/\d{6}/);
    const issued = await app.deps.db
      .selectFrom('sms_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow();
    expect(Number(issued.n)).toBe(2);
    // The second code is still the live one.
    expect((await app.api('POST', '/api/auth/register', { body: { phone, password: 'secret123', verifyCode: second.body.debugCode } })).status).toBe(201);
    // Another phone still gets its code.
    expect((await app.api('POST', '/api/auth/send-sms-code', { body: { phone: freshPhone(), purpose: 'register' } })).status).toBe(200);
  });
});

describe.each(DIALECTS)('b. wrong current passwords are limited per user on %s', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect, { rateLimits: { passwordChecksPerUserPerHour: 5 } });
  });
  afterAll(async () => {
    await app?.close();
  });

  const wrongChange = (token: string) => app.api('POST', '/api/auth/change-password', { token, body: { currentPassword: 'not-my-password', newPassword: 'another123' } });

  it('answers the 6th wrong change-password with 429 and Retry-After', async () => {
    const u = await registerAndLogin(app);
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof wrongChange>> | undefined;
    for (let i = 0; i < 40; i++) {
      const res = await wrongChange(u.token);
      statuses.push(res.status);
      if (res.status === 429) {
        limited = res;
        break;
      }
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited!.body.success).toBe(false);
    expect(limited!.body.message).toMatch(CHINESE);
    // Another member is not affected.
    const other = await registerAndLogin(app);
    expect((await wrongChange(other.token)).status).toBe(400);
  });

  it('counts wrong passwords on deactivate and tRPC auth.changePassword on the same counter', async () => {
    const u = await registerAndLogin(app);
    const statuses: number[] = [];
    for (let i = 0; i < 2; i++) statuses.push((await wrongChange(u.token)).status);
    for (let i = 0; i < 2; i++) {
      const res = await app.api('POST', '/api/users/deactivate', { token: u.token, body: { reason: DEACTIVATION_REASONS[0], confirmation: DEACTIVATION_CONFIRM_WORD, password: 'not-my-password' } });
      statuses.push(res.status);
    }
    statuses.push((await trpcCall(app, 'mutation', 'auth.changePassword', { currentPassword: 'not-my-password', newPassword: 'another123' }, u.token)).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400]);

    const sixth = await trpcCall(app, 'mutation', 'auth.changePassword', { currentPassword: 'not-my-password', newPassword: 'another123' }, u.token);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    const deact = await app.api('POST', '/api/users/deactivate', { token: u.token, body: { reason: DEACTIVATION_REASONS[0], confirmation: DEACTIVATION_CONFIRM_WORD, password: 'not-my-password' } });
    expect(deact.status).toBe(429);
    expect(Number(deact.headers.get('retry-after'))).toBeGreaterThan(0);
    // The account was not deactivated by any of this.
    expect((await app.api('GET', '/api/auth/me', { token: u.token })).status).toBe(200);
  });
});

describe.each(DIALECTS)('h. deactivation with the spec’s payload on %s', (dialect) => {
  const app = serveTestApp(dialect);

  it('takes { reason: free text, password }, refuses a long reason and a wrong password', async () => {
    const u = await registerAndLogin(app);
    const long = await app.api('POST', '/api/users/deactivate', { token: u.token, body: { reason: '长'.repeat(201), password: u.password } });
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(CHINESE);
    const wrong = await app.api('POST', '/api/users/deactivate', { token: u.token, body: { reason: '任意原因文字', password: 'not-my-password' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(CHINESE);
    expect((await app.api('GET', '/api/auth/me', { token: u.token })).status).toBe(200);

    const ok = await app.api('POST', '/api/users/deactivate', { token: u.token, body: { reason: '任意原因文字', password: u.password } });
    expect(ok.status).toBe(200);
    expect(ok.body.success).toBe(true);
    expect((await app.api('GET', '/api/auth/me', { token: u.token })).status).toBe(401);
    const row = await app.deps.db.selectFrom('users').select(['status', 'deactivation_reason']).where('id', '=', u.user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'deactivated', deactivation_reason: '任意原因文字' });
  });

  it('takes a reason of exactly 200 characters', async () => {
    const u = await registerAndLogin(app);
    const ok = await app.api('POST', '/api/users/deactivate', { token: u.token, body: { reason: '因'.repeat(200), password: u.password } });
    expect(ok.status).toBe(200);
  });
});

describe.each(DIALECTS)('i. send-phone-code when the SMS provider fails on %s', (dialect) => {
  it('answers 5xx with success:false and a Chinese smsError, no stack', async () => {
    const app = await startAppWithFlakySms(dialect);
    const originalError = console.error;
    try {
      const phone = freshPhone();
      const sent = await app.post('/api/auth/send-sms-code', { phone, purpose: 'register' });
      expect(sent.status).toBe(200);
      expect((await app.post('/api/auth/register', { phone, password: 'secret123', verifyCode: sent.body.debugCode })).status).toBe(201);

      app.state.failing = true;
      console.error = () => {};
      const res = await app.post('/api/auth/send-phone-code', { phone });
      expect(res.status).toBeGreaterThanOrEqual(500);
      expect(res.status).toBeLessThan(600);
      expect(res.body.success).toBe(false);
      expect(typeof res.body.smsError).toBe('string');
      expect(res.body.smsError).toMatch(CHINESE);
      expect(res.body.debugCode).toBeUndefined();
      for (const leak of ['gateway down', 'ECONNREFUSED', 'at ', 'stack', '.ts']) expect(res.text).not.toContain(leak);
    } finally {
      console.error = originalError;
      await app.close();
    }
  });
});

describe.each(DIALECTS)('j. the test code 123456 on %s', (dialect) => {
  it('registers with 123456 outside production once a code was requested, and not without one', async () => {
    const app = await startTestApp(dialect, { production: false });
    try {
      const phone = freshPhone();
      expect((await app.api('POST', '/api/auth/send-sms-code', { body: { phone, purpose: 'register' } })).status).toBe(200);
      const reg = await app.api('POST', '/api/auth/register', { body: { phone, password: 'secret123', verifyCode: '123456' } });
      expect(reg.status).toBe(201);
      expect((await app.api('POST', '/api/auth/login', { body: { loginType: 'phone', phone, password: 'secret123' } })).status).toBe(200);

      const never = freshPhone();
      const refused = await app.api('POST', '/api/auth/register', { body: { phone: never, password: 'secret123', verifyCode: '123456' } });
      expect(refused.status).toBe(400);
      expect(refused.body.success).toBe(false);
    } finally {
      await app.close();
    }
  });

  it('refuses 123456 in production with the spec’s message', async () => {
    // A provider that takes every message (the console one sends nothing in production).
    const sms: SmsProvider = { name: 'accepting', send: async () => {}, notify: async () => {} };
    const app = await startTestApp(dialect, { production: true, sms });
    try {
      const phone = freshPhone();
      const sent = await app.api('POST', '/api/auth/send-sms-code', { body: { phone, purpose: 'register' } });
      expect(sent.status).toBe(200);
      expect(sent.body.debugCode).toBeUndefined();
      const reg = await app.api('POST', '/api/auth/register', { body: { phone, password: 'secret123', verifyCode: '123456' } });
      expect(reg.status).toBe(400);
      expect(reg.body.message).toBe('生产环境不允许使用测试验证码，请使用真实验证码');
    } finally {
      await app.close();
    }
  });
});
