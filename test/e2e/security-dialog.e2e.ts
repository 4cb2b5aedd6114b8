/**
 * The security dialog's password step in Chromium: the phone change and the deactivation
 * ask for the current password from the start, even right after signing in (a token alone never
 * changes who owns an account); a missing or wrong one is said beside the field; with the right one
 * the spec's flow goes on, each step sending it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { expectAccessible, newPage, shot, startE2E, storeSession, uniquePhone, VIEWPORTS, type E2E } from './harness.ts';

let e2e: E2E;
before(async () => {
  e2e = await startE2E();
});
after(async () => {
  await e2e?.close();
});

const PASSWORD = 'proof-pass1';
const ASKED = '为了你的账号安全，请输入当前密码';

async function api(path: string, body: unknown) {
  const res = await fetch(e2e.baseUrl + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = await res.json();
  assert.ok(res.ok, `${path}: ${JSON.stringify(json)}`);
  return json;
}

async function register() {
  const phone = uniquePhone();
  const sent = await api('/api/auth/send-sms-code', { phone, purpose: 'register' });
  await api('/api/auth/register', { phone, password: PASSWORD, verifyCode: sent.debugCode });
  const login = await api('/api/auth/login', { loginType: 'phone', phone, password: PASSWORD });
  return { phone, ...(login.data as { token: string; user: { id: number } }) };
}

async function openSecurity(page: Page) {
  await page.locator('.account-chip').click();
  await page.getByRole('menuitem', { name: '安全设置' }).click();
  return page.getByRole('dialog', { name: '安全设置' });
}

for (const viewport of VIEWPORTS) {
  describe(`the security dialog’s password step at ${viewport.width}px`, () => {
    it('asks for the current password before the phone changes and before deactivation, right after sign-in too', async () => {
      const member = await register();
      const { context, page } = await newPage(e2e, viewport);
      await storeSession(page, member);
      await page.goto('/marketplace');
      const security = await openSecurity(page);

      // The phone: the password is asked for with the new number, and sending the code needs it.
      const newPhone = uniquePhone();
      await security.getByRole('tab', { name: '手机号' }).click();
      await security.getByRole('button', { name: '更换手机号' }).click();
      const password = security.getByLabel('当前密码');
      await security.getByText(ASKED).waitFor();
      await security.getByLabel('新手机号').fill(newPhone);
      await security.getByRole('button', { name: '获取验证码' }).click();
      await security.getByText('请输入当前密码', { exact: true }).waitFor();
      await expectAccessible(page, 'phone tab asking for the password');
      await shot(page, `${viewport.name}-security-password-step`);
      await password.fill('not-my-password');
      await security.getByRole('button', { name: '获取验证码' }).click();
      await security.getByText('当前密码不正确').waitFor();
      await password.fill(PASSWORD);
      await security.getByRole('button', { name: '获取验证码' }).click();
      const text = await security.getByText(/开发环境验证码：\d{6}/).textContent();
      const code = /(\d{6})/.exec(text ?? '')![1];
      await security.getByLabel('验证码', { exact: true }).fill(code);
      await security.getByRole('button', { name: '验证并更换' }).click();
      await security.getByText('手机号修改成功').waitFor();
      await security.getByText(`${newPhone.slice(0, 3)}****${newPhone.slice(-4)}`).waitFor();

      // Deactivation: the final dialog asks for the password and stays open until it is right.
      await security.getByRole('tab', { name: '注销账号' }).click();
      await security.getByLabel('个人原因').check();
      await security.getByLabel('请输入“注销”以确认').fill('注销');
      await security.getByRole('button', { name: '确认注销' }).click();
      const final = page.getByRole('dialog', { name: '最后确认' });
      await final.getByText(ASKED).waitFor();
      await final.getByRole('button', { name: '确认注销' }).click();
      await final.getByText('请输入当前密码', { exact: true }).waitFor();
      await expectAccessible(page, 'final dialog asking for the password');
      await final.getByLabel('当前密码').fill('not-my-password');
      await final.getByRole('button', { name: '确认注销' }).click();
      await final.getByText('当前密码不正确').waitFor();
      await final.getByLabel('当前密码').fill(PASSWORD);
      const alert = new Promise<string>((resolve) => page.once('dialog', (d) => (resolve(d.message()), void d.accept())));
      await final.getByRole('button', { name: '确认注销' }).click();
      assert.equal(await alert, '账号注销成功，感谢你的使用');
      await page.waitForURL((url) => url.pathname === '/');
      const relogin = await fetch(`${e2e.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ loginType: 'phone', phone: newPhone, password: PASSWORD }),
      });
      assert.equal(relogin.status, 400);
      await context.close();
    });
  });
}
