/**
 * What a member's own write changes shows without a reload (a phone walkthrough, 2026-11-27), at
 * 390 px on the production build, MODERATION=auto, axe-core on each page shown:
 * - a publish approved at once sends a message, and the bell counts it on the success page (it kept the
 *   old count until its next poll, two minutes later);
 * - a new avatar reaches the member's cards already on screen (they kept the old one until a reload);
 * - a card's cover keeps the image's own shape (UI.md), from before the image loads: a tall upload
 *   was cropped to 4:3.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { createIdea, createUser } from '../helpers/fixtures.ts';
import { type E2E, expectAccessible, newPage, shot, signInWithToken, startE2E, VIEWPORTS } from './harness.ts';

let e2e: E2E;
const phone = VIEWPORTS.find((v) => v.width === 390)!;

before(async () => {
  e2e = await startE2E({ MODERATION: 'auto' });
});
after(async () => {
  await e2e?.close();
});

describe('fresh after a member’s own writes at 390px', () => {
  it('the bell counts the approval message on the publish-success page', async () => {
    const member = await createUser(e2e.server.deps, { nickname: '新鲜作者' });
    const { context, page } = await newPage(e2e, phone);
    await signInWithToken(page, e2e.baseUrl, member);
    await page.goto('/create-pin');
    await page.getByRole('heading', { name: '创建创意' }).waitFor();
    await page.getByRole('link', { name: '消息，没有未读消息' }).first().waitFor();
    await page.getByLabel('标题', { exact: true }).fill('会提醒关窗的雨量传感器');
    await page.getByLabel('简介', { exact: true }).fill('下雨前提醒家里没人时关窗');
    const editor = page.locator('[contenteditable="true"][aria-label="详细分析"]');
    await editor.click();
    await editor.pressSequentially('窗台装一个小雨量计，联网推送到手机。');
    await page.getByRole('button', { name: '发布', exact: true }).click();
    await page.waitForURL('**/publish-success/**');
    // Well before the bell's own poll (two minutes).
    await page.getByRole('link', { name: '消息，1 条未读消息' }).first().waitFor({ timeout: 5000 });
    await expectAccessible(page, 'publish success with the bell counting');
    await context.close();
  });

  it('a new avatar reaches the member’s cards on screen', async () => {
    const member = await createUser(e2e.server.deps, { nickname: '换头像的人' });
    await createIdea(e2e.server.deps, member, { title: '换头像之前的创意' });
    const { context, page } = await newPage(e2e, phone);
    await signInWithToken(page, e2e.baseUrl, member);
    await page.goto('/inspiration-library?tab=published');
    const cardAvatar = page.locator('main [data-testid="idea-card"]', { hasText: '换头像之前的创意' }).locator('img[src^="/avatars/"]');
    await cardAvatar.waitFor();
    const before = await cardAvatar.getAttribute('src');
    await page.locator('.account-chip').click();
    await page.getByRole('menuitem', { name: '编辑资料' }).click();
    const profile = page.getByRole('dialog', { name: '编辑资料' });
    await profile.locator('label.avatar-option').nth(2).click();
    await profile.getByRole('button', { name: '保存' }).click();
    await profile.waitFor({ state: 'detached' });
    assert.notEqual(before, '/avatars/avatar-3.svg');
    await page.waitForFunction(() => document.querySelector('main [data-testid="idea-card"] img[src^="/avatars/"]')?.getAttribute('src') === '/avatars/avatar-3.svg', undefined, { timeout: 5000 });
    await expectAccessible(page, 'library after an avatar change');
    await shot(page, 'phone-avatar-on-cards');
    await context.close();
  });

  it("a card's cover keeps the image's own shape, before and after it loads", async () => {
    const member = await createUser(e2e.server.deps, { nickname: '竖图作者' });
    const form = new FormData();
    form.append(
      'file',
      new Blob([
        await sharp({ create: { width: 750, height: 1200, channels: 3, background: '#2f855a' } })
          .png()
          .toBuffer(),
      ]),
      'tall.png',
    );
    const upload = await fetch(`${e2e.baseUrl}/api/upload/idea-image`, { method: 'POST', headers: { authorization: `Bearer ${member.token}` }, body: form });
    assert.equal(upload.status, 201);
    const url = ((await upload.json()) as { data: { url: string } }).data.url;
    const created = await fetch(`${e2e.baseUrl}/api/ideas`, {
      method: 'POST',
      headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: '竖着拍的阳台菜园', description: '一张竖图做封面', detailedAnalysis: `<p>阳台一角</p><img src="${url}">`, tags: '园艺', status: 'published' }),
    });
    assert.equal(created.status, 201);
    const id = ((await created.json()) as { data: { id: number } }).data.id;
    // A picture waits for a moderator even in automatic review.
    const admin = await createUser(e2e.server.deps, { role: 'admin' });
    assert.equal((await fetch(`${e2e.baseUrl}/api/admin/ideas/${id}/approve`, { method: 'POST', headers: { authorization: `Bearer ${admin.token}` } })).status, 200);

    const { context, page } = await newPage(e2e, phone);
    // The image held back: the card has its shape before the picture arrives (no shift when it does).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/uploads/**', async (route) => {
      await held;
      await route.continue();
    });
    await signInWithToken(page, e2e.baseUrl, member);
    await page.goto('/marketplace');
    const cover = page.locator(`main [data-testid="idea-card"][data-idea-id="${id}"] .idea-card-image`);
    await cover.waitFor();
    const ratio = async () => {
      const box = (await cover.boundingBox())!;
      return box.height / box.width;
    };
    assert.ok(Math.abs((await ratio()) - 1200 / 750) < 0.02, `tall before it loads: ${await ratio()}`);
    release();
    await page.waitForFunction((i) => (document.querySelector(`main [data-idea-id="${i}"] .idea-card-image img`) as HTMLImageElement | null)?.complete, id);
    assert.ok(Math.abs((await ratio()) - 1200 / 750) < 0.02, `tall once loaded: ${await ratio()}`);
    await expectAccessible(page, 'marketplace with a tall cover');
    await shot(page, 'phone-tall-cover');
    await context.close();
  });
});
