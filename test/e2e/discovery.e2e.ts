/**
 * Discovery in Chromium at 390 px and 1280 px: the landing page with 6 cards and today's
 * doodle, the guest marketplace (a card click → /login), the member marketplace in all three sorts
 * scrolled to the end marker, a two-character Chinese search from the top bar with its banner and
 * clear-search, a guest's search kept through login, opening a card and coming back to the same
 * place with the card highlighted, and the hunter and user pages.
 */
import { communityWeekday, doodleUrl } from '../../src/shared/constants.ts';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { createIdea, createUser, type FixtureUser } from '../helpers/fixtures.ts';
import { expectAccessible, newPage, shot, startE2E, VIEWPORTS, type E2E, signInWithToken } from './harness.ts';

let e2e: E2E;
let author: FixtureUser;
let reader: FixtureUser;
/** Public ideas in the marketplace (three pages of 20 and a bit). */
const PUBLIC_IDEAS = 46;
const SEARCH_WORD = '花盆';
const SEARCH_HITS = 3;

const TOPICS = ['智能家居', '城市骑行', '社区菜园', '宠物出行', '旧物改造', '亲子阅读', '露营装备', '咖啡外卖', '老人陪伴', '共享工具'];

before(async () => {
  e2e = await startE2E();
  const deps = e2e.server.deps;
  author = await createUser(deps, { nickname: '星夜猎人' });
  reader = await createUser(deps, { nickname: '晨光读者' });
  for (let i = 0; i < PUBLIC_IDEAS; i++) {
    const topic = TOPICS[i % TOPICS.length];
    const hit = i < SEARCH_HITS;
    await createIdea(deps, author, {
      title: hit ? `会自己浇水的${SEARCH_WORD}（第${i + 1}号）` : `${topic}的新点子（第${i + 1}号）`,
      description: `${topic}里一个值得做的小想法，第${i + 1}号。${'描述文字'.repeat(i % 5)}`,
      tags: i % 4 === 0 ? [topic.slice(0, 2), '创意', '生活', '设计', '效率'] : [topic.slice(0, 2), '创意'],
      favorites: (i * 7) % 13,
      views: i * 3,
      // Spread over the last days; the newest few keep the New mark.
      ageMs: i * 3 * 3600 * 1000,
    });
  }
  // Never public: in review, rejected, deleted.
  await createIdea(deps, author, { title: `审核中的${SEARCH_WORD}`, stage: 'review' });
  await createIdea(deps, author, { title: `未通过的${SEARCH_WORD}`, stage: 'rejected' });
  await createIdea(deps, author, { title: `已删除的${SEARCH_WORD}`, stage: 'deleted', deletedAgoMs: 1000 });
});
after(async () => {
  await e2e?.close();
});

/** The page gets the session the login page would store, for a fixture user. */
const logInAs = (page: Page, user: FixtureUser) => signInWithToken(page, e2e.baseUrl, user);

const cards = (page: Page) => page.locator('main [data-testid="idea-card"]');

/** The cards' ids in feed order (aria-posinset; the DOM goes column by column). */
async function cardIds(page: Page): Promise<number[]> {
  const placed = await cards(page).evaluateAll((els) => els.map((el) => ({ id: Number(el.getAttribute('data-idea-id')), at: Number(el.closest('[aria-posinset]')?.getAttribute('aria-posinset')) })));
  return placed.sort((a, b) => a.at - b.at).map((p) => p.id);
}

/** The card at a place in the feed (1-based). */
const cardAt = (page: Page, place: number) => page.locator(`main [aria-posinset="${place}"] [data-testid="idea-card"]`);

/** Scrolls until the end marker shows (the sentinel loads the next page as it comes into view). */
async function scrollToEnd(page: Page) {
  const end = page.getByTestId('list-end');
  for (let i = 0; i < 40 && !(await end.isVisible()); i++) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(250);
  }
  await end.waitFor();
}

async function sortBy(page: Page, label: '最新' | '随机' | '收藏最多') {
  await page.getByLabel('排序').selectOption({ label });
  await page.getByTestId('market-skeletons').waitFor({ state: 'detached' });
  await cards(page).first().waitFor();
}

