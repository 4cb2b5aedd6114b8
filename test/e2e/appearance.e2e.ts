/**
 * The dark theme (docs/product-rules.md "Appearance"), at 390 and 1280 px: a phone set to dark gets it
 * before the first paint on guest and member pages, axe's contrast rules pass on each page in both themes,
 * and the account menu's 外观 choice (跟随系统 / 浅色 / 深色) overrides the system and is kept.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { createIdea, createUser } from '../helpers/fixtures.ts';
import { expectAccessible, newPage, shot, signInWithToken, startE2E, VIEWPORTS, type E2E } from './harness.ts';

let e2e: E2E;
before(async () => {
  e2e = await startE2E();
});
after(async () => {
  await e2e?.close();
});

const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);
/** The page's painted background, as the browser computed it. */
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
const DARK_BG = 'rgb(18, 19, 21)';
const LIGHT_BG = 'rgb(247, 247, 245)';

for (const viewport of VIEWPORTS) {
  describe(`appearance at ${viewport.width}px`, () => {
    it('follows a dark system on every page, with AA contrast', async () => {
      const deps = e2e.server.deps;
      const author = await createUser(deps, { nickname: '夜里写字的人' });
      const ideaId = await createIdea(deps, author, { title: `夜读灯共享${viewport.name}`, tags: ['生活', '夜晚'] });
      const { context, page } = await newPage(e2e, viewport, { colorScheme: 'dark' });

      for (const [path, ready] of [
        ['/', () => page.getByRole('heading', { level: 1 }).first().waitFor()],
        ['/guest-marketplace', () => page.getByText(`夜读灯共享${viewport.name}`).first().waitFor()],
        ['/login', () => page.getByRole('button', { name: '登录', exact: true }).first().waitFor()],
      ] as const) {
        await page.goto(path);
        await ready();
        assert.equal(await theme(page), 'dark', `${path} is dark`);
        assert.equal(await background(page), DARK_BG);
        await expectAccessible(page, `${path} dark at ${viewport.width}px`);
        await shot(page, `${viewport.name}-dark${path === '/' ? '-landing' : path.replace(/\//g, '-')}`);
      }

      await signInWithToken(page, e2e.baseUrl, author);
      for (const [path, ready] of [
        ['/marketplace', () => page.getByText(`夜读灯共享${viewport.name}`).first().waitFor()],
        [`/idea/${ideaId}`, () => page.getByRole('heading', { name: `夜读灯共享${viewport.name}`, level: 1 }).waitFor()],
        ['/inspiration-library', () => page.getByRole('tab', { selected: true }).waitFor()],
        ['/messages', () => page.getByRole('heading', { name: '消息', level: 1 }).waitFor()],
        ['/updates', () => page.getByTestId('updates-empty').waitFor()],
        ['/create-pin', () => page.getByRole('heading', { level: 1 }).waitFor()],
      ] as const) {
        await page.goto(path);
        await ready();
        assert.equal(await theme(page), 'dark', `${path} is dark`);
        await expectAccessible(page, `${path} dark at ${viewport.width}px`);
        await shot(page, `${viewport.name}-dark${path.replace(/\//g, '-')}`);
      }
      await context.close();
    });

    it('the account menu’s 外观 overrides the system and is kept; 跟随系统 follows it again', async () => {
      const member = await createUser(e2e.server.deps, { nickname: '挑颜色的人' });
      const { context, page } = await newPage(e2e, viewport, { colorScheme: 'light' });
      await signInWithToken(page, e2e.baseUrl, member);
      await page.goto('/marketplace');
      assert.equal(await theme(page), 'light');
      assert.equal(await background(page), LIGHT_BG);

      await page.getByRole('button', { name: /账号菜单/ }).click();
      const appearance = page.getByRole('group', { name: '外观' });
      assert.equal(await appearance.getByRole('menuitemradio', { name: '跟随系统' }).getAttribute('aria-checked'), 'true');
      await appearance.getByRole('menuitemradio', { name: '深色' }).click();
      await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
      assert.equal(await appearance.getByRole('menuitemradio', { name: '深色' }).getAttribute('aria-checked'), 'true');
      await expectAccessible(page, `account menu dark at ${viewport.width}px`);
      await shot(page, `${viewport.name}-dark-account-menu`);

      // Kept: a reload (and the next visit) is dark before the app runs.
      await page.reload();
      assert.equal(await theme(page), 'dark');
      assert.equal(await background(page), DARK_BG);

      // 浅色 on a dark system; then 跟随系统 follows the system again.
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.getByRole('button', { name: /账号菜单/ }).click();
      await appearance.getByRole('menuitemradio', { name: '浅色' }).click();
      await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
      await appearance.getByRole('menuitemradio', { name: '跟随系统' }).click();
      await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
      // The system turning light is followed at once.
      await page.emulateMedia({ colorScheme: 'light' });
      await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
      assert.equal(await page.evaluate(() => localStorage.getItem('theme')), null);
      await context.close();
    });
  });
}
