/**
 * Coming back from an idea to the card it was opened from works under React's <StrictMode>
 * (main.tsx), where a development build mounts every component twice — effects run, are cleaned up and
 * run again — so an effect that is not idempotent breaks there first. The production build never runs
 * effects twice (discovery.e2e.ts covers the return there); this file serves the client through Vite's
 * development server (as `npm run dev` does) in front of the real server, at 390 and 1280 px.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createServer as createVite, type ViteDevServer } from 'vite';
import { loadConfig, rateLimitsOff } from '../../src/server/kernel/config.ts';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import { createIdea, createUser, type FixtureUser } from '../helpers/fixtures.ts';
import { SCREENSHOT_DIR, signInWithToken, VIEWPORTS } from './harness.ts';

const root = path.resolve(import.meta.dirname, '../..');
let vite: ViteDevServer;
let server: RunningServer;
let browser: Browser;
let dir: string;
let reader: FixtureUser;

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hunter-e2e-strict-'));
  // No hot reload: nothing changes under the test, and no websocket port to open.
  vite = await createVite({ configFile: path.join(root, 'vite.config.ts'), server: { middlewareMode: true, hmr: false }, appType: 'spa', logLevel: 'warn' });
  const base = loadConfig();
  const rateLimits = rateLimitsOff(base.rateLimits);
  server = await startServer({ ...base, port: 0, databaseUrl: `sqlite:${path.join(dir, 'e2e.db')}`, seedDemo: false, rateLimits, logLevel: 'warn' }, { devMiddleware: vite.middlewares });
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  const author = await createUser(server.deps, { nickname: '严格模式作者' });
  reader = await createUser(server.deps, { nickname: '严格模式读者' });
  for (let i = 0; i < 20; i++) {
    await createIdea(server.deps, author, { title: `严格模式下的第${i + 1}个创意`, description: `第${i + 1}个创意的简介。${'多写几句，让卡片高一些。'.repeat(i % 4)}`, ageMs: i * 3600_000 });
  }
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
});
after(async () => {
  await browser?.close();
  await server?.stop();
  await vite?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const logIn = (page: Page) => signInWithToken(page, server.url, reader);

for (const viewport of VIEWPORTS) {
  describe(`return to the card under <StrictMode> at ${viewport.width}px`, () => {
    it('back from an idea scrolls to the same place and highlights the card, by the page’s button and the browser’s', async () => {
      const context = await browser.newContext({ baseURL: server.url, viewport: { width: viewport.width, height: viewport.height }, locale: 'zh-CN' });
      const page = await context.newPage();
      // Vite compiles modules on first request: slower than the built client.
      page.setDefaultTimeout(90_000);
      page.on('pageerror', (err) => console.error(`[browser ${viewport.name}]`, err.message));
      await logIn(page);
      await page.goto('/marketplace');
      // The development build: React runs <StrictMode>'s double effects only there.
      assert.ok(await page.evaluate(() => !!document.querySelector('script[src="/@vite/client"]')), 'served by the Vite development server');
      const cards = page.locator('main [data-testid="idea-card"]');
      await page.waitForFunction(() => document.querySelectorAll('main [data-testid="idea-card"]').length >= 20);
      const target = page.locator('main [aria-posinset="14"] [data-testid="idea-card"]');
      const id = Number(await target.getAttribute('data-idea-id'));
      await target.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 200));
      const saved = await page.evaluate(() => Math.round(window.scrollY));
      assert.ok(saved > 200, `scrolled down (${saved})`);
      assert.ok((await cards.count()) >= 20);

      await target.locator('.idea-card-open').click();
      await page.waitForURL(`**/idea/${id}`);
      await page.getByRole('button', { name: '返回', exact: true }).click();
      await page.waitForURL('**/marketplace');
      const highlighted = page.locator(`[data-testid="idea-card"][data-idea-id="${id}"].idea-card-highlighted`);
      await highlighted.waitFor({ timeout: 10_000 });
      const restored = await page.evaluate(() => Math.round(window.scrollY));
      assert.ok(Math.abs(restored - saved) <= 2, `back at ${saved}, got ${restored}`);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${viewport.name}-return-to-card.png`) });
      await highlighted.waitFor({ state: 'detached', timeout: 8000 });

      // And by the browser's back button.
      await page.locator(`main [data-testid="idea-card"][data-idea-id="${id}"] .idea-card-open`).click();
      await page.waitForURL(`**/idea/${id}`);
      await page.goBack();
      await page.waitForURL('**/marketplace');
      await highlighted.waitFor({ timeout: 10_000 });
      const again = await page.evaluate(() => Math.round(window.scrollY));
      assert.ok(Math.abs(again - saved) <= 2, `browser back at ${saved}, got ${again}`);
      await context.close();
    });
  });
}
