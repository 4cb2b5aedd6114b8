/**
 * The prerendered guest pages ("Fast by design") in Chromium: the view is on screen before
 * any JavaScript is asked for, the app is asked for when the visitor reaches for a control (or, here,
 * with no idea to draw, when the page has no cards: guest-cards.ts), and it then hydrates that very
 * markup — the painted elements stay, with no hydration error — instead of rendering a second copy
 * over it. A member, whose view differs, gets the page rendered fresh, also without errors.
 * guest-light.e2e.ts checks that nothing of the app loads before an interaction.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { createUser } from '../helpers/fixtures.ts';
import { appStarted, newPage, startE2E, VIEWPORTS, type E2E } from './harness.ts';

let e2e: E2E;

before(async () => {
  e2e = await startE2E();
});

after(async () => {
  await e2e?.close();
});

/** Each prerendered path, an element its first view paints, and the tab title the running app sets. */
const PAGES = [
  { path: '/', painted: 'img.landing-doodle', title: /^首页/ },
  { path: '/login', painted: 'h1', title: /^登录/ },
  { path: '/login?tab=register', painted: 'h1', title: /^注册/ },
  { path: '/guest-marketplace', painted: 'h1', title: /^创意库/ },
] as const;

/** Console errors and uncaught exceptions of the page (a hydration mismatch is reported as either). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

/** Holds back the script files whose URL matches until `release` (the entry by default). */
async function holdEntry(page: Page, file = /\/assets\/index-[^/]+\.js$/): Promise<{ release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(file, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

describe('prerendered guest pages', () => {
  for (const { path, painted, title } of PAGES) {
    it(`${path}: painted before the JavaScript, then hydrated in place`, async () => {
      const { context, page } = await newPage(e2e, VIEWPORTS[0]);
      try {
        const errors = collectErrors(page);
        const entry = await holdEntry(page);
        await page.goto(path, { waitUntil: 'domcontentloaded' });
        // The view is in the HTML: visible while the app's script is still held back.
        await page.locator(painted).first().waitFor({ state: 'visible' });
        await page.evaluate((sel) => ((window as unknown as { painted: Element | null }).painted = document.querySelector(sel)), painted);
        // The page's own title is in its HTML (the app may never run on it).
        assert.match(await page.title(), title);
        // A field reached for asks for the app (the landing and the marketplace, with no idea to draw, ask themselves).
        await page.evaluate(() => document.querySelector<HTMLElement>('#root input')?.focus());
        await page.waitForFunction(() => document.querySelector('script[type="module"][src*="/assets/index-"]') !== null);
        const paints = await page.evaluate(() => performance.getEntriesByType('paint').map((p) => p.name));
        assert.ok(paints.includes('first-contentful-paint'), `no paint before the entry was asked for: ${paints.join(', ')}`);
        entry.release();
        await appStarted(page);
        await page.waitForLoadState('networkidle');
        const same = await page.evaluate((sel) => (window as unknown as { painted: Element | null }).painted === document.querySelector(sel), painted);
        assert.equal(same, true, 'the painted element was replaced instead of hydrated');
        assert.deepEqual(errors, []);
        // The skip link's target is one element (the page shell's), not two with one id.
        assert.equal(await page.locator('[id="main"]').count(), 1, 'one element with id="main"');
      } finally {
        await context.close();
      }
    });
  }

  it('/login: a submit before the app starts posts, so the password never reaches the URL', async () => {
    const { context, page } = await newPage(e2e, VIEWPORTS[0]);
    try {
      await holdEntry(page);
      await page.goto('/login', { waitUntil: 'domcontentloaded' });
      const methods = await page.locator('form').evaluateAll((forms) => forms.map((f) => (f as HTMLFormElement).method));
      assert.ok(methods.length > 0);
      assert.deepEqual([...new Set(methods)], ['post']);
    } finally {
      await context.close();
    }
  });

  it('/login and its register view: what a guest types before the app starts is still there once it runs, and signs in', async () => {
    const user = await createUser(e2e.server.deps);
    const { context, page } = await newPage(e2e, VIEWPORTS[0]);
    try {
      const errors = collectErrors(page);
      let entry = await holdEntry(page);
      await page.goto('/login?tab=register', { waitUntil: 'domcontentloaded' });
      await page.getByLabel('手机号', { exact: true }).fill('13800137032');
      await page.getByLabel('设置密码').fill('typed-early-2');
      entry.release();
      await appStarted(page);
      assert.equal(await page.getByLabel('手机号', { exact: true }).inputValue(), '13800137032');
      assert.equal(await page.getByLabel('设置密码').inputValue(), 'typed-early-2');
      // The login view, a fresh visit: typed while the app is held back, then signed in with it.
      await page.unrouteAll();
      entry = await holdEntry(page);
      await page.goto('/login', { waitUntil: 'domcontentloaded' });
      await page.getByLabel('手机号', { exact: true }).fill(user.phone);
      await page.getByLabel('密码', { exact: true }).fill(user.password);
      entry.release();
      await appStarted(page);
      assert.equal(await page.getByLabel('手机号', { exact: true }).inputValue(), user.phone);
      await page.getByRole('button', { name: '登录', exact: true }).click();
      await page.waitForURL('**/marketplace');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it("/login: a phone number typed while the page's own code still loads stays in its field, which keeps focus", async () => {
    const user = await createUser(e2e.server.deps);
    const { context, page } = await newPage(e2e, VIEWPORTS[0]);
    try {
      const errors = collectErrors(page);
      // The entry runs; the login page's chunk comes late (a slow phone). Before, the app hydrated
      // without it, the painted form waited, and an update reaching it then made React render the
      // form afresh: the number typed meanwhile and the field's focus were gone (6 loads in 10).
      const chunk = await holdEntry(page, /\/assets\/LoginPage-[^/]+\.js$/);
      await page.goto('/login', { waitUntil: 'domcontentloaded' });
      const phone = page.getByLabel('手机号', { exact: true });
      // Reaching for the field asks for the app.
      await phone.focus();
      await page.waitForFunction(() => document.querySelector('script[type="module"][src*="/assets/index-"]') !== null);
      await page.waitForLoadState('load');
      await page.evaluate(() => ((window as unknown as { painted: Element | null }).painted = document.querySelector('input[type="tel"]')));
      await phone.fill(user.phone);
      chunk.release();
      await appStarted(page);
      await page.waitForLoadState('networkidle');
      const same = await page.evaluate(() => (window as unknown as { painted: Element | null }).painted === document.querySelector('input[type="tel"]'));
      assert.equal(same, true, 'the painted phone field was replaced by a fresh one');
      assert.equal(await phone.inputValue(), user.phone);
      assert.equal(await phone.evaluate((el) => el === document.activeElement), true, 'the phone field lost focus');
      await page.getByLabel('密码', { exact: true }).fill(user.password);
      await page.getByRole('button', { name: '登录', exact: true }).click();
      await page.waitForURL('**/marketplace');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('/login: a tap on 注册 before the app starts is not lost; the tab keeps its address', async () => {
    const { context, page } = await newPage(e2e, VIEWPORTS[0]);
    try {
      const errors = collectErrors(page);
      const entry = await holdEntry(page);
      await page.goto('/login', { waitUntil: 'domcontentloaded' });
      await page.getByRole('tab', { name: '注册' }).click();
      await page.waitForURL('**/login?tab=register');
      // Its own prerendered view, while the app's script is still held back.
      await page.getByRole('heading', { level: 1, name: '注册猎人账号' }).waitFor();
      entry.release();
      await page.getByRole('heading', { level: 1, name: '注册猎人账号' }).waitFor();
      await page.getByLabel('确认密码').waitFor();
      assert.equal(await page.getByRole('tab', { name: '注册' }).getAttribute('aria-selected'), 'true');
      // Running (a field reached for starts it), a tab switches in place and the address follows it.
      await page.getByLabel('手机号', { exact: true }).focus();
      await appStarted(page);
      await page.getByRole('tab', { name: '手机号登录' }).click();
      await page.getByRole('heading', { level: 1, name: '欢迎回来，猎人' }).waitFor();
      assert.equal(new URL(page.url()).search, '');
      await page.getByRole('tab', { name: '注册' }).click();
      await page.waitForURL('**/login?tab=register');
      await page.reload();
      await page.getByRole('heading', { level: 1, name: '注册猎人账号' }).waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('/login: before the app starts, Tab reaches 注册 (no arrow keys yet); once it runs, the tabs rove', async () => {
    const { context, page } = await newPage(e2e, VIEWPORTS[0]);
    try {
      const errors = collectErrors(page);
      const entry = await holdEntry(page);
      await page.goto('/login', { waitUntil: 'domcontentloaded' });
      const register = page.getByRole('tab', { name: '注册' });
      await page.getByRole('tab', { name: '手机号登录' }).focus();
      await page.keyboard.press('Tab');
      assert.equal(await register.evaluate((el) => el === document.activeElement), true, 'Tab from 手机号登录 lands on 注册');
      entry.release();
      await page.getByLabel('手机号', { exact: true }).focus();
      await appStarted(page);
      // Running: the chosen tab is the row's one Tab stop, and the arrow keys move between tabs.
      await page.waitForFunction(() => document.querySelector('#tab-register')?.getAttribute('tabindex') === '-1');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('a member on / gets their own view over the prerendered one, without errors', async () => {
    const member = await createUser(e2e.server.deps, { nickname: '水合测试员' });
    const { context, page } = await newPage(e2e, VIEWPORTS[0]);
    try {
      const errors = collectErrors(page);
      await page.goto('/login');
      await page.evaluate(
        (m) => {
          localStorage.setItem('authToken', m.token);
          localStorage.setItem('userInfo', JSON.stringify(m.user));
        },
        { token: member.token, user: { id: member.id, nickname: '水合测试员', phone: member.phone } },
      );
      await page.goto('/');
      await page.getByRole('link', { name: '水合测试员' }).waitFor();
      assert.equal(await page.getByRole('link', { name: '登录 / 注册' }).count(), 0);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
