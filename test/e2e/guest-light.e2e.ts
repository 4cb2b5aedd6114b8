/**
 * The prerendered guest pages load no app JavaScript until the visitor reaches for a control
 * (vite.config.ts `routePreload`): links are plain links, and the landing's and the guest
 * marketplace's cards are drawn without React (guest-cards.ts). Once a control is touched the app
 * loads, hydrates the page as it is — drawn cards included — and the first tap acts: a 登录 tapped
 * while the app was still on its way signs in with the phone number typed before.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page, Request } from 'playwright-core';
import { createIdea, createUser, type FixtureUser } from '../helpers/fixtures.ts';
import { appStarted, expectAccessible, newPage, startE2E, VIEWPORTS, type E2E } from './harness.ts';

let e2e: E2E;
let author: FixtureUser;
/** More than a page of the guest marketplace (20), so its list goes on past the drawn cards. */
const IDEAS = 24;

before(async () => {
  e2e = await startE2E();
  author = await createUser(e2e.server.deps, { nickname: '轻装猎人' });
  for (let i = 0; i < IDEAS; i++) {
    await createIdea(e2e.server.deps, author, { title: `轻装创意第${i + 1}号`, tags: ['轻装', '测试'], favorites: i % 5, ageMs: i * 3600 * 1000 });
  }
});

after(async () => {
  await e2e?.close();
});

/** The app's own code (the entry, its chunks, the pages' chunks); not the cards' script nor the loader. */
const isAppScript = (url: string) => /\/assets\/.+\.js$/.test(new URL(url).pathname) && !/\/assets\/(guest-cards|static-cards)-/.test(new URL(url).pathname);

function appRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (req: Request) => {
    if (isAppScript(req.url())) seen.push(new URL(req.url()).pathname);
  });
  return seen;
}

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

