/**
 * The idea page and its neighbours in Chromium at 390 px and 1280 px on the production build: the publish
 * success page says what the review did (and the matching message arrives), a comment's like and
 * reply sit on the comment, the coming-soon login and share targets carry icons, unknown paths get a
 * 404 page, the idea page shows its skeleton while it loads, its controls are 44 px targets, the share
 * poster is filled (its QR code still decodes), a tag past the limit is announced, and the failures of
 * creating an idea, publishing a draft and saving extensions say so. The return to the card under
 * <StrictMode> (a development build, where effects run twice) is in back-to-the-card.e2e.ts.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import jsQR from 'jsqr';
import type { Page, Route } from 'playwright-core';
import sharp from 'sharp';
import { loadConfig, rateLimitsOff } from '../../src/server/kernel/config.ts';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import { DIST_DIR } from '../../scripts/build-client.ts';
import { createIdea, createUser, type FixtureUser } from '../helpers/fixtures.ts';
import { type E2E, expectAccessible, newPage, SCREENSHOT_DIR, shot, signInWithToken, startE2E, VIEWPORTS } from './harness.ts';

let e2e: E2E;
/** The same build over its own database with MODERATION=manual: publishes wait for a moderator. */
let manual: RunningServer;
let manualDir: string;
before(async () => {
  e2e = await startE2E();
  manualDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hunter-e2e-manual-'));
  const base = loadConfig();
  const rateLimits = rateLimitsOff(base.rateLimits);
  manual = await startServer(
    { ...base, port: 0, moderation: 'manual', databaseUrl: `sqlite:${path.join(manualDir, 'e2e.db')}`, seedDemo: false, rateLimits, logLevel: 'warn' },
    { clientDir: DIST_DIR },
  );
});
after(async () => {
  await manual?.stop();
  if (manualDir) fs.rmSync(manualDir, { recursive: true, force: true });
  await e2e?.close();
});

const signIn = (page: Page, user: FixtureUser, baseUrl = e2e.baseUrl) => signInWithToken(page, baseUrl, user);

async function getJson(baseUrl: string, p: string, token?: string) {
  const res = await fetch(baseUrl + p, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: await res.json() };
}

/** Fills the editor's title, description and analysis. */
async function writeIdea(page: Page, title: string, description: string) {
  await page.getByRole('heading', { name: '创建创意' }).waitFor();
  await page.getByLabel('标题', { exact: true }).fill(title);
  await page.getByLabel('简介', { exact: true }).fill(description);
  const editor = page.locator('[contenteditable="true"][aria-label="详细分析"]');
  await editor.click();
  await editor.pressSequentially(`${description}，详细的做法以后再补充。`);
}

/** Every visible control inside `scope` smaller than 44 × 44 CSS pixels. */
async function smallTargets(page: Page, scope: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const out: string[] = [];
    for (const root of document.querySelectorAll(selector)) {
      for (const el of root.querySelectorAll<HTMLElement>('a[href], button, [role="button"], select, summary')) {
        // A stretched link (a card's title whose ::after covers the card) is as large as what it covers.
        const after = getComputedStyle(el, '::after');
        const stretched = after.content !== 'none' && after.position === 'absolute' && el.offsetParent;
        const r = (stretched ? (el.offsetParent as HTMLElement) : el).getBoundingClientRect();
        if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
        if (r.width < 44 - 0.5 || r.height < 44 - 0.5)
          out.push(`${el.tagName.toLowerCase()}.${el.className} 「${(el.textContent ?? '').trim().slice(0, 16)}」 ${Math.round(r.width)}×${Math.round(r.height)}`);
      }
    }
    return out;
  }, scope);
}

/**
 * The share poster's PNG read back: its size, its QR code decoded, and the tallest band of rows that
 * hold nothing but the poster's pale background (no text, no picture, no coloured block), in CSS px.
 */
