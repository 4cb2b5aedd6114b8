/**
 * Sensitive changes need proof of the person, not just a token. Changing the phone
 * and deactivating need the current password with each request: a token alone never changes who owns
 * an account, not even right after sign-in (a hostile review moved a phone and deactivated an account
 * with a token taken in the ten minutes a sign-in used to count as proof). Changing the password
 * always asks for it. A phone change tells the old number through the SMS provider and ends every
 * other session, only after that proof. The attack of the issue — a stolen token moves the phone to
 * the attacker's, then resets the password by SMS — is replayed end to end with only the victim's
 * fresh token, on both transports, and must not take the account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmsNotice, SmsProvider } from '../../src/server/accounts/sms.ts';
import { DIALECTS } from '../helpers/dialects.ts';
import { freshPhone, registerAndLogin, startTestApp, trpcCall, type TestApp } from '../helpers/api.ts';

const PROOF_REQUIRED = '为了你的账号安全，请输入当前密码';

/** An SMS provider that keeps what it was asked to send. */
function recordingSms() {
  const codes: { phone: string; code: string; purpose: string }[] = [];
  const notices: { phone: string; notice: SmsNotice }[] = [];
  const provider: SmsProvider = {
    name: 'recording',
    // Like the console provider outside production: registerAndLogin reads debugCode.
    showsCodes: true,
    async send(phone, code, purpose) {
      codes.push({ phone, code, purpose });
    },
    async notify(phone, notice) {
      notices.push({ phone, notice });
    },
  };
  return { provider, codes, notices };
}

/** One transport's calls, answering `{ status, body, message, errorType }` alike. */
interface Transport {
  call(
    name: 'sendSmsCode' | 'verifySmsCode' | 'updatePhone' | 'sendPhoneCode' | 'resetPassword' | 'deactivate' | 'changePassword' | 'register',
    input: object,
    token?: string,
  ): Promise<{ status: number; message?: string; errorType?: unknown; field?: unknown; data: any }>;
}

const REST_PATHS = {
  sendSmsCode: '/api/auth/send-sms-code',
  verifySmsCode: '/api/auth/verify-sms-code',
  updatePhone: '/api/auth/update-phone',
  sendPhoneCode: '/api/auth/send-phone-code',
  resetPassword: '/api/auth/reset-password',
  deactivate: '/api/users/deactivate',
  changePassword: '/api/auth/change-password',
  register: '/api/auth/register',
} as const;

const TRPC_NAMES = {
  sendSmsCode: 'auth.sendSmsCode',
  verifySmsCode: 'auth.verifySmsCode',
  updatePhone: 'auth.updatePhone',
  sendPhoneCode: 'auth.sendPhoneCode',
  resetPassword: 'auth.resetPassword',
  deactivate: 'users.deactivate',
  changePassword: 'auth.changePassword',
  register: 'auth.register',
} as const;

function transports(app: () => TestApp): [string, Transport][] {
  return [
    [
      'REST',
      {
        async call(name, input, token) {
          const res = await app().api('POST', REST_PATHS[name], { token, body: input });
          return { status: res.status, message: res.body.message, errorType: res.body.errorType, field: res.body.field, data: res.body.data };
        },
      },
    ],
    [
      'tRPC',
      {
        async call(name, input, token) {
          const res = await trpcCall(app(), 'mutation', TRPC_NAMES[name], input, token);
          const error = res.body.error;
          return error
            ? { status: res.status, message: error.message, errorType: error.data?.extra?.errorType, field: error.data?.extra?.field, data: undefined }
            : { status: res.status, message: res.body.result.data.message, data: res.body.result.data.data };
        },
      },
    ],
  ];
}