/** Holds the app's entry until `release` (to tap before the app has started). */
async function holdEntry(page: Page): Promise<{ release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

describe('guest pages before any interaction', () => {
  for (const path of ['/', '/login', '/guest-marketplace']) {
    it(`${path}: no app JavaScript is asked for until a control is touched; axe passes`, async () => {
      const { context, page } = await newPage(e2e, VIEWPORTS[0]);
      try {
        const errors = collectErrors(page);
        const requested = appRequests(page);
        await page.goto(path, { waitUntil: 'load' });
        if (path !== '/login') await page.getByTestId('idea-card').first().waitFor();
        await page.waitForLoadState('networkidle');
        // The drawn cards are styled as the app's (their stylesheet is in the page's head): tags are chips in a row, not a list.
        if (path !== '/login')
          assert.equal(
            await page
              .locator('.idea-card-tags')
              .first()
              .evaluate((list) => getComputedStyle(list).display),
            'flex',
            `card styles on ${path}`,
          );
        // Well past the first paint and the load: still nothing of the app.
        await page.waitForTimeout(1500);
        assert.deepEqual(requested, [], `app scripts before any interaction on ${path}`);
        await expectAccessible(page, `${path} before the app`);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  }

  it('/: the featured cards are drawn without the app, lead to the login and back to the idea', async () => {
    const { context, page } = await newPage(e2e, VIEWPORTS[1]);
    try {
      const requested = appRequests(page);
      await page.goto('/');
      const cards = page.locator('[data-static-cards="featured"] [data-testid="idea-card"]');
      await cards.first().waitFor();
      assert.equal(await cards.count(), 6);
      // Desktop: three columns, as the app's masonry deals them.
      assert.equal(await page.locator('[data-static-cards="featured"] .card-grid-column').count(), 3);
      const title = (await cards.first().locator('.idea-card-open').textContent()) ?? '';
      const id = await cards.first().getAttribute('data-idea-id');
      assert.deepEqual(requested, [], 'the landing drew its cards without the app');
      await cards.first().locator('.idea-card-open').click();
      await page.waitForURL('**/login');
      assert.equal(await page.evaluate(() => sessionStorage.getItem('loginReturnPath')), `/idea/${id}`);
      // A login with an idea waiting is not the painted one: the app runs at once and says so.
      await page.getByTestId('pending-idea').waitFor();
      // Signing in opens the idea the guest tapped.
      await page.getByLabel('手机号', { exact: true }).fill(author.phone);
      await page.getByLabel('密码', { exact: true }).fill(author.password);
      await page.getByRole('button', { name: '登录', exact: true }).click();
      await page.waitForURL(`**/idea/${id}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('/: links are plain links (创意库 opens the guest marketplace without the app)', async () => {
    const { context, page } = await newPage(e2e, VIEWPORTS[0]);
    try {
      const requested = appRequests(page);
      await page.goto('/');
      await page.getByRole('link', { name: '创意库' }).click();
      await page.waitForURL('**/guest-marketplace');
      await page.getByTestId('idea-card').first().waitFor();
      assert.deepEqual(requested, []);
    } finally {
      await context.close();
    }
  });
});

describe('guest pages once touched', () => {
  it('/login: a phone typed and 登录 tapped before the app has arrived sign in once it runs', async () => {
    const user = await createUser(e2e.server.deps);
    const { context, page } = await newPage(e2e, VIEWPORTS[0]);
    try {
      const errors = collectErrors(page);
      const requested = appRequests(page);
      const entry = await holdEntry(page);
      await page.goto('/login');
      await page.waitForLoadState('networkidle');
      assert.deepEqual(requested, []);
      await page.getByLabel('手机号', { exact: true }).fill(user.phone);
      await page.getByLabel('密码', { exact: true }).fill(user.password);
      // The field's focus asked for the app; it is still held back when 登录 is tapped.
      await page.waitForFunction(() => document.querySelector('script[type="module"][src*="/assets/index-"]') !== null);
      await page.getByRole('button', { name: '登录', exact: true }).click();
      // Held, not posted: still the login page, the fields as typed.
      assert.equal(new URL(page.url()).pathname, '/login');
      assert.equal(await page.getByLabel('手机号', { exact: true }).inputValue(), user.phone);
      entry.release();
      await page.waitForURL('**/marketplace');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('/login: once started, axe passes and the page is the app (a wrong password is told)', async () => {
    const user = await createUser(e2e.server.deps);
    const { context, page } = await newPage(e2e, VIEWPORTS[0]);
    try {
      const errors = collectErrors(page);
      await page.goto('/login');
      await page.getByLabel('手机号', { exact: true }).fill(user.phone);
      await appStarted(page);
      await page.getByLabel('密码', { exact: true }).fill('not-the-password');
      await page.getByRole('button', { name: '登录', exact: true }).click();
      await page.getByRole('alert').waitFor();
      await expectAccessible(page, '/login started');
      assert.deepEqual(
        errors.filter((e) => !/401|Unauthorized|status of 4\d\d/.test(e)),
        [],
      );
    } finally {
      await context.close();
    }
  });

  it('/guest-marketplace: the sort is the app once touched; the drawn cards are taken over in place, without errors', async () => {
    const { context, page } = await newPage(e2e, VIEWPORTS[0]);
    try {
      const errors = collectErrors(page);
      const requested = appRequests(page);
      await page.goto('/guest-marketplace');
      const drawn = page.locator('[data-static-cards="market"] [data-testid="idea-card"]');
      await drawn.first().waitFor();
      assert.equal(await drawn.count(), 20);
      const firstTitle = await drawn.first().locator('.idea-card-open').textContent();
      assert.deepEqual(requested, []);
      await page.locator('#market-sort').focus();
      await appStarted(page);
      // Taken over: the app's own grid, the same cards, no second read of the first page.
      await page.locator('[data-static-cards]').waitFor({ state: 'detached' });
      assert.equal(await page.getByTestId('idea-card').first().locator('.idea-card-open').textContent(), firstTitle);
      await page.locator('#market-sort').selectOption('favorites');
      await page.waitForURL('**/guest-marketplace?sort=favorites');
      await page.getByTestId('idea-card').first().waitFor();
      await expectAccessible(page, '/guest-marketplace started');
      // A card leads a guest to the login (the app's way now).
      await page.getByTestId('idea-card').first().locator('.idea-card-open').click();
      await page.waitForURL('**/login');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('/guest-marketplace: a sort chosen before the app has arrived is the one shown once it runs', async () => {
    const { context, page } = await newPage(e2e, VIEWPORTS[1]);
    try {
      const errors = collectErrors(page);
      const entry = await holdEntry(page);
      await page.goto('/guest-marketplace');
      await page.locator('[data-static-cards="market"] [data-testid="idea-card"]').first().waitFor();
      await page.locator('#market-sort').selectOption('favorites');
      entry.release();
      await page.waitForURL('**/guest-marketplace?sort=favorites');
      assert.equal(await page.locator('#market-sort').inputValue(), 'favorites');
      await page.getByRole('list', { name: '创意列表（收藏最多）' }).waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('/guest-marketplace: scrolling to the end of the drawn cards starts the app, which loads the next page', async () => {
    const { context, page } = await newPage(e2e, VIEWPORTS[0]);
    try {
      const errors = collectErrors(page);
      await page.goto('/guest-marketplace');
      await page.locator('[data-static-cards="market"] [data-testid="idea-card"]').first().waitFor();
      await page.mouse.wheel(0, 20000);
      await page.getByTestId('list-end').waitFor();
      assert.equal(await page.getByTestId('idea-card').count(), IDEAS);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
