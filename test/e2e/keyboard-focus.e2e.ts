/**
 * Keyboard focus in Chromium (a keyboard walk-through's defects): 收藏 and 关注 keep focus through
 * their toggle; after sending a comment or a reply focus is back in the emptied comment box; the
 * account menu is a menu button (arrow keys, Home/End, Escape back to the chip, Tab out closes it);
 * the tab rows (login links, library and admin buttons) move with the arrow keys and keep only the
 * chosen tab in the Tab order.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { createIdea, createUser, FIXTURE_PASSWORD, type FixtureUser } from '../helpers/fixtures.ts';
import { type E2E, appStarted, expectAccessible, expectOrderlyOutline, newPage, signInWithToken, startE2E, VIEWPORTS } from './harness.ts';

const DESKTOP = VIEWPORTS[1];

let e2e: E2E;
before(async () => {
  e2e = await startE2E();
});
after(async () => {
  await e2e?.close();
});

const signIn = (page: Page, user: FixtureUser) => signInWithToken(page, e2e.baseUrl, user);

/**
 * What a keyboard user notices: focus is on this very control (not the body). Focus may move a frame
 * after the key (the reply box is focused once its label has changed), so it is given a moment.
 */
async function assertFocused(page: Page, control: Locator, label: string) {
  let focused = false;
  for (const started = Date.now(); !focused && Date.now() - started < 2000;) {
    focused = await control.evaluate((el) => el === document.activeElement, undefined, { timeout: 500 }).catch(() => false);
    if (!focused) await page.waitForTimeout(50);
  }
  const actual = await page.evaluate(() => {
    const el = document.activeElement;
    return el ? `${el.tagName.toLowerCase()} 「${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}」` : 'nothing';
  });
  assert.ok(focused, `${label}: focus is on ${actual}`);
}

/** The tab order's stops among `tabs`: only the chosen one (roving tabindex). */
async function tabStops(tabs: Locator): Promise<string[]> {
  return tabs.evaluateAll((els) => els.filter((el) => (el as HTMLElement).tabIndex >= 0).map((el) => el.textContent!.trim()));
}

/** A member signed in at desktop width, and an idea by another (`{who}作者` and `{who}读者`) for them to open. */
async function readerAndIdea(who: string, title: string) {
  const deps = e2e.server.deps;
  const author = await createUser(deps, { nickname: `${who}作者` });
  const reader = await createUser(deps, { nickname: `${who}读者` });
  const ideaId = await createIdea(deps, author, { title });
  const { context, page } = await newPage(e2e, DESKTOP);
  await signIn(page, reader);
  return { deps, author, reader, ideaId, context, page };
}

