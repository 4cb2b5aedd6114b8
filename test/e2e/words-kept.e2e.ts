/**
 * Nothing typed is lost, and a login leads back, in Chromium at 390 px and 1280 px: a comment typed
 * as the session ends (the password changed on another device) is back in the box after logging in
 * again, until it is sent; the editor's unsaved copy holds the last keystrokes before a reload; a
 * guest sent to log in from a member page is told why and brought back to it, query and all (after
 * registering first too); only the latest reason to log in counts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { createIdea, createUser } from '../helpers/fixtures.ts';
import { expectAccessible, newPage, shot, signInWithToken, startE2E, uniquePhone, VIEWPORTS, type E2E } from './harness.ts';

let e2e: E2E;
before(async () => {
  e2e = await startE2E();
});
after(async () => {
  await e2e?.close();
});

async function apiPost(path: string, body: unknown, token?: string) {
  const res = await fetch(`${e2e.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  assert.ok(res.ok, `${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function logIn(page: Page, phone: string, password: string) {
  await page.getByLabel('手机号', { exact: true }).fill(phone);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

for (const viewport of VIEWPORTS) {
  describe(`words kept and the way back at ${viewport.width}px`, () => {
    it('keeps a comment typed as the session ended, and gives it back after logging in again', async () => {
      const deps = e2e.server.deps;
      const author = await createUser(deps, { nickname: `作者${viewport.name}` });
      const ideaId = await createIdea(deps, author, { title: `楼道共享工具箱 ${viewport.name}` });
      const reader = await createUser(deps, { nickname: `读者${viewport.name}` });
      const { context, page } = await newPage(e2e, viewport);
      await signInWithToken(page, e2e.baseUrl, reader);
      await page.goto(`/idea/${ideaId}`);
      const section = page.getByTestId('comments-section');
      const box = section.getByLabel('发表评论');
      await box.waitFor();

      const words = '工具箱放在一楼信箱旁边，扫码借用，用完放回就行';
      await box.fill(words);
      // On another device the reader changes the password: this browser's session ends.
      const other = (await apiPost('/api/auth/login', { loginType: 'phone', phone: reader.phone, password: reader.password })).data.token as string;
      await apiPost('/api/auth/change-password', { currentPassword: reader.password, newPassword: 'newpass123' }, other);

      // The end shows on sending, or sooner when a background request (the unread count) is refused
      // first; either way the box gives way to the login prompt, which says the words are kept.
      const prompt = section.locator('.comments-login');
      const kept = prompt.getByText('你写的评论已保存');
      await Promise.race([
        section
          .getByRole('button', { name: '发送' })
          .click()
          .catch(() => kept.waitFor()),
        kept.waitFor(),
      ]);
      await kept.waitFor();
      await expectAccessible(page, `comment kept, logged out at ${viewport.width}px`);
      await prompt.getByRole('link', { name: '登录' }).click();
      await page.waitForURL('**/login');
      await logIn(page, reader.phone, 'newpass123');
      await page.waitForURL(`**/idea/${ideaId}`);
      await box.waitFor();
      assert.equal(await box.inputValue(), words, 'the comment is back in the box');

      // Sent, it is gone for good.
      await section.getByRole('button', { name: '发送' }).click();
      await page.getByTestId('toast').getByText('评论成功').first().waitFor();
      await page.reload();
      await box.waitFor();
      assert.equal(await box.inputValue(), '');
      await context.close();
    });

    it("keeps the editor's last keystrokes before a reload", async () => {
      const user = await createUser(e2e.server.deps, { nickname: `写作者${viewport.name}` });
      const { context, page } = await newPage(e2e, viewport);
      await signInWithToken(page, e2e.baseUrl, user);
      await page.goto('/create-pin');
      await page.getByRole('heading', { name: '创建创意' }).waitFor();
      // Typed and the page left at once: well within the half second the copy waits for a pause.
      await page.getByLabel('标题', { exact: true }).fill('刚写完就刷新的标题');
      await page.reload();
      await page.getByTestId('unsaved-copy').getByText('已恢复你上次没有保存的内容').waitFor();
      assert.equal(await page.getByLabel('标题', { exact: true }).inputValue(), '刚写完就刷新的标题');
      await context.close();
    });

    it('tells a guest why they must log in, and brings them back to the page asked for, query and all', async () => {
      const member = await createUser(e2e.server.deps, { nickname: `回来的人${viewport.name}` });
      const { context, page } = await newPage(e2e, viewport);
      await page.goto('/inspiration-library?tab=drafts');
      await page.waitForURL('**/login');
      const note = page.getByTestId('pending-page');
      await note.getByText('请先登录，登录后将回到“我的灵感库”').waitFor();
      await expectAccessible(page, `login with its reason at ${viewport.width}px`);
      await shot(page, `${viewport.name}-login-return-note`);
      await logIn(page, member.phone, member.password);
      await page.waitForURL('**/inspiration-library?tab=drafts');
      await page.getByRole('heading', { level: 1, name: '我的灵感库' }).waitFor();
      await context.close();
    });

    it('brings a new member back after registering, then logging in', async () => {
      const { context, page } = await newPage(e2e, viewport);
      await page.goto('/messages');
      await page.waitForURL('**/login');
      await page.getByTestId('pending-page').getByText('请先登录，登录后将回到“消息”').waitFor();
      await page.getByRole('tab', { name: '注册' }).click();
      const phone = uniquePhone();
      await page.getByLabel('手机号', { exact: true }).fill(phone);
      await page.getByRole('button', { name: '获取验证码' }).click();
      const text = await page
        .getByText(/开发环境验证码：\d{6}/)
        .first()
        .textContent();
      const code = /(\d{6})/.exec(text ?? '')![1];
      await page.getByLabel('验证码', { exact: true }).fill(code);
      await page.getByLabel('设置密码', { exact: true }).fill('secret123');
      await page.getByLabel('确认密码', { exact: true }).fill('secret123');
      await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
      await page.getByRole('button', { name: '注册', exact: true }).click();
      await page.getByText('注册成功，请登录').waitFor();
      await page.getByLabel('密码', { exact: true }).fill('secret123');
      await page.getByRole('button', { name: '登录', exact: true }).click();
      await page.waitForURL('**/messages');
      await page.getByRole('heading', { level: 1, name: '消息' }).waitFor();
      await context.close();
    });

    it('counts only the latest reason to log in: a card tapped, then a search', async () => {
      const member = await createUser(e2e.server.deps, { nickname: `先点后搜${viewport.name}` });
      const author = await createUser(e2e.server.deps, { nickname: `卡片作者${viewport.name}` });
      await createIdea(e2e.server.deps, author, { title: `可折叠的阳台晾衣架 ${viewport.name}` });
      const { context, page } = await newPage(e2e, viewport);
      await page.goto('/guest-marketplace');
      // The card's title (its tags are links of their own, to their tag pages).
      await page
        .locator('main [data-testid="idea-card"]')
        .first()
        .getByRole('link', { name: `可折叠的阳台晾衣架 ${viewport.name}` })
        .click();
      await page.waitForURL('**/login');
      await page.getByTestId('pending-idea').waitFor();
      await page.goto('/guest-marketplace');
      const search = page.getByRole('searchbox', { name: '搜索创意' });
      await search.fill('晾衣架');
      await search.press('Enter');
      await page.waitForURL('**/login');
      await page.getByTestId('pending-search').getByText('登录后将为你继续搜索「晾衣架」').waitFor();
      assert.equal(await page.getByTestId('pending-idea').count(), 0, 'the card tapped before is no longer what the login is for');
      await logIn(page, member.phone, member.password);
      await page.waitForURL(/\/marketplace\?q=/);
      assert.equal(new URL(page.url()).searchParams.get('q'), '晾衣架');
      await context.close();
    });
  });
}
