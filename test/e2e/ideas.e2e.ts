/** Writing, drafting, publishing under manual review, approving, deleting and restoring an idea in Chromium. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { expectAccessible, storeSession, newPage, shot, startE2E, uniquePhone, VIEWPORTS, type E2E } from './harness.ts';

let e2e: E2E;
before(async () => {
  e2e = await startE2E({ MODERATION: 'manual' });
});
after(async () => {
  await e2e?.close();
});

async function api(path: string, body: unknown, token?: string) {
  const res = await fetch(e2e.baseUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  assert.ok(res.ok, `${path}: ${JSON.stringify(json)}`);
  return json;
}

/** A registered, logged-in member; the browser page gets the session the login page would store. */
async function member(page: Page, admin = false) {
  const phone = uniquePhone();
  const sent = await api('/api/auth/send-sms-code', { phone, purpose: 'register' });
  await api('/api/auth/register', { phone, password: 'pass-word1', verifyCode: sent.debugCode });
  if (admin) await e2e.server.deps.db.updateTable('users').set({ role: 'admin' }).where('phone', '=', phone).execute();
  const login = await api('/api/auth/login', { loginType: 'phone', phone, password: 'pass-word1' });
  await storeSession(page, login.data);
  return login.data as { token: string; user: { id: number; registrationNumber: string } };
}

