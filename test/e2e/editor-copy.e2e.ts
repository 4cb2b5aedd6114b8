/**
 * Nothing typed in the editor is lost (a walk-through of 2026-11-27 lost whole ideas), in Chromium at
 * 390 px: leaving /create-pin by the tab bar and coming back offers the unsaved copy back; a session
 * that ends while the member writes sends 发布 to the login page, which says why, and after logging
 * in again the editor is back with the text; 放弃这些内容 returns to what is saved; a publish that
 * succeeds leaves no copy behind.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { createUser } from '../helpers/fixtures.ts';
import { expectAccessible, newPage, shot, signInWithToken, startE2E, VIEWPORTS, type E2E } from './harness.ts';

let e2e: E2E;
before(async () => {
  e2e = await startE2E();
});
after(async () => {
  await e2e?.close();
});

const phone = VIEWPORTS[0];

async function write(page: Page, title: string, analysis: string) {
  await page.getByLabel('标题', { exact: true }).fill(title);
  await page.getByLabel('简介', { exact: true }).fill('下雨天在地铁口扫码借伞');
  const editor = page.locator('[contenteditable="true"][aria-label="详细分析"]');
  await editor.click();
  await editor.pressSequentially(analysis);
}

describe(`the editor's unsaved copy at ${phone.width}px`, () => {
  it('offers back what was typed after leaving by the tab bar, and after a session ends on 发布', async () => {
    const user = await createUser(e2e.server.deps, { nickname: '写作者' });
    const { context, page } = await newPage(e2e, phone);
    try {
      await signInWithToken(page, e2e.baseUrl, user);
      await page.goto('/create-pin');
      await page.getByRole('heading', { name: '创建创意' }).waitFor();
      await write(page, '雨天共享伞站', '押金一元，还伞即退。');

      // Away by the tab bar, then Back: the copy is offered, with the text in every field.
      await page.getByRole('navigation', { name: '会员导航（底部）' }).getByRole('link', { name: '创意市场' }).click();
      await page.waitForURL('**/marketplace');
      // The marketplace drawn, so the editor has really gone (while the page's code loads React keeps the old view).
      await page.getByRole('heading', { level: 1, name: '创意市场' }).waitFor();
      await page.goBack();
      await page.getByTestId('unsaved-copy').getByText('已恢复你上次没有保存的内容').waitFor();
      assert.equal(await page.getByLabel('标题', { exact: true }).inputValue(), '雨天共享伞站');
      await page.locator('.ProseMirror').getByText('押金一元，还伞即退。').waitFor();
      await expectAccessible(page, 'editor with its unsaved copy');
      await shot(page, `${phone.name}-editor-unsaved-copy`);

      // The session ends on the server while the member writes; 发布 sends them to log in, and says why.
      await page.getByLabel('标题', { exact: true }).fill('雨天共享伞站（第二版）');
      await e2e.server.deps.db.deleteFrom('sessions').where('user_id', '=', user.id).execute();
      e2e.server.deps.sessionCache.forgetUser(user.id);
      await page.getByRole('button', { name: '发布', exact: true }).click();
      await page.waitForURL('**/login');
      await page.getByTestId('session-ended').getByText('登录已过期').waitFor();
      await page.getByLabel('手机号', { exact: true }).fill(user.phone);
      await page.getByLabel('密码', { exact: true }).fill(user.password);
      await page.getByRole('button', { name: '登录', exact: true }).click();
      // Back in the editor, with the text.
      await page.waitForURL('**/create-pin');
      await page.getByTestId('unsaved-copy').waitFor();
      assert.equal(await page.getByLabel('标题', { exact: true }).inputValue(), '雨天共享伞站（第二版）');

      // 放弃这些内容: the form as saved (empty, for a new idea), and no copy is offered again.
      await page.getByRole('button', { name: '放弃这些内容' }).click();
      await page.getByTestId('unsaved-copy').waitFor({ state: 'detached' });
      assert.equal(await page.getByLabel('标题', { exact: true }).inputValue(), '');
      await page.reload();
      await page.getByRole('heading', { name: '创建创意' }).waitFor();
      assert.equal(await page.getByTestId('unsaved-copy').count(), 0);

      // A publish that succeeds leaves nothing behind.
      await write(page, '雨天共享伞站（正式版）', '押金一元，还伞即退，地铁口都有。');
      await page.getByRole('button', { name: '发布', exact: true }).click();
      await page.waitForURL(/\/publish-success/);
      await page.goto('/create-pin');
      await page.getByRole('heading', { name: '创建创意' }).waitFor();
      assert.equal(await page.getByTestId('unsaved-copy').count(), 0);
      assert.equal(await page.getByLabel('标题', { exact: true }).inputValue(), '');
    } finally {
      await context.close();
    }
  });
});
