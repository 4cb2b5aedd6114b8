/**
 * The installable web app (docs/product-rules.md "On the home screen"), at 390 and 1280 px: the manifest and
 * its icons, the service worker taking control, the offline page for a page opened without a connection,
 * no API answer in its caches, and a deployment: the next visit after a new build runs the new code.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { DIST_DIR } from '../../scripts/build-client.ts';
import { loadConfig, rateLimitsOff } from '../../src/server/kernel/config.ts';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import { expectAccessible, newPage, shot, startE2E, VIEWPORTS, type E2E } from './harness.ts';

let e2e: E2E;
before(async () => {
  e2e = await startE2E();
});
after(async () => {
  await e2e?.close();
});

/** Waits until a service worker controls the page (it claims the page once active). */
async function controlled(page: Page): Promise<string> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 15_000 });
  return page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
}

/** Every URL the service worker's caches hold. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  });

for (const viewport of VIEWPORTS) {
  describe(`the installable app at ${viewport.width}px`, () => {
    it('has a manifest with the Chinese name and icons, and a service worker that takes control', async () => {
      const { context, page } = await newPage(e2e, viewport, { serviceWorkers: 'allow' });
      await page.goto('/');
      const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
      assert.equal(manifestHref, '/manifest.webmanifest');
      const manifest = await (await page.request.get(manifestHref!)).json();
      assert.equal(manifest.name, '猎人创意社区');
      assert.equal(manifest.short_name, '猎人');
      assert.equal(manifest.lang, 'zh-CN');
      assert.equal(manifest.display, 'standalone');
      assert.equal(manifest.start_url, '/');
      assert.ok(manifest.icons.some((icon: { sizes: string }) => icon.sizes === '512x512'));
      assert.ok(manifest.icons.some((icon: { purpose?: string }) => icon.purpose === 'maskable'));
      for (const icon of manifest.icons as { src: string }[]) {
        const res = await page.request.get(icon.src);
        assert.equal(res.status(), 200, icon.src);
        assert.equal(res.headers()['content-type'], 'image/png');
      }
      // The worker's own files are revalidated on every visit, so a deployment's new worker is seen at once.
      const sw = await page.request.get('/sw.js');
      assert.equal(sw.status(), 200);
      assert.equal(sw.headers()['cache-control'], 'no-cache');

      assert.match(await controlled(page), /\/sw\.js$/);
      await context.close();
    });

    it('shows the offline page for a page opened without a connection, and caches no API answer', async () => {
      const { context, page } = await newPage(e2e, viewport, { serviceWorkers: 'allow' });
      await page.goto('/guest-marketplace');
      await controlled(page);
      // Browse while online: the marketplace's API answers pass through the worker untouched.
      await page.reload();
      await page.getByRole('heading', { name: '创意库', level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      const urls = await cachedUrls(page);
      assert.ok(urls.includes('/offline.html'), 'the offline page is precached');
      assert.ok(
        urls.some((url) => url.startsWith('/assets/')),
        'the shell’s hashed files are kept',
      );
      assert.deepEqual(
        urls.filter((url) => url.startsWith('/api/') || url.startsWith('/trpc/') || url.startsWith('/uploads/') || (url.endsWith('.html') && url !== '/offline.html')),
        [],
      );

      await context.setOffline(true);
      await page.goto('/marketplace');
      await page.getByRole('heading', { name: '网络未连接', level: 1 }).waitFor();
      assert.equal(await page.title(), '网络未连接 - 猎人创意社区');
      const reload = page.getByRole('link', { name: '重新加载' });
      await expectAccessible(page, `offline page at ${viewport.width}px`);
      await shot(page, `${viewport.name}-offline-page`);
      // Back online, 重新加载 opens the page that was asked for.
      await context.setOffline(false);
      await reload.click();
      await page.waitForURL('**/login');
      await context.close();
    });
  });
}

describe('a deployment', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hunter-pwa-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  /**
   * The same build with a new entry file, as a deployment brings: a new hashed name whose code marks the
   * page (`data-build`), and an index.html that loads it.
   */
  function nextBuild(): string {
    const next = path.join(dir, 'dist');
    fs.cpSync(DIST_DIR, next, { recursive: true });
    const html = fs.readFileSync(path.join(next, 'index.html'), 'utf8');
    const entry = /<script type="module" crossorigin src="\/assets\/(index-[\w-]+)\.js">/.exec(html)![1];
    const code = fs.readFileSync(path.join(next, 'assets', `${entry}.js`), 'utf8');
    fs.writeFileSync(path.join(next, 'assets', `${entry}-next.js`), `${code}\ndocument.documentElement.dataset.build = 'next';\n`);
    fs.writeFileSync(path.join(next, 'index.html'), html.replace(`/assets/${entry}.js`, `/assets/${entry}-next.js`));
    // The static files are read with their compressed copies: without them the server makes fresh ones.
    for (const copy of ['index.html.br', 'index.html.gz']) fs.rmSync(path.join(next, copy));
    return next;
  }

  async function serve(clientDir: string, port: number): Promise<RunningServer> {
    const base = loadConfig();
    return startServer({ ...base, port, databaseUrl: `sqlite:${path.join(dir, 'app.db')}`, seedDemo: false, rateLimits: rateLimitsOff(base.rateLimits), logLevel: 'warn' }, { clientDir });
  }

  it('the next visit after a new build runs the new code, not a stale index.html', async () => {
    const next = nextBuild();
    let server = await serve(DIST_DIR, 0);
    const port = Number(new URL(server.url).port);
    const context = await e2e.browser.newContext({ baseURL: server.url, locale: 'zh-CN' });
    const page = await context.newPage();
    try {
      await page.goto('/vision');
      await controlled(page);
      await page.reload();
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.dataset.build ?? null), null);

      await server.stop();
      server = await serve(next, port);
      await page.goto('/vision');
      await page.waitForFunction(() => document.documentElement.dataset.build === 'next');
      assert.ok(await page.evaluate(() => !!navigator.serviceWorker.controller), 'still a controlled page');
    } finally {
      await context.close();
      await server.stop();
    }
  });
});