async function readPoster(file: string): Promise<{ width: number; height: number; qr: string | null; blankPx: number; blankAt: number }> {
  const { data, info } = await sharp(fs.readFileSync(file)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height);
  // Pale: light and nearly grey (white, the cream gradient, the card's hairline border and shadow).
  const pale = (i: number) => {
    const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b > 215 && Math.max(r, g, b) - Math.min(r, g, b) < 48;
  };
  let run = 0;
  let best = 0;
  let bestEnd = 0;
  for (let y = 0; y < info.height; y++) {
    let blank = true;
    for (let x = 0; x < info.width && blank; x++) blank = pale((y * info.width + x) * 4);
    run = blank ? run + 1 : 0;
    if (run > best) [best, bestEnd] = [run, y];
  }
  const scale = info.width / 375;
  return { width: info.width, height: info.height, qr: code?.data ?? null, blankPx: Math.round(best / scale), blankAt: Math.round((bestEnd - best) / scale) };
}

/** A tRPC call answered with a server failure (500), as a crashed or unreachable database would. */
async function failCall(page: Page, procedure: string) {
  await page.route(`**/trpc/${procedure}**`, (route: Route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: { message: '服务器内部错误', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, path: procedure } } }),
    }),
  );
}

for (const viewport of VIEWPORTS) {
  const vp = viewport.name;
  describe(`publishing, comments and sharing at ${viewport.width}px`, () => {
    it('publish success: public at once in automatic review, with the approval message; 待审核中 when a moderator decides', async () => {
      // Automatic review (the default).
      const author = await createUser(e2e.server.deps, { nickname: `发布者${vp}` });
      const { context, page } = await newPage(e2e, viewport);
      await signIn(page, author);
      await page.goto('/create-pin');
      const title = `楼道感应夜灯 ${vp}`;
      await writeIdea(page, title, `晚上回家不用摸黑找开关（${vp}）`);
      await page.getByRole('button', { name: '发布', exact: true }).click();
      await page.waitForURL(/\/publish-success\/\d+$/);
      const ideaId = Number(new URL(page.url()).pathname.split('/').pop());
      const card = page.getByTestId('publish-success');
      await card.getByRole('heading', { name: '发布成功！所有人可见' }).waitFor();
      await card.getByText('你的创意已通过自动审核，现已展示在创意市场。').waitFor();
      assert.equal(await page.evaluate(() => window.scrollY), 0, 'the page starts at the top, not where the editor was scrolled');
      assert.equal(await card.getByText(/审核中|待审核/).count(), 0, 'nothing says it waits for review');
      assert.equal(await card.getByRole('link', { name: '打开你的创意页面' }).getAttribute('href'), `/idea/${ideaId}`);
      // What the page says is true: a guest sees the idea, and the author has the approval message.
      assert.equal((await getJson(e2e.baseUrl, `/api/ideas/${ideaId}`)).status, 200);
      const messages = await getJson(e2e.baseUrl, '/api/messages', author.token);
      const sent = (messages.body.data as { title: string; content: string }[]).filter((m) => m.content.includes(title));
      assert.deepEqual(
        sent.map((m) => [m.title, m.content]),
        [['创意审核通过', `您的创意「${title}」已通过自动审核，现已在创意市场展示，所有人都能看到。`]],
      );
      await expectAccessible(page, `publish success (public) at ${viewport.width}px`);
      await shot(page, `${vp}-publish-public`);
      // A reload (no navigation state) reads the idea and says the same.
      await page.reload();
      await card.getByRole('heading', { name: '发布成功！所有人可见' }).waitFor();
      await card.getByRole('link', { name: '打开你的创意页面' }).click();
      await page.waitForURL(`**/idea/${ideaId}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      // Opened later by its address (no word from the editor): approved, not necessarily automatically.
      await page.goto(`/publish-success/${ideaId}`);
      await card.getByText('你的创意已通过审核，现已展示在创意市场。').waitFor();
      // An edit of the public idea is not a new publication (a phone walkthrough read 发布成功 after one).
      await page.goto(`/create-pin?edit=${ideaId}`);
      await page.getByRole('heading', { name: '编辑已发布的创意' }).waitFor();
      await page.getByLabel('简介', { exact: true }).fill(`晚上回家不用摸黑找开关，还能省电（${vp}）`);
      await page.getByRole('button', { name: '重新提交', exact: true }).click();
      await page.waitForURL(`**/publish-success/${ideaId}`);
      await card.getByRole('heading', { name: '修改已生效' }).waitFor();
      assert.equal(await card.getByText('发布成功').count(), 0, 'an edit does not say 发布成功');
      await context.close();
      // Anyone else given the address is shown the idea itself, not the author's success page.
      const reader = await createUser(e2e.server.deps, { nickname: `读者${vp}` });
      const other = await newPage(e2e, viewport);
      await signIn(other.page, reader);
      await other.page.goto(`/publish-success/${ideaId}`);
      // At once, not after the success page's 5-second countdown.
      await other.page.waitForURL(`**/idea/${ideaId}`, { timeout: 3000 });
      await other.page.getByRole('heading', { level: 1, name: title }).waitFor();
      await other.context.close();

      // Manual review: the spec's words, and no message until the moderator decides.
      const waiting = await createUser(manual.deps, { nickname: `待审者${vp}` });
      const m = await e2e.browser.newContext({ baseURL: manual.url, viewport: { width: viewport.width, height: viewport.height }, locale: 'zh-CN' });
      const mp = await m.newPage();
      await signIn(mp, waiting, manual.url);
      await mp.goto('/create-pin');
      const waitingTitle = `社区旧书漂流柜 ${vp}`;
      await writeIdea(mp, waitingTitle, `看完的书放进柜子，邻居扫码借走（${vp}）`);
      await mp.getByRole('button', { name: '发布', exact: true }).click();
      await mp.waitForURL(/\/publish-success\/\d+$/);
      const waitingId = Number(new URL(mp.url()).pathname.split('/').pop());
      const waitingCard = mp.getByTestId('publish-success');
      await waitingCard.getByRole('heading', { name: '发布成功！待审核中...' }).waitFor();
      await waitingCard.getByText('审核结果会通过站内消息通知你，审核期间可以在「我的灵感库」查看进度。').waitFor();
      assert.equal(await waitingCard.getByRole('link', { name: '打开你的创意页面' }).count(), 0);
      assert.equal((await getJson(manual.url, `/api/ideas/${waitingId}`)).status, 404, 'others cannot see it yet');
      const none = await getJson(manual.url, '/api/messages', waiting.token);
      assert.equal((none.body.data as { content: string }[]).filter((x) => x.content.includes(waitingTitle)).length, 0);
      await expectAccessible(mp, `publish success (waiting) at ${viewport.width}px`);
      await shot(mp, `${vp}-publish-review`);
      await m.close();
    });

    it('publish success goes on to the idea after 5 seconds, unless the reader chooses 留在此页 (WCAG 2.2.1)', async () => {
      const author = await createUser(e2e.server.deps, { nickname: `慢读者${vp}` });
      const ideaId = await createIdea(e2e.server.deps, author, { title: `慢慢读的创意 ${vp}` });
      const { context, page } = await newPage(e2e, viewport);
      await signIn(page, author);
      await page.clock.install();
      await page.goto(`/publish-success/${ideaId}`);
      const card = page.getByTestId('publish-success');
      await card.getByText(/秒后自动跳转到创意详情/).waitFor();
      await card.getByRole('button', { name: '留在此页' }).click();
      await card.getByText('已停止自动跳转，你可以慢慢看').waitFor();
      // A frame after the button goes (requestAnimationFrame): the check waits that long, no more.
      await page.waitForFunction(() => document.activeElement !== document.body, undefined, { timeout: 2000 }).catch(() => undefined);
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), '查看详情', 'focus moves on to the first action, not back to the start');
      await page.clock.runFor(10_000);
      assert.match(new URL(page.url()).pathname, /^\/publish-success\//, 'still on the success page after the countdown would have ended');
      await expectAccessible(page, `publish success stopped at ${viewport.width}px`);
      // A keyboard reader stops it with their first key (the button is several Tabs away).
      await page.reload();
      await card.getByText(/秒后自动跳转/).waitFor();
      await page.keyboard.press('Tab');
      await card.getByText('已停止自动跳转，你可以慢慢看').waitFor();
      await page.clock.runFor(10_000);
      assert.match(new URL(page.url()).pathname, /^\/publish-success\//);
      // Without either, the countdown goes on to the idea.
      await page.reload();
      await card.getByText(/秒后自动跳转/).waitFor();
      await page.clock.runFor(5_500);
      await page.waitForURL(`**/idea/${ideaId}`);
      await context.close();
    });

    it('a comment shows like (with its count) and reply on itself; the menu keeps dislike, report, forward and delete', async () => {
      const deps = e2e.server.deps;
      const author = await createUser(deps, { nickname: `评论页作者${vp}` });
      const ideaId = await createIdea(deps, author, { title: `楼下快递柜加个雨棚 ${vp}` });
      const post = await fetch(`${e2e.baseUrl}/api/comments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${author.token}` },
        body: JSON.stringify({ ideaId, content: '下雨天取件太狼狈了' }),
      });
      assert.equal(post.status, 201);

      // A guest sees both, as links to the login.
      const guest = await newPage(e2e, viewport);
      await guest.page.goto(`/idea/${ideaId}`);
      const guestComment = guest.page.getByTestId('comment').first();
      await guestComment.getByText('下雨天取件太狼狈了').waitFor();
      assert.equal(await guestComment.getByTestId('comment-like').getAttribute('href'), '/login');
      assert.equal(await guestComment.getByTestId('comment-reply').getAttribute('href'), '/login');
      await guest.context.close();

      const reader = await createUser(deps, { nickname: `评论读者${vp}` });
      const { context, page } = await newPage(e2e, viewport);
      await signIn(page, reader);
      await page.goto(`/idea/${ideaId}`);
      const comment = page.getByTestId('comment').first();
      await comment.getByText('下雨天取件太狼狈了').waitFor();
      const like = comment.getByTestId('comment-like');
      const reply = comment.getByTestId('comment-reply');
      // Both visible without opening anything, each a 44 px target.
      assert.ok(await like.isVisible());
      assert.ok(await reply.isVisible());
      for (const control of [like, reply]) {
        const box = (await control.boundingBox())!;
        assert.ok(box.width >= 44 && box.height >= 44, `${JSON.stringify(box)}`);
      }
      assert.equal(await comment.getByTestId('like-count').textContent(), '', 'no count before the first like');
      await like.click();
      await like.and(page.locator('[aria-pressed="true"]')).waitFor();
      // The mark shows at once; the count comes with the server's answer a moment later.
      await comment.getByTestId('like-count').filter({ hasText: /^1$/ }).waitFor();
      assert.equal(await comment.getByTestId('like-count').textContent(), '1');
      assert.match((await like.textContent()) ?? '', /赞\s*1/);
      // The count is the server's.
      const list = await getJson(e2e.baseUrl, `/api/comments/idea/${ideaId}`);
      assert.equal(list.body.data[0].likeCount, 1);
      await reply.click();
      assert.equal(await page.getByLabel('回复 @评论页作者' + vp).inputValue(), `@评论页作者${vp} `);
      // The menu: the rest, and no like or reply in it (and no 删除: the comment is someone else's).
      await comment.getByTestId('comment-menu').click();
      const items = await comment.locator('.comment-menu-list button').allTextContents();
      assert.deepEqual(
        items.map((t) => t.trim()),
        ['点踩', '举报', '转发'],
      );
      await page.keyboard.press('Escape');
      await expectAccessible(page, `comment actions at ${viewport.width}px`);
      await page.evaluate(() => document.querySelectorAll<HTMLElement>('.top-nav').forEach((el) => (el.style.position = 'static')));
      await page.getByTestId('comments-section').screenshot({ path: path.join(SCREENSHOT_DIR, `${vp}-comment-actions.png`) });
      await context.close();
    });

    it('coming-soon login methods and share targets carry icons, not letters, and still say coming soon', async () => {
      const { context, page } = await newPage(e2e, viewport);
      await page.goto('/login');
      const methods = page.locator('.auth-other-method');
      await methods.first().waitFor();
      assert.deepEqual(await page.locator('.auth-other-method > span').allTextContents(), ['微信', '支付宝', '抖音', '小红书', '今日头条', '微博']);
      for (const brand of ['wechat', 'alipay', 'douyin', 'xiaohongshu', 'toutiao', 'weibo']) {
        const icon = page.locator(`.auth-other-method svg[data-brand="${brand}"]`);
        assert.equal(await icon.count(), 1, brand);
        assert.ok(((await icon.boundingBox())?.width ?? 0) >= 32, `${brand} icon is drawn`);
      }
      for (const box of await methods.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect))) {
        assert.ok(box.width >= 44 && box.height >= 44, `login method target ${box.width}×${box.height}`);
      }
      await page.getByRole('button', { name: '微信' }).click();
      await page.getByTestId('toast').getByText('微信登录即将开放，敬请期待').waitFor();
      await expectAccessible(page, `login with icons at ${viewport.width}px`);
      await page.locator('.auth-other').screenshot({ path: path.join(SCREENSHOT_DIR, `${vp}-login-icons.png`) });

      const author = await createUser(e2e.server.deps, { nickname: `分享图标${vp}` });
      const ideaId = await createIdea(e2e.server.deps, author, { title: `分享图标的创意 ${vp}` });
      await signIn(page, author);
      await page.goto(`/idea/${ideaId}`);
      await page.getByRole('heading', { level: 1, name: `分享图标的创意 ${vp}` }).waitFor();
      await page.getByRole('button', { name: '分享', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: '分享创意' });
      const targets = dialog.locator('.share-target');
      await targets.first().waitFor();
      assert.equal(await targets.count(), 6);
      for (const brand of ['wechat', 'moments', 'sms', 'xiaohongshu', 'weibo', 'qq']) {
        assert.equal(await dialog.locator(`.share-target svg[data-brand="${brand}"]`).count(), 1, brand);
      }
      // The old single-letter marks are gone.
      assert.equal(await dialog.locator('.share-target-mark').count(), 0);
      await dialog.getByRole('button', { name: 'QQ' }).click();
      await dialog.getByText('分享到QQ的功能即将上线，敬请期待').waitFor();
      await expectAccessible(page, `share dialog with icons at ${viewport.width}px`);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${vp}-share-icons.png`) });
      await context.close();
    });

    it('an unknown path shows a 404 page in Chinese with its title and the ways on', async () => {
      const { context, page } = await newPage(e2e, viewport);
      const response = await page.goto('/no-such-page/here');
      // The server says so too: the app's HTML with status 404 (src/shared/client-routes.ts).
      assert.equal(response?.status(), 404);
      await page.getByRole('heading', { level: 1, name: '页面不存在' }).waitFor();
      assert.equal(new URL(page.url()).pathname, '/no-such-page/here', 'no jump to /');
      assert.equal(await page.title(), '页面不存在 - 猎人创意社区');
      await page.getByText('/no-such-page/here').waitFor();
      assert.equal(await page.locator('meta[name="robots"]').getAttribute('content'), 'noindex');
      assert.equal(await page.getByRole('link', { name: '回到首页' }).getAttribute('href'), '/');
      assert.equal(await page.getByRole('link', { name: '逛逛创意库' }).getAttribute('href'), '/guest-marketplace');
      await expectAccessible(page, `404 at ${viewport.width}px`);
      await shot(page, `${vp}-404`);
      // A member is offered the marketplace.
      const member = await createUser(e2e.server.deps);
      await signIn(page, member);
      await page.goto('/idea-list');
      await page.getByRole('heading', { level: 1, name: '页面不存在' }).waitFor();
      await page.getByRole('link', { name: '去创意市场' }).click();
      await page.waitForURL('**/marketplace');
      await context.close();
    });

    it('the idea page shows its skeleton, not a blank page, while it loads', async () => {
      const author = await createUser(e2e.server.deps, { nickname: `骨架${vp}` });
      const ideaId = await createIdea(e2e.server.deps, author, { title: `骨架屏测试创意 ${vp}` });
      const { context, page } = await newPage(e2e, viewport);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/trpc/ideas.byId**', async (route: Route) => {
        await held;
        await route.continue();
      });
      await page.goto(`/idea/${ideaId}`);
      const skeleton = page.getByTestId('idea-skeleton');
      await skeleton.waitFor();
      // The skeleton has the page's shape: the author block and the action buttons' places, in view.
      // (The route's lazy chunk and the page each draw one, so the first may be swapped for the second.)
      let box = await skeleton.boundingBox();
      for (let i = 0; !box && i < 50; i++) box = await page.waitForTimeout(100).then(() => skeleton.boundingBox());
      assert.ok(box, 'the skeleton stays while the idea loads');
      assert.ok(box.height > 300, `skeleton height ${box.height}`);
      assert.equal(await page.getByRole('status').filter({ hasText: '正在加载创意…' }).count(), 1);
      await expectAccessible(page, `idea skeleton at ${viewport.width}px`);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${vp}-idea-skeleton.png`) });
      release();
      await page.getByRole('heading', { level: 1, name: `骨架屏测试创意 ${vp}` }).waitFor();
      assert.equal(await skeleton.count(), 0);
      await context.close();
    });

    it('the share poster is filled from top to bottom, and its QR code still decodes', async () => {
      const author = await createUser(e2e.server.deps, { nickname: `海报作者${vp}` });
      const cases = [
        {
          name: 'full',
          title: `会自己浇水的花盆，出差一周也不怕 ${vp}`,
          description: '底部储水仓加湿度传感器，按植物种类自动控制浇水量；水位低了手机会提醒你加水，适合经常出差的上班族和新手园丁，也适合记性不好的人。',
          tags: ['园艺', '智能家居', '懒人', '传感器'],
        },
        { name: 'short', title: `共享雨伞 ${vp}`, description: '地铁口扫码借伞。', tags: [] as string[] },
      ];
      for (const c of cases) {
        const ideaId = await createIdea(e2e.server.deps, author, { title: c.title, description: c.description, tags: c.tags });
        const { context, page } = await newPage(e2e, viewport);
        await signIn(page, author);
        await page.goto(`/idea/${ideaId}`);
        await page.getByRole('heading', { level: 1, name: c.title }).waitFor();
        await page.getByRole('button', { name: '分享', exact: true }).click();
        const dialog = page.getByRole('dialog', { name: '分享创意' });
        const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), dialog.getByRole('button', { name: '保存图片' }).click()]);
        const file = path.join(SCREENSHOT_DIR, `${vp}-poster-${c.name}.png`);
        fs.copyFileSync((await download.path())!, file);
        const poster = await readPoster(file);
        assert.equal(poster.width, 750);
        assert.equal(poster.height, 1200);
        assert.equal(poster.qr, `${e2e.baseUrl}/idea/${ideaId}`);
        assert.ok(poster.blankPx <= 64, `${c.name}: ${poster.blankPx} px of empty poster from y=${poster.blankAt}`);
        await context.close();
      }
    });

    it('a tag past the limit is announced, named and struck through, in the form and in the preview; only 5 are saved', async () => {
      const author = await createUser(e2e.server.deps, { nickname: `标签作者${vp}` });
      const { context, page } = await newPage(e2e, viewport);
      await signIn(page, author);
      await page.goto('/create-pin');
      const title = `阳台自动遮阳棚 ${vp}`;
      await writeIdea(page, title, `根据光照自动开合，保护阳台植物（${vp}）`);
      const tags = page.getByLabel('标签', { exact: true });
      await tags.fill('园艺 智能家居 懒人 传感器 阳台');
      assert.equal(await page.getByTestId('tags-notice').count(), 0, 'five is the limit, not past it');
      assert.equal(await page.getByTestId('tags-count').textContent(), '5/5');
      // Typed one by one, as a member adds tags: the sixth and the seventh are each named at once.
      await tags.pressSequentially(' 出差');
      const notice = page.getByTestId('tags-notice');
      await notice.getByText('标签数量超过5个，仅保留前5个：「出差」不会保存').waitFor();
      await tags.pressSequentially(' 新手');
      await notice.getByText('标签数量超过5个，仅保留前5个：「出差」「新手」不会保存').waitFor();
      assert.equal(await page.getByTestId('tags-count').textContent(), '7/5');
      assert.deepEqual(await page.getByTestId('tag-dropped').locator('s').allTextContents(), ['#出差', '#新手']);
      // The notice is where the member is looking: right under the field, on screen and not under a
      // sticky bar (the tags field sits low: the page brings the notice into view).
      const [field, said] = [(await tags.boundingBox())!, (await notice.boundingBox())!];
      assert.ok(said.y > field.y && said.y - (field.y + field.height) < 60, `notice ${JSON.stringify(said)} under the field ${JSON.stringify(field)}`);
      const seen = await notice.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return [r.left + 4, r.right - 4].every((x) => [r.top + 2, r.bottom - 2].every((y) => el.contains(document.elementFromPoint(x, y))));
      });
      assert.ok(seen, `the notice is on screen and uncovered: ${JSON.stringify(said)} in ${viewport.width}×${viewport.height}`);
      await expectAccessible(page, `too many tags at ${viewport.width}px`);
      await page.evaluate(() => document.querySelectorAll<HTMLElement>('.top-nav').forEach((el) => (el.style.position = 'static')));
      await tags.evaluate((el) => el.closest('.field')!.scrollIntoView({ block: 'center' }));
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${vp}-tags-notice.png`) });

      // The preview says it too (publishing from there must not be a surprise).
      await page.getByRole('button', { name: '预览' }).click();
      await page.getByTestId('preview-tags-notice').getByText('「出差」「新手」不会保存', { exact: false }).waitFor();
      await page.getByRole('button', { name: '发布', exact: true }).click();
      await page.waitForURL(/\/publish-success\/\d+$/);
      const ideaId = Number(new URL(page.url()).pathname.split('/').pop());
      const saved = await getJson(e2e.baseUrl, `/api/ideas/${ideaId}`);
      assert.deepEqual(saved.body.data.tags, ['园艺', '智能家居', '懒人', '传感器', '阳台']);
      await context.close();
    });

    it('creating an idea, publishing a draft and saving extensions say which call failed', async () => {
      const deps = e2e.server.deps;
      const author = await createUser(deps, { nickname: `失败提示${vp}` });
      const { context, page } = await newPage(e2e, viewport);
      await signIn(page, author);

      // IDEA_MSG.createFailed: the first save of a new idea creates it.
      await failCall(page, 'ideas.create');
      await page.goto('/create-pin');
      await writeIdea(page, `失败时也要说清楚 ${vp}`, '保存失败的时候告诉作者发生了什么');
      await page.getByRole('button', { name: '保存草稿' }).click();
      const box = page.locator('.create-failure');
      await box.getByText('创建创意失败', { exact: true }).waitFor();
      await box.getByText('请稍后重试，你写的内容还在这里').waitFor();
      assert.equal(new URL(page.url()).pathname, '/create-pin', 'the author stays with the text');
      await expectAccessible(page, `create failed at ${viewport.width}px`);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${vp}-create-failed.png`) });
      await page.unroute('**/trpc/ideas.create**');

      // IDEA_MSG.publishDraftFailed: publishing a saved draft.
      const draftId = await createIdea(deps, author, { title: `一份草稿 ${vp}`, stage: 'draft' });
      await failCall(page, 'ideas.update');
      await page.goto(`/create-pin?edit=${draftId}`);
      await page.getByRole('heading', { name: '编辑草稿' }).waitFor();
      await page.getByRole('button', { name: '发布', exact: true }).click();
      await box.getByText('发布草稿失败', { exact: true }).waitFor();
      await box.getByText('请稍后重试，你写的内容还在这里').waitFor();
      await page.unroute('**/trpc/ideas.update**');
      const still = await deps.db.selectFrom('ideas').select('status').where('id', '=', draftId).executeTakeFirstOrThrow();
      assert.equal(still.status, 'draft');

      // IDEA_MSG.expansionsFailed: the owner's extension could not be saved.
      const ideaId = await createIdea(deps, author, { title: `扩展失败的创意 ${vp}` });
      await failCall(page, 'ideas.updateExpansions');
      await page.goto(`/idea/${ideaId}`);
      const expansions = page.getByTestId('expansions');
      await expansions.getByLabel('添加扩展').fill('第二版加上太阳能板');
      await expansions.getByRole('button', { name: '添加扩展' }).click();
      await expansions.getByText('更新创意扩展失败。新添加的内容目前仅保存在本页（刷新页面后会丢失），请稍后重试').waitFor();
      await expansions.getByText('第二版加上太阳能板').waitFor();
      await expectAccessible(page, `expansions failed at ${viewport.width}px`);
      await expansions.screenshot({ path: path.join(SCREENSHOT_DIR, `${vp}-expansions-failed.png`) });
      await context.close();
    });

    it('every control on the idea page, its comments and its share dialog is a 44 px touch target', async () => {
      const deps = e2e.server.deps;
      const author = await createUser(deps, { nickname: `触控作者${vp}` });
      const ideaId = await createIdea(deps, author, { title: `触控目标测试 ${vp}`, tags: ['触控', '测试'] });
      await createIdea(deps, author, { title: `触控目标的相似创意 ${vp}`, tags: ['触控', '测试'] });
      await fetch(`${e2e.baseUrl}/api/comments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${author.token}` },
        body: JSON.stringify({ ideaId, content: '一条评论，带着它的操作' }),
      });
      for (const who of ['reader', 'owner'] as const) {
        const user = who === 'owner' ? author : await createUser(deps, { nickname: `触控读者${vp}` });
        const { context, page } = await newPage(e2e, viewport);
        await signIn(page, user);
        await page.goto(`/idea/${ideaId}`);
        await page.getByTestId('comment').first().waitFor();
        await page.getByTestId('similar-ideas').locator('[data-testid="idea-card"]').first().waitFor();
        assert.deepEqual(await smallTargets(page, 'main.idea-page'), [], `${who}: controls under 44 px`);
        await page.getByTestId('comment-menu').first().click();
        assert.deepEqual(await smallTargets(page, '.comment-menu-list'), [], `${who}: comment menu`);
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: '分享' }).click();
        await page.getByRole('dialog', { name: '分享创意' }).waitFor();
        assert.deepEqual(await smallTargets(page, '[role="dialog"]'), [], `${who}: share dialog`);
        if (who === 'reader') await shot(page, `${vp}-idea-targets`);
        await context.close();
      }
    });
  });
}
