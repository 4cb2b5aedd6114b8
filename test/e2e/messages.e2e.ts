/**
 * The messages page in Chromium at 390 px and 1280 px on the production build: opening the messages
 * tab clears the unread badges (the bell and the navigation's), while what was unread keeps its dot
 * for the visit; a reply names who replied, with their avatar, and links to the reply itself, which
 * the idea page scrolls to, focuses and highlights. axe-core on every page shown.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { createIdea, createUser, type FixtureUser } from '../helpers/fixtures.ts';
import { messageRow } from '../../src/server/messages/send.ts';
import { type E2E, expectAccessible, newPage, SCREENSHOT_DIR, shot, signInWithToken, startE2E, type Viewport, VIEWPORTS } from './harness.ts';

let e2e: E2E;
before(async () => {
  e2e = await startE2E();
});
after(async () => {
  await e2e?.close();
});

async function api(method: string, p: string, body: unknown, token: string) {
  const res = await fetch(e2e.baseUrl + p, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = await res.json();
  assert.ok(res.ok, `${method} ${p}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const signIn = (page: Page, user: FixtureUser) => signInWithToken(page, e2e.baseUrl, user);

const navOf = (page: Page, viewport: Viewport): Locator => page.locator(viewport.width < 900 ? 'nav.tab-bar' : 'nav.side-nav');

for (const viewport of VIEWPORTS) {
  const vp = viewport.name;
  describe(`messages at ${viewport.width}px`, () => {
    it('opening the tab clears the badges; a reply names who replied and leads to the reply', async () => {
      const author = await createUser(e2e.server.deps, { nickname: `作者${vp}` });
      const reader = await createUser(e2e.server.deps, { nickname: `读者${vp}` });
      const ideaId = await createIdea(e2e.server.deps, author, { title: `会自己浇水的花盆 ${vp}` });
      // A long thread, so the reply the message leads to is well below the first screen.
      for (let i = 1; i <= 10; i++) await api('POST', '/api/comments', { ideaId, content: `作者的第 ${i} 条补充说明：水箱、传感器和提醒方式都还在调整。` }, author.token);
      const question = (await api('POST', '/api/comments', { ideaId, content: '储水仓能用多久？出差两周够吗？' }, reader.token)).data;
      const reply = (await api('POST', '/api/comments', { ideaId, content: '@读者 两周没问题，水箱是 1.5 升。', parentId: question.id }, author.token)).data;
      // And a new follower: named too, with no link to a comment.
      await api('POST', `/api/follows/${reader.registrationNumber}`, { follow: true }, author.token);

      const { context, page } = await newPage(e2e, viewport);
      await signIn(page, reader);
      await page.goto('/marketplace');
      const nav = navOf(page, viewport);
      const navBadge = nav.getByTestId('nav-badge-messages');
      const bellBadge = page.getByTestId('bell-badge');
      await navBadge.waitFor();
      assert.equal(await navBadge.getAttribute('data-count'), '2');
      assert.equal(await bellBadge.textContent(), '2');
      assert.equal(await page.getByTestId('messages-bell').getAttribute('aria-label'), '消息，2 条未读消息');

      // Opening the tab: both badges clear, and the server agrees; the message keeps its dot for this visit.
      await nav.getByRole('link', { name: /^消息/ }).click();
      await page.waitForURL('**/messages');
      const message = page.getByTestId('message').filter({ hasText: '收到新回复' });
      await message.waitFor();
      await navBadge.waitFor({ state: 'detached' });
      await bellBadge.waitFor({ state: 'detached' });
      assert.equal(await page.getByTestId('messages-bell').getAttribute('aria-label'), '消息，没有未读消息');
      const count = await (await fetch(`${e2e.baseUrl}/api/messages/unread-count`, { headers: { authorization: `Bearer ${reader.token}` } })).json();
      assert.equal(count.count, 0);
      await message.getByTestId('message-unread-dot').waitFor();
      await page.getByText('2 条新消息').waitFor();
      assert.equal(await page.getByRole('button', { name: '全部标为已读' }).count(), 0, 'nothing is left unread');

      // Who replied, not 系统通知: their name (a link to them) and avatar, the kind, and the link to the reply.
      const actor = message.getByTestId('message-actor');
      assert.equal(await actor.textContent(), `作者${vp}`);
      assert.equal(await actor.getAttribute('href'), `/hunter/${author.registrationNumber}`);
      assert.ok(await message.locator('img.message-avatar').isVisible());
      await message.getByText('评论与回复').waitFor();
      assert.equal(await message.getByText('系统通知').count(), 0);
      assert.doesNotMatch((await message.getByTestId('message-meta').textContent()) ?? '', /来自系统/);
      const link = message.getByRole('link', { name: '查看评论' });
      assert.equal(await link.getAttribute('href'), `/idea/${ideaId}#comment-${reply.id}`);
      const follower = page.getByTestId('message').filter({ hasText: '新的关注者' });
      await follower.getByText('新的关注', { exact: true }).waitFor();
      assert.equal(await follower.getByTestId('message-actor').textContent(), `作者${vp}`);
      assert.equal(await follower.getByTestId('message-link').count(), 0);
      await follower.getByTestId('message-unread-dot').waitFor();
      await expectAccessible(page, `messages at ${viewport.width}px`);
      await shot(page, `${vp}-messages-reply`);

      // The link: the idea page scrolls the reply into view, focuses it and highlights it.
      await link.click();
      await page.waitForURL(`**/idea/${ideaId}#comment-${reply.id}`);
      const target = page.getByTestId('comment-targeted');
      await target.waitFor();
      assert.equal(await target.getAttribute('id'), `comment-${reply.id}`);
      await target.getByText('两周没问题').waitFor();
      await page.waitForFunction((id) => document.activeElement?.id === id, `comment-${reply.id}`);
      const box = (await target.boundingBox())!;
      assert.ok(box.y >= 0 && box.y + box.height <= viewport.height, `the reply is on screen (${Math.round(box.y)}–${Math.round(box.y + box.height)} of ${viewport.height})`);
      assert.ok((await page.evaluate(() => window.scrollY)) > 300, 'scrolled down to it');
      await expectAccessible(page, `idea at its reply at ${viewport.width}px`);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${vp}-messages-reply-target.png`) });
      // The highlight fades after a few seconds; the reply stays where it is.
      await target.waitFor({ state: 'detached', timeout: 8000 });

      // Back on the messages: read now, no dot, no badge.
      await page.goBack();
      await page.waitForURL('**/messages');
      await message.waitFor();
      await page.getByText('没有新消息').waitFor();
      assert.equal(await message.getByTestId('message-unread-dot').count(), 0);
      assert.equal(await navBadge.count(), 0);

      // The author hears of the question the same way: the reader named, the link to their comment.
      const mine = await newPage(e2e, viewport);
      await signIn(mine.page, author);
      await mine.page.goto('/messages');
      const notice = mine.page.getByTestId('message').filter({ hasText: '收到新评论' });
      await notice.getByTestId('message-actor').getByText(`读者${vp}`).waitFor();
      assert.equal(await notice.getByRole('link', { name: '查看评论' }).getAttribute('href'), `/idea/${ideaId}#comment-${question.id}`);
      await mine.page.getByTestId('bell-badge').waitFor({ state: 'detached' });
      await expectAccessible(mine.page, `the author's messages at ${viewport.width}px`);
      await shot(mine.page, `${vp}-messages-comment`);
      await mine.context.close();
      await context.close();
    });

    it('shows 50 messages at a time; the older ones load on request, and their unread are read too', async () => {
      const reader = await createUser(e2e.server.deps, { nickname: `翻页者${vp}` });
      // 60 messages, one a minute; the oldest 5 unread (a page of 50 does not reach them).
      const base = Date.now() - 2 * 3600_000;
      await e2e.server.deps.db
        .insertInto('messages')
        .values(
          Array.from({ length: 60 }, (_, i) => ({
            ...messageRow({ userId: reader.id, title: `旧消息${i}`, content: `第${i}条通知` }),
            created_at: new Date(base + i * 60_000).toISOString().slice(0, 19).replace('T', ' '),
            is_read: i < 5 ? 0 : 1,
          })),
        )
        .execute();
      const { context, page } = await newPage(e2e, viewport);
      await signIn(page, reader);
      await page.goto('/messages');
      const items = page.getByRole('list', { name: '消息列表' }).getByRole('listitem');
      await page.getByText('旧消息59').waitFor();
      assert.equal(await items.count(), 50);
      // The count says there is more unread than the page holds: the page says so, and the all-read button is there.
      await page.getByText('更早的消息里还有 5 条未读').waitFor();
      await page.getByRole('button', { name: '全部标为已读' }).waitFor();
      await expectAccessible(page, `messages with more to load at ${viewport.width}px`);
      await page.getByRole('button', { name: '加载更早的消息' }).click();
      await page.getByText('旧消息0', { exact: true }).waitFor();
      assert.equal(await items.count(), 60);
      assert.equal(await page.getByRole('button', { name: '加载更早的消息' }).count(), 0, 'nothing older');
      // The older unread ones were shown, so they are read: the badge clears.
      const count = async () => (await (await fetch(`${e2e.baseUrl}/api/messages/unread-count`, { headers: { authorization: `Bearer ${reader.token}` } })).json()).count;
      for (let i = 0; i < 50 && (await count()) > 0; i++) await page.waitForTimeout(100);
      assert.equal(await count(), 0);
      await page.getByRole('button', { name: '全部标为已读' }).waitFor({ state: 'detached' });
      assert.equal(await page.getByText(/更早的消息里还有/).count(), 0);
      await shot(page, `${vp}-messages-older`);
      await context.close();
    });
  });
}
