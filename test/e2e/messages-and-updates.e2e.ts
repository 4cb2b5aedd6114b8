/**
 * Staying in touch in Chromium at 390 px and 1280 px: follow updates with their badge and red dot,
 * a favourite whose idea was deleted, feedback through the dialog, an admin's reply and announcement
 * through the console, the messages page and its badge. axe-core runs on every page.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { createIdea, createUser } from '../helpers/fixtures.ts';
import { expectAccessible, newPage, shot, signInWithToken, startE2E, uniquePhone, VIEWPORTS, type E2E, storeSession, type Viewport } from './harness.ts';

let e2e: E2E;
before(async () => {
  e2e = await startE2E();
});
after(async () => {
  await e2e?.close();
});

async function api(method: string, path: string, body: unknown, token?: string) {
  const res = await fetch(e2e.baseUrl + path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  assert.ok(res.ok, `${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

interface Session {
  token: string;
  user: { id: number; registrationNumber: string; nickname: string };
}

async function register(admin = false): Promise<Session> {
  const phone = uniquePhone();
  const sent = await api('POST', '/api/auth/send-sms-code', { phone, purpose: 'register' });
  await api('POST', '/api/auth/register', { phone, password: 'pass-word1', verifyCode: sent.debugCode });
  if (admin) await e2e.server.deps.db.updateTable('users').set({ role: 'admin' }).where('phone', '=', phone).execute();
  const login = await api('POST', '/api/auth/login', { loginType: 'phone', phone, password: 'pass-word1' });
  return login.data as Session;
}

async function publish(token: string, title: string): Promise<number> {
  const answer = await api('POST', '/api/ideas', { title, description: `${title}的简介`, detailedAnalysis: `<p>${title}的详细分析</p>`, tags: ['生活'], status: 'published' }, token);
  return answer.data.id as number;
}

/** The navigation this width shows: the tab bar on phones, the side navigation from 900 px. */
const navOf = (page: Page, viewport: Viewport): Locator => page.locator(viewport.width < 900 ? 'nav.tab-bar' : 'nav.side-nav');

async function look(page: Page, viewport: Viewport, name: string) {
  await expectAccessible(page, `${name} at ${viewport.width}px`);
  await shot(page, `${viewport.name}-touch-${name}`);
}

