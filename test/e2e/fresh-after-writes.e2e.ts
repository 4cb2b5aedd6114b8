/**
 * What a member's own write changes shows without a reload (a phone walkthrough, 2026-11-27), at
 * 390 px on the production build, MODERATION=auto, axe-core on each page shown:
 * - a publish approved at once sends a message, and the bell counts it on the success page (it kept the
 *   old count until its next poll, two minutes later);
 * - a new avatar reaches the member's cards already on screen (they kept the old one until a reload).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
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
});
