import { describe, expect, it } from 'vitest';
import { DEACTIVATION_CONFIRM_WORD, PRESET_AVATARS } from '../../src/shared/constants.ts';
import { USER_ID_PATTERN } from '../../src/shared/patterns.ts';
import { DIALECTS } from '../helpers/dialects.ts';
import { freshPhone, registerAndLogin, trpcCall } from '../helpers/api.ts';
import { serveTestApp } from '../helpers/serve.ts';
import { createUser } from '../helpers/fixtures.ts';

describe.each(DIALECTS)('accounts over REST on %s', (dialect) => {
  const app = serveTestApp(dialect);

  it('registers with an SMS code and logs in with the envelope of docs/architecture.md §6', async () => {
    const phone = freshPhone();
    const sent = await app.api('POST', '/api/auth/send-sms-code', { body: { phone, purpose: 'register' } });
    expect(sent.status).toBe(200);
    expect(sent.body.success).toBe(true);
    expect(sent.body.debugCode).toMatch(/^\d{6}$/);
    expect(sent.body.data.debugCode).toBe(sent.body.debugCode);

    const reg = await app.api('POST', '/api/auth/register', { body: { phone, password: 'secret123', verifyCode: sent.body.debugCode, nickname: 'hacker' } });
    expect(reg.status).toBe(201);
    expect(reg.body.data.user.registrationNumber).toMatch(USER_ID_PATTERN);
    // The system nickname comes from the registration number, never from the phone.
    expect(reg.body.data.user.nickname).toBe(`user${reg.body.data.user.registrationNumber.slice(2)}`);

    const login = await app.api('POST', '/api/auth/login', { body: { loginType: 'phone', phone, password: 'secret123' } });
    expect(login.status).toBe(200);
    expect(login.body.data.token).toMatch(/^[a-z2-7]+\.[a-z2-7]+$/);
    const user = login.body.data.user;
    for (const field of ['id', 'registrationNumber', 'nickname', 'avatarUrl', 'avatar', 'phone', 'email', 'role']) expect(user).toHaveProperty(field);
    expect(user.role).toBe('member');
    expect(user.avatarUrl).toBe(PRESET_AVATARS[0]);

    const me = await app.api('GET', '/api/auth/me', { token: login.body.data.token });
    expect(me.status).toBe(200);
    expect(me.body.data.user.phone).toBe(phone);
  });

  it('refuses a used, wrong or foreign code and a second registration of one phone', async () => {
    const phone = freshPhone();
    const code = (await app.api('POST', '/api/auth/send-sms-code', { body: { phone } })).body.debugCode;
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await app.api('POST', '/api/auth/register', { body: { phone, password: 'secret123', verifyCode: wrong } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ success: false, message: '验证码错误或已过期' });
    // Bound to its phone: the right digits for another phone are refused.
    const other = await app.api('POST', '/api/auth/register', { body: { phone: freshPhone(), password: 'secret123', verifyCode: code } });
    expect(other.status).toBe(400);
    expect((await app.api('POST', '/api/auth/register', { body: { phone, password: 'secret123', verifyCode: code } })).status).toBe(201);
    // The used code is refused as any wrong one; a new code is sent as to any phone, and with it the
    // phone's holder is told it has an account (send-sms-code itself does not tell).
    const used = await app.api('POST', '/api/auth/register', { body: { phone, password: 'secret123', verifyCode: code } });
    expect([used.status, used.body.message]).toEqual([400, '验证码错误或已过期']);
    const resend = await app.api('POST', '/api/auth/send-sms-code', { body: { phone, purpose: 'register' } });
    expect(resend.status).toBe(200);
    const again = await app.api('POST', '/api/auth/register', { body: { phone, password: 'secret123', verifyCode: resend.body.debugCode } });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('该手机号已注册，请直接登录');
  });

  it('kills a code after 5 wrong tries', async () => {
    const phone = freshPhone();
    const code = (await app.api('POST', '/api/auth/send-sms-code', { body: { phone } })).body.debugCode;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await app.api('POST', '/api/auth/verify-sms-code', { body: { phone, code: wrong, purpose: 'register' } });
    const right = await app.api('POST', '/api/auth/register', { body: { phone, password: 'secret123', verifyCode: code } });
    expect(right.status).toBe(400);
    expect(right.body.message).toBe('验证码错误次数过多，请重新获取');
  });

  it('counts parallel wrong guesses: never more than 5 tries at one code', async () => {
    const phone = freshPhone();
    const code = (await app.api('POST', '/api/auth/send-sms-code', { body: { phone } })).body.debugCode;
    const wrong = code === '000000' ? '111111' : '000000';
    await Promise.all(Array.from({ length: 20 }, () => app.api('POST', '/api/auth/register', { body: { phone, password: 'secret123', verifyCode: wrong } })));
    const row = await app.deps.db.selectFrom('sms_codes').select('failed_attempts').where('phone', '=', phone).executeTakeFirstOrThrow();
    expect(row.failed_attempts).toBe(5);
    expect((await app.api('POST', '/api/auth/register', { body: { phone, password: 'secret123', verifyCode: code } })).status).toBe(400);
  });

  it('binds a verified change_phone code to the member who asked for it', async () => {
    const asker = await registerAndLogin(app);
    const thief = await registerAndLogin(app);
    const phone = freshPhone();
    const code = (await app.api('POST', '/api/auth/send-sms-code', { token: asker.token, body: { phone, purpose: 'change_phone', currentPassword: asker.password } })).body.debugCode;
    expect((await app.api('POST', '/api/auth/verify-sms-code', { body: { phone, code, purpose: 'change_phone' } })).status).toBe(200);
    const stolen = await app.api('POST', '/api/auth/update-phone', { token: thief.token, body: { phone, currentPassword: thief.password } });
    expect(stolen.status).toBe(400);
    expect((await app.api('POST', '/api/auth/update-phone', { token: asker.token, body: { phone, currentPassword: asker.password } })).status).toBe(200);
  });

  it('answers bad input with 400 and the spec’s Chinese message', async () => {
    const cases: [string, unknown, string][] = [
      ['/api/auth/send-sms-code', { phone: '12345678901' }, '请输入正确的手机号码'],
      ['/api/auth/register', { phone: freshPhone(), password: 'secret123', verifyCode: '12' }, '请输入6位验证码'],
      ['/api/auth/register', { phone: freshPhone(), password: '123', verifyCode: '123456' }, '密码长度至少6位'],
      ['/api/auth/register', { phone: freshPhone(), password: 'secret123', verifyCode: '123456', agreement: false }, '请阅读并同意用户协议和隐私政策'],
      ['/api/auth/login', { loginType: 'phone', phone: freshPhone(), password: '' }, '请输入密码'],
      ['/api/auth/login', { loginType: 'email', email: 'a@b.cn', password: 'x' }, '邮箱登录暂未开放，请使用手机号登录'],
    ];
    for (const [path, body, message] of cases) {
      const res = await app.api('POST', path, { body });
      expect(res.status, path).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toBe(message);
    }
    const notJson = await app.api('POST', '/api/auth/login', { body: '{oops', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
    expect(notJson.body.message).toBe('请求内容不是有效的 JSON');
  });

  it('gives 401 for a missing or invalid token and never a stack trace', async () => {
    for (const token of [undefined, 'nonsense', 'abc.def']) {
      const res = await app.api('GET', '/api/auth/me', { token });
      expect(res.status).toBe(401);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toMatch(/登录/);
      expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts/);
    }
    const unknown = await app.api('GET', '/api/no-such-path');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('接口不存在');
  });

  it('logs in wrong as 400, and logout ends the session on the server', async () => {
    const u = await registerAndLogin(app);
    const wrong = await app.api('POST', '/api/auth/login', { body: { loginType: 'phone', phone: u.phone, password: 'wrong-password' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('手机号或密码错误');
    expect((await app.api('POST', '/api/auth/logout', { token: u.token })).status).toBe(200);
    expect((await app.api('GET', '/api/auth/me', { token: u.token })).status).toBe(401);
  });

  it('changes the password: current one checked, other sessions end, this one stays', async () => {
    const u = await registerAndLogin(app);
    const second = (await app.api('POST', '/api/auth/login', { body: { loginType: 'phone', phone: u.phone, password: u.password } })).body.data.token;
    const wrong = await app.api('POST', '/api/auth/change-password', { token: u.token, body: { currentPassword: 'nope-nope', newPassword: 'another123' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('当前密码不正确');
    const ok = await app.api('POST', '/api/auth/change-password', { token: u.token, body: { currentPassword: u.password, newPassword: 'another123', userId: 999999 } });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('密码修改成功！');
    expect((await app.api('GET', '/api/auth/me', { token: second })).status).toBe(401);
    expect((await app.api('GET', '/api/auth/me', { token: u.token })).status).toBe(200);
    expect((await app.api('POST', '/api/auth/login', { body: { loginType: 'phone', phone: u.phone, password: 'another123' } })).status).toBe(200);
  });

  it('resets the password by SMS and ends every session', async () => {
    const u = await registerAndLogin(app);
    // A phone without an account is answered alike; its holder learns it only with the code.
    const unknownPhone = freshPhone();
    const unknown = await app.api('POST', '/api/auth/send-phone-code', { body: { phone: unknownPhone } });
    expect(unknown.status).toBe(200);
    const noAccount = await app.api('POST', '/api/auth/reset-password', { body: { phone: unknownPhone, code: unknown.body.debugCode, newPassword: 'brandnew1' } });
    expect(noAccount.status).toBe(400);
    expect(noAccount.body.message).toBe('该手机号未注册');
    const sent = await app.api('POST', '/api/auth/send-phone-code', { body: { phone: u.phone } });
    expect(sent.status).toBe(200);
    expect(sent.body.debugCode).toMatch(/^\d{6}$/);
    const reset = await app.api('POST', '/api/auth/reset-password', { body: { phone: u.phone, code: sent.body.debugCode, newPassword: 'brandnew1' } });
    expect(reset.status).toBe(200);
    expect((await app.api('GET', '/api/auth/me', { token: u.token })).status).toBe(401);
    expect((await app.api('POST', '/api/auth/login', { body: { loginType: 'phone', phone: u.phone, password: 'brandnew1' } })).status).toBe(200);
  });

  it('changes the phone only after the new phone’s code is verified, and keeps phones unique', async () => {
    const u = await registerAndLogin(app);
    const other = await registerAndLogin(app);
    // A taken phone gets its code like any other (test/accounts/sensitive-changes.api.test.ts); moving to it is refused.
    const takenCode = (await app.api('POST', '/api/auth/send-sms-code', { token: u.token, body: { phone: other.phone, purpose: 'change_phone', currentPassword: u.password } })).body.debugCode;
    expect((await app.api('POST', '/api/auth/verify-sms-code', { body: { phone: other.phone, code: takenCode, purpose: 'change_phone' } })).status).toBe(200);
    const taken = await app.api('POST', '/api/auth/update-phone', { token: u.token, body: { phone: other.phone, currentPassword: u.password } });
    expect(taken.status).toBe(400);
    expect(taken.body.message).toBe('该手机号已被其他账号绑定');
    const anonymous = await app.api('POST', '/api/auth/send-sms-code', { body: { phone: freshPhone(), purpose: 'change_phone' } });
    expect(anonymous.status).toBe(401);

    const newPhone = freshPhone();
    const unverified = await app.api('POST', '/api/auth/update-phone', { token: u.token, body: { phone: newPhone, currentPassword: u.password } });
    expect(unverified.status).toBe(400);
    const code = (await app.api('POST', '/api/auth/send-sms-code', { token: u.token, body: { phone: newPhone, purpose: 'change_phone', currentPassword: u.password } })).body.debugCode;
    expect((await app.api('POST', '/api/auth/verify-sms-code', { body: { phone: newPhone, code, purpose: 'change_phone' } })).status).toBe(200);
    const changed = await app.api('POST', '/api/auth/update-phone', { token: u.token, body: { phone: newPhone, currentPassword: u.password } });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe('手机号修改成功');
    expect(changed.body.data.user.phone).toBe(newPhone);
    // The verified code is used up.
    expect((await app.api('POST', '/api/auth/update-phone', { token: u.token, body: { phone: freshPhone(), currentPassword: u.password } })).status).toBe(400);
    expect((await app.api('POST', '/api/auth/login', { body: { loginType: 'phone', phone: newPhone, password: u.password } })).status).toBe(200);
    expect((await app.api('POST', '/api/auth/login', { body: { loginType: 'phone', phone: u.phone, password: u.password } })).status).toBe(400);
  });

  it('accepts only the five preset avatars and never renames through sync-user-info', async () => {
    const u = await registerAndLogin(app);
    const bad = await app.api('PUT', '/api/auth/profile', { token: u.token, body: { avatarUrl: 'https://evil.example/x.png' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('请从系统提供的头像中选择');
    const ok = await app.api('PUT', '/api/auth/profile', { token: u.token, body: { avatarUrl: PRESET_AVATARS[3] } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.user.avatar).toBe(PRESET_AVATARS[3]);
    expect(ok.body.data.user.avatarUrl).toBe(PRESET_AVATARS[3]);
    const sync = await app.api('POST', '/api/auth/sync-user-info', { token: u.token, body: { nickname: '改名', registrationNumber: 'bx000001' } });
    expect(sync.body.data.user.nickname).toBe(u.user.nickname);
    expect(sync.body.data.user.avatarUrl).toBe(PRESET_AVATARS[3]);
  });

  it('shows public fields only, and stats to the owner only', async () => {
    const u = await registerAndLogin(app);
    const other = await registerAndLogin(app);
    const pub = await app.api('GET', `/api/auth/user/${u.user.registrationNumber}`);
    expect(pub.status).toBe(200);
    expect(pub.body.data.user.nickname).toBe(u.user.nickname);
    expect(pub.body.data.user).not.toHaveProperty('phone');
    expect(JSON.stringify(pub.body)).not.toContain(u.phone);
    expect((await app.api('GET', '/api/auth/user/bx99999x')).status).toBe(400);

    const stats = await app.api('GET', `/api/users/${u.user.id}/stats`, { token: u.token });
    expect(stats.status).toBe(200);
    expect(stats.body.data).toEqual({ totalIdeas: 0, totalEarnings: 0, totalTransactions: 0, joinDays: 1 });
    expect((await app.api('GET', `/api/users/${u.user.registrationNumber}/stats`, { token: u.token })).status).toBe(200);
    expect((await app.api('GET', `/api/users/${u.user.id}/stats`, { token: other.token })).status).toBe(403);
    expect((await app.api('GET', `/api/users/${u.user.id}/stats`)).status).toBe(401);
  });

  it('deactivates with the spec’s payload (any reason, optional password), ends all sessions, frees the phone', async () => {
    const u = await registerAndLogin(app);
    const stats = await app.api('GET', '/api/users/deactivation-stats', { token: u.token });
    expect(stats.body.data).toEqual({ ideas: 0, comments: 0, favorites: 0, following: 0, followers: 0 });
    const noReason = await app.api('POST', '/api/users/deactivate', { token: u.token, body: { reason: '   ' } });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe('请选择注销原因');
    const tooLong = await app.api('POST', '/api/users/deactivate', { token: u.token, body: { reason: '长'.repeat(201) } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe('注销原因不能超过200个字');
    const wrongPassword = await app.api('POST', '/api/users/deactivate', { token: u.token, body: { reason: '换个账号', password: 'not-my-password' } });
    expect(wrongPassword.status).toBe(400);
    expect((await app.api('GET', '/api/auth/me', { token: u.token })).status).toBe(200);

    const ok = await app.api('POST', '/api/users/deactivate', { token: u.token, body: { reason: '  想休息一段时间  ', password: u.password } });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('账号注销成功，感谢你的使用');
    expect((await app.api('GET', '/api/auth/me', { token: u.token })).status).toBe(401);
    expect((await app.api('POST', '/api/auth/login', { body: { loginType: 'phone', phone: u.phone, password: u.password } })).status).toBe(400);
    const pub = await app.api('GET', `/api/auth/user/${u.user.registrationNumber}`);
    expect(pub.body.data.user.nickname).toBe('已注销用户');
    // The phone can register again, as a new account with a new number.
    const again = await registerAndLogin(app, u.phone);
    expect(again.user.registrationNumber).not.toBe(u.user.registrationNumber);
  });

  it('checks the confirmation word when one is sent, on both transports, and documents it', async () => {
    const rest = await registerAndLogin(app);
    const wrongRest = await app.api('POST', '/api/users/deactivate', { token: rest.token, body: { reason: '其他', confirmation: '确定' } });
    expect(wrongRest.status).toBe(400);
    expect(wrongRest.body.message).toBe(`请输入“${DEACTIVATION_CONFIRM_WORD}”以确认`);
    const trpc = await registerAndLogin(app);
    const wrongTrpc = await trpcCall(app, 'mutation', 'users.deactivate', { reason: '其他', confirmation: `${DEACTIVATION_CONFIRM_WORD} ` }, trpc.token);
    expect(wrongTrpc.status).toBe(400);
    expect(wrongTrpc.body.error.message).toBe(`请输入“${DEACTIVATION_CONFIRM_WORD}”以确认`);
    // Refused means untouched: both still sign in.
    for (const u of [rest, trpc]) expect((await app.api('GET', '/api/auth/me', { token: u.token })).status).toBe(200);

    const doc = (await app.api('GET', '/api/openapi.json')).body;
    const schema = doc.paths['/api/users/deactivate'].post.requestBody.content['application/json'].schema;
    expect(JSON.stringify(schema.properties.confirmation)).toContain(DEACTIVATION_CONFIRM_WORD);

    expect((await app.api('POST', '/api/users/deactivate', { token: rest.token, body: { reason: '其他', confirmation: DEACTIVATION_CONFIRM_WORD, password: rest.password } })).status).toBe(200);
    expect((await trpcCall(app, 'mutation', 'users.deactivate', { reason: '其他', confirmation: DEACTIVATION_CONFIRM_WORD, password: trpc.password }, trpc.token)).status).toBe(200);
    for (const u of [rest, trpc]) expect((await app.api('GET', '/api/auth/me', { token: u.token })).status).toBe(401);
  });

  it('answers GET /api/test-connection and describes every path in /api/openapi.json', async () => {
    const conn = await app.api('GET', '/api/test-connection');
    expect(conn.status).toBe(200);
    expect(conn.body.data.ok).toBe(true);
    const doc = await app.api('GET', '/api/openapi.json');
    expect(doc.body.openapi).toBe('3.1.0');
    expect(doc.body.paths['/api/auth/login'].post.requestBody.content['application/json'].schema).toBeTruthy();
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(['/api/auth/user/{registrationNumber}', '/api/users/{id}/stats', '/api/users/deactivate']));
  });

  it('sends security headers with a real CSP', async () => {
    const res = await app.api('GET', '/api/test-connection');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe.each(DIALECTS)('code requests for registered phones on %s', (dialect) => {
  const app = serveTestApp(dialect, { rateLimits: { smsPerPhoneIntervalSeconds: 60, smsPerPhonePerDay: 10, smsPerIpPerHour: 5 } });

  it('take the same limits as for any phone', async () => {
    const member = await createUser(app.deps);
    const free = freshPhone();
    for (const phone of [member.phone, free]) {
      const first = await app.api('POST', '/api/auth/send-sms-code', { body: { phone, purpose: 'register' } });
      expect([first.status, first.body.message]).toEqual([200, '验证码已发送到你的手机']);
      const second = await app.api('POST', '/api/auth/send-sms-code', { body: { phone, purpose: 'register' } });
      expect([second.status, second.body.message]).toEqual([429, '验证码发送过于频繁，请稍后再试']);
    }
    // Four requests so far from this address, whatever the phones: one more, then 429.
    expect((await app.api('POST', '/api/auth/send-phone-code', { body: { phone: freshPhone() } })).status).toBe(200);
    expect((await app.api('POST', '/api/auth/send-phone-code', { body: { phone: member.phone } })).status).toBe(429);
  });
});

describe.each(DIALECTS)('rate limits on %s', (dialect) => {
  const app = serveTestApp(dialect, {
    rateLimits: {
      smsPerPhoneIntervalSeconds: 60,
      smsPerPhonePerDay: 10,
      smsPerIpPerHour: 15,
      loginPerIpPerMinute: 6,
      loginPerIpPerHour: 30,
      loginFailuresPerPhoneAndIpPerHour: 25,
      codeChecksPerIpPerHour: 5,
    },
  });

  it('a flood of SMS requests gets 429 with Retry-After and issues no extra codes', async () => {
    const phone = freshPhone();
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await app.api('POST', '/api/auth/send-sms-code', { body: { phone } }));
    expect(results[0].status).toBe(200);
    for (const r of results.slice(1)) {
      expect(r.status).toBe(429);
      expect(r.body.message).toBe('验证码发送过于频繁，请稍后再试');
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const issued = await app.deps.db
      .selectFrom('sms_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow();
    expect(Number(issued.n)).toBe(1);
    // Per address: 15 an hour whatever the phones (this address already sent 5 above).
    const statuses = [];
    for (let i = 0; i < 12; i++) statuses.push((await app.api('POST', '/api/auth/send-sms-code', { body: { phone: freshPhone() } })).status);
    expect(statuses.filter((s) => s === 200).length).toBe(10);
    expect(statuses.slice(-2)).toEqual([429, 429]);
  });

  it('does not let an address probe registered phones or guess codes without limit', async () => {
    // The address already used its 15 SMS requests above; registered or not, the answer is 429 now.
    const probe = await app.api('POST', '/api/auth/send-sms-code', { body: { phone: freshPhone(), purpose: 'reset' } });
    expect(probe.status).toBe(429);
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await app.api('POST', '/api/auth/verify-sms-code', { body: { phone: freshPhone(), code: '000000' } })).status);
    expect(statuses.slice(0, 5).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it('throttles login attempts from one address', async () => {
    const statuses = [];
    for (let i = 0; i < 8; i++) statuses.push((await app.api('POST', '/api/auth/login', { body: { loginType: 'phone', phone: freshPhone(), password: 'whatever1' } })).status);
    expect(statuses.slice(0, 6).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(6)).toEqual([429, 429]);
  });
});
