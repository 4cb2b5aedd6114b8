/**
 * Notices in Chromium at 390 px and 1280 px on the production build: a member who registers finds the
 * welcome letter in 消息, with buttons to the pages it names; 通知设置 opens from the messages page's
 * header and from the account menu; a switch turned off saves at once (a toast), stays off after a
 * reload, and the server agrees; a failed load offers 重试; a visitor is sent to /login. axe-core on
 * every page shown.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { expectAccessible, newPage, shot, startE2E, uniquePhone, type E2E, type Viewport, VIEWPORTS } from './harness.ts';

let e2e: E2E;
before(async () => {
  e2e = await startE2E();
});
after(async () => {
  await e2e?.close();
});

const navOf = (page: Page, viewport: Viewport): Locator => page.locator(viewport.width < 900 ? 'nav.tab-bar' : 'nav.side-nav');

/** Registers and logs in through the login page, as a person would; the token the page stored. */
async function registerInBrowser(page: Page, phone: string, password: string): Promise<string> {
  await page.goto('/login');
  await page.getByRole('tab', { name: '注册' }).click();
  await page.getByLabel('手机号', { exact: true }).fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  const code = /(\d{6})/.exec(
    (await page
      .getByText(/开发环境验证码：\d{6}/)
      .first()
      .textContent()) ?? '',
  )?.[1];
  assert.ok(code, 'the page shows the development code');
  await page.getByLabel('验证码', { exact: true }).fill(code);
  await page.getByLabel('设置密码').fill(password);
  await page.getByLabel('确认密码').fill(password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: '注册', exact: true }).click();
  await page.getByText('注册成功，请登录').waitFor();
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL('**/marketplace');
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  assert.ok(token);
  return token;
}

async function settingsOf(token: string) {
  const res = await fetch(`${e2e.baseUrl}/api/notification-settings`, { headers: { authorization: `Bearer ${token}` } });
  assert.equal(res.status, 200);
  return (await res.json()).data as { comments: boolean; replies: boolean; followers: boolean };
}

for (const viewport of VIEWPORTS) {
  const vp = viewport.name;
  describe(`notices at ${viewport.width}px`, () => {
    it('a new member finds the welcome letter; 通知设置 from 消息 and the account menu, a switch kept off after a reload', async () => {
      const { context, page } = await newPage(e2e, viewport);
      const token = await registerInBrowser(page, uniquePhone(), 'notice-pass1');

      // The welcome letter, unread, with its buttons.
      const nav = navOf(page, viewport);
      await nav.getByTestId('nav-badge-messages').waitFor();
      await nav.getByRole('link', { name: /^消息/ }).click();
      await page.waitForURL('**/messages');
      const welcome = page.getByTestId('message').filter({ hasText: '欢迎来到猎人创意社区' });
      await welcome.waitFor();
      assert.equal(await page.getByTestId('message').count(), 1, 'exactly one message: the welcome');
      await welcome.getByRole('button', { name: '展开' }).click();
      await welcome.getByText(/审核/).waitFor();
      const links = welcome.getByTestId('message-link');
      assert.deepEqual(await links.evaluateAll((els) => els.map((el) => [el.textContent?.replace(/\s*›$/, ''), el.getAttribute('href')])), [
        ['发布创意', '/create-pin'],
        ['打开灵感库', '/inspiration-library'],
        ['逛逛创意市场', '/marketplace'],
      ]);
      await expectAccessible(page, `messages with the welcome at ${viewport.width}px`);
      await shot(page, `${vp}-notices-welcome`);

      // 通知设置 from the messages page's header.
      await page.getByRole('link', { name: '通知设置' }).click();
      await page.waitForURL('**/messages/settings');
      await page.getByRole('heading', { level: 1, name: '通知设置' }).waitFor();
      assert.match(await page.title(), /^通知设置/);
      const followers = page.getByRole('switch', { name: '新的关注者' });
      await followers.waitFor();
      for (const name of ['评论了我的创意', '回复了我的评论', '新的关注者']) assert.equal(await page.getByRole('switch', { name }).isChecked(), true, `${name} is on by default`);
      await expectAccessible(page, `notification settings at ${viewport.width}px`);
      await shot(page, `${vp}-notices-settings`);

      // Off: saved at once, and still off after a reload.
      await followers.click();
      await page.getByTestId('toast').getByText('已关闭「新的关注者」通知').waitFor();
      assert.equal(await followers.isChecked(), false);
      assert.deepEqual(await settingsOf(token), { comments: true, replies: true, followers: false });
      await page.reload();
      await page.getByRole('switch', { name: '新的关注者' }).waitFor();
      assert.equal(await page.getByRole('switch', { name: '新的关注者' }).isChecked(), false, 'kept off after a reload');
      assert.equal(await page.getByRole('switch', { name: '评论了我的创意' }).isChecked(), true);

      // From the account menu, elsewhere in the app.
      await page.goto('/marketplace');
      await page.locator('.account-chip').click();
      await page.getByRole('menu', { name: '账户菜单' }).waitFor();
      await page.getByRole('menuitem', { name: '通知设置' }).click();
      await page.waitForURL('**/messages/settings');
      const again = page.getByRole('switch', { name: '新的关注者' });
      await again.waitFor();
      assert.equal(await again.isChecked(), false);
      // The keyboard works the switch too.
      await again.focus();
      await page.keyboard.press('Space');
      await page.getByTestId('toast').getByText('已开启「新的关注者」通知').waitFor();
      assert.deepEqual(await settingsOf(token), { comments: true, replies: true, followers: true });
      await expectAccessible(page, `notification settings after a change at ${viewport.width}px`);

      // A failed load: the error with 重试, which loads them.
      await page.route('**/trpc/notificationSettings.get**', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: { message: '服务器内部错误', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, path: 'notificationSettings.get' } } }),
        }),
      );
      await page.reload();
      await page.getByText('获取通知设置失败，请稍后重试').waitFor({ timeout: 30_000 });
      await expectAccessible(page, `notification settings failed at ${viewport.width}px`);
      await page.unroute('**/trpc/notificationSettings.get**');
      await page.getByRole('button', { name: '重试' }).click();
      await page.getByRole('switch', { name: '新的关注者' }).waitFor();
      await context.close();
    });

    it('a visitor who opens 通知设置 is sent to log in', async () => {
      const { context, page } = await newPage(e2e, viewport);
      await page.goto('/messages/settings');
      await page.waitForURL('**/login**');
      await context.close();
    });
  });
}
