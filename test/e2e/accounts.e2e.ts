/** A person's whole account life in Chromium, at phone and desktop width. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { expectAccessible, newPage, shot, startE2E, uniquePhone, VIEWPORTS, type E2E } from './harness.ts';

let e2e: E2E;
before(async () => {
  e2e = await startE2E();
});
after(async () => {
  await e2e?.close();
});

async function debugCodeFrom(page: Page, scope = page.locator('body')): Promise<string> {
  const text = await scope
    .getByText(/开发环境验证码：\d{6}/)
    .first()
    .textContent();
  const code = /(\d{6})/.exec(text ?? '')?.[1];
  assert.ok(code, 'the page shows the development code');
  return code;
}

async function apiLogin(phone: string, password: string): Promise<string> {
  const res = await fetch(`${e2e.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ loginType: 'phone', phone, password }) });
  const body = await res.json();
  assert.equal(res.status, 200, JSON.stringify(body));
  return body.data.token;
}

async function apiRegister(phone: string): Promise<void> {
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${e2e.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const answer = await res.json();
    assert.ok(res.ok, JSON.stringify(answer));
    return answer;
  };
  const sent = await post('/api/auth/send-sms-code', { phone, purpose: 'register' });
  await post('/api/auth/register', { phone, password: 'pass-word1', verifyCode: sent.debugCode, agreement: true });
}

async function meStatus(token: string): Promise<number> {
  return (await fetch(`${e2e.baseUrl}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } })).status;
}

async function openAccountMenu(page: Page) {
  await page.locator('.account-chip').click();
  await page.getByRole('menu', { name: '账户菜单' }).waitFor();
}

for (const viewport of VIEWPORTS) {
  describe(`accounts at ${viewport.width}px`, () => {
    it('public pages render and pass axe', async () => {
      const { context, page } = await newPage(e2e, viewport);
      for (const [path, heading] of [
        ['/', null],
        ['/about', null],
        ['/about-hunter', null],
        ['/vision', null],
        ['/user-agreement', null],
        ['/privacy-policy', null],
        ['/test-db', '数据库连接测试'],
        ['/stagewise-test', '开发工具测试页'],
        ['/guest-marketplace', null],
      ] as const) {
        await page.goto(path);
        await page.locator('h1').first().waitFor();
        if (heading) assert.equal(await page.locator('h1').first().textContent(), heading);
        await page.waitForLoadState('networkidle');
        await expectAccessible(page, `${path} at ${viewport.width}px`);
        await shot(page, `${viewport.name}${path === '/' ? '-landing' : path.replaceAll('/', '-')}`);
      }
      await page.goto('/test-db');
      await page.getByText('数据库连接正常').waitFor();
      // The footer shows the filing numbers on guest pages.
      await page.goto('/about');
      await page.getByText(/ICP备/).waitFor();
      // Member pages send a guest to /login; unknown paths get the 404 page, where they are.
      await page.goto('/inspiration-library');
      await page.waitForURL('**/login');
      await page.goto('/no/such/page');
      await page.getByRole('heading', { level: 1, name: '页面不存在' }).waitFor();
      assert.equal(new URL(page.url()).pathname, '/no/such/page');
      // GO without a session leads to the guest marketplace.
      await page.goto('/vision');
      await page.getByRole('link', { name: 'GO' }).click();
      await page.waitForURL('**/guest-marketplace');
      await page.goto('/stagewise-test');
      await page.getByRole('button', { name: '打开收款方式弹窗' }).click();
      await page.getByRole('dialog', { name: '绑定收款方式' }).waitFor();
      await expectAccessible(page, 'payment modal');
      await page.keyboard.press('Escape');
      await context.close();
    });

    it('the resend button waits what the server says: its wait after a 429, none after another refusal', async () => {
      const { context, page } = await newPage(e2e, viewport);
      // The e2e server has no rate limits, so the refusals are the server's own answers, replayed.
      const refuse = (procedure: string, status: number, message: string, retryAfter?: number) =>
        page.route(`**/trpc/${procedure}**`, (route) =>
          route.fulfill({
            status,
            contentType: 'application/json',
            body: JSON.stringify({ error: { message, code: -32029, data: { code: 'TOO_MANY_REQUESTS', httpStatus: status, appCode: 'TOO_MANY_REQUESTS', ...(retryAfter ? { retryAfter } : {}) } } }),
          }),
        );
      const resendButton = () => page.getByRole('button', { name: /后重发$/ });
      const registerWith = async (phone: string) => {
        // The prerendered form answers once the app has started.
        await page.goto('/login?tab=register', { waitUntil: 'networkidle' });
        await page.getByLabel('手机号', { exact: true }).fill(phone);
        await page.getByRole('button', { name: '获取验证码' }).click();
      };

      await refuse('auth.sendSmsCode', 429, '验证码发送过于频繁，请稍后再试', 44);
      await registerWith(uniquePhone());
      await page.getByText('验证码发送过于频繁，请44秒后再试').waitFor();
      // Read at once: a button counting down from 60 would reach 44 if the test waited.
      assert.match((await resendButton().textContent()) ?? '', /^4[34]秒后重发$/);
      await page.unrouteAll();

      // The daily cap lasts until tomorrow: the button says so in hours, not a minute's seconds, and
      // counts from the clock (two hours in a sleeping tab are two hours), for that phone only.
      await page.clock.install();
      await refuse('auth.sendSmsCode', 429, '今日验证码发送次数已达上限，请明天再试', 30_000);
      await registerWith(uniquePhone());
      await page.getByText('今日验证码发送次数已达上限，请明天再试').waitFor();
      await page.getByRole('button', { name: '9小时后重发' }).waitFor();
      await page.clock.fastForward('02:00:00');
      await page.getByRole('button', { name: '7小时后重发' }).waitFor();
      await page.getByLabel('手机号', { exact: true }).fill(uniquePhone());
      await page.getByRole('button', { name: '获取验证码' }).waitFor();
      await page.unrouteAll();

      // Another refusal leaves the button free: the person fixes the number and sends at once.
      await refuse('auth.sendSmsCode', 400, '该手机号已注册');
      await registerWith(uniquePhone());
      await page.getByText('该手机号已注册').waitFor();
      assert.equal(await page.getByRole('button', { name: '获取验证码' }).isEnabled(), true);
      await page.unrouteAll();

      // Finding a password again: a refused resend on the second step shows beside its button.
      const phone = uniquePhone();
      await apiRegister(phone);
      await page.clock.install();
      await page.goto('/forgot-password');
      await page.getByLabel('手机号', { exact: true }).fill(phone);
      await page.getByRole('button', { name: '获取验证码' }).click();
      await page.getByRole('button', { name: /^\d+秒后重发$/ }).waitFor();
      // The countdown sets its next second after each render, so the clock moves a second at a time.
      for (let second = 0; second <= 60; second++) await page.clock.runFor(1000);
      await refuse('auth.sendPhoneCode', 429, '验证码发送过于频繁，请稍后再试', 37);
      await page.getByRole('button', { name: '重新发送' }).click();
      await page.getByText('验证码发送过于频繁，请37秒后再试').waitFor();
      assert.match((await resendButton().textContent()) ?? '', /^3[67]秒后重发$/);
      await expectAccessible(page, 'refused resend');
      await context.close();
    });

    it('register, log in, avatar, password, phone, log out, reset, deactivate', async () => {
      const { context, page } = await newPage(e2e, viewport);
      const phone = uniquePhone();
      const password = 'first-pass1';

      // Register.
      await page.goto('/login');
      await expectAccessible(page, 'login');
      await page.getByRole('tab', { name: '注册' }).click();
      await page.getByLabel('手机号', { exact: true }).fill(phone);
      await page.getByRole('button', { name: '获取验证码' }).click();
      const code = await debugCodeFrom(page);
      await page.getByRole('button', { name: /\d+秒后重发/ }).waitFor();
      await page.getByLabel('验证码', { exact: true }).fill(code);
      await page.getByLabel('设置密码').fill(password);
      await page.getByLabel('确认密码').fill('mismatch-1');
      await page.getByRole('button', { name: '注册', exact: true }).click();
      await page.getByText('两次输入的密码不一致').waitFor();
      await page.getByLabel('确认密码').fill(password);
      await page.getByRole('button', { name: '注册', exact: true }).click();
      await page.getByText('请阅读并同意用户协议和隐私政策').waitFor();
      await page.getByRole('checkbox').check();
      assert.equal(await page.getByText('请阅读并同意用户协议和隐私政策').count(), 0, 'the error goes once it is no longer true');
      await expectAccessible(page, 'register form');
      await shot(page, `${viewport.name}-register`);
      await page.getByRole('button', { name: '注册', exact: true }).click();
      await page.getByText('注册成功，请登录').waitFor();
      assert.equal(await page.getByLabel('手机号', { exact: true }).inputValue(), phone, 'login form is prefilled');
      // The form that had focus is gone: the password takes it, described by the success line.
      const passwordField = page.getByLabel('密码', { exact: true });
      assert.ok(await passwordField.evaluate((el) => el === document.activeElement), 'focus is on the password after registering');
      assert.equal(await passwordField.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent), '注册成功，请登录');

      // Log in.
      await page.getByLabel('密码', { exact: true }).fill('wrong-pass');
      await page.getByRole('button', { name: '登录', exact: true }).click();
      await page.getByText('手机号或密码错误').waitFor();
      await page.getByLabel('密码', { exact: true }).fill(password);
      await page.getByRole('button', { name: '登录', exact: true }).click();
      await page.waitForURL('**/marketplace');
      const chip = page.locator('.account-chip');
      await chip.waitFor();
      // The system nickname is user + the registration number's digits, nothing of the phone.
      assert.match((await chip.textContent()) ?? '', /bx(\d{6})user\1/);
      await expectAccessible(page, 'member page');
      await openAccountMenu(page);
      await page.getByText(`${phone.slice(0, 3)}****${phone.slice(-4)}`).waitFor();
      // The contact line is the menu's description, outside its items (a menu holds menu items only).
      const described = await page.getByRole('menu', { name: '账户菜单' }).evaluate((menu) => ({
        description: document.getElementById(menu.getAttribute('aria-describedby') ?? '')?.textContent ?? '',
        // 外观 is a group of radio items (role="group" holding menuitemradio), which a menu may hold.
        others: [...menu.children].filter(
          (el) => el.getAttribute('role') !== 'menuitem' && !(el.getAttribute('role') === 'group' && [...el.children].every((c) => c.getAttribute('role') === 'menuitemradio')),
        ).length,
      }));
      assert.match(described.description, new RegExp(`${phone.slice(0, 3)}\\*{4}${phone.slice(-4)}`));
      assert.equal(described.others, 0, 'only menu items inside the menu');
      await shot(page, `${viewport.name}-account-menu`);
      // Clicking outside closes the dropdown (the heading's left end: on phones the menu covers its middle).
      await page.locator('h1').click({ position: { x: 4, y: 4 } });
      await page.getByRole('menu').waitFor({ state: 'detached' });

      // Avatar: the chip updates at once.
      await openAccountMenu(page);
      await page.getByRole('menuitem', { name: '编辑资料' }).click();
      const profile = page.getByRole('dialog', { name: '编辑资料' });
      await profile.getByText('头像 1/5').waitFor();
      // Tab stays inside the dialog.
      for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
      assert.equal(await profile.evaluate((el) => el.contains(document.activeElement)), true);
      await profile.locator('label.avatar-option').nth(2).click();
      await profile.getByText('头像 3/5').waitFor();
      await expectAccessible(page, 'profile modal');
      await shot(page, `${viewport.name}-profile-modal`);
      await profile.getByRole('button', { name: '保存' }).click();
      await profile.waitFor({ state: 'detached' });
      assert.equal(await chip.locator('img').getAttribute('src'), '/avatars/avatar-3.svg');

      // Bio: written in the same dialog; a sensitive word is refused there, with the server's words; saved, it shows on both public pages.
      await openAccountMenu(page);
      await page.getByRole('menuitem', { name: '编辑资料' }).click();
      await profile.getByLabel('个人简介').fill('业余时间研究赌博技巧');
      // (Also past the 400 ms in which a tap where the last dialog's 保存 was is taken for a double tap.)
      await expectAccessible(page, 'profile modal with a bio typed');
      await profile.getByRole('button', { name: '保存' }).click();
      await profile.getByRole('alert').getByText('内容包含敏感词，未能通过审核，请修改后重新提交').waitFor();
      await expectAccessible(page, 'profile modal with a refused bio');
      await profile.getByLabel('个人简介').fill('喜欢在地铁上记录一闪而过的点子');
      assert.equal(await profile.getByTestId('bio-count').textContent(), '15/200');
      await shot(page, `${viewport.name}-profile-bio`);
      await profile.getByRole('button', { name: '保存' }).click();
      await profile.waitFor({ state: 'detached' });
      const registrationNumber = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}').registrationNumber as string);
      for (const path of [`/hunter/${registrationNumber}`, `/user/${registrationNumber}`]) {
        await page.goto(path);
        await page.locator('.person-bio', { hasText: '喜欢在地铁上记录一闪而过的点子' }).waitFor();
        await expectAccessible(page, `bio on ${path}`);
      }
      await shot(page, `${viewport.name}-user-page-bio`);

      // Password: other sessions stop working.
      const otherSession = await apiLogin(phone, password);
      const newPassword = 'second-pass2';
      await openAccountMenu(page);
      await page.getByRole('menuitem', { name: '安全设置' }).click();
      const security = page.getByRole('dialog', { name: '安全设置' });
      await security.getByLabel('当前密码').fill('not-my-password');
      await security.getByLabel('新密码', { exact: true }).fill(newPassword);
      await security.getByLabel('确认新密码').fill(newPassword);
      await security.getByRole('button', { name: '修改密码' }).click();
      await security.getByText('当前密码不正确').waitFor();
      await security.getByLabel('当前密码').fill(password);
      await security.getByRole('button', { name: '修改密码' }).click();
      await security.getByText('密码修改成功！').waitFor();
      assert.equal(await meStatus(otherSession), 401);
      await expectAccessible(page, 'security modal');

      // Phone.
      const newPhone = uniquePhone();
      await security.getByRole('tab', { name: '手机号' }).click();
      await security.getByRole('button', { name: '更换手机号' }).click();
      await security.getByLabel('当前密码').fill(newPassword);
      await security.getByLabel('新手机号').fill('12345');
      await security.getByRole('button', { name: '获取验证码' }).click();
      await security.getByText('请输入正确的手机号码').waitFor();
      await security.getByLabel('新手机号').fill(newPhone);
      await security.getByRole('button', { name: '获取验证码' }).click();
      const phoneCode = await debugCodeFrom(page, security);
      await security.getByRole('button', { name: /\d+秒后重发/ }).waitFor();
      await security.getByRole('button', { name: '验证并更换' }).click();
      await security.getByText('请输入验证码').waitFor();
      await security.getByLabel('验证码', { exact: true }).fill(phoneCode);
      await shot(page, `${viewport.name}-security-phone`);
      await security.getByRole('button', { name: '验证并更换' }).click();
      await security.getByText('手机号修改成功').waitFor();
      await security.getByText(`${newPhone.slice(0, 3)}****${newPhone.slice(-4)}`).waitFor();
      await security.getByRole('tab', { name: '邮箱' }).click();
      await security.getByText('邮箱绑定功能暂时关闭，敬请期待').waitFor();
      await page.keyboard.press('Escape');

      // Log out.
      await openAccountMenu(page);
      await page.getByRole('menuitem', { name: '退出登录' }).click();
      await page.waitForURL('**/guest-marketplace');
      await page.getByTestId('toast').filter({ hasText: '已退出登录' }).waitFor();
      await page.getByRole('link', { name: '登录 / 注册' }).waitFor();
      assert.equal(await page.evaluate(() => localStorage.getItem('authToken')), null);

      // Reset the password.
      await page.goto('/forgot-password');
      await expectAccessible(page, 'forgot password');
      await page.getByLabel('手机号', { exact: true }).fill(newPhone);
      await page.getByRole('button', { name: '获取验证码' }).click();
      const resetCode = await debugCodeFrom(page);
      await page.getByLabel('验证码', { exact: true }).pressSequentially(`a${resetCode.slice(0, 3)}-${resetCode.slice(3)}`);
      assert.equal(await page.getByLabel('验证码', { exact: true }).inputValue(), resetCode, 'digits only');
      await page.getByLabel('新密码', { exact: true }).fill('third-pass3');
      await page.getByLabel('确认新密码').fill('third-pass3');
      await expectAccessible(page, 'forgot password step 2');
      await page.getByRole('button', { name: '重置密码' }).click();
      await page.getByText(/密码重置成功/).waitFor();
      await page.waitForURL('**/login', { timeout: 5000 });

      // Log in again with the new password and phone, then deactivate.
      await page.getByLabel('手机号', { exact: true }).fill(newPhone);
      await page.getByLabel('密码', { exact: true }).fill('third-pass3');
      await page.getByRole('button', { name: '登录', exact: true }).click();
      await page.waitForURL('**/marketplace');
      await openAccountMenu(page);
      await page.getByRole('menuitem', { name: '安全设置' }).click();
      await security.getByRole('tab', { name: '注销账号' }).click();
      const confirmButton = security.getByRole('button', { name: '确认注销' });
      assert.equal(await confirmButton.isDisabled(), true);
      // A disabled button says why (read with it): what the form still waits for.
      assert.equal(await confirmButton.getAttribute('aria-describedby').then((id) => page.locator(`#${id}`).textContent()), '请选择注销原因并输入“注销”后再注销');
      await security.getByLabel('个人原因').check();
      await security.getByLabel('请输入“注销”以确认').fill('注');
      assert.equal(await confirmButton.isDisabled(), true);
      assert.equal(await confirmButton.getAttribute('aria-describedby').then((id) => page.locator(`#${id}`).textContent()), '请输入“注销”后再注销');
      await security.getByLabel('请输入“注销”以确认').fill('注销');
      assert.equal(await confirmButton.getAttribute('aria-describedby'), null);
      await expectAccessible(page, 'deactivate tab');
      await shot(page, `${viewport.name}-deactivate`);
      await confirmButton.click();
      const final = page.getByRole('dialog', { name: '最后确认' });
      await final.getByText('个人原因').waitFor();
      // Escape closes only the topmost dialog.
      await page.keyboard.press('Escape');
      await final.waitFor({ state: 'detached' });
      await security.getByRole('tab', { name: '注销账号' }).waitFor();
      await confirmButton.click();
      await final.getByText('个人原因').waitFor();
      await final.getByLabel('当前密码').fill('third-pass3');
      const dialogText = new Promise<string>((resolve) => page.once('dialog', (d) => (resolve(d.message()), void d.accept())));
      await final.getByRole('button', { name: '确认注销' }).click();
      assert.equal(await dialogText, '账号注销成功，感谢你的使用');
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('link', { name: '登录 / 注册' }).waitFor();
      const relogin = await fetch(`${e2e.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ loginType: 'phone', phone: newPhone, password: 'third-pass3' }),
      });
      assert.equal(relogin.status, 400);
      await context.close();
    });
  });
}
