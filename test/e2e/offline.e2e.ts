/**
 * Offline and back, in Chromium at 390 px and 1280 px on the production build: a member whose
 * connection drops is told so once (网络已断开，恢复后将自动重试, a status line), a page opened
 * meanwhile (消息, 我的灵感库: code not downloaded yet) waits instead of showing 页面加载出错, and
 * loads by itself, code and data, once the connection is back; a search made offline runs when it
 * returns. A page whose code a new deployment removed (a 404 on its hashed chunk) reloads the app
 * once, and only once. axe-core on the offline views.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { createIdea, createUser } from '../helpers/fixtures.ts';
import { expectAccessible, newPage, shot, signInWithToken, startE2E, type Viewport, VIEWPORTS, type E2E } from './harness.ts';

let e2e: E2E;
before(async () => {
  e2e = await startE2E();
});
after(async () => {
  await e2e?.close();
});

const navOf = (page: Page, viewport: Viewport): Locator => page.locator(viewport.width < 900 ? 'nav.tab-bar' : 'nav.side-nav');
const OFFLINE_TEXT = '网络已断开，恢复后将自动重试';

async function memberOnMarketplace(viewport: Viewport) {
  const user = await createUser(e2e.server.deps, { nickname: `离线读者${viewport.name}` });
  const { context, page } = await newPage(e2e, viewport);
  await signInWithToken(page, e2e.baseUrl, user);
  await page.goto('/marketplace');
  await page.getByRole('heading', { level: 1, name: '创意市场' }).waitFor();
  await page.locator('main [data-testid="idea-card"]').first().waitFor();
  return { context, page };
}

for (const viewport of VIEWPORTS) {
  describe(`offline and back at ${viewport.width}px`, () => {
    before(async () => {
      const author = await createUser(e2e.server.deps, { nickname: `离线作者${viewport.name}` });
      await createIdea(e2e.server.deps, author, { title: `离线也能记账的记事本 ${viewport.name}`, description: '地铁里没有信号也能写' });
    });

    it('says the connection is gone, and pages opened meanwhile load by themselves once it is back', async () => {
      const { context, page } = await memberOnMarketplace(viewport);
      const banner = page.getByTestId('offline-banner');
      assert.equal(await banner.getAttribute('role'), 'status', 'the banner is a status line, in the page before it has anything to say');
      assert.equal((await banner.textContent())?.trim(), '');

      await context.setOffline(true);
      await banner.getByText(OFFLINE_TEXT).waitFor();
      assert.equal(await page.getByText(OFFLINE_TEXT).count(), 1, 'one banner');
      await navOf(page, viewport).getByRole('link', { name: /^消息/ }).click();
      await page.waitForURL('**/messages');
      // The page's code cannot come now: the app waits for it, it does not fail.
      await page.waitForTimeout(1500);
      assert.equal(await page.getByText('页面加载出错').count(), 0, 'no error page while offline');
      await expectAccessible(page, `offline, 消息 waiting at ${viewport.width}px`);
      await shot(page, `${viewport.name}-offline-messages`);

      await context.setOffline(false);
      await page.getByRole('heading', { level: 1, name: '消息' }).waitFor();
      // And its data: the (empty) list, asked for by itself.
      await page.getByText('暂时没有消息').waitFor();
      await banner.getByText(OFFLINE_TEXT).waitFor({ state: 'detached' });

      // Again for the library, with its data asked for while offline too.
      await context.setOffline(true);
      await banner.getByText(OFFLINE_TEXT).waitFor();
      await navOf(page, viewport)
        .getByRole('link', { name: /灵感库/ })
        .click();
      await page.waitForURL('**/inspiration-library');
      await page.waitForTimeout(1500);
      assert.equal(await page.getByText('页面加载出错').count(), 0, 'no error page while offline');
      await context.setOffline(false);
      await page.getByRole('heading', { level: 1, name: '我的灵感库' }).waitFor();
      assert.equal(await page.getByText('页面加载出错').count(), 0);
      await context.close();
    });

    it('runs a search made offline once the connection is back', async () => {
      const { context, page } = await memberOnMarketplace(viewport);
      const toasts: string[] = [];
      await page.exposeFunction('noteToast', (text: string) => void toasts.push(text));
      await page.evaluate(() => {
        new MutationObserver(() => document.querySelectorAll('[data-testid="toast"]').forEach((t) => (window as unknown as { noteToast(s: string): void }).noteToast(t.textContent ?? ''))).observe(
          document.body,
          { childList: true, subtree: true },
        );
      });
      await context.setOffline(true);
      const box = page.getByRole('searchbox', { name: '搜索创意' });
      await box.fill('记事本');
      await box.press('Enter');
      await page.getByTestId('offline-banner').getByText(OFFLINE_TEXT).waitFor();
      await page.getByTestId('search-banner').getByText('搜索「记事本」').waitFor();
      await expectAccessible(page, `offline search at ${viewport.width}px`);
      // Long enough offline for reads that fail and retry (after 2, 4 and 8 s) to be well into their waits.
      await page.waitForTimeout(7000);
      assert.deepEqual(
        toasts.filter((t) => t.includes('搜索失败')),
        [],
        'no 搜索失败 while offline',
      );
      assert.equal(await page.getByTestId('market-error').count(), 0, 'no failure shown while offline: the search waits');

      // Back online, the search runs at once (not at its next retry).
      await context.setOffline(false);
      await page.locator('main [data-testid="idea-card"]').getByText(`离线也能记账的记事本 ${viewport.name}`).waitFor({ timeout: 3000 });
      assert.equal(new URL(page.url()).search, `?q=${encodeURIComponent('记事本')}`);
      await context.close();
    });

    it('reloads once for a page whose code a new deployment removed, and not again', async () => {
      const { context, page } = await memberOnMarketplace(viewport);
      // The messages page's chunk is gone (a 404) until the app has reloaded.
      let loads = 0;
      let gone = true;
      await page.route(/\/assets\/MessagesPage-[\w-]+\.js$/, (route) => (gone ? route.fulfill({ status: 404, body: 'Not Found' }) : route.continue()));
      // A document asked for again is a reload (the app's own navigation asks for none).
      page.on('request', (request) => {
        if (!request.isNavigationRequest() || request.frame() !== page.mainFrame()) return;
        loads += 1;
        gone = false;
      });
      await navOf(page, viewport).getByRole('link', { name: /^消息/ }).click();
      await page.getByRole('heading', { level: 1, name: '消息' }).waitFor();
      assert.equal(loads, 1, 'the app reloaded once');
      assert.equal(new URL(page.url()).pathname, '/messages');

      // A chunk still missing after that reload: the error page, not a loop of reloads.
      await page.route(/\/assets\/InspirationLibraryPage-[\w-]+\.js$/, (route) => route.fulfill({ status: 404, body: 'Not Found' }));
      await navOf(page, viewport)
        .getByRole('link', { name: /灵感库/ })
        .click();
      await page.getByText('页面加载出错').waitFor({ timeout: 15_000 });
      await page.waitForTimeout(2000);
      assert.equal(loads, 2, 'one reload for the library, no more');
      await expectAccessible(page, `a page whose code is gone at ${viewport.width}px`);
      await context.close();
    });
  });
}
