/**
 * The idea page's comments in Chromium at 390 px and 1280 px: a member writes a comment and a reply
 * (评论成功, then 回复成功), likes then dislikes a comment, collapses and expands the section (no 收起
 * once no comment is left), deletes a comment with its replies through the confirmation;
 * the counter and the send button follow the 500-character rule; a guest sees the login prompt.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { createIdea, createUser } from '../helpers/fixtures.ts';
import { expectAccessible, newPage, SCREENSHOT_DIR, signInWithToken, startE2E, VIEWPORTS, type E2E } from './harness.ts';

let e2e: E2E;
before(async () => {
  e2e = await startE2E();
});
after(async () => {
  await e2e?.close();
});

/** A member whose session the page stores as the login page would. */
async function signIn(page: Page, nickname: string) {
  const user = await createUser(e2e.server.deps, { nickname });
  await signInWithToken(page, e2e.baseUrl, user);
  return user;
}

for (const viewport of VIEWPORTS) {
  describe(`comments at ${viewport.width}px`, () => {
    it('comment, reply, like then dislike, delete with replies', async () => {
      const deps = e2e.server.deps;
      const author = await createUser(deps, { nickname: `作者${viewport.name}` });
      const ideaId = await createIdea(deps, author, { title: `共享雨伞站 ${viewport.name}`, description: '地铁口扫码借伞，下雨不再狼狈' });
      const { context, page } = await newPage(e2e, viewport);
      const alerts: string[] = [];
      page.on('dialog', (d) => {
        alerts.push(d.message());
        void d.accept();
      });
      const me = await signIn(page, `读者${viewport.name}`);

      await page.goto(`/idea/${ideaId}`);
      const section = page.getByTestId('comments-section');
      await section.getByRole('heading', { name: /评论/ }).waitFor();
      await section.getByText('还没有评论，来说两句吧。').waitFor();
      const box = section.getByLabel('发表评论');
      const send = section.getByRole('button', { name: '发送' });
      assert.equal(await send.isDisabled(), true, 'send is disabled while the box is empty');

      // The counter: orange above 400, send disabled over 500.
      await box.fill('字'.repeat(401));
      assert.match((await section.getByTestId('comment-counter').getAttribute('class')) ?? '', /comment-counter-warn/);
      await box.fill('字'.repeat(501));
      assert.match((await section.getByTestId('comment-counter').textContent()) ?? '', /^501\/500/);
      assert.equal(await send.isDisabled(), true, 'send is disabled over 500 characters');

      // A comment, as plain text (markup stays text); a double tap sends it once.
      await box.fill('<b>好主意</b>，雨季一定用得上');
      await send.dblclick();
      await page.getByTestId('toast').getByText('评论成功').first().waitFor();
      await page.waitForLoadState('networkidle');
      const stored = await deps.db.selectFrom('comments').select('id').where('idea_id', '=', ideaId).execute();
      assert.equal(stored.length, 1, 'a double tap on 发送 sends one comment');
      const top = section.getByTestId('comment').filter({ hasText: '雨季一定用得上' }).first();
      await top.getByTestId('comment-text').getByText('<b>好主意</b>，雨季一定用得上').waitFor();
      assert.equal(await top.locator('b').count(), 0, 'no HTML is rendered');

      // A reply (回复 on the comment itself), prefilled with @name, nested under the comment.
      await top.getByTestId('comment-reply').first().click();
      const replyBox = section.getByLabel(`回复 @读者${viewport.name}`);
      assert.equal(await replyBox.inputValue(), `@读者${viewport.name} `);
      await replyBox.pressSequentially('押金怎么退？');
      await section.getByTestId('comment-form').getByRole('button', { name: '回复', exact: true }).click();
      await page.getByTestId('toast').getByText('回复成功').waitFor();
      const reply = top.locator('.comment-replies [data-testid="comment"]');
      await reply.getByText('押金怎么退？').waitFor();
      // The idea's author answers too (through the API), so the thread has two replies.
      const byAuthor = await fetch(`${e2e.baseUrl}/api/comments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${author.token}` },
        body: JSON.stringify({ ideaId, content: '押金随时可退', parentId: Number(await top.getAttribute('data-comment-id')) }),
      });
      assert.equal(byAuthor.status, 201);
      await page.reload();
      await top.locator('.comment-replies').getByText('押金随时可退').waitFor();
      await section.getByText(/评论\s*\(3\)/).waitFor();

      // 删除 is offered to whoever may delete (the writer, the idea's author, an admin), not to others.
      const authorReply = top.locator('.comment-replies [data-testid="comment"]').filter({ hasText: '押金随时可退' });
      await authorReply.getByRole('button', { name: `作者${viewport.name}的评论：更多操作` }).click();
      await authorReply.getByRole('button', { name: '举报' }).waitFor();
      assert.equal(await authorReply.getByRole('button', { name: '删除', exact: true }).count(), 0, 'no 删除 on someone else’s comment');
      await page.keyboard.press('Escape');
      // One's own comment: 删除, and no 举报 (the server refuses it too).
      const ownReply = top.locator('.comment-replies [data-testid="comment"]').filter({ hasText: '押金怎么退？' });
      await ownReply.getByRole('button', { name: `读者${viewport.name}的评论：更多操作` }).click();
      await ownReply.getByRole('button', { name: '删除', exact: true }).waitFor();
      assert.equal(await ownReply.getByRole('button', { name: '举报', exact: true }).count(), 0, 'no 举报 on one’s own comment');
      await page.keyboard.press('Escape');
      // A report of someone else's comment: 其他, with a few words the team reads beside it.
      await authorReply.getByRole('button', { name: `作者${viewport.name}的评论：更多操作` }).click();
      await authorReply.getByRole('button', { name: '举报', exact: true }).click();
      const reportDialog = page.getByRole('dialog', { name: '举报这条评论？' });
      await reportDialog.getByLabel('举报原因').selectOption('其他');
      await reportDialog.getByLabel('补充说明（选填）').fill('冒充官方客服');
      await expectAccessible(page, `report dialog at ${viewport.width}px`);
      await reportDialog.getByRole('button', { name: '提交举报' }).click();
      await page.getByTestId('toast').getByText('已收到你的举报，我们会尽快处理', { exact: true }).waitFor();
      const reports = await deps.db.selectFrom('comment_reports').select('reason').where('reporter_id', '=', me.id).execute();
      assert.deepEqual(
        reports.map((r) => r.reason),
        ['其他：冒充官方客服'],
      );
      await signInWithToken(page, e2e.baseUrl, author);
      await page.goto(`/idea/${ideaId}`);
      const readerReply = top.locator('.comment-replies [data-testid="comment"]').filter({ hasText: '押金怎么退？' });
      await readerReply.getByRole('button', { name: `读者${viewport.name}的评论：更多操作` }).click();
      await readerReply.getByRole('button', { name: '删除', exact: true }).waitFor();
      await page.keyboard.press('Escape');
      // An admin, neither the writer nor the idea's author, may delete it too.
      await signInWithToken(page, e2e.baseUrl, await createUser(deps, { role: 'admin' }));
      await page.goto(`/idea/${ideaId}`);
      await readerReply.getByRole('button', { name: `读者${viewport.name}的评论：更多操作` }).click();
      await readerReply.getByRole('button', { name: '删除', exact: true }).waitFor();
      await page.keyboard.press('Escape');
      await signInWithToken(page, e2e.baseUrl, me);
      await page.goto(`/idea/${ideaId}`);
      await top.waitFor();

      // Like on the comment itself (with its count), then dislike from the menu: exclusive.
      const menu = () => top.getByRole('button', { name: `读者${viewport.name}的评论：更多操作` }).first();
      const like = top.getByTestId('comment-like').first();
      // A double tap is one like (it used to like and take it back).
      await like.dblclick();
      await like.and(page.locator('[aria-pressed="true"]')).waitFor();
      await page.waitForTimeout(300);
      assert.equal(await like.getAttribute('aria-pressed'), 'true');
      assert.equal(await top.getByTestId('like-count').first().textContent(), '1');
      await menu().click();
      await top.getByRole('button', { name: '点踩' }).click();
      await top.getByTestId('dislike-count').first().getByText('踩 1').waitFor();
      await like.and(page.locator('[aria-pressed="false"]')).waitFor();
      assert.equal(await top.getByTestId('like-count').first().textContent(), '', 'no count at 0');
      // 赞 and then 点踩 while the 赞 is still on its way (a slow network): both are sent, in order,
      // and the last one stands (the 点踩 used to be dropped, leaving the like).
      let letLikeThrough!: () => void;
      const likeHeld = new Promise<void>((resolve) => (letLikeThrough = resolve));
      await page.route(/\/trpc\/comments\.like\b/, async (route) => {
        await likeHeld;
        await route.continue();
      });
      await like.click();
      await menu().click();
      await top.getByRole('button', { name: '点踩' }).click();
      const bothSent = page.waitForResponse(/\/trpc\/comments\.dislike\b/, { timeout: 10_000 });
      letLikeThrough();
      await bothSent;
      await page.unroute(/\/trpc\/comments\.like\b/);
      await like.and(page.locator('[aria-pressed="false"]')).waitFor();
      await top.getByTestId('dislike-count').first().getByText('踩 1').waitFor();
      assert.equal(await top.getByTestId('like-count').first().textContent(), '');

      // Forward is an alert for now.
      await menu().click();
      await top.getByRole('button', { name: '转发' }).first().click();
      assert.deepEqual(alerts, ['转发功能即将上线，敬请期待']);

      // Collapse and expand, while there are comments to hide.
      await section.getByRole('button', { name: '收起' }).click();
      assert.equal(await section.getByLabel('发表评论').isVisible(), false);
      assert.equal(await top.isVisible(), false);
      await section.getByRole('button', { name: '展开' }).click();
      await section.getByLabel('发表评论').waitFor();
      await top.waitFor();

      await expectAccessible(page, `comments at ${viewport.width}px`);
      await menu().click();
      // The sticky top bar would cover the section's heading in an element shot.
      await page.evaluate(() => document.querySelectorAll<HTMLElement>('.top-nav').forEach((el) => (el.style.position = 'static')));
      await section.screenshot({ path: path.join(SCREENSHOT_DIR, `${viewport.name}-comments.png`) });
      await page.keyboard.press('Escape');
      assert.equal(await menu().getAttribute('aria-expanded'), 'false');

      // Delete the comment with its replies, through the confirmation.
      await menu().click();
      await top.getByRole('button', { name: '删除' }).first().click();
      const dialog = page.getByRole('dialog', { name: '删除评论「<b>好主意</b>，雨季一定用得上」？' });
      await dialog.getByText('这条评论下的 2 条回复也会一并删除。').waitFor();
      await expectAccessible(page, `delete confirmation at ${viewport.width}px`);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${viewport.name}-comments-delete.png`) });
      await dialog.getByRole('button', { name: '删除' }).click();
      await page.getByTestId('toast').getByText('评论已删除').waitFor();
      await section.getByText('还没有评论，来说两句吧。').waitFor();
      await section.getByText(/评论\s*\(0\)/).waitFor();
      const count = await deps.db.selectFrom('ideas').select('comment_count').where('id', '=', ideaId).executeTakeFirstOrThrow();
      assert.equal(count.comment_count, 0);

      // With no comment left there is nothing to collapse: no 收起.
      await section.getByLabel('发表评论').waitFor();
      assert.equal(await section.getByRole('button', { name: /^(收起|展开)$/ }).count(), 0, 'no collapse button without comments');
      assert.ok(me.id > 0);
      await context.close();
    });

    it('shows a guest the comments and a login prompt instead of the box', async () => {
      const deps = e2e.server.deps;
      const author = await createUser(deps, { nickname: '游客页作者' });
      const ideaId = await createIdea(deps, author);
      await fetch(`${e2e.baseUrl}/api/comments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${author.token}` },
        body: JSON.stringify({ ideaId, content: '作者的第一条评论' }),
      });
      const { context, page } = await newPage(e2e, viewport);
      await page.goto(`/idea/${ideaId}`);
      const section = page.getByTestId('comments-section');
      await section.getByText('作者的第一条评论').waitFor();
      await section.getByRole('link', { name: '登录', exact: true }).waitFor();
      assert.equal(await section.getByLabel('发表评论').count(), 0);
      await expectAccessible(page, `guest comments at ${viewport.width}px`);
      await context.close();
    });
  });
}