describe.each(DIALECTS)('sensitive changes on %s', (dialect) => {
  let app: TestApp;
  const sms = recordingSms();
  beforeAll(async () => {
    app = await startTestApp(dialect, { sms: sms.provider });
  });
  afterAll(async () => {
    await app?.close();
  });
  const me = async (token: string) => app.api('GET', '/api/auth/me', { token });
  const signIn = (phone: string, password: string) => app.api('POST', '/api/auth/login', { body: { loginType: 'phone', phone, password } });

  describe.each(transports(() => app))('over %s', (_name, t) => {
    it('the issue’s takeover with only a stolen token fails end to end, even a token just signed in', async () => {
      const victim = await registerAndLogin(app);
      const otherDevice = (await signIn(victim.phone, victim.password)).body.data.token as string;
      const stolen = victim.token;
      const attackerPhone = freshPhone();

      // 1. A change_phone code to the attacker's phone: refused before anything is sent.
      const send = await t.call('sendSmsCode', { phone: attackerPhone, purpose: 'change_phone' }, stolen);
      expect(send.status).toBe(403);
      expect(send.message).toBe(PROOF_REQUIRED);
      expect(send.errorType).toBe('password_required');
      expect(sms.codes.filter((c) => c.phone === attackerPhone)).toEqual([]);
      // 2–3. Verifying (the test code stands in for any code) and moving the phone: refused too.
      expect((await t.call('verifySmsCode', { phone: attackerPhone, code: '123456', purpose: 'change_phone' })).status).toBe(400);
      const update = await t.call('updatePhone', { phone: attackerPhone }, stolen);
      expect(update.status).toBe(403);
      expect(update.errorType).toBe('password_required');
      // Guessing the password through the token: a wrong one is a 400, like any wrong password.
      expect((await t.call('updatePhone', { phone: attackerPhone, currentPassword: 'not-the-password' }, stolen)).status).toBe(400);
      // 4–5. Resetting the password through the attacker's phone: a code is sent as to any phone, and
      // with it the phone is found to have no account.
      expect((await t.call('sendPhoneCode', { phone: attackerPhone })).status).toBe(200);
      const reset = await t.call('resetPassword', { phone: attackerPhone, code: '123456', newPassword: 'attacker-pass' });
      expect([reset.status, reset.message]).toEqual([400, '该手机号未注册']);
      // Deactivating with the token alone is refused as well.
      expect((await t.call('deactivate', { reason: '其他' }, stolen)).status).toBe(403);

      // The victim keeps everything: phone, password, sessions; no notice went anywhere.
      const login = await signIn(victim.phone, victim.password);
      expect(login.status).toBe(200);
      expect(login.body.data.user.phone).toBe(victim.phone);
      expect((await me(otherDevice)).status).toBe(200);
      expect((await me(stolen)).body.data.user.phone).toBe(victim.phone);
      expect(sms.notices.filter((n) => n.phone === victim.phone)).toEqual([]);
      expect((await signIn(attackerPhone, 'attacker-pass')).status).toBe(400);
    });

    it('with the password at each step the phone changes: the old phone is told, other sessions end', async () => {
      const u = await registerAndLogin(app);
      const otherDevice = (await signIn(u.phone, u.password)).body.data.token as string;
      const newPhone = freshPhone();
      // Right after sign-in the token alone is not enough.
      expect((await t.call('sendSmsCode', { phone: newPhone, purpose: 'change_phone' }, u.token)).errorType).toBe('password_required');
      const wrong = await t.call('sendSmsCode', { phone: newPhone, purpose: 'change_phone', currentPassword: 'not-the-password' }, u.token);
      expect([wrong.status, wrong.message]).toEqual([400, '当前密码不正确']);
      expect((await t.call('sendSmsCode', { phone: newPhone, purpose: 'change_phone', currentPassword: u.password }, u.token)).status).toBe(200);
      const code = sms.codes.findLast((c) => c.phone === newPhone)!.code;
      expect((await t.call('verifySmsCode', { phone: newPhone, code, purpose: 'change_phone' })).status).toBe(200);
      // The password given a moment ago is not proof for the next step: the dialog sends it again.
      const bare = await t.call('updatePhone', { phone: newPhone }, u.token);
      expect([bare.status, bare.errorType]).toEqual([403, 'password_required']);
      const changed = await t.call('updatePhone', { phone: newPhone, currentPassword: u.password }, u.token);
      expect(changed.status).toBe(200);
      expect(changed.data.user.phone).toBe(newPhone);

      expect(sms.notices.filter((n) => n.phone === u.phone)).toEqual([{ phone: u.phone, notice: { kind: 'phone_changed', newPhone } }]);
      expect((await me(otherDevice)).status).toBe(401);
      expect((await me(u.token)).status).toBe(200);
      expect((await signIn(newPhone, u.password)).status).toBe(200);
    });

    it('a refused change tells no one and ends no session', async () => {
      const u = await registerAndLogin(app);
      const newPhone = freshPhone();
      expect((await t.call('sendSmsCode', { phone: newPhone, purpose: 'change_phone', currentPassword: u.password }, u.token)).status).toBe(200);
      const code = sms.codes.findLast((c) => c.phone === newPhone)!.code;
      expect((await t.call('verifySmsCode', { phone: newPhone, code, purpose: 'change_phone' })).status).toBe(200);
      const otherDevice = (await signIn(u.phone, u.password)).body.data.token as string;
      expect((await t.call('updatePhone', { phone: newPhone }, u.token)).status).toBe(403);
      expect((await t.call('updatePhone', { phone: newPhone, currentPassword: 'not-the-password' }, u.token)).status).toBe(400);
      expect(sms.notices.filter((n) => n.phone === u.phone)).toEqual([]);
      expect((await me(otherDevice)).status).toBe(200);
      expect((await me(u.token)).body.data.user.phone).toBe(u.phone);
    });

    it('a token without the password learns nothing about another phone: the password is asked before the phone is found taken', async () => {
      const u = await registerAndLogin(app);
      const newPhone = freshPhone();
      expect((await t.call('sendSmsCode', { phone: newPhone, purpose: 'change_phone', currentPassword: u.password }, u.token)).status).toBe(200);
      const code = sms.codes.findLast((c) => c.phone === newPhone)!.code;
      expect((await t.call('verifySmsCode', { phone: newPhone, code, purpose: 'change_phone' })).status).toBe(200);
      // Meanwhile the phone gets an account of its own.
      await registerAndLogin(app, newPhone);
      const other = await registerAndLogin(app);
      for (const phone of [newPhone, other.phone, freshPhone()]) {
        const send = await t.call('sendSmsCode', { phone, purpose: 'change_phone' }, u.token);
        expect([send.status, send.message, send.errorType]).toEqual([403, PROOF_REQUIRED, 'password_required']);
      }
      const bare = await t.call('updatePhone', { phone: newPhone }, u.token);
      expect([bare.status, bare.message, bare.errorType]).toEqual([403, PROOF_REQUIRED, 'password_required']);
      const wrong = await t.call('updatePhone', { phone: newPhone, currentPassword: 'not-the-password' }, u.token);
      expect([wrong.status, wrong.message]).toEqual([400, '当前密码不正确']);
      // With the password and the phone's own verified code, its holder is told.
      const taken = await t.call('updatePhone', { phone: newPhone, currentPassword: u.password }, u.token);
      expect([taken.status, taken.message]).toEqual([400, '该手机号已被其他账号绑定']);
    });

    it('a phone change tells that the new phone is taken only to the holder of its code', async () => {
      const u = await registerAndLogin(app);
      const other = await registerAndLogin(app);
      const free = freshPhone();
      // Asked for a taken and a free phone, the answer is the same, and both get a code.
      const answers = [];
      for (const phone of [other.phone, free]) {
        const sent = await t.call('sendSmsCode', { phone, purpose: 'change_phone', currentPassword: u.password }, u.token);
        answers.push({ status: sent.status, message: sent.message, keys: Object.keys(sent.data ?? {}) });
        expect(sms.codes.findLast((c) => c.phone === phone)?.purpose).toBe('change_phone');
      }
      expect(answers[0]).toEqual(answers[1]);
      // Without the code verified, the taken phone is refused as the free one is.
      const refused = await Promise.all([other.phone, free].map((phone) => t.call('updatePhone', { phone, currentPassword: u.password }, u.token)));
      expect(refused.map((r) => [r.status, r.message])).toEqual([
        [400, '请先验证新手机号的验证码'],
        [400, '请先验证新手机号的验证码'],
      ]);
      const code = sms.codes.findLast((c) => c.phone === other.phone)!.code;
      expect((await t.call('verifySmsCode', { phone: other.phone, code, purpose: 'change_phone' })).status).toBe(200);
      const taken = await t.call('updatePhone', { phone: other.phone, currentPassword: u.password }, u.token);
      expect([taken.status, taken.message]).toEqual([400, '该手机号已被其他账号绑定']);
      expect((await me(u.token)).body.data.user.phone).toBe(u.phone);
    });

    it('a register or reset code is asked for alike for every phone; only its code tells whether the phone has an account', async () => {
      const member = await registerAndLogin(app);
      const free = freshPhone();
      for (const [name, purpose] of [
        ['sendSmsCode', 'register'],
        ['sendSmsCode', 'reset'],
        ['sendPhoneCode', 'reset'],
      ] as const) {
        const answers = [];
        for (const phone of [member.phone, free]) {
          const sent = await t.call(name, { phone, purpose }, undefined);
          answers.push({ status: sent.status, message: sent.message, keys: Object.keys(sent.data ?? {}) });
          expect(sms.codes.findLast((c) => c.phone === phone)?.purpose).toBe(purpose);
        }
        expect(answers[0], `${name} ${purpose}`).toEqual({ status: 200, message: '验证码已发送到你的手机', keys: ['debugCode'] });
        expect(answers[1], `${name} ${purpose}`).toEqual(answers[0]);
      }
      // A wrong code: the same answer for the registered phone and the free one.
      const codeOf = (phone: string, purpose: string) => sms.codes.findLast((c) => c.phone === phone && c.purpose === purpose)!.code;
      const wrongFor = (phone: string, purpose: string) => (codeOf(phone, purpose) === '000000' ? '111111' : '000000');
      const wrongRegister = await Promise.all([member.phone, free].map((phone) => t.call('register', { phone, password: 'secret123', verifyCode: wrongFor(phone, 'register') })));
      expect(wrongRegister.map((r) => [r.status, r.message])).toEqual([
        [400, '验证码错误或已过期'],
        [400, '验证码错误或已过期'],
      ]);
      const wrongReset = await Promise.all([member.phone, free].map((phone) => t.call('resetPassword', { phone, code: wrongFor(phone, 'reset'), newPassword: 'brand-new-1' })));
      expect(wrongReset.map((r) => [r.status, r.message])).toEqual([
        [400, '验证码错误或已过期'],
        [400, '验证码错误或已过期'],
      ]);
      // With its code, the phone's holder is told.
      const again = await t.call('register', { phone: member.phone, password: 'secret123', verifyCode: codeOf(member.phone, 'register') });
      expect([again.status, again.message]).toEqual([400, '该手机号已注册，请直接登录']);
      const noAccount = await t.call('resetPassword', { phone: free, code: codeOf(free, 'reset'), newPassword: 'brand-new-1' });
      expect([noAccount.status, noAccount.message]).toEqual([400, '该手机号未注册']);
      expect((await signIn(member.phone, member.password)).status).toBe(200);
    });

    it('deactivating needs the password, even from a session just signed in', async () => {
      const u = await registerAndLogin(app);
      const fresh = (await signIn(u.phone, u.password)).body.data.token as string;
      const refused = await t.call('deactivate', { reason: '其他' }, fresh);
      expect(refused.status).toBe(403);
      expect(refused.errorType).toBe('password_required');
      // The field it names is the one this call takes (its body's `password`, not `currentPassword`).
      expect(refused.field).toBe('password');
      const wrong = await t.call('deactivate', { reason: '其他', password: 'not-the-password' }, fresh);
      expect([wrong.status, wrong.field]).toEqual([400, 'password']);
      expect((await me(u.token)).status).toBe(200);
      expect((await t.call('deactivate', { reason: '其他', password: u.password }, fresh)).status).toBe(200);
      expect((await me(u.token)).status).toBe(401);
    });

    it('changing the password always takes the current one, and is no proof for another change', async () => {
      const u = await registerAndLogin(app);
      expect((await t.call('changePassword', { currentPassword: 'not-the-password', newPassword: 'brand-new-1' }, u.token)).status).toBe(400);
      expect((await t.call('changePassword', { currentPassword: u.password, newPassword: 'brand-new-1' }, u.token)).status).toBe(200);
      expect((await t.call('deactivate', { reason: '其他' }, u.token)).status).toBe(403);
      expect((await t.call('deactivate', { reason: '其他', password: 'brand-new-1' }, u.token)).status).toBe(200);
    });
  });
});
