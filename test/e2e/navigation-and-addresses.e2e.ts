/**
 * The navigation in Chromium at 390 px and 1280 px on the production build, axe-core on
 * every page shown: every data page is still waiting well before its timeout and says its load failed
 * once it has passed, with a retry that recovers (the page's clock is driven, so no test
 * waits 20 s); the marketplace's sort
 * and search live in the address, so a reload and the browser's back keep them; the phone
 * tab bar has five slots without 意见反馈 (which is in the account menu) and is not on /feedback, the
 * header shows a bell whose name says the count; an admin approving their own idea is
 * logged and flagged as a self-approval.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { HTTP_TIMEOUT_MS } from '../../src/shared/constants.ts';
import { createIdea, createUser, type FixtureUser } from '../helpers/fixtures.ts';
import { type E2E, expectAccessible, newPage, shot, signInWithToken, startE2E, VIEWPORTS } from './harness.ts';

let e2e: E2E;
let author: FixtureUser;
let reader: FixtureUser;
let ideaIds: number[] = [];
const SEARCH_WORD = '花盆';

before(async () => {
  // Publishes wait for a moderator here, so an admin's own idea reaches the review queue.
  e2e = await startE2E({ MODERATION: 'manual' });
  const deps = e2e.server.deps;
  author = await createUser(deps, { nickname: '导航作者' });
  reader = await createUser(deps, { nickname: '导航读者' });
  ideaIds = [];
  for (let i = 0; i < 12; i++) {
    ideaIds.push(
      await createIdea(deps, author, {
        title: i < 3 ? `会自己浇水的${SEARCH_WORD}（第${i + 1}号）` : `社区菜园的新点子（第${i + 1}号）`,
        description: `一个值得做的小想法，第${i + 1}号。`,
        tags: ['生活', '创意'],
        // Favourites in another order than time, so the two sorts differ.
        favorites: (i * 5) % 12,
        ageMs: i * 3600 * 1000,
      }),
    );
  }
});
after(async () => {
  await e2e?.close();
});

const signIn = (page: Page, user: FixtureUser) => signInWithToken(page, e2e.baseUrl, user);

const cards = (page: Page) => page.locator('main [data-testid="idea-card"]');

/** The cards' ids in feed order (aria-posinset; the DOM goes column by column). */
async function cardIds(page: Page): Promise<number[]> {
  const placed = await cards(page).evaluateAll((els) => els.map((el) => ({ id: Number(el.getAttribute('data-idea-id')), at: Number(el.closest('[aria-posinset]')?.getAttribute('aria-posinset')) })));
  return placed.sort((a, b) => a.at - b.at).map((p) => p.id);
}

