/**
 * The review tools in Chromium at 390 and 1280 px, with axe: the admin console's watched words (add with an
 * action, import, search as matching sees words, remove), an idea held by a watched word shown with
 * its words in the queue and corrected before approval, a public idea taken down from its page, and a
 * member downloading their own data from the security dialog (the archive saved and read back).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { readZip } from '../../src/server/infrastructure/zip.ts';
import { expectAccessible, expectOrderlyOutline, newPage, shot, startE2E, storeSession, uniquePhone, VIEWPORTS, type E2E } from './harness.ts';

let e2e: E2E;
before(async () => {
  e2e = await startE2E({ MODERATION: 'auto' });
});
after(async () => {
  await e2e?.close();
});

const PASSWORD = 'review-pass1';

async function api(path: string, body: unknown, token?: string) {
  const res = await fetch(e2e.baseUrl + path, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  const json = await res.json();
  assert.ok(res.ok, `${path}: ${JSON.stringify(json)}`);
  return json;
}

async function register(nickname?: string) {
  const phone = uniquePhone();
  const sent = await api('/api/auth/send-sms-code', { phone, purpose: 'register' });
  await api('/api/auth/register', { phone, password: PASSWORD, verifyCode: sent.debugCode });
  const login = await api('/api/auth/login', { loginType: 'phone', phone, password: PASSWORD });
  const member = { phone, ...(login.data as { token: string; user: { id: number; role: string; nickname: string } }) };
  if (nickname) await e2e.server.deps.db.updateTable('users').set({ nickname }).where('id', '=', member.user.id).execute();
  return member;
}

async function makeAdmin(member: Awaited<ReturnType<typeof register>>) {
  await e2e.server.deps.db.updateTable('users').set({ role: 'admin' }).where('id', '=', member.user.id).execute();
  e2e.server.deps.sessionCache.forgetUser(member.user.id);
  member.user.role = 'admin';
}

async function toast(page: Page, text: string | RegExp) {
  await page.getByRole('status').filter({ hasText: text }).first().waitFor();
}

const WORDS = { phone: { hold: '代购', replace: ['刷单返利', '兼职日结'] }, desktop: { hold: '海淘', replace: ['返现红包', '日结工资'] } } as const;

for (const viewport of VIEWPORTS) {
  const words = WORDS[viewport.name];
  describe(`review tools at ${viewport.width}px`, () => {
    it('lets an admin add, import, search and remove watched words', async () => {
      const admin = await register('管理员');
      await makeAdmin(admin);
      const { context, page } = await newPage(e2e, viewport);
      await storeSession(page, admin);
      await page.goto('/admin?tab=words');
      const panel = page.getByRole('tabpanel');
      await panel.getByRole('heading', { name: '添加敏感词' }).waitFor();
      // Headings go down one level at a time: 管理后台 (h1), the tab's 敏感词 (h2), its forms (h3).
      const levels = await page.locator('main').evaluate((main) => [...main.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1])));
      assert.deepEqual(levels.slice(0, 3), [1, 2, 3], `heading levels ${levels.join(' ')}`);
      assert.ok(
        levels.every((level, i) => i === 0 || level <= levels[i - 1] + 1),
        `heading levels ${levels.join(' ')}`,
      );

      // Add one, as 送审.
      const add = panel.getByRole('form', { name: '添加敏感词' });
      await add.getByLabel('敏感词', { exact: true }).fill(words.hold);
      await add.getByLabel('送审').check();
      await add.getByRole('button', { name: '添加' }).click();
      await toast(page, '已添加，立即生效');
      const row = panel.getByTestId('watched-word').filter({ hasText: words.hold });
      await row.waitFor();
      assert.equal(await row.getByRole('combobox').inputValue(), 'hold');

      // Import two, as 替换 (a blank line and a comment are skipped).
      const importForm = panel.getByRole('form', { name: '批量导入' });
      await importForm.getByLabel('每行一个词').fill(`# 广告\n${words.replace[0]}\n\n${words.replace[1]}\n***`);
      await importForm.getByLabel('替换为 **').check();
      await importForm.getByRole('button', { name: '导入' }).click();
      await toast(page, '已导入：新增 2 个，更新 0 个，立即生效');
      await importForm.getByText('第 5 行「***」').waitFor();
      await panel.getByTestId('watched-word').filter({ hasText: words.replace[1] }).waitFor();
      await expectAccessible(page, `watched words at ${viewport.width}px`);
      await shot(page, `${viewport.name}-admin-watched-words`);

      // Search as matching sees words: 賭 finds the built-in 赌博, which cannot be removed.
      await panel.getByRole('searchbox', { name: '搜索' }).fill('賭');
      const builtin = panel.getByTestId('watched-word').filter({ hasText: '赌博' }).first();
      await builtin.waitFor();
      await builtin.getByText('内置，不能删除').waitFor();
      await shot(page, `${viewport.name}-admin-watched-words-search`);
      await panel.getByRole('searchbox', { name: '搜索' }).fill('');

      // Remove one.
      await panel.getByTestId('watched-word').filter({ hasText: words.replace[1] }).getByRole('button', { name: '删除' }).click();
      const confirm = page.getByRole('dialog', { name: `删除监控词「${words.replace[1]}」？` });
      await confirm.getByRole('button', { name: '删除' }).click();
      await toast(page, '已删除，立即生效');
      await panel.getByTestId('watched-word').filter({ hasText: words.replace[1] }).waitFor({ state: 'detached' });

      // The log names each change.
      await page.getByRole('tab', { name: '操作记录' }).click();
      await page.getByTestId('admin-log').getByText('导入监控词').first().waitFor();
      await page.getByTestId('admin-log').getByText('删除监控词').first().waitFor();
      await context.close();
    });

    it('shows the hold words of a held idea and lets the moderator correct it before approving', async () => {
      const admin = await register('审核员');
      await makeAdmin(admin);
      const author = await register('作者');
      const held = await api('/api/ideas', { title: `海外${words.hold}小助手${viewport.width}`, description: '帮人比价', status: 'published' }, author.token);
      assert.equal(held.data.moderation_status, 'review', 'a hold word sends it to the queue even in automatic mode');
      // Two more in the queue whose analyses start at the editor's smallest heading: the console's
      // outline has no jump, and each item's analysis is its own region.
      // Another member's exact copy of the held idea: answered as if it were new, and held as a copy.
      const copier = await register('抄写者');
      const copy = await api('/api/ideas', { title: `海外${words.hold}小助手${viewport.width}`, description: '帮人比价', status: 'published' }, copier.token);
      assert.equal(copy.data.moderation_status, 'review');
      for (const n of [1, 2]) {
        const analysed = await api(
          '/api/ideas',
          { title: `${words.hold}分析${n}号${viewport.width}`, description: '有小标题', detailedAnalysis: '<h4>先说结论</h4><p>可以做。</p><h2>背景</h2><p>很多人需要。</p>', status: 'published' },
          author.token,
        );
        assert.equal(analysed.data.moderation_status, 'review');
      }

      const { context, page } = await newPage(e2e, viewport);
      await storeSession(page, admin);
      await page.goto('/admin?tab=review');
      const item = page.locator(`[data-testid="review-item"][data-idea-id="${held.data.id}"]`);
      await item.getByTestId('review-held-words').getByText(`「${words.hold}」（标题）`).waitFor();
      const copyItem = page.locator(`[data-testid="review-item"][data-idea-id="${copy.data.id}"]`);
      await copyItem.getByTestId('review-held-copies').getByText(`「海外${words.hold}小助手${viewport.width}」（#${held.data.id}）`).waitFor();
      await page.getByText('先说结论').first().waitFor();
      await expectAccessible(page, `review queue with headed analyses at ${viewport.width}px`);
      await expectOrderlyOutline(page, `review queue with headed analyses at ${viewport.width}px`);
      // The same in the edit dialog's preview, under its own 预览 heading.
      await page
        .locator('[data-testid="review-item"]')
        .filter({ hasText: `${words.hold}分析1号${viewport.width}` })
        .getByRole('button', { name: '修改', exact: true })
        .click();
      await page.getByRole('dialog', { name: '修改后通过' }).getByRole('heading', { name: '先说结论' }).waitFor();
      await expectOrderlyOutline(page, `edit dialog preview at ${viewport.width}px`);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: '修改后通过' }).waitFor({ state: 'detached' });
      await item.getByRole('button', { name: '修改', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: '修改后通过' });
      await dialog.getByLabel('标题').fill(`跨境比价小助手${viewport.width}`);
      await dialog.getByLabel('给作者的说明（选填）').fill('标题改为更准确的说法');
      await expectAccessible(page, `edit before approval at ${viewport.width}px`);
      await shot(page, `${viewport.name}-admin-edit-approve`);
      await dialog.getByRole('button', { name: '保存并通过' }).click();
      await toast(page, /已修改并通过/);
      await item.waitFor({ state: 'detached' });
      const message = await e2e.server.deps.db.selectFrom('messages').select('content').where('user_id', '=', author.user.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
      assert.match(message.content, new RegExp(`标题：「海外${words.hold}小助手${viewport.width}」改为「跨境比价小助手${viewport.width}」`));
      await page.getByRole('tab', { name: '操作记录' }).click();
      await page.getByTestId('admin-log').getByText('修改后通过创意').first().waitFor();
      await page.getByTestId('admin-log').getByText('修改前后对比').first().click();
      await expectAccessible(page, `log with edits at ${viewport.width}px`);
      await shot(page, `${viewport.name}-admin-log-edits`);
      await context.close();
    });

    it('lets a member just made admin into /admin at once, though the browser still has them stored as a member', async () => {
      const member = await register('新管理员');
      const { context, page } = await newPage(e2e, viewport);
      await storeSession(page, member);
      // Made admin on the server (npm run create-admin) after the browser stored the member.
      await makeAdmin(member);
      await page.goto('/admin');
      await page.getByRole('heading', { level: 1, name: '管理后台' }).waitFor();
      assert.equal(new URL(page.url()).pathname, '/admin');
      // A member who is not an admin is still turned away.
      const other = await register('普通会员');
      await storeSession(page, other);
      await page.goto('/admin');
      await page.waitForURL((url) => url.pathname === '/');
      await context.close();
    });

    it('rejects an idea whose title is one long Latin word: the dialog and the toast stay inside the screen', async () => {
      const admin = await register('审核员');
      await makeAdmin(admin);
      const author = await register('作者');
      // A hold word keeps it in the queue in automatic mode.
      const title = `${words.hold}Supercalifragilisticexpialidocious${'X'.repeat(20)}${viewport.width}`;
      const held = await api('/api/ideas', { title, description: '一个标题很长的创意', status: 'published' }, author.token);
      const { context, page } = await newPage(e2e, viewport);
      await storeSession(page, admin);
      await page.goto('/admin?tab=review');
      const item = page.locator(`[data-testid="review-item"][data-idea-id="${held.data.id}"]`);
      await item.getByRole('button', { name: '驳回', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: /驳回/ });
      await dialog.getByLabel(/驳回原因/).fill('标题不是一个可读的名字');
      const fits = (selector: string) =>
        page
          .locator(selector)
          .first()
          .evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && el.getBoundingClientRect().right <= window.innerWidth + 1);
      assert.equal(await fits('.modal-body'), true, 'the dialog text wraps inside the screen');
      await dialog.getByRole('button', { name: '确认驳回' }).click();
      await toast(page, /已驳回/);
      assert.equal(await fits('.toast'), true, 'the toast text wraps inside its bubble and the screen');
      await context.close();
    });

    it('lets an admin take a public idea down from its page with a reason, and the author reads why', async () => {
      const admin = await register('巡查员');
      await makeAdmin(admin);
      const author = await register('被下架的作者');
      const title = `包治百病的茶${viewport.width}`;
      const idea = await api('/api/ideas', { title, description: '喝了就能好', status: 'published' }, author.token);
      await api('/api/comments', { ideaId: idea.data.id, content: '真的有用吗？' }, admin.token);
      // Its author, like any member who is not an admin, has no such button on the public page.
      const { context: authorContext, page: authorPage } = await newPage(e2e, viewport);
      await storeSession(authorPage, author);
      await authorPage.goto(`/idea/${idea.data.id}`);
      await authorPage.getByRole('button', { name: /收藏/ }).waitFor();
      assert.equal(await authorPage.getByRole('button', { name: '下架创意' }).count(), 0);

      const { context, page } = await newPage(e2e, viewport);
      await storeSession(page, admin);
      await page.goto(`/idea/${idea.data.id}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await page.getByRole('button', { name: '下架创意' }).click();
      const dialog = page.getByRole('dialog', { name: '下架创意' });
      // The reason is required, in the dialog's own words.
      await dialog.getByRole('button', { name: '确认下架' }).click();
      await dialog.getByText('请填写下架原因').waitFor();
      await dialog.getByLabel('下架原因').fill('含有未经证实的医疗功效');
      assert.equal(await dialog.getByText('请填写下架原因').count(), 0, 'the message goes once the reason is typed');
      await expectAccessible(page, `take-down dialog ${viewport.width}`);
      await shot(page, `take-down-dialog-${viewport.width}`);
      await dialog.getByRole('button', { name: '确认下架' }).click();
      await toast(page, `已下架「${title}」`);
      await page.waitForURL((url) => !url.pathname.startsWith('/idea/'));
      // Gone for guests.
      assert.equal((await fetch(`${e2e.baseUrl}/api/ideas/${idea.data.id}`)).status, 404);
      // The author reads why, and still sees the idea, as not public.
      await authorPage.goto('/messages');
      await authorPage.getByText('创意已被下架').first().waitFor();
      await authorPage
        .getByText(/原因：含有未经证实的医疗功效/)
        .first()
        .waitFor();
      await authorPage.goto(`/idea/${idea.data.id}`);
      await authorPage.getByRole('heading', { level: 1, name: title }).waitFor();
      await authorPage.getByText('含有未经证实的医疗功效').first().waitFor();
      // No longer public: its time says when it was sent in, not that it is published.
      assert.match((await authorPage.locator('.idea-meta time').textContent()) ?? '', /提交$/);
      // The admin still reads it, and acts on it no more: no favourite, no comment box, no view counted.
      const recorded: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('ideas.recordView')) recorded.push(request.url());
      });
      await page.goto(`/idea/${idea.data.id}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await page.getByText('创意公开后才能发表评论。').waitFor();
      // Its comments from its public days are read, not answered: no 回复, and 赞 is a count.
      await page.getByText('真的有用吗？').waitFor();
      assert.equal(await page.getByTestId('comment-reply').count(), 0);
      assert.equal(await page.locator('button[data-testid="comment-like"], a[data-testid="comment-like"]').count(), 0);
      assert.equal(await page.getByTestId('favorite-button').count(), 0);
      assert.equal(await page.getByRole('button', { name: '下架创意' }).count(), 0);
      assert.deepEqual(recorded, []);
      await expectAccessible(page, `taken-down idea for an admin ${viewport.width}`);

      // The author changes it and sends it in again: the queue says it was taken down, and why.
      const resent = await fetch(`${e2e.baseUrl}/api/ideas/${idea.data.id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${author.token}` },
        body: JSON.stringify({ description: '去掉了功效的说法', status: 'published' }),
      });
      assert.equal(resent.status, 200);
      await page.goto('/admin');
      const item = page.getByTestId('review-item').filter({ has: page.getByRole('heading', { name: title }) });
      await item.getByTestId('review-history').getByText('曾被下架，作者再次提交。当时的原因：含有未经证实的医疗功效（巡查员，').waitFor();
      await expectAccessible(page, `review queue with a taken-down idea back ${viewport.width}`);
      await item.scrollIntoViewIfNeeded();
      await shot(page, `review-history-${viewport.width}`);
      await authorContext.close();
      await context.close();
    });

    it('lets a member download everything the product holds about them from the security dialog', async () => {
      const member = await register('数据主人');
      await api('/api/ideas', { title: `我的创意${viewport.width}`, description: '想法', status: 'published' }, member.token);
      const { context, page } = await newPage(e2e, viewport);
      await storeSession(page, member);
      await page.goto('/marketplace');
      await page.locator('.account-chip').click();
      await page.getByRole('menuitem', { name: '安全设置' }).click();
      const security = page.getByRole('dialog', { name: '安全设置' });
      await security.getByRole('tab', { name: '我的数据' }).click();
      await security.getByRole('heading', { name: '下载我的数据' }).waitFor();
      await expectAccessible(page, `my data tab at ${viewport.width}px`);
      await shot(page, `${viewport.name}-security-my-data`);

      const downloaded = page.waitForEvent('download');
      await security.getByRole('button', { name: '下载我的数据' }).click();
      const download = await downloaded;
      assert.match(download.suggestedFilename(), /^hunter-data-bx\d{6}-\d{8}\.zip$/);
      const files = readZip(fs.readFileSync((await download.path())!));
      assert.equal(JSON.parse(files.get('profile.json')!.toString()).phone, member.phone);
      assert.equal(JSON.parse(files.get('ideas.json')!.toString())[0].title, `我的创意${viewport.width}`);
      await security.getByText(/^已开始下载 hunter-data-/).waitFor();

      // The way to the right of deletion.
      await security.getByRole('button', { name: '前往注销账号' }).click();
      await security.getByRole('tab', { name: '注销账号', selected: true }).waitFor();
      await context.close();
    });
  });
}