for (const viewport of VIEWPORTS) {
  describe(`discovery at ${viewport.width}px`, () => {
    it("the landing page: 6 cards and today's doodle", async () => {
      const { context, page } = await newPage(e2e, viewport);
      await page.goto('/');
      await page.locator('.landing-featured [data-testid="idea-card"]').first().waitFor();
      assert.equal(await page.locator('.landing-featured [data-testid="idea-card"]').count(), 6);
      const doodle = page.locator('img.landing-doodle');
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('img.landing-doodle');
        return !!img && img.complete && img.naturalWidth > 0;
      });
      // Today in the community's clock (China time), whatever the machine's zone.
      assert.equal(await doodle.getAttribute('src'), doodleUrl(communityWeekday()));
      await expectAccessible(page, `landing at ${viewport.width}px`);
      await shot(page, `${viewport.name}-discovery-landing`);
      // A guest's card click goes to /login.
      await page.locator('.landing-featured [data-testid="idea-card"] a').first().click();
      await page.waitForURL('**/login');
      await context.close();
    });

    it('the guest marketplace: cards, the sort, a card click goes to /login and after it to the idea', async () => {
      const { context, page } = await newPage(e2e, viewport);
      await page.goto('/guest-marketplace');
      await page.getByRole('heading', { level: 1, name: '创意库' }).waitFor();
      await cards(page).first().waitFor();
      // The first page, and on a tall screen the next one too (the end marker is near enough to load it).
      const shown = await cards(page).count();
      assert.ok(shown >= 20 && shown <= PUBLIC_IDEAS, `${shown} cards`);
      // Never public: none of the review, rejected or deleted ideas.
      assert.equal(await page.getByText(/审核中的|未通过的|已删除的/).count(), 0);
      await expectAccessible(page, `guest marketplace at ${viewport.width}px`);
      await shot(page, `${viewport.name}-discovery-guest-marketplace`);
      const tapped = cardAt(page, 2).locator('a.idea-card-open');
      const title = (await tapped.innerText()).trim();
      await tapped.click();
      await page.waitForURL('**/login');
      await page.getByTestId('pending-idea').getByText('登录后即可查看这个创意的详情').waitFor();
      const form = page.locator('#panel-login');
      await form.getByLabel('手机号', { exact: true }).fill(reader.phone);
      await form.getByLabel('密码', { exact: true }).fill(reader.password);
      await page.getByRole('button', { name: '登录', exact: true }).click();
      await page.waitForURL(/\/idea\/\d+$/);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await context.close();
    });

    it('the member marketplace: newest, random and favourites, each scrolled to the end', async () => {
      const { context, page } = await newPage(e2e, viewport);
      await logInAs(page, reader);
      await page.goto('/marketplace');
      await page.getByRole('heading', { level: 1, name: '创意市场' }).waitFor();
      await cards(page).first().waitFor();
      const orders: Record<string, number[]> = {};
      for (const label of ['最新', '随机', '收藏最多'] as const) {
        await sortBy(page, label);
        await scrollToEnd(page);
        const ids = await cardIds(page);
        assert.equal(ids.length, PUBLIC_IDEAS, `${label}: every public idea once`);
        assert.equal(new Set(ids).size, ids.length, `${label}: no card twice`);
        orders[label] = ids;
        await page.getByTestId('list-end').getByText(`共 ${PUBLIC_IDEAS} 个创意`).waitFor();
        await expectAccessible(page, `marketplace (${label}) at ${viewport.width}px`);
        await shot(page, `${viewport.name}-discovery-marketplace-${{ 最新: 'newest', 随机: 'random', 收藏最多: 'favorites' }[label]}`);
        await page.evaluate(() => window.scrollTo(0, 0));
      }
      assert.notDeepEqual(orders['随机'], orders['最新'], 'random is not the newest order');
      // Newest first: the ids were created oldest-last, so newest is the smallest age.
      assert.deepEqual(
        orders['最新'],
        [...orders['最新']].sort((a, b) => a - b),
        'newest first',
      );
      // The same visit keeps its seed: random again gives the same order.
      await sortBy(page, '随机');
      await scrollToEnd(page);
      assert.deepEqual(await cardIds(page), orders['随机'], 'one seed per visit');
      await context.close();
    });

    it('a two-character Chinese search from the top bar, the banner, clear-search', async () => {
      const { context, page } = await newPage(e2e, viewport);
      await logInAs(page, reader);
      await page.goto('/marketplace');
      await cards(page).first().waitFor();
      const box = page.getByRole('searchbox', { name: '搜索创意' });
      // Blank does nothing.
      await box.fill('   ');
      await box.press('Enter');
      assert.equal(await page.getByTestId('search-banner').count(), 0);
      await box.fill(SEARCH_WORD);
      await box.press('Enter');
      const banner = page.getByTestId('search-banner');
      await banner.waitFor();
      await banner.getByText(`找到 ${SEARCH_HITS} 个相关创意`).waitFor();
      // Read out from a status line that was there before the search (focus stays in the box).
      assert.equal(await page.getByTestId('search-announcement').textContent(), `搜索「${SEARCH_WORD}」：找到 ${SEARCH_HITS} 个相关创意`);
      assert.equal(await page.getByTestId('search-announcement').getAttribute('role'), 'status');
      assert.equal(new URL(page.url()).pathname, '/marketplace');
      assert.equal(await cards(page).count(), SEARCH_HITS);
      for (const title of await cards(page).locator('.idea-card-title').allTextContents()) assert.ok(title.includes(SEARCH_WORD), title);
      await expectAccessible(page, `search results at ${viewport.width}px`);
      await shot(page, `${viewport.name}-discovery-search`);
      await banner.getByRole('button', { name: '清除搜索' }).click();
      await banner.waitFor({ state: 'detached' });
      await page.getByLabel('排序').waitFor();
      await page.waitForFunction((n) => document.querySelectorAll('main [data-testid="idea-card"]').length >= n, 20);
      await context.close();
    });

    it('opening a card and coming back: the same scroll position, the card highlighted', async () => {
      const { context, page } = await newPage(e2e, viewport);
      await logInAs(page, reader);
      await page.goto('/marketplace');
      await sortBy(page, '最新');
      await scrollToEnd(page);
      const target = cardAt(page, 30);
      const id = Number(await target.getAttribute('data-idea-id'));
      await target.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 200));
      const saved = await page.evaluate(() => Math.round(window.scrollY));
      assert.ok(saved > 500, `scrolled down (${saved})`);

      // Back by the idea page's button.
      await target.locator('a.idea-card-open').click();
      await page.waitForURL(`**/idea/${id}`);
      await page.getByRole('button', { name: /返回/ }).click();
      await page.waitForURL('**/marketplace');
      const highlighted = page.locator(`[data-testid="idea-card"][data-idea-id="${id}"].idea-card-highlighted`);
      await highlighted.waitFor();
      const restored = await page.evaluate(() => Math.round(window.scrollY));
      assert.ok(Math.abs(restored - saved) <= 2, `back at ${saved}, got ${restored}`);
      await shot(page, `${viewport.name}-discovery-return-highlight`);
      // The highlight goes after about 4 s.
      await highlighted.waitFor({ state: 'detached', timeout: 6000 });

      // Back by the browser.
      await cardAt(page, 30).locator('a.idea-card-open').click();
      await page.waitForURL(`**/idea/${id}`);
      await page.goBack();
      await page.waitForURL('**/marketplace');
      await highlighted.waitFor();
      const again = await page.evaluate(() => Math.round(window.scrollY));
      assert.ok(Math.abs(again - saved) <= 2, `browser back at ${saved}, got ${again}`);
      await context.close();
    });

    it("a guest's search waits for the login, then runs", async () => {
      const { context, page } = await newPage(e2e, viewport);
      await page.goto('/guest-marketplace');
      await cards(page).first().waitFor();
      const box = page.getByRole('searchbox', { name: '搜索创意' });
      await box.fill(SEARCH_WORD);
      await box.press('Enter');
      await page.waitForURL('**/login');
      await page.getByTestId('pending-search').getByText(SEARCH_WORD).waitFor();
      const form = page.locator('#panel-login');
      await form.getByLabel('手机号', { exact: true }).fill(reader.phone);
      await form.getByLabel('密码', { exact: true }).fill(reader.password);
      await page.getByRole('button', { name: '登录', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/marketplace' && url.searchParams.get('q') === SEARCH_WORD);
      await page.getByTestId('search-banner').getByText(`找到 ${SEARCH_HITS} 个相关创意`).waitFor();
      await context.close();
    });

    it('the error states: data format, fetch failure with its reason, clear-search reload failure', async () => {
      const { context, page } = await newPage(e2e, viewport);
      await logInAs(page, reader);
      const failWith =
        (body: unknown, status = 200) =>
        (route: import('playwright-core').Route) =>
          route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
      const ideasCall = '**/trpc/marketplace.ideas**';
      // An answer whose data is not a list.
      await page.route(ideasCall, failWith({ result: { data: { data: '不是列表', nextCursor: null } } }));
      await page.goto('/marketplace');
      await page.getByTestId('market-error').getByText('数据格式错误，请稍后重试').waitFor();
      await page.unroute(ideasCall);
      // A failure names its reason; 重试 recovers.
      await page.route(ideasCall, failWith({ error: { message: '服务维护中', code: -32600, data: { code: 'BAD_REQUEST', httpStatus: 400 } } }, 400));
      await page.getByLabel('排序').selectOption({ label: '收藏最多' });
      await page.getByTestId('market-error').getByText('获取创意失败：服务维护中').waitFor();
      await expectAccessible(page, `marketplace error at ${viewport.width}px`);
      await shot(page, `${viewport.name}-discovery-error`);
      await page.unroute(ideasCall);
      await page.getByTestId('market-error').getByRole('button', { name: '重试' }).click();
      await cards(page).first().waitFor();
      // Clearing a search when the full list cannot be reloaded.
      const box = page.getByRole('searchbox', { name: '搜索创意' });
      await box.fill(SEARCH_WORD);
      await box.press('Enter');
      await page.getByTestId('search-banner').waitFor();
      await page.route(ideasCall, failWith({ error: { message: '服务维护中', code: -32600, data: { code: 'BAD_REQUEST', httpStatus: 400 } } }, 400));
      await page.getByRole('button', { name: '清除搜索' }).click();
      await page.getByText('重新加载创意失败，请稍后重试').waitFor();
      await page.unroute(ideasCall);
      await page.getByRole('alert').getByRole('button', { name: '重试' }).click();
      await cards(page).first().waitFor();
      await page.getByText('重新加载创意失败，请稍后重试').waitFor({ state: 'detached' });
      await context.close();
    });

    it('the hunter page and the user page', async () => {
      const { context, page } = await newPage(e2e, viewport);
      await page.goto(`/hunter/${author.registrationNumber}`);
      await page.getByRole('heading', { level: 1, name: '星夜猎人' }).waitFor();
      await page.getByText(`@${author.registrationNumber}`).waitFor();
      await page.getByText('这个猎人很懒，还没有写简介').waitFor();
      await cards(page).first().waitFor();
      assert.equal(await page.getByTestId('stat-已发布创意').textContent(), String(PUBLIC_IDEAS));
      assert.equal(await cards(page).count(), PUBLIC_IDEAS);
      // Cards show price and the full date.
      await cards(page).first().getByText('免费').waitFor();
      await expectAccessible(page, `hunter page at ${viewport.width}px`);
      await shot(page, `${viewport.name}-discovery-hunter`);

      // A hunter with nothing public.
      await page.goto(`/hunter/${reader.registrationNumber}`);
      await page.getByText('暂无已发布的创意').waitFor();

      await page.goto(`/user/${author.registrationNumber}`);
      await page.getByRole('heading', { level: 1, name: '星夜猎人' }).waitFor();
      await page.getByText(`已发布 ${PUBLIC_IDEAS} 个创意`).waitFor();
      await cards(page).first().waitFor();
      await expectAccessible(page, `user page at ${viewport.width}px`);
      await shot(page, `${viewport.name}-discovery-user`);
      await context.close();
    });

    it("following a hunter from their page; a guest is sent to log in; no button on one's own page", async () => {
      const { context, page } = await newPage(e2e, viewport);
      const followers = () => page.getByTestId('stat-粉丝').textContent();
      const button = page.getByTestId('follow-button');
      // A member who does not follow yet (one per viewport: the database is shared), not signed in.
      const fan = await createUser(e2e.server.deps, { nickname: `关注者${viewport.width}` });
      // As a guest: told to log in, and brought back here by the login.
      await page.goto(`/hunter/${author.registrationNumber}`);
      await page.getByRole('heading', { level: 1, name: '星夜猎人' }).waitFor();
      await button.click();
      await page.getByTestId('toast').getByText('请先登录后再关注用户').waitFor();
      await page.waitForURL('**/login');
      await page.getByLabel('手机号', { exact: true }).fill(fan.phone);
      await page.getByLabel('密码', { exact: true }).fill(fan.password);
      await page.getByRole('button', { name: '登录', exact: true }).click();
      await page.waitForURL(`**/hunter/${author.registrationNumber}`);
      await page.getByRole('button', { name: '关注星夜猎人', exact: true }).waitFor();
      const before = Number(await followers());
      await button.click();
      await page.getByTestId('toast').getByText('已关注').waitFor();
      await page.getByRole('button', { name: '已关注星夜猎人，点击取消关注' }).waitFor();
      assert.equal(Number(await followers()), before + 1);
      await expectAccessible(page, `hunter page followed at ${viewport.width}px`);
      await shot(page, `${viewport.name}-discovery-hunter-followed`);
      // The server kept it: a reload shows it.
      await page.reload();
      await page.getByRole('button', { name: '已关注星夜猎人，点击取消关注' }).waitFor();
      assert.equal(Number(await followers()), before + 1);
      // The author's idea page says the same.
      await cards(page).first().locator('a.idea-card-open').click();
      await page.waitForURL('**/idea/*');
      await page.getByRole('button', { name: '已关注星夜猎人，点击取消关注' }).waitFor();
      await page.goBack();
      await page.waitForURL(`**/hunter/${author.registrationNumber}`);
      await button.click();
      await page.getByTestId('toast').getByText('已取消关注').waitFor();
      await page.getByRole('button', { name: '关注星夜猎人', exact: true }).waitFor();
      assert.equal(Number(await followers()), before);
      // And that idea page, seen a moment ago, is read again rather than shown from memory.
      await cards(page).first().locator('a.idea-card-open').click();
      await page.waitForURL('**/idea/*');
      await page.getByRole('button', { name: '关注星夜猎人', exact: true }).waitFor();

      // One's own page has no 关注; a number that names no one says so, in the tab title too.
      await logInAs(page, author);
      await page.goto(`/hunter/${author.registrationNumber}`);
      await cards(page).first().waitFor();
      assert.equal(await button.count(), 0);
      await page.goto('/hunter/nobody');
      await page.getByTestId('person-error').getByText('没有找到这位猎人').waitFor();
      assert.match(await page.title(), /^没有找到这位猎人/);
      // Not a dead end.
      await page.getByTestId('person-error').getByRole('link', { name: '去创意市场看看' }).click();
      await page.waitForURL('**/marketplace');
      // A deactivated account's page says so, rather than calling them lazy.
      const gone = await createUser(e2e.server.deps, { nickname: `注销者${viewport.name}` });
      await e2e.server.deps.db.updateTable('users').set({ status: 'deactivated' }).where('id', '=', gone.id).execute();
      e2e.server.deps.publicCache.invalidate();
      await page.goto(`/hunter/${gone.registrationNumber}`);
      await page.getByText('该账号已注销，TA 发布的创意已不再公开').waitFor();
      assert.equal(await page.getByText('这个猎人很懒').count(), 0);
      await context.close();
    });
  });
}