for (const viewport of VIEWPORTS) {
  const vp = viewport.name;
  const phone = viewport.width < 900;
  describe(`navigation and addresses at ${viewport.width}px`, () => {
    it('every data page says its load failed once its timeout has passed, and 重试 recovers', async () => {
      const member = await createUser(e2e.server.deps, { nickname: `超时${vp}` });
      await createIdea(e2e.server.deps, member, { title: `超时测试的创意 ${vp}` });
      await fetch(`${e2e.baseUrl}/api/follows/${member.registrationNumber}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${reader.token}` },
        body: JSON.stringify({ follow: true }),
      });
      const pages: { path: string; ready: (page: Page) => Locator }[] = [
        { path: '/messages', ready: (page) => page.getByTestId('message').first() },
        { path: '/updates', ready: (page) => page.getByTestId('updates-empty') },
        { path: '/inspiration-library', ready: (page) => cards(page).first() },
        { path: '/marketplace', ready: (page) => cards(page).first() },
        { path: `/idea/${ideaIds[0]}`, ready: (page) => page.getByRole('heading', { level: 1, name: `会自己浇水的${SEARCH_WORD}（第1号）` }) },
        { path: `/hunter/${author.registrationNumber}`, ready: (page) => page.getByRole('heading', { level: 1, name: '导航作者' }) },
        { path: '/', ready: (page) => page.locator('.landing-featured [data-testid="idea-card"]').first() },
      ];
      const { context, page } = await newPage(e2e, viewport);
      await signIn(page, member);
      // The page's clock: its timers (the call timeout among them) run when the test says.
      await page.clock.install();
      for (const { path, ready } of pages) {
        // The API answers nothing (down, or a network that swallows requests).
        await page.route('**/trpc/**', () => {});
        await page.goto(path);
        const failure = page.locator('main [role="alert"]').filter({ has: page.getByRole('button', { name: /^(重试|重新加载)$/ }) });
        // The installed clock also flows with real time, which a loaded machine stretches: the check
        // before the timeout keeps a wide margin.
        await page.clock.runFor(HTTP_TIMEOUT_MS - 8000);
        assert.equal(await failure.count(), 0, `${path}: still waiting before its timeout`);
        await page.clock.runFor(9000);
        await failure.first().waitFor();
        await expectAccessible(page, `${path} after the timeout at ${viewport.width}px`);
        if (path === '/messages') await shot(page, `${vp}-nav-messages-timeout`);
        // The API is back: 重试 shows the page.
        await page.unrouteAll({ behavior: 'ignoreErrors' });
        await failure
          .first()
          .getByRole('button', { name: /^(重试|重新加载)$/ })
          .click();
        await ready(page).waitFor();
        assert.equal(await failure.count(), 0, `${path}: the failure is gone`);
      }
      await context.close();
    });

    it('the sort and the search live in the address: a reload and the back button keep them', async () => {
      const { context, page } = await newPage(e2e, viewport);
      await signIn(page, reader);
      await page.goto('/marketplace');
      await cards(page).first().waitFor();
      const newest = await cardIds(page);
      await page.getByLabel('排序').selectOption({ label: '收藏最多' });
      await page.waitForURL((url) => url.searchParams.get('sort') === 'favorites');
      // The new order's first card, drawn (while the list reloads there is none: that is not the new order).
      await page.waitForFunction((first) => {
        const id = document.querySelector('main [aria-posinset="1"] [data-testid="idea-card"]')?.getAttribute('data-idea-id');
        return !!id && id !== String(first);
      }, newest[0]);
      const favourites = await cardIds(page);
      assert.notDeepEqual(favourites, newest);

      // A reload shows the same sort and order.
      await page.reload();
      await cards(page).first().waitFor();
      assert.equal(await page.getByLabel('排序').inputValue(), 'favorites');
      assert.deepEqual(await cardIds(page), favourites);

      // A search from the top bar joins the address; a reload keeps it, the box shows it.
      const box = page.getByRole('searchbox', { name: '搜索创意' });
      await box.fill(SEARCH_WORD);
      await box.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('q') === SEARCH_WORD);
      const banner = page.getByTestId('search-banner');
      await banner.getByText('找到 3 个相关创意').waitFor();
      await page.reload();
      await banner.getByText('找到 3 个相关创意').waitFor();
      assert.equal(await page.getByRole('searchbox', { name: '搜索创意' }).inputValue(), SEARCH_WORD);
      assert.equal(await cards(page).count(), 3);
      await expectAccessible(page, `search kept through a reload at ${viewport.width}px`);
      await shot(page, `${vp}-nav-search-reloaded`);

      // Into a result and back by the browser: the results again (the search replaced the history
      // entry, as the spec's top bar does, so it names the search itself). Clearing it: the sort stays.
      const first = cards(page).first();
      const id = Number(await first.getAttribute('data-idea-id'));
      await first.locator('a.idea-card-open').click();
      await page.waitForURL(`**/idea/${id}`);
      await page.goBack();
      await banner.getByText('找到 3 个相关创意').waitFor();
      assert.equal(new URL(page.url()).searchParams.get('q'), SEARCH_WORD);
      assert.equal(new URL(page.url()).searchParams.get('sort'), 'favorites');
      await banner.getByRole('button', { name: '清除搜索' }).click();
      await page.waitForURL((url) => url.pathname === '/marketplace' && !url.searchParams.has('q') && url.searchParams.get('sort') === 'favorites');
      await banner.waitFor({ state: 'detached' });
      // The box is emptied with the search (it kept the words of a search no longer shown).
      assert.equal(await page.getByRole('searchbox', { name: '搜索创意' }).inputValue(), '');
      await cards(page).nth(5).waitFor();
      assert.equal(await page.getByLabel('排序').inputValue(), 'favorites');
      assert.deepEqual(await cardIds(page), favourites);
      await context.close();
    });

    // Found on a phone walkthrough: an idea opened from far down the list kept the list's scroll, so
    // it opened on its comments, not its title.
    it('a page opened by a link starts at the top; back returns to the card it was opened from', async () => {
      const { context, page } = await newPage(e2e, viewport);
      await signIn(page, reader);
      await page.goto('/marketplace');
      await cards(page).nth(11).waitFor();
      // To the end of the list, and open its last card.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const scrolled = await page.evaluate(() => window.scrollY);
      assert.ok(scrolled > 150, `the list scrolled (${scrolled})`);
      const last = page.locator('main [aria-posinset="12"] [data-testid="idea-card"]');
      const id = Number(await last.getAttribute('data-idea-id'));
      await last.locator('a.idea-card-open').click();
      await page.waitForURL(`**/idea/${id}`);
      await page.locator('main h1').waitFor();
      assert.equal(await page.evaluate(() => window.scrollY), 0);
      await page.goBack();
      await page.locator(`main [data-testid="idea-card"][data-idea-id="${id}"]`).waitFor();
      await page.waitForFunction(() => window.scrollY > 150);
      await context.close();
    });

    it('the tab bar has five slots, none on /feedback; 意见反馈 in the account menu; the header bell says the count', async () => {
      const member = await createUser(e2e.server.deps, { nickname: `铃铛${vp}` });
      for (const fan of [author, reader]) {
        await fetch(`${e2e.baseUrl}/api/follows/${member.registrationNumber}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${fan.token}` },
          body: JSON.stringify({ follow: true }),
        });
      }
      const { context, page } = await newPage(e2e, viewport);
      await signIn(page, member);
      await page.goto('/marketplace');
      await cards(page).first().waitFor();

      // The bell, not a bare number: its name says the count in words; the figure on it is decoration.
      const bell = page.getByRole('link', { name: '消息，2 条未读消息' });
      await bell.waitFor();
      assert.equal(await bell.locator('svg').count(), 1);
      const badge = page.getByTestId('bell-badge');
      assert.equal(await badge.textContent(), '2');
      assert.equal(await badge.getAttribute('aria-hidden'), 'true');
      const bellBox = (await bell.boundingBox())!;
      assert.ok(bellBox.width >= 44 && bellBox.height >= 44, `the bell is a 44 px target (${bellBox.width}×${bellBox.height})`);

      const tabBar = page.locator('nav.tab-bar');
      const sideNav = page.locator('nav.side-nav');
      if (phone) {
        await tabBar.waitFor();
        assert.equal(await sideNav.isVisible(), false);
        // Short labels show; each slot is read by its full label, which contains them (WCAG 2.5.3).
        assert.deepEqual(await tabBar.locator('.tab-bar-label').allTextContents(), ['市场', '发布', '灵感库', '动态', '消息']);
        for (const name of ['创意市场', '发布创意', '我的灵感库', '关注动态', '消息，2 条未读']) await tabBar.getByRole('link', { name, exact: true }).waitFor();
        // The icon is drawn above its label.
        const [icon, label] = await Promise.all([tabBar.locator('.nav-icon-slot').first().boundingBox(), tabBar.locator('.tab-bar-label').first().boundingBox()]);
        assert.ok(icon!.y + icon!.height <= label!.y + 1, 'icon above label');
        assert.equal(await tabBar.getByText('反馈').count(), 0);
        await tabBar.locator('[data-testid="nav-badge-messages"][data-count="2"]').waitFor();
      } else {
        await sideNav.waitFor();
        assert.equal(await tabBar.isVisible(), false, 'no tab bar on desktop');
        await sideNav.getByRole('button', { name: '意见反馈' }).waitFor();
      }
      await expectAccessible(page, `marketplace with the bell at ${viewport.width}px`);
      await page.screenshot({ path: `${process.cwd()}/test-results/${vp}-nav-header-bell.png` });

      // 意见反馈 from the account menu, on every width.
      await page.locator('.account-chip').click();
      await page.getByRole('menuitem', { name: '意见反馈' }).click();
      const dialog = page.getByRole('dialog', { name: '意见反馈' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: /关闭/ }).click();
      await dialog.waitFor({ state: 'detached' });

      // /feedback itself has no tab bar (and no entry pointing at itself).
      await page.goto('/feedback');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      assert.equal(await tabBar.count(), 0, 'no tab bar on /feedback');
      await expectAccessible(page, `/feedback at ${viewport.width}px`);
      await shot(page, `${vp}-nav-feedback-page`);
      await context.close();
    });

    it('an admin approving their own idea sees it is a self-approval, and the log flags it', async () => {
      const admin = await createUser(e2e.server.deps, { nickname: `管理员${vp}`, role: 'admin' });
      const title = `管理员自己的创意 ${vp}`;
      const own = await createIdea(e2e.server.deps, admin, { title, stage: 'review' });
      const { context, page } = await newPage(e2e, viewport);
      await signIn(page, admin);
      await page.goto('/admin?tab=review');
      const item = page.locator(`[data-testid="review-item"][data-idea-id="${own}"]`);
      await item.getByTestId('review-own-note').getByText('这是你自己的创意').waitFor();
      await expectAccessible(page, `the review queue with an own idea at ${viewport.width}px`);
      await shot(page, `${vp}-nav-review-own`);
      await item.getByRole('button', { name: '通过', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: new RegExp(`^通过「${title}」`) });
      await confirm.getByText('没有其他管理员看过').waitFor();
      await confirm.getByRole('button', { name: '通过' }).click();
      await page.getByTestId('toast').getByText('操作记录中已标为自审通过').waitFor();
      await item.waitFor({ state: 'detached' });

      await page.getByRole('tab', { name: '操作记录' }).click();
      const row = page.getByTestId('admin-log').locator('tr', { hasText: `创意 #${own}` });
      await row.getByText('通过自己的创意（自审）').waitFor();
      assert.match((await row.getAttribute('class')) ?? '', /admin-log-flagged/);
      await page.getByTestId('toast').waitFor({ state: 'detached' });
      await expectAccessible(page, `the moderation log at ${viewport.width}px`);
      await shot(page, `${vp}-nav-admin-log-own`);
      await context.close();
    });

    it("a double tap on a dialog's button is one tap: the second lands on nothing the dialog covered", async () => {
      const admin = await createUser(e2e.server.deps, { role: 'admin' });
      const author = await createUser(e2e.server.deps);
      const first = await createIdea(e2e.server.deps, author, { title: `连点审核甲 ${vp}`, stage: 'review' });
      await createIdea(e2e.server.deps, author, { title: `连点审核乙 ${vp}`, stage: 'review' });
      const { context, page } = await newPage(e2e, viewport);
      await signIn(page, admin);
      await page.goto('/admin?tab=review');
      const item = page.locator(`[data-testid="review-item"][data-idea-id="${first}"]`);
      await item.getByRole('button', { name: '通过', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: /^通过「/ });
      // Every click that reaches the page, counted where it bubbles to.
      await page.evaluate(() => {
        (window as unknown as { clicksSeen: number }).clicksSeen = 0;
        document.addEventListener('click', () => (window as unknown as { clicksSeen: number }).clicksSeen++);
      });
      await confirm.getByRole('button', { name: '通过' }).dblclick();
      await item.waitFor({ state: 'detached' });
      await page.waitForTimeout(500);
      assert.equal(await page.evaluate(() => (window as unknown as { clicksSeen: number }).clicksSeen), 1, 'only the tap on 通过 reached the page');
      assert.equal(await page.getByRole('dialog').count(), 0, 'no dialog opened under the finger');
      // A tap after the moment passes works as ever.
      await page.getByRole('tab', { name: '操作记录' }).click();
      await page.getByTestId('admin-log').waitFor();
      await context.close();
    });
  });
}
