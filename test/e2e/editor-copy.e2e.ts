/**
 * Nothing typed in the editor is lost (a walk-through of 2026-11-27 lost whole ideas), in Chromium at
 * 390 px: leaving /create-pin by the tab bar and coming back offers the unsaved copy back; a session
 * that ends while the member writes sends 发布 to the login page, which says why, and after logging
 * in again the editor is back with the text; 放弃这些内容 returns to what is saved; a publish that
 * succeeds leaves no copy behind.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page, Response } from 'playwright-core';
import sharp from 'sharp';
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

async function pngFile(name: string, color: string) {
  const buffer = await sharp({ create: { width: 320, height: 200, channels: 3, background: color } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

async function until(done: () => boolean, what: string, ms = 10_000) {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const imageCount = (page: Page, n: number) => page.waitForFunction((count) => document.querySelectorAll('.ProseMirror img[src^="/uploads/"]').length === count, n);

/** Deletes the editor's `index`-th picture from the text (selected by a click, then Delete). */
async function removePicture(page: Page, index: number) {
  await page.locator('.ProseMirror img[src^="/uploads/"]').nth(index).click();
  await page.keyboard.press('Delete');
}

describe(`pictures taken out of the text at ${phone.width}px`, () => {
  it('are freed once on save: an upload never saved is deleted, a saved one the save dropped is not asked for again', async () => {
    const user = await createUser(e2e.server.deps, { nickname: '配图者' });
    const { context, page } = await newPage(e2e, phone);
    const deletes: Response[] = [];
    const missing: string[] = [];
    page.on('response', (r) => {
      if (r.request().method() === 'DELETE') deletes.push(r);
      if (r.status() === 404) missing.push(`${r.request().method()} ${r.url()}`);
    });
    try {
      await signInWithToken(page, e2e.baseUrl, user);
      await page.goto('/create-pin');
      await page.getByRole('heading', { name: '创建创意' }).waitFor();
      await write(page, '带图的雨伞站', '两张示意图。');
      await page.getByLabel('选择图片').setInputFiles(await pngFile('a.png', '#2f855a'));
      await imageCount(page, 1);
      await page.getByLabel('选择图片').setInputFiles(await pngFile('b.png', '#c05621'));
      await imageCount(page, 2);
      const [kept, dropped] = await page.locator('.ProseMirror img[src^="/uploads/"]').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')!));

      // The second upload leaves the text before any save: the save keeps the first, and the page
      // deletes the second (the server still holds it for the author).
      await removePicture(page, 1);
      await imageCount(page, 1);
      await page.getByRole('button', { name: '保存草稿' }).click();
      await page.waitForURL('**/inspiration-library?tab=drafts');
      await until(() => deletes.length === 1, 'the dropped upload deleted');
      assert.equal(deletes[0].status(), 200);
      assert.ok(deletes[0].url().endsWith(dropped.split('/').pop()!), `deleted ${deletes[0].url()}, expected ${dropped}`);
      assert.equal((await fetch(e2e.baseUrl + kept)).status, 200, 'the saved picture stays');
      assert.equal((await fetch(e2e.baseUrl + dropped)).status, 404, 'the dropped upload is gone');

      // The saved picture leaves the text of the draft: the save removes it, and the page asks nothing more.
      const idea = await e2e.server.deps.db.selectFrom('ideas').select('id').where('user_id', '=', user.id).executeTakeFirstOrThrow();
      await page.goto(`/create-pin?edit=${idea.id}`);
      await page.getByRole('heading', { name: '编辑草稿' }).waitFor();
      await imageCount(page, 1);
      await removePicture(page, 0);
      await imageCount(page, 0);
      await page.getByRole('button', { name: '保存草稿' }).click();
      await page.waitForURL('**/inspiration-library?tab=drafts');
      await page.getByTestId('toast').filter({ hasText: '草稿已保存' }).waitFor();
      await page.waitForLoadState('networkidle');
      assert.equal(deletes.length, 1, `no second delete: ${deletes.map((r) => r.url()).join(', ')}`);
      assert.equal((await fetch(e2e.baseUrl + kept)).status, 404, 'the save removed the picture it no longer shows');

      // An upload that comes back with an unsaved copy is still this page's to free.
      await page.goto('/create-pin');
      await page.getByRole('heading', { name: '创建创意' }).waitFor();
      await write(page, '带图的雨伞站（二）', '一张示意图。');
      await page.getByLabel('选择图片').setInputFiles(await pngFile('c.png', '#2b6cb0'));
      await imageCount(page, 1);
      const [restored] = await page.locator('.ProseMirror img[src^="/uploads/"]').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')!));
      await page.getByRole('navigation', { name: '会员导航（底部）' }).getByRole('link', { name: '创意市场' }).click();
      await page.getByRole('heading', { level: 1, name: '创意市场' }).waitFor();
      await page.goBack();
      await page.getByTestId('unsaved-copy').waitFor();
      await imageCount(page, 1);
      await removePicture(page, 0);
      await imageCount(page, 0);
      await page.getByRole('button', { name: '保存草稿' }).click();
      await page.waitForURL('**/inspiration-library?tab=drafts');
      await until(() => deletes.length === 2, 'the restored upload deleted');
      assert.ok(deletes[1].url().endsWith(restored.split('/').pop()!), `deleted ${deletes[1].url()}, expected ${restored}`);
      assert.equal(deletes[1].status(), 200);
      assert.deepEqual(missing, [], 'no request answered 404');
    } finally {
      await context.close();
    }
  });
});

describe(`a refused picture at ${phone.width}px`, () => {
  it('says why in view, not under the sticky action bar', async () => {
    const user = await createUser(e2e.server.deps);
    const { context, page } = await newPage(e2e, phone);
    try {
      await signInWithToken(page, e2e.baseUrl, user);
      await page.goto('/create-pin');
      await page.getByRole('heading', { name: '创建创意' }).waitFor();
      await write(page, '配图被拒的创意', '一段很长的分析。'.repeat(60));
      // The toolbar's picture button is at the top of a long editor: the error below it is out of sight.
      await page.locator('.editor-toolbar').scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, -40));
      // Text in a picture's clothes: the server reads the bytes and refuses it.
      await page.getByLabel('选择图片').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('这不是图片，只是一段文字。'.repeat(20)) });
      const error = page.getByRole('alert').filter({ hasText: '图片上传失败' });
      await error.waitFor();
      await page.waitForTimeout(300);
      const [errorBox, barBox] = [await error.boundingBox(), await page.locator('.create-actions').boundingBox()];
      assert.ok(errorBox && barBox, 'both shown');
      assert.ok(errorBox.y >= 0 && errorBox.y + errorBox.height <= barBox.y, `the error (${errorBox.y}–${errorBox.y + errorBox.height}) above the action bar (${barBox.y})`);
      await shot(page, 'phone-editor-upload-refused');
    } finally {
      await context.close();
    }
  });
});