for (const viewport of VIEWPORTS) {
  describe(`staying in touch at ${viewport.width}px`, () => {
    it('follow updates, favourites, feedback, replies and announcements', async () => {
      const tag = `${viewport.name}${Date.now() % 100000}`;
      const [a, b, admin, c] = [await register(), await register(), await register(true), await register()];

      // A visitor gets the logged-out state, not a redirect.
      const guest = await newPage(e2e, viewport);
      await guest.page.goto('/updates');
      await guest.page.getByText('登录后即可查看你关注的猎人的最新动态').waitFor();
      assert.equal(await guest.page.getByRole('link', { name: '去登录' }).getAttribute('href'), '/login');
      await look(guest.page, viewport, 'updates-logged-out');
      await guest.context.close();

      // B follows A; A publishes: B's follow-updates badge shows 1.
      await api('POST', `/api/follows/${a.user.registrationNumber}`, { follow: true }, b.token);
      const first = `社区共享工具柜${tag}`;
      const firstId = await publish(a.token, first);
      const { context, page } = await newPage(e2e, viewport);
      await storeSession(page, b);
      await page.goto('/marketplace');
      const nav = navOf(page, viewport);
      const updatesBadge = nav.getByTestId('nav-badge-updates');
      await updatesBadge.waitFor();
      assert.equal(await updatesBadge.getAttribute('data-count'), '1');
      await nav.getByRole('link', { name: /关注动态\s*，1 位关注的人有新动态/ }).waitFor();
      await look(page, viewport, 'marketplace-badge');

      // /updates: opening it clears the badge; A keeps the red dot for this visit, and the timeline marks
      // A's idea 未看过. Opening A clears A's dot.
      await nav.getByRole('link', { name: /关注动态/ }).click();
      await page.waitForURL('**/updates');
      const person = page.getByTestId('updates-person').filter({ hasText: a.user.nickname });
      await person.getByTestId('updates-dot').waitFor();
      await person.getByText(`猎人编号：${a.user.registrationNumber}`).waitFor();
      await person.getByText(/1 个新创意/).waitFor();
      await updatesBadge.waitFor({ state: 'detached' });
      const timeline = page.getByTestId('timeline');
      const firstCard = timeline.getByRole('listitem').filter({ hasText: first });
      await firstCard.getByTestId('timeline-unseen').waitFor();
      assert.equal(await firstCard.getByRole('link', { name: first }).getAttribute('href'), `/idea/${firstId}`);
      await page.getByRole('heading', { name: /关注的猎人的创意（1 个未看过）/ }).waitFor();
      await look(page, viewport, 'updates-list');
      await person.click();
      await page.getByRole('heading', { name: `${a.user.nickname} 的近期创意` }).waitFor();
      const ideaLink = page.getByRole('link', { name: first });
      assert.equal(await ideaLink.getAttribute('href'), `/idea/${firstId}`);
      assert.equal(await person.getByTestId('updates-dot').count(), 0);
      const marks = await page.evaluate(() => JSON.parse(localStorage.getItem('follow_updates_viewed_users') ?? '{}'));
      assert.ok(marks[a.user.registrationNumber], 'the viewed mark is stored');
      assert.ok(await page.evaluate(() => localStorage.getItem('followUpdatesAll')), 'the last list is cached');
      await look(page, viewport, 'updates-detail');
      // The open member is in the address: Back from their idea returns to them, not to the list.
      const detailHeading = page.getByRole('heading', { name: `${a.user.nickname} 的近期创意` });
      assert.match(page.url(), new RegExp(`/updates\\?hunter=${a.user.registrationNumber}$`));
      await ideaLink.click();
      await page.waitForURL(`**/idea/${firstId}`);
      await page.goBack();
      await detailHeading.waitFor();
      if (viewport.width < 900) {
        // One column on phones: the list is hidden while a member is open. The browser's Back and the
        // back control both return to the list, still on this page, with focus on the member closed.
        assert.equal(await person.isVisible(), false);
        await page.goBack();
        await person.waitFor();
        assert.match(page.url(), /\/updates$/);
        await person.click();
        await detailHeading.waitFor();
        await page.getByRole('button', { name: '返回列表' }).click();
        await person.waitFor();
        assert.match(page.url(), /\/updates$/);
        await page.waitForFunction((n) => document.activeElement?.getAttribute('data-number') === n, a.user.registrationNumber);
      }
      // The developer reset behind the title's double-click lights the dot again.
      await page.getByRole('heading', { name: '关注动态', level: 1 }).dblclick();
      await page.getByTestId('reset-viewed').click();
      await person.getByTestId('updates-dot').waitFor();
      await updatesBadge.waitFor();
      await person.click();
      await updatesBadge.waitFor({ state: 'detached' });

      // A new publication after the visit lights the badge and the dot again; on the timeline only the new card is 未看过.
      const second = `旧书换新书小站${tag}`;
      const secondId = await publish(a.token, second);
      await page.goto('/marketplace');
      await updatesBadge.waitFor();
      await nav.getByRole('link', { name: /关注动态/ }).click();
      await person.getByTestId('updates-dot').waitFor();
      await updatesBadge.waitFor({ state: 'detached' });
      await timeline.getByRole('listitem').filter({ hasText: second }).getByTestId('timeline-unseen').waitFor();
      assert.equal(await timeline.getByRole('listitem').filter({ hasText: first }).getByTestId('timeline-unseen').count(), 0);
      await look(page, viewport, 'updates-timeline');
      // Reloaded, nothing is new any more.
      await page.reload();
      await timeline.getByRole('listitem').filter({ hasText: second }).waitFor();
      assert.equal(await page.getByTestId('timeline-unseen').count(), 0);
      assert.equal(await person.getByTestId('updates-dot').count(), 0);

      // B favourites both ideas; A deletes the second: it shows greyed, and B clears it.
      await api('POST', `/api/favorites/${firstId}`, { favorite: true }, b.token);
      await api('POST', `/api/favorites/${secondId}`, { favorite: true }, b.token);
      await api('DELETE', `/api/ideas/${secondId}`, undefined, a.token);
      await page.goto('/inspiration-library?tab=favorite');
      await page.getByRole('tab', { name: '收藏', selected: true }).waitFor();
      const live = page.locator('[data-testid="idea-card"]', { hasText: first });
      const gone = page.locator('[data-testid="idea-card"]', { hasText: second });
      await live.waitFor();
      await gone.getByText('已删除', { exact: true }).waitFor();
      assert.match((await gone.getAttribute('class')) ?? '', /idea-card-deleted/);
      assert.doesNotMatch((await live.getAttribute('class')) ?? '', /idea-card-deleted/);
      await look(page, viewport, 'favorites');
      await gone.getByRole('button', { name: second, exact: true }).click();
      const clearDialog = page.getByRole('dialog', { name: /^清除「/ });
      await clearDialog.waitFor();
      await look(page, viewport, 'favorites-clear');
      await clearDialog.getByRole('button', { name: '清除收藏' }).click();
      await page.getByTestId('toast').getByText('已清除收藏记录').waitFor();
      await gone.waitFor({ state: 'detached' });
      await live.waitFor();
      // Already gone on the server: a second clear answers 404.
      assert.equal((await fetch(`${e2e.baseUrl}/api/favorites/${secondId}`, { method: 'DELETE', headers: { authorization: `Bearer ${b.token}` } })).status, 404);

      // Feedback through its dialog: from the side navigation, and on phones (whose tab bar has five
      // slots) from the account menu.
      if (viewport.width < 900) {
        await page.locator('.account-chip').click();
        await page.getByRole('menuitem', { name: '意见反馈' }).click();
      } else {
        await nav.getByRole('button', { name: '意见反馈' }).click();
      }
      const dialog = page.getByRole('dialog', { name: '意见反馈' });
      await dialog.getByRole('button', { name: '提交反馈' }).click();
      await dialog.getByText('请输入反馈内容').waitFor();
      const box = dialog.getByLabel('反馈内容');
      await box.fill('长'.repeat(801));
      assert.match((await dialog.getByTestId('feedback-count').getAttribute('class')) ?? '', /feedback-count-warn/);
      await look(page, viewport, 'feedback-dialog');
      const feedbackText = `收藏页能不能按标签筛选？这样找起来更方便。${tag}`;
      await box.fill(feedbackText);
      assert.doesNotMatch((await dialog.getByTestId('feedback-count').getAttribute('class')) ?? '', /feedback-count-warn/);
      await dialog.getByRole('button', { name: '提交反馈' }).click();
      await dialog.getByTestId('feedback-sent').getByText('感谢你的反馈').waitFor();
      await dialog.waitFor({ state: 'detached', timeout: 6000 });

      // C comments on A's idea; B reports it.
      const reported = `加我私信领取优惠${tag}`;
      const comment = await api('POST', '/api/comments', { ideaId: firstId, content: reported }, c.token);
      await api('POST', `/api/comments/${comment.data.id}/report`, { reason: '广告' }, b.token);

      // The admin replies, handles the report and announces through the console.
      const console = await newPage(e2e, viewport);
      const ap = console.page;
      await storeSession(ap, admin);
      await ap.goto('/admin?tab=feedback');
      await ap.getByRole('heading', { name: '管理后台' }).waitFor();
      const item = ap.getByTestId('admin-feedback').filter({ hasText: feedbackText });
      await item.waitFor();
      await look(ap, viewport, 'admin-feedback');
      const reply = `已经记下了，下个版本会加上标签筛选。${tag}`;
      await item.getByLabel('回复内容').fill(reply);
      await item.getByRole('button', { name: '发送回复' }).click();
      await ap
        .getByTestId('toast')
        .getByText(/回复已发送/)
        .waitFor();
      await item.getByText(reply).waitFor();
      await item.getByText('已回复', { exact: true }).waitFor();
      // The form gave way to the reply: keyboard focus is on the entry's heading, not lost to the page.
      await ap.waitForFunction((el) => el === document.activeElement, await item.getByRole('heading', { level: 3 }).elementHandle());
      await ap.getByRole('tab', { name: '评论举报' }).click();
      const report = ap.getByTestId('admin-report').filter({ hasText: reported });
      await report.getByText('举报原因：广告').waitFor();
      // 管理后台 (h1), the tab's 评论举报 (h2), each report (h3): no level skipped.
      const levels = await ap.locator('main').evaluate((main) => [...main.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1])));
      assert.deepEqual(levels.slice(0, 3), [1, 2, 3], `heading levels ${levels.join(' ')}`);
      await look(ap, viewport, 'admin-reports');
      await report.getByRole('button', { name: '删除评论' }).click();
      const removing = ap.getByRole('dialog', { name: /^删除评论 #/ });
      await removing.getByLabel('删除原因').fill('含有广告');
      await removing.getByRole('button', { name: '删除评论' }).click();
      await ap.getByTestId('toast').getByText('评论已删除').waitFor();
      await report.getByText('评论已删除', { exact: true }).waitFor();
      assert.equal((await api('GET', `/api/comments/idea/${firstId}`, undefined, b.token)).data.length, 0);
      await ap.getByRole('tab', { name: '公告' }).click();
      const announcement = `周末社区维护通知${tag}`;
      await ap.getByLabel('公告标题').fill(announcement);
      await ap.getByLabel('公告内容').fill('本周六凌晨 2 点至 4 点进行系统维护，期间可能无法访问。');
      await ap.getByLabel('重要').check();
      await look(ap, viewport, 'admin-announce');
      await ap.getByRole('button', { name: '发布公告' }).click();
      const confirmAnnounce = ap.getByRole('dialog', { name: /^发布公告「/ });
      await confirmAnnounce.getByRole('button', { name: '发布' }).click();
      await ap.getByTestId('toast').getByText('公告已发布').waitFor();
      await ap.getByRole('tab', { name: '操作记录' }).click();
      const log = ap.getByTestId('admin-log');
      await log.getByText('发布公告').first().waitFor();
      await log.getByText('回复反馈').first().waitFor();
      await log.getByText('删除评论').first().waitFor();
      await look(ap, viewport, 'admin-log');
      await console.context.close();

      // B: the unread badge, the reply with the original feedback, all read.
      await page.goto('/marketplace');
      const unreadBadge = nav.getByTestId('nav-badge-messages');
      await unreadBadge.waitFor();
      const unread = (await api('GET', '/api/messages/unread-count', undefined, b.token)).count as number;
      // Beside the welcome letter from B's registration.
      assert.ok(unread >= 3, `the welcome, the reply and the announcement are unread (${unread})`);
      assert.equal(await unreadBadge.getAttribute('data-count'), String(unread));
      await nav.getByRole('link', { name: /^消息/ }).click();
      await page.waitForURL('**/messages');
      const replyMessage = page.getByTestId('message').filter({ hasText: '反馈回复' });
      await replyMessage.getByTestId('message-unread-dot').waitFor();
      await replyMessage.getByTestId('message-original').getByText(feedbackText).waitFor();
      await replyMessage.getByText('来自管理员').waitFor();
      await look(page, viewport, 'messages');
      // Opening the tab read what it shows: the badge clears; the dots stay for this visit.
      await unreadBadge.waitFor({ state: 'detached' });
      assert.equal(await page.getByRole('button', { name: '全部标为已读' }).count(), 0);
      assert.equal((await api('GET', '/api/messages/unread-count', undefined, b.token)).count, 0);
      await page.getByText(`${unread} 条新消息`).waitFor();
      await replyMessage.getByText(reply).waitFor();
      // The all-read button for what the page could not mark: an announcement arriving meanwhile, its marking refused.
      await page.route('**/trpc/messages.markShownRead**', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: { message: '服务器内部错误', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, path: 'messages.markShownRead' } } }),
        }),
      );
      await api('POST', '/api/messages/announcement', { title: `临时通知${tag}`, content: '今晚 10 点短暂维护。', priority: 'low' }, admin.token);
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await page
        .getByTestId('message')
        .filter({ hasText: `临时通知${tag}` })
        .waitFor();
      await unreadBadge.waitFor();
      assert.equal(await unreadBadge.getAttribute('data-count'), '1');
      await page.getByRole('button', { name: '全部标为已读' }).click();
      await page.getByTestId('toast').getByText('已全部标为已读').waitFor();
      await unreadBadge.waitFor({ state: 'detached' });
      // The list reloads after the count: the button goes with it, a moment after the badge.
      await page.getByRole('button', { name: '全部标为已读' }).waitFor({ state: 'detached' });
      await page.unroute('**/trpc/messages.markShownRead**');
      // axe reads a fading-in toast as low contrast: judge the page once the toast has gone.
      await page.getByTestId('toast').waitFor({ state: 'detached' });
      await look(page, viewport, 'messages-read');
      // Read now: a second visit shows no dots.
      await page.reload();
      await replyMessage.waitFor();
      assert.equal(await page.getByTestId('message-unread-dot').count(), 0);
      await context.close();

      // The announcement reaches another member too; their /updates is empty and leads to the marketplace.
      const other = await newPage(e2e, viewport);
      await storeSession(other.page, c);
      await other.page.goto('/messages');
      const notice = other.page.getByTestId('message').filter({ hasText: announcement });
      await notice.getByText('平台公告').waitFor();
      await notice.getByText('重要', { exact: true }).waitFor();
      await look(other.page, viewport, 'messages-announcement');
      await notice.getByRole('button', { name: /^删除消息/ }).click();
      const confirmDelete = other.page.getByRole('dialog', { name: /^删除「周末社区维护通知/ });
      await confirmDelete.getByRole('button', { name: '删除' }).click();
      await other.page.getByTestId('toast').getByText('消息已删除').waitFor();
      await notice.waitFor({ state: 'detached' });
      // Focus goes to the message now in its place (the notice of C's removed comment, below it), not to the page.
      const neighbour = other.page.getByTestId('message').filter({ hasText: '您的评论已被删除' });
      await other.page.waitForFunction((el) => el === document.activeElement, await neighbour.getByRole('heading', { level: 2 }).elementHandle());
      await other.page.goto('/updates');
      await other.page.getByTestId('updates-empty').getByRole('link', { name: '去创意市场看看' }).waitFor();
      // A member who follows nobody is told how the page fills, not that their hunters were quiet.
      await other.page.getByTestId('updates-empty').getByText('关注喜欢的猎人后，他们发布的新创意会出现在这里').waitFor();
      await look(other.page, viewport, 'updates-empty');
      await other.context.close();
    });

    it('shows 50 favourites at a time; the older ones load on request', async () => {
      const author = await createUser(e2e.server.deps);
      const reader = await createUser(e2e.server.deps);
      // 55 favourites, one a minute, the oldest first.
      const ideas: number[] = [];
      for (let i = 0; i < 55; i++) ideas.push(await createIdea(e2e.server.deps, author, { title: `收藏翻页${viewport.name}${i}` }));
      const base = Date.now() - 2 * 3600_000;
      await e2e.server.deps.db
        .insertInto('favorites')
        .values(ideas.map((idea_id, i) => ({ user_id: reader.id, idea_id, created_at: new Date(base + i * 60_000).toISOString().slice(0, 19).replace('T', ' ') })))
        .execute();
      const { context, page } = await newPage(e2e, viewport);
      await signInWithToken(page, e2e.baseUrl, reader);
      await page.goto('/inspiration-library?tab=favorite');
      const cards = page.getByRole('list', { name: '收藏的创意' }).getByTestId('idea-card');
      await cards.filter({ hasText: `收藏翻页${viewport.name}54` }).waitFor();
      assert.equal(await cards.count(), 50);
      const more = page.getByRole('button', { name: '加载更多收藏' });
      await more.scrollIntoViewIfNeeded();
      await look(page, viewport, 'favorites-more');
      // The next page failing once: the loaded cards stay, with a retry.
      const nextPage = (url: URL) => url.pathname.includes('favorites.list') && decodeURIComponent(url.search).includes('"cursor"');
      await page.route(nextPage, (route) =>
        route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify([{ error: { message: '服务暂时不可用', code: -32603, data: { httpStatus: 503 } } }]) }),
      );
      await more.click();
      const retry = page.getByRole('button', { name: '重试' });
      await page.getByText('加载更多收藏失败，请稍后重试').waitFor();
      assert.equal(await cards.count(), 50, 'the loaded favourites stay');
      await page.unroute(nextPage);
      await retry.click();
      await cards
        .filter({ hasText: `收藏翻页${viewport.name}0` })
        .first()
        .waitFor();
      assert.equal(await cards.count(), 55);
      assert.equal(await more.count(), 0, 'nothing older');
      await context.close();
    });

    it('opens the followers from the hunter page’s count and follows back from the list', async () => {
      const hunter = await createUser(e2e.server.deps, { nickname: `被关注者${viewport.name}` });
      const fan = await createUser(e2e.server.deps, { nickname: `回关对象${viewport.name}` });
      await api('POST', `/api/follows/${hunter.registrationNumber}`, { follow: true }, fan.token);
      const { context, page } = await newPage(e2e, viewport);
      await signInWithToken(page, e2e.baseUrl, hunter);
      await page.goto(`/hunter/${hunter.registrationNumber}`);
      await page.getByRole('link', { name: '粉丝 1，查看粉丝列表' }).click();
      await page.waitForURL(`**/hunter/${hunter.registrationNumber}/followers`);
      await page.getByRole('heading', { level: 1, name: `被关注者${viewport.name}的粉丝` }).waitFor();
      const entry = page.getByTestId('follow-entry').filter({ hasText: `回关对象${viewport.name}` });
      await entry.getByRole('link', { name: new RegExp(`回关对象${viewport.name}`) }).waitFor();
      assert.equal(await page.getByTestId('follow-entry').count(), 1);
      await look(page, viewport, 'followers');
      await entry.getByRole('button', { name: `关注回关对象${viewport.name}` }).click();
      await entry.getByRole('button', { name: `已关注回关对象${viewport.name}，点击取消关注` }).waitFor();
      const check = await api('GET', `/api/follows/check/${fan.registrationNumber}`, undefined, hunter.token);
      assert.equal(check.data.isFollowing, true, 'followed back');
      // The other tab: whom the hunter follows now.
      await page.getByRole('link', { name: '关注', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: `被关注者${viewport.name}关注的人` }).waitFor();
      await page
        .getByTestId('follow-entry')
        .filter({ hasText: `回关对象${viewport.name}` })
        .waitFor();
      await context.close();
    });

    it('lists a member followed on their page when 动态 opens next, without a refresh', async () => {
      const hunter = await createUser(e2e.server.deps, { nickname: `新关注的猎人${viewport.name}` });
      await createIdea(e2e.server.deps, hunter, { title: `新关注的人的创意${viewport.name}` });
      const reader = await createUser(e2e.server.deps);
      const { context, page } = await newPage(e2e, viewport);
      await signInWithToken(page, e2e.baseUrl, reader);
      await page.goto('/updates');
      await page.getByTestId('updates-empty').waitFor();
      const goWithinApp = (path: string) =>
        page.evaluate((to) => {
          window.history.pushState(null, '', to);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, path);
      await goWithinApp(`/hunter/${hunter.registrationNumber}`);
      await page.getByRole('button', { name: `关注新关注的猎人${viewport.name}` }).click();
      await page.getByRole('button', { name: `已关注新关注的猎人${viewport.name}，点击取消关注` }).waitFor();
      // Within the 10 s the lists count as fresh: the follow itself marks them stale.
      await goWithinApp('/updates');
      await page
        .getByTestId('updates-person')
        .filter({ hasText: `新关注的猎人${viewport.name}` })
        .waitFor();
      await page.getByTestId('timeline').getByText(`新关注的人的创意${viewport.name}`).waitFor();
      await context.close();
    });

    it('lists a favourite added on the idea page when the library opens next, without a refresh', async () => {
      const author = await createUser(e2e.server.deps);
      const title = `刚收藏的创意${viewport.name}${Date.now() % 100000}`;
      const ideaId = await createIdea(e2e.server.deps, author, { title });
      const reader = await createUser(e2e.server.deps);
      const { context, page } = await newPage(e2e, viewport);
      await signInWithToken(page, e2e.baseUrl, reader);
      await page.goto('/inspiration-library?tab=favorite');
      await page.getByText('还没有收藏任何创意').waitFor();
      // Within the app (no reload, so the tab's list is still in memory): the idea page, then back.
      const goWithinApp = (path: string) =>
        page.evaluate((to) => {
          window.history.pushState(null, '', to);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, path);
      await goWithinApp(`/idea/${ideaId}`);
      await page.getByTestId('favorite-button').click();
      await page.getByTestId('favorite-button').getByText('已收藏').waitFor();
      await goWithinApp('/inspiration-library?tab=favorite');
      await page.getByRole('list', { name: '收藏的创意' }).getByTestId('idea-card').filter({ hasText: title }).waitFor({ timeout: 5000 });
      await context.close();
    });

    it("shows an author's ideas 50 at a time on each library tab", async () => {
      const author = await createUser(e2e.server.deps);
      for (let i = 0; i < 52; i++) await createIdea(e2e.server.deps, author, { title: `书库翻页${viewport.name}${i}`, ageMs: 3600_000 - i * 60_000 });
      await createIdea(e2e.server.deps, author, { title: `书库回收${viewport.name}`, stage: 'deleted' });
      const { context, page } = await newPage(e2e, viewport);
      await signInWithToken(page, e2e.baseUrl, author);
      await page.goto('/inspiration-library');
      const cards = page.getByRole('list', { name: '已发布的创意' }).getByTestId('idea-card');
      await cards.filter({ hasText: `书库翻页${viewport.name}51` }).waitFor();
      assert.equal(await cards.count(), 50);
      await page.getByRole('tab', { name: '回收站 (1)' }).waitFor();
      const more = page.getByRole('button', { name: '加载更多' });
      await more.click();
      await cards
        .filter({ hasText: `书库翻页${viewport.name}0` })
        .first()
        .waitFor();
      assert.equal(await cards.count(), 52);
      assert.equal(await more.count(), 0, 'nothing older');
      await look(page, viewport, 'library-more');
      await context.close();
    });
  });
}