describe('keyboard focus', () => {
  it("跳到主要内容 moves focus into the page: the next Tab is the page's first control, not the top bar's", async () => {
    const { ideaId, context, page } = await readerAndIdea('跳转', '跳到主要内容的创意');
    try {
      await page.goto(`/idea/${ideaId}`);
      await page.getByRole('heading', { level: 1, name: '跳到主要内容的创意' }).waitFor();
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: '跳到主要内容' });
      await assertFocused(page, skip, 'the first Tab');
      await page.keyboard.press('Enter');
      await assertFocused(page, page.locator('#main'), 'after 跳到主要内容');
      await page.keyboard.press('Tab');
      const inMain = await page.evaluate(() => !!document.activeElement && document.activeElement !== document.body && !!document.getElementById('main')?.contains(document.activeElement));
      assert.equal(inMain, true, 'the Tab after 跳到主要内容 left the page for the top bar');
      // The page gives its focus back for good: a click on its text focuses nothing.
      assert.equal(await page.locator('#main').getAttribute('tabindex'), null);
    } finally {
      await context.close();
    }
  });

  it('收藏 and 关注 keep focus through their toggle', async () => {
    const { ideaId, context, page } = await readerAndIdea('焦点', '键盘收藏的创意');
    await page.goto(`/idea/${ideaId}`);
    const actions = page.getByRole('group', { name: '收藏与分享' });

    const favorite = actions.getByRole('button', { name: '收藏 0', exact: true });
    await favorite.focus();
    await page.keyboard.press('Enter');
    const favorited = actions.getByRole('button', { name: '已收藏 1', exact: true });
    await favorited.waitFor();
    await page.getByTestId('toast').getByText('收藏成功').waitFor();
    await assertFocused(page, favorited, '收藏 → 已收藏');
    await page.keyboard.press('Enter');
    await actions.getByRole('button', { name: '收藏 0', exact: true }).waitFor();
    await page.getByTestId('toast').getByText('已取消收藏').waitFor();
    await assertFocused(page, favorite, '已收藏 → 收藏');

    const follow = page.getByRole('button', { name: '关注焦点作者', exact: true });
    await follow.focus();
    await page.keyboard.press('Enter');
    const following = page.getByRole('button', { name: '已关注焦点作者，点击取消关注', exact: true });
    await following.waitFor();
    await assertFocused(page, following, '关注 → 已关注');
    await page.keyboard.press('Enter');
    await follow.waitFor();
    await assertFocused(page, follow, '已关注 → 关注');
    await context.close();
  });

  it('a form keeps focus on its button while it is sent, and a refused one puts focus on the field it names', async () => {
    const member = await createUser(e2e.server.deps, { nickname: '改密码的人' });
    const { context, page } = await newPage(e2e, DESKTOP);
    await signIn(page, member);
    await page.goto('/marketplace');
    await page.locator('.account-chip').click();
    await page.getByRole('menuitem', { name: '安全设置' }).click();
    const dialog = page.getByRole('dialog', { name: '安全设置' });
    const current = dialog.getByLabel('当前密码');
    await current.fill('not-my-password');
    await dialog.getByLabel('新密码', { exact: true }).fill('brand-new-pass1');
    await dialog.getByLabel('确认新密码').fill('brand-new-pass1');
    const submit = dialog.getByRole('button', { name: '修改密码', exact: true });
    await submit.focus();
    await page.keyboard.press('Enter');
    await dialog.getByText('当前密码不正确').waitFor();
    await assertFocused(page, current, 'a wrong current password');
    await current.fill(member.password);
    await submit.focus();
    await page.keyboard.press('Enter');
    await dialog.getByText('密码修改成功！').waitFor();
    await assertFocused(page, submit, 'after the change');
    await context.close();
  });

  it('a button that waits for its answer keeps focus (解锁), and so does the search field', async () => {
    const { ideaId, context, page } = await readerAndIdea('解锁', '键盘解锁的创意');
    // The unlock's answer is held until the check below has looked at the waiting button.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/trpc/ideas.purchase**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/idea/${ideaId}`);
    const unlock = page.getByRole('button', { name: '解锁详细分析', exact: true });
    await unlock.focus();
    await page.keyboard.press('Enter');
    const waiting = page.getByRole('button', { name: '解锁中…', exact: true });
    await waiting.waitFor();
    assert.equal(await waiting.getAttribute('aria-disabled'), 'true');
    await assertFocused(page, waiting, '解锁 while its request runs');
    release();
    await page.getByTestId('analysis').waitFor();
    // The button went with the lock: focus is on the analysis's heading, not the page.
    await assertFocused(page, page.getByRole('heading', { name: '详细分析', exact: true }), 'after the unlock');
    await page.unroute('**/trpc/ideas.purchase**');

    // The top bar's search: Enter in the field keeps focus there while the results are fetched.
    await page.route('**/trpc/marketplace.search**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    const field = page.getByRole('searchbox', { name: '搜索创意' });
    await field.fill('解锁');
    await field.press('Enter');
    await page.getByRole('button', { name: '搜索中…', exact: true }).waitFor();
    await assertFocused(page, field, 'the search field while searching');
    await page.waitForURL('**/marketplace?*');
    await context.close();
  });

  // A phone walkthrough found focus on the document after signing in and after most page changes:
  // the old page, hidden while the new one's code loaded, gave the heading that was focused.
  it('after a keyboard sign-in and after a tap on the tab bar, focus is on the new page’s heading', async () => {
    const member = await createUser(e2e.server.deps, { nickname: '键盘登录的人' });
    const { context, page } = await newPage(e2e, VIEWPORTS[0]);
    await page.goto('/login');
    // Once the app runs (a submit before it posts the form: prerendered.e2e).
    await page.waitForFunction(() => /^登录/.test(document.title));
    await page.getByLabel('手机号', { exact: true }).fill(member.phone);
    await page.getByLabel('密码', { exact: true }).fill(FIXTURE_PASSWORD);
    await page.getByLabel('密码', { exact: true }).press('Enter');
    await page.waitForURL('**/marketplace');
    const market = page.getByRole('heading', { level: 1, name: '创意市场' });
    await market.waitFor();
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1', undefined, { timeout: 5000 }).catch(() => undefined);
    await assertFocused(page, market, 'the marketplace after signing in');
    // A tap on the tab bar leaves focus nowhere (a touch does not focus the link): the next member
    // page's heading takes it, though the old page stays in the document, hidden, while the new one's
    // code loads.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.locator('.tab-bar').getByRole('link', { name: '灵感库' }).dispatchEvent('click');
    await page.waitForURL('**/inspiration-library**');
    const library = page.getByRole('heading', { level: 1, name: '我的灵感库' });
    await library.waitFor();
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1' && document.activeElement.textContent === '我的灵感库', undefined, { timeout: 5000 }).catch(() => undefined);
    await assertFocused(page, library, 'the library opened from the tab bar');
    await context.close();
  });

  // A phone walkthrough was held in the editor: inside a list Tab indents, and nothing led out.
  it('Escape leaves the rich-text editor, even inside a list, and Tab goes on to the next control', async () => {
    const writer = await createUser(e2e.server.deps, { nickname: '键盘写作的人' });
    const { context, page } = await newPage(e2e, DESKTOP);
    await signIn(page, writer);
    await page.goto('/create-pin');
    const editor = page.locator('[contenteditable="true"][aria-label="详细分析"]');
    await editor.click();
    await page.keyboard.type('- 第一条');
    await page.keyboard.press('Enter');
    await page.keyboard.type('第二条');
    await page.keyboard.press('Tab');
    assert.equal(await editor.locator('li li').count(), 1, 'Tab in a list still indents');
    await page.keyboard.press('Escape');
    await assertFocused(page, page.getByText('按 Esc 键离开编辑区'), 'Escape in the editor');
    await page.keyboard.press('Tab');
    const where = await page.evaluate(() => ({ inEditor: !!document.activeElement?.closest('[contenteditable]'), body: document.activeElement === document.body }));
    assert.deepEqual(where, { inEditor: false, body: false });
    await context.close();
  });

  it('a page opened from a link the old page took with it starts with focus on its heading', async () => {
    const { ideaId, context, page } = await readerAndIdea('标题焦点', '打开后焦点在标题的创意');
    await page.goto('/marketplace');
    const card = page.getByTestId('idea-card').filter({ hasText: '打开后焦点在标题的创意' });
    await card.locator('.idea-card-open').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/idea/${ideaId}`);
    const title = page.getByRole('heading', { level: 1, name: '打开后焦点在标题的创意' });
    await title.waitFor();
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    await assertFocused(page, title, 'the idea page opened with Enter');
    // A page that puts focus somewhere itself keeps it: Back to the marketplace returns to the card.
    await page.goBack();
    await page.waitForFunction(() => document.activeElement?.classList.contains('idea-card-open'));
    await context.close();
  });

  it('after sending a comment or a reply, focus is back in the emptied comment box', async () => {
    const { ideaId, context, page } = await readerAndIdea('评论', '键盘评论的创意');
    await page.goto(`/idea/${ideaId}`);
    const section = page.getByTestId('comments-section');
    const box = section.getByRole('textbox', { name: '发表评论', exact: true });

    await box.focus();
    await page.keyboard.type('用键盘写的第一条评论');
    await page.keyboard.press('Tab');
    await assertFocused(page, section.getByRole('button', { name: '发送', exact: true }), 'Tab from the box');
    await page.keyboard.press('Enter');
    await page.getByTestId('toast').getByText('评论成功').waitFor();
    const top = section.getByTestId('comment').filter({ hasText: '用键盘写的第一条评论' });
    await top.waitFor();
    await assertFocused(page, box, 'after sending a comment');
    assert.equal(await box.inputValue(), '');

    // A reply: 回复 takes focus to the box, sending brings it back there, emptied.
    await top.getByTestId('comment-reply').first().focus();
    await page.keyboard.press('Enter');
    const replyBox = section.getByRole('textbox', { name: '回复 @评论读者', exact: true });
    await assertFocused(page, replyBox, '回复');
    await page.keyboard.type('键盘回复');
    await section.getByTestId('comment-form').getByRole('button', { name: '回复', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('toast').getByText('回复成功').waitFor();
    await top.locator('.comment-replies').getByText('键盘回复').waitFor();
    await assertFocused(page, box, 'after sending a reply');
    assert.equal(await box.inputValue(), '');
    await context.close();
  });

  for (const viewport of VIEWPORTS) {
    it(`the account menu at ${viewport.width}px: arrows move, Escape returns to the chip`, async () => {
      const member = await createUser(e2e.server.deps, { nickname: `菜单${viewport.name}` });
      const { context, page } = await newPage(e2e, viewport);
      await signIn(page, member);
      await page.goto('/marketplace');
      const chip = page.locator('.account-chip');
      const menu = page.getByRole('menu', { name: '账户菜单' });
      // 外观's three choices are radio items (menuitemradio), reached by the arrows like the others.
      const themes = ['跟随系统', '浅色', '深色'];
      const item = (name: string) => menu.getByRole(themes.includes(name) ? 'menuitemradio' : 'menuitem', { name, exact: true });
      // The brand links are menu items on phones only (hidden on desktop, so arrows skip them).
      const brand = viewport.name === 'phone' ? ['猎人的由来', '我们的愿景'] : [];
      const items = ['编辑资料', '安全设置', '通知设置', '意见反馈', ...brand, ...themes, '退出登录'];

      await chip.focus();
      await page.keyboard.press('Enter');
      await menu.waitFor();
      await assertFocused(page, item(items[0]), 'Enter on the chip');
      for (const name of items.slice(1)) {
        await page.keyboard.press('ArrowDown');
        await assertFocused(page, item(name), 'ArrowDown');
      }
      await page.keyboard.press('ArrowDown');
      await assertFocused(page, item(items[0]), 'ArrowDown past the last');
      await page.keyboard.press('ArrowUp');
      await assertFocused(page, item(items.at(-1)!), 'ArrowUp past the first');
      await page.keyboard.press('Home');
      await assertFocused(page, item(items[0]), 'Home');
      await page.keyboard.press('End');
      await assertFocused(page, item(items.at(-1)!), 'End');
      // The items are reached with the arrow keys only: none is a Tab stop (the chip is the menu's one).
      assert.deepEqual(await menu.getByRole('menuitem').evaluateAll((els) => els.filter((el) => (el as HTMLElement).tabIndex >= 0).length), 0);
      await expectAccessible(page, `account menu at ${viewport.width}px`);

      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
      await assertFocused(page, chip, 'Escape');
      assert.equal(await chip.getAttribute('aria-expanded'), 'false');

      // ArrowUp on the chip opens at the last item, ArrowDown at the first.
      await page.keyboard.press('ArrowUp');
      await assertFocused(page, item(items.at(-1)!), 'ArrowUp on the chip');
      await page.keyboard.press('Escape');
      await page.keyboard.press('ArrowDown');
      await assertFocused(page, item(items[0]), 'ArrowDown on the chip');

      // A dialog opened from the menu gives focus back to the chip when it closes.
      await page.keyboard.press('Enter');
      const profile = page.getByRole('dialog', { name: '编辑资料' });
      await profile.waitFor();
      await page.keyboard.press('Escape');
      await profile.waitFor({ state: 'detached' });
      await assertFocused(page, chip, 'closing 编辑资料');

      // Tab leaves the menu and closes it.
      await page.keyboard.press('Enter');
      await menu.waitFor();
      await page.keyboard.press('Tab');
      await menu.waitFor({ state: 'detached' });
      assert.equal(await chip.getAttribute('aria-expanded'), 'false');
      // Focus goes on from the chip to what follows it, not to the page's start or the body.
      assert.ok(
        await chip.evaluate((el) => {
          const now = document.activeElement;
          return !!now && now !== document.body && !!(el.compareDocumentPosition(now) & Node.DOCUMENT_POSITION_FOLLOWING);
        }),
        'Tab from the menu lands after the chip',
      );

      // By mouse as before.
      await chip.click();
      await item('安全设置').click();
      await page.getByRole('dialog', { name: '安全设置' }).waitFor();
      await context.close();
    });
  }

  it('when the control with focus goes away, focus goes to its region’s heading: a deleted comment, a cleared search', async () => {
    const { deps, ideaId, context, page } = await readerAndIdea('删除', '键盘删除评论的创意');
    await page.goto(`/idea/${ideaId}`);
    const section = page.getByTestId('comments-section');
    const box = section.getByRole('textbox', { name: '发表评论', exact: true });
    await box.fill('马上要删掉的评论');
    await section.getByRole('button', { name: '发送', exact: true }).click();
    const comment = section.getByTestId('comment').filter({ hasText: '马上要删掉的评论' });
    await comment.waitFor();
    await comment.getByRole('button', { name: /更多操作$/ }).focus();
    await page.keyboard.press('Enter');
    await comment.getByRole('button', { name: '删除', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').getByRole('button', { name: '删除', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('toast').getByText('评论已删除').waitFor();
    await comment.waitFor({ state: 'detached' });
    await assertFocused(page, section.getByRole('heading', { level: 2 }).first(), 'after the comment went');

    // A cleared search: its 清除搜索 goes with the banner.
    const author = await createUser(deps, { nickname: '搜索焦点作者' });
    await createIdea(deps, author, { title: '键盘搜索焦点测试创意' });
    await page.goto('/marketplace?q=键盘搜索焦点');
    await page.getByTestId('search-banner').getByRole('button', { name: '清除搜索' }).focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('search-banner').waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement !== document.body);
    assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'H1', 'focus on the page’s heading after 清除搜索');
    await context.close();
  });

  it('a page opened from the navigation, where focus stays on the link, is read out by its title', async () => {
    const { context, page } = await readerAndIdea('导航', '导航播报的创意');
    // The page's code arrives late, as on a slow phone: the old page's title must not be read out meanwhile.
    await page.route('**/InspirationLibraryPage-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/marketplace');
    const link = page.locator('nav').getByRole('link', { name: '我的灵感库' }).first();
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/inspiration-library**');
    await page.waitForFunction(() => document.querySelector('[data-testid="route-announcer"]')?.textContent?.startsWith('已打开：'));
    assert.match((await page.getByTestId('route-announcer').textContent()) ?? '', /^已打开：.*我的灵感库/);
    assert.equal(await page.getByTestId('route-announcer').getAttribute('role'), 'status');
    await context.close();
  });

  it('the feedback dialog keeps focus inside once its form gives way to the thanks', async () => {
    const { context, page } = await readerAndIdea('反馈', '反馈焦点的创意');
    await page.goto('/marketplace');
    await page.getByRole('button', { name: /（账号菜单）$/ }).click();
    await page.getByRole('menuitem', { name: '意见反馈' }).click();
    const dialog = page.getByRole('dialog', { name: '意见反馈' });
    await dialog.getByLabel('反馈内容').fill('键盘用户的反馈');
    await dialog.getByRole('button', { name: '提交反馈' }).focus();
    await page.keyboard.press('Enter');
    const thanks = dialog.getByTestId('feedback-sent');
    await thanks.waitFor();
    await assertFocused(page, thanks, 'the thanks');
    await page.keyboard.press('Tab');
    assert.ok(await dialog.evaluate((d) => d.contains(document.activeElement)), 'Tab stays in the dialog');
    await context.close();
  });

  it('a member’s page has an orderly outline (its cards are h3 under an h2)', async () => {
    const { author, context, page } = await readerAndIdea('大纲', '大纲测试的创意');
    await page.goto(`/user/${author.registrationNumber}`);
    await page.getByText('大纲测试的创意').waitFor();
    await expectOrderlyOutline(page, 'the user page');
    // And the admin console's panels whose items are h3.
    await signIn(page, await createUser(e2e.server.deps, { role: 'admin' }));
    for (const tab of ['feedback', 'announce', 'log']) {
      await page.goto(`/admin?tab=${tab}`);
      await page.locator('.admin-panel-title').first().waitFor();
      await expectOrderlyOutline(page, `admin ${tab}`);
    }
    await context.close();
  });

  it('login tabs (links): arrows choose the next tab, only the chosen one is a Tab stop', async () => {
    const { context, page } = await newPage(e2e, DESKTOP);
    await page.goto('/login', { waitUntil: 'networkidle' });
    const tablist = page.getByRole('tablist', { name: '登录方式' });
    const tabs = tablist.getByRole('tab');
    const tab = (name: string) => tablist.getByRole('tab', { name, exact: true });
    // Prerendered, before the app runs: the two link tabs are plain links, each a Tab stop (the
    // arrows need the app). A field touched starts the app (route-preload.js), which makes the tabs roving.
    assert.deepEqual(await tabStops(tabs), ['手机号登录', '注册']);
    await page.getByLabel('手机号', { exact: true }).focus();
    await appStarted(page);
    // The roving Tab stop follows the hydrated render: one tab left in the order.
    await page.waitForFunction(() => [...document.querySelectorAll('[aria-label="登录方式"] [role="tab"]')].filter((el) => (el as HTMLElement).tabIndex >= 0).length === 1);
    assert.deepEqual(await tabStops(tabs), ['手机号登录']);

    await tab('手机号登录').focus();
    await page.keyboard.press('ArrowRight');
    await assertFocused(page, tab('注册'), 'ArrowRight');
    await tablist.getByRole('tab', { name: '注册', exact: true, selected: true }).waitFor();
    await page.getByRole('heading', { level: 1, name: '注册猎人账号' }).waitFor();
    await page.waitForURL('**/login?tab=register');
    assert.deepEqual(await tabStops(tabs), ['注册']);

    await page.keyboard.press('ArrowRight');
    await assertFocused(page, tab('邮箱登录'), 'ArrowRight to the closed tab');
    await page.getByText('邮箱登录暂未开放，请使用手机号登录').waitFor();
    await page.keyboard.press('ArrowRight');
    await assertFocused(page, tab('手机号登录'), 'ArrowRight past the last');
    await page.keyboard.press('ArrowLeft');
    await assertFocused(page, tab('邮箱登录'), 'ArrowLeft past the first');
    await page.keyboard.press('Home');
    await assertFocused(page, tab('手机号登录'), 'Home');
    await page.keyboard.press('End');
    await assertFocused(page, tab('邮箱登录'), 'End');
    await page.keyboard.press('ArrowLeft');
    await tablist.getByRole('tab', { name: '注册', exact: true, selected: true }).waitFor();

    // Tab goes from the chosen tab into its panel, not to the next tab.
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => !!document.activeElement?.closest('[role="tabpanel"]')), true, 'Tab leaves the tab row');
    await expectAccessible(page, 'login tabs');

    // By mouse as before.
    await tab('手机号登录').click();
    await page.getByRole('heading', { level: 1, name: '欢迎回来，猎人' }).waitFor();
    await context.close();
  });

  it('library tabs (buttons): arrows choose the next tab and keep focus on it', async () => {
    const member = await createUser(e2e.server.deps, { nickname: '灵感库读者' });
    const { context, page } = await newPage(e2e, DESKTOP);
    await signIn(page, member);
    await page.goto('/inspiration-library');
    const tablist = page.getByRole('tablist', { name: '灵感库分类' });
    const tabs = tablist.getByRole('tab');
    await tablist.getByRole('tab', { name: '已发布', exact: true, selected: true }).waitFor();
    assert.deepEqual(await tabStops(tabs), ['已发布']);

    await tablist.getByRole('tab', { name: '已发布', exact: true }).focus();
    await page.keyboard.press('ArrowRight');
    const drafts = tablist.getByRole('tab', { name: '草稿', exact: true, selected: true });
    await drafts.waitFor();
    await page.waitForURL('**/inspiration-library?tab=drafts');
    await assertFocused(page, drafts, 'ArrowRight');
    assert.deepEqual(await tabStops(tabs), ['草稿']);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    const deleted = tablist.getByRole('tab', { name: /^回收站/, selected: true });
    await deleted.waitFor();
    await assertFocused(page, deleted, 'ArrowLeft past the first');
    // By mouse as before.
    await tablist.getByRole('tab', { name: '收藏', exact: true }).click();
    await tablist.getByRole('tab', { name: '收藏', exact: true, selected: true }).waitFor();
    await context.close();
  });
});