async function pngFile(name: string, color: string) {
  const buffer = await sharp({ create: { width: 640, height: 400, channels: 3, background: color } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

async function adminApproves(browser: Browser, viewport: (typeof VIEWPORTS)[number], title: string) {
  const { context, page } = await newPage({ ...e2e, browser }, viewport);
  await member(page, true);
  await page.goto('/admin');
  await page.getByRole('heading', { name: '管理后台' }).waitFor();
  const item = page.locator('[data-testid="review-item"]', { hasText: title });
  await item.waitFor();
  // The author chose 市场暂无: the reviewer sees it with the rest.
  assert.equal(await item.getByTestId('review-market').textContent(), '市场暂无');
  await expectAccessible(page, `admin at ${viewport.width}px`);
  await shot(page, `${viewport.name}-admin`);
  await item.getByRole('button', { name: '通过' }).click();
  const confirm = page.getByRole('dialog', { name: /^通过「/ });
  await confirm.getByRole('button', { name: '通过' }).click();
  await page.getByTestId('toast').getByText('已通过').waitFor();
  await context.close();
}

for (const viewport of VIEWPORTS) {
  describe(`ideas at ${viewport.width}px`, () => {
    it('write with images and tags, preview, draft, publish, review, delete and restore', async () => {
      const { context, page } = await newPage(e2e, viewport);
      page.on('dialog', (d) => void d.accept());
      await member(page);
      const images = 2;
      const title = `会自己浇水的花盆 ${viewport.name}`;

      await page.goto('/create-pin');
      await page.getByRole('heading', { name: '创建创意' }).waitFor();
      await page.getByLabel('标题', { exact: true }).fill(title);
      await page.getByLabel('简介', { exact: true }).fill(`出差一周，花也不会渴死（${viewport.name}）`);
      await page.getByLabel('市场暂无').check();
      const editor = page.locator('[contenteditable="true"][aria-label="详细分析"]');
      await editor.click();
      await editor.pressSequentially(`底部储水仓加湿度传感器，按植物种类自动控制浇水量。${viewport.name}`);
      await page.getByLabel('标签', { exact: true }).fill('园艺 智能家居 懒人');
      {
        await page.getByLabel('选择图片').setInputFiles(await pngFile('a.png', '#2f855a'));
        await page.locator('.ProseMirror img[src^="/uploads/"]').first().waitFor();
        await page.getByLabel('选择图片').setInputFiles(await pngFile('b.png', '#c05621'));
        await page.waitForFunction(() => document.querySelectorAll('.ProseMirror img[src^="/uploads/"]').length === 2);
      }
      // Each picture has a 图片说明 field of its own: the first is described, the second keeps the default.
      const captions = page.getByLabel('图片说明');
      assert.equal(await captions.count(), images);
      const caption = `储水仓和传感器的位置（${viewport.name}）`;
      await captions.first().fill(caption);
      await page.locator('.ProseMirror').getByRole('img', { name: caption, exact: true }).waitFor();
      await expectAccessible(page, `editor at ${viewport.width}px`);
      await shot(page, `${viewport.name}-editor`);

      await page.getByRole('button', { name: '预览' }).click();
      const preview = page.locator('article.idea-preview');
      // Focus goes into the preview, named by its badge (it stayed on the button, off screen).
      await page.getByRole('article', { name: '预览效果，尚未保存' }).waitFor();
      await page.waitForFunction(() => document.activeElement?.matches('article.idea-preview'));
      await preview.getByText('#园艺').waitFor();
      await preview.getByText(title).waitFor();
      await preview.locator('img[src^="/uploads/"]').nth(1).waitFor();
      assert.deepEqual(await preview.locator('img[src^="/uploads/"]').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt'))), [caption, '创意配图']);
      await expectAccessible(page, `preview at ${viewport.width}px`);
      await shot(page, `${viewport.name}-preview`);
      await page.getByRole('button', { name: '继续编辑' }).click();
      // And back on the title, to go on writing.
      await page.waitForFunction(() => document.activeElement instanceof HTMLInputElement);
      assert.equal(await page.getByLabel('标题', { exact: true }).evaluate((el) => el === document.activeElement), true);

      await page.getByRole('button', { name: '保存草稿' }).click();
      await page.waitForURL('**/inspiration-library?tab=drafts');
      await page.getByTestId('toast').filter({ hasText: '草稿已保存' }).waitFor();
      const draftCard = page.locator('[data-testid="idea-card"]', { hasText: title });
      await draftCard.waitFor();
      await expectAccessible(page, `library drafts at ${viewport.width}px`);
      await shot(page, `${viewport.name}-library-drafts`);
      const ideaId = Number(await draftCard.getAttribute('data-idea-id'));
      assert.ok(ideaId > 0);

      // A draft was never published: no 新 badge and no view count; 编辑 says what opening it does.
      assert.equal(await draftCard.locator('.idea-badge-new').count(), 0, 'no 新 on a draft');
      assert.equal(await draftCard.getByText(/^浏览 /).count(), 0, 'no views on a draft');
      await draftCard.getByRole('link', { name: /^编辑「.+」$/ }).click();
      await page.waitForURL(`**/create-pin?edit=${ideaId}`);
      await page.getByRole('heading', { name: '编辑草稿' }).waitFor();
      await page.waitForFunction(
        (t) => (document.querySelector('input#title, input[name="title"]') as HTMLInputElement | null)?.value === t || [...document.querySelectorAll('input')].some((i) => i.value === t),
        title,
      );
      await page.waitForFunction((n) => document.querySelectorAll('.ProseMirror img[src^="/uploads/"]').length === n, images);
      assert.deepEqual(await page.getByLabel('图片说明').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value)), [caption, ''], 'the saved draft keeps the description');
      await page.getByRole('button', { name: '发布', exact: true }).click();
      await page.waitForURL(`**/publish-success/${ideaId}`);
      await page.getByText('发布成功！待审核中...').waitFor();
      await expectAccessible(page, `publish success at ${viewport.width}px`);
      await page.getByRole('button', { name: '我的灵感库' }).click();

      await page.waitForURL('**/inspiration-library**');
      const published = page.locator('[data-testid="idea-card"]', { hasText: title });
      await published.getByText('审核中', { exact: true }).waitFor();
      await shot(page, `${viewport.name}-library-review`);
      // Others cannot see it while it is in review: API and page.
      assert.equal((await fetch(`${e2e.baseUrl}/api/ideas/${ideaId}`)).status, 404);
      const guest = await newPage(e2e, viewport);
      await guest.page.goto(`/idea/${ideaId}`);
      await guest.page.getByRole('heading', { name: '未找到该创意卡片' }).waitFor();
      await expectAccessible(guest.page, `idea not found at ${viewport.width}px`);
      await guest.context.close();

      await adminApproves(e2e.browser, viewport, title);
      assert.equal((await fetch(`${e2e.baseUrl}/api/ideas/${ideaId}`)).status, 200);
      await page.reload();
      await published.waitFor();
      assert.equal(await published.getByText('审核中', { exact: true }).count(), 0);

      // Editing the published idea says so, and that resubmitting sends it back to review.
      await page.goto(`/create-pin?edit=${ideaId}`);
      await page.getByRole('heading', { name: '编辑已发布的创意' }).waitFor();
      await page.getByText(/重新提交后需要再次审核/).waitFor();
      await page.getByRole('button', { name: '重新提交' }).waitFor();
      assert.equal(await page.getByRole('button', { name: '保存草稿' }).count(), 0);
      await page.waitForFunction(() => document.title === '编辑已发布的创意 - 猎人创意社区');
      await expectAccessible(page, `edit published at ${viewport.width}px`);
      await shot(page, `${viewport.name}-edit-published`);
      await page.goto('/inspiration-library?tab=published');
      await published.waitFor();

      await published.getByRole('button', { name: '删除' }).click();
      // The in-app confirm names the idea and uses the danger colour; the toast confirms the result.
      const confirmDelete = page.getByRole('dialog', { name: /^删除「会自己浇水的花盆/ });
      await confirmDelete.waitFor();
      // On phones a dialog is a sheet at the bottom: a toast shown meanwhile moves to the top, off its buttons.
      if (viewport.width < 900) assert.ok(await page.locator('.toast-region').evaluate((el) => el.getBoundingClientRect().top < 80), 'toasts move to the top while a dialog is open');
      await expectAccessible(page, `delete confirm at ${viewport.width}px`);
      await shot(page, `${viewport.name}-confirm-delete`);
      assert.match((await confirmDelete.getByRole('button', { name: '删除' }).getAttribute('class')) ?? '', /btn-danger/);
      await confirmDelete.getByRole('button', { name: '删除' }).click();
      await page
        .getByTestId('toast')
        .getByText(/已移入回收站/)
        .waitFor();
      assert.equal(await page.locator('.toast-region').getAttribute('role'), 'status');
      await published.waitFor({ state: 'detached' });
      await page.getByRole('tab', { name: /回收站/ }).click();
      const deleted = page.locator('[data-testid="idea-card"]', { hasText: title });
      await deleted.waitFor();
      await page
        .getByText(/保留7天/)
        .first()
        .waitFor();
      await expectAccessible(page, `recycle bin at ${viewport.width}px`);
      await shot(page, `${viewport.name}-library-deleted`);
      await deleted.getByRole('button', { name: '恢复' }).click();
      await page
        .getByRole('dialog', { name: /^恢复「/ })
        .getByRole('button', { name: '恢复' })
        .click();
      await deleted.waitFor({ state: 'detached' });
      await page.getByRole('tab', { name: '已发布' }).click();
      await page.locator('[data-testid="idea-card"]', { hasText: title }).waitFor();
      assert.equal((await fetch(`${e2e.baseUrl}/api/ideas/${ideaId}`)).status, 200);

      // The landing page features it; a member's click opens the idea, a guest's goes to /login.
      await page.goto('/');
      const featured = page.locator('.landing-featured [data-testid="idea-card"]', { hasText: title });
      await featured.waitFor();
      await expectAccessible(page, `landing with ideas at ${viewport.width}px`);
      await shot(page, `${viewport.name}-landing-ideas`);
      await featured.getByRole('link', { name: title }).click();
      await page.waitForURL(`**/idea/${ideaId}`);
      await page.getByRole('heading', { name: title }).waitFor();
      await expectAccessible(page, `idea page at ${viewport.width}px`);
      await page.evaluate(() => localStorage.clear());
      await page.goto('/');
      await page.locator('.landing-featured [data-testid="idea-card"]', { hasText: title }).getByRole('link', { name: title }).click();
      await page.waitForURL('**/login');
      await context.close();
    });
  });
}
