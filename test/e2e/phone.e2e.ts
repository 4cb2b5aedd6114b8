/**
 * The UI kit and the phone navigation in Chromium: a member moves between member pages with the
 * bottom tab bar at 390px, cards sit in masonry columns without stretching, every page has its own
 * tab title, the title counter refuses a long title, a lost session turns the chip into the login
 * link, an admin finds the back office, and an image in a new idea creates no draft.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { createUser } from '../helpers/fixtures.ts';
import { expectAccessible, storeSession, newPage, shot, startE2E, uniquePhone, VIEWPORTS, type E2E } from './harness.ts';

let e2e: E2E;
before(async () => {
  // Node 20's test runner shares the child's stdout with its own serialized messages and now and then
  // fails to parse them around the server's printed SMS lines ("Unable to deserialize cloned data").
  // This file reads codes from debugCode, so those lines are dropped here.
  const log = console.log.bind(console);
  console.log = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('[短信]')) return;
    log(...args);
  };
  e2e = await startE2E({ MODERATION: 'auto' });
});
after(async () => {
  await e2e?.close();
});

const PHONE = VIEWPORTS.find((v) => v.name === 'phone')!;
const DESKTOP = VIEWPORTS.find((v) => v.name === 'desktop')!;
const SITE = '猎人创意社区';

/** The tab title settles once the lazily loaded page has mounted. */
async function expectTitle(page: Page, title: string) {
  await page
    .waitForFunction((t) => document.title === t, title, { timeout: 5000 })
    .catch(async () => {
      assert.equal(await page.title(), title);
    });
}

async function api(path: string, body: unknown, token?: string, method = 'POST') {
  const res = await fetch(e2e.baseUrl + path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  assert.ok(res.ok, `${path}: ${JSON.stringify(json)}`);
  return json;
}

async function register() {
  const phone = uniquePhone();
  const sent = await api('/api/auth/send-sms-code', { phone, purpose: 'register' });
  await api('/api/auth/register', { phone, password: 'pass-word1', verifyCode: sent.debugCode });
  const login = await api('/api/auth/login', { loginType: 'phone', phone, password: 'pass-word1' });
  return { phone, ...(login.data as { token: string; user: { id: number; registrationNumber: string } }) };
}

/** Published ideas of very different lengths, one with a picture, so a row's cards differ in height. */
const IDEAS = [
  { title: '雨天共享伞柜', description: '地铁口的扫码伞柜。' },
  {
    title: '给独居老人的一键报平安按钮',
    description: '每天早上按一下，子女手机上就会亮起绿灯；如果到中午还没按，社区网格员会收到提醒上门看看。按钮用电池供电，一年换一次电池，不需要会用智能手机。',
  },
  { title: '菜市场的剩菜夜市', description: '晚上八点后摊主把当天卖不完的菜打折，附近居民在小程序上预订，第二天一早不再有浪费。' },
  { title: '可折叠的阳台晾衣架', description: '不用时贴墙收起。' },
  { title: '图书馆座位的实时地图', description: '用座椅下的压力垫统计空位，在门口的屏幕和手机上显示哪一层还有位置，考试周不必一层层找。' },
  { title: '宠物友好的外卖头盔', description: '头盔后面加一个小风扇和水壶。' },
];

async function seedIdeas(token: string) {
  const ids: number[] = [];
  for (const idea of IDEAS) {
    const res = await api('/api/ideas', { ...idea, detailedAnalysis: `<p>${idea.description}</p>`, tags: ['生活'], status: 'published' }, token);
    ids.push(res.data.id);
  }
  // A picture on the second idea (uploaded for that idea, then referenced by its analysis).
  const form = new FormData();
  const png = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#2f855a' } })
    .png()
    .toBuffer();
  form.append('ideaId', String(ids[1]));
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'tall.png');
  const upload = await fetch(`${e2e.baseUrl}/api/upload/idea-image`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  const uploaded = await upload.json();
  assert.ok(upload.ok, JSON.stringify(uploaded));
  const url = uploaded.data?.url ?? uploaded.url;
  await api(`/api/ideas/${ids[1]}`, { ...IDEAS[1], detailedAnalysis: `<p>${IDEAS[1].description}</p><img src="${url}">`, tags: ['养老'], status: 'published' }, token, 'PUT');
  // A picture waits for a moderator even in automatic review.
  const admin = await createUser(e2e.server.deps, { role: 'admin' });
  await api(`/api/admin/ideas/${ids[1]}/approve`, {}, admin.token);
  return ids;
}

/**
 * The grid is a masonry: the expected number of columns, and every card exactly as tall as its own
 * content (its grid item), with cards at the top of neighbouring columns differing in height.
 */
async function expectMasonry(page: Page, scope: string, columns: number) {
  const grid = page.locator(`${scope} [data-testid="card-grid"]`);
  await grid.waitFor();
  assert.equal(await grid.getAttribute('role'), 'list');
  assert.ok(await grid.getAttribute('aria-label'), 'the grid is a labelled list');
  const layout = await grid.evaluate((el) =>
    [...el.querySelectorAll(':scope > .card-grid-column')].map((col) =>
      [...col.querySelectorAll(':scope > [role="listitem"]')].map((item) => {
        const card = item.querySelector('[data-testid="idea-card"]') as HTMLElement;
        return {
          item: item.getBoundingClientRect().height,
          card: card.getBoundingClientRect().height,
          top: card.getBoundingClientRect().top,
          body: (card.querySelector('.idea-card-body') as HTMLElement).scrollHeight,
        };
      }),
    ),
  );
  assert.equal(layout.length, columns, `${columns} columns in ${scope}`);
  for (const column of layout) for (const cell of column) assert.ok(Math.abs(cell.card - cell.item) < 1.5, 'a card fills only its own item');
  const firstRow = layout.map((c) => c[0]).filter(Boolean);
  if (firstRow.length > 1) {
    const heights = new Set(firstRow.map((c) => Math.round(c.card)));
    assert.ok(heights.size > 1, `cards in one row keep their own heights (${[...heights].join(', ')})`);
    assert.ok(Math.abs(firstRow[0].top - firstRow[1].top) < 1.5, 'the columns start on one line');
  }
}

describe('phone navigation and the UI kit', () => {
  it('at 390px: tab bar between member pages, masonry, page titles, the title counter', async () => {
    const author = await register();
    await seedIdeas(author.token);
    const { context, page } = await newPage(e2e, PHONE);
    await storeSession(page, author);

    await page.goto('/marketplace');
    const tabBar = page.getByRole('navigation', { name: '会员导航（底部）' });
    await tabBar.waitFor();
    await expectTitle(page, `创意市场 - ${SITE}`);
    assert.equal(await page.locator('.side-nav').isVisible(), false, 'no side navigation on phones');
    // Five slots, every one a page; 意见反馈 is in the account menu on phones (navigation-and-addresses.e2e.ts).
    for (const name of ['创意市场', '发布创意', '我的灵感库', '关注动态', '消息']) await tabBar.getByRole('link', { name }).waitFor();
    assert.equal(await tabBar.getByRole('listitem').count(), 5);
    const box = await tabBar.boundingBox();
    const bar = await page.locator('.tab-bar-list').boundingBox();
    assert.ok(box && bar && Math.round(box.y + box.height) === PHONE.height && Math.round(bar.height) === 56, `fixed at the bottom, 56px (${JSON.stringify(bar)})`);
    await expectAccessible(page, 'marketplace at 390px');
    await shot(page, 'phone-tabbar-marketplace');

    await tabBar.getByRole('link', { name: '发布创意' }).click();
    await page.waitForURL('**/create-pin');
    await page.getByRole('heading', { name: '创建创意' }).waitFor();
    await expectTitle(page, `创建创意 - ${SITE}`);
    assert.equal(await tabBar.getByRole('link', { name: '发布创意' }).getAttribute('aria-current'), 'page');
    // A title over 60 characters is not cut: the counter and the error say so.
    const title = page.getByLabel('标题', { exact: true });
    await title.fill('长'.repeat(61));
    assert.equal((await title.inputValue()).length, 61);
    await page.getByText('61/60').waitFor();
    await page.getByText('标题不能超过60个字').waitFor();
    await expectAccessible(page, 'create-pin with a long title at 390px');
    await shot(page, 'phone-create-pin-long-title');
    // The sticky buttons rest above the tab bar.
    const actions = await page.locator('.create-actions').boundingBox();
    assert.ok(actions && box && actions.y + actions.height <= box.y + 1, 'buttons above the tab bar');
    // The editor's link box opens where the toolbar is: with the toolbar at the bottom of the screen,
    // the box is scrolled above the sticky buttons, not left under them.
    const toolbar = page.getByRole('button', { name: '链接', exact: true });
    await page.evaluate(() => {
      const bar = document.querySelector('.create-actions')!.getBoundingClientRect();
      const tool = document.querySelector('.editor-toolbar, [role="toolbar"]')!.getBoundingClientRect();
      window.scrollBy(0, tool.bottom - bar.top + 8);
    });
    await toolbar.click();
    const linkBox = await page.getByLabel('链接地址').boundingBox();
    const buttons = await page.locator('.create-actions').boundingBox();
    assert.ok(linkBox && buttons && linkBox.y + linkBox.height <= buttons.y, `link box above the buttons (${JSON.stringify({ linkBox, buttons })})`);
    await page.keyboard.press('Escape');

    await tabBar.getByRole('link', { name: '我的灵感库' }).click();
    await page.waitForURL('**/inspiration-library**');
    await expectTitle(page, `我的灵感库 - ${SITE}`);
    await page.locator('[data-testid="idea-card"]').first().waitFor();
    await expectMasonry(page, '.library-page', 2);
    await expectAccessible(page, 'library at 390px');
    await shot(page, 'phone-library-masonry');
    // A tab other than the first names itself in the title.
    await page.getByRole('tab', { name: '草稿' }).click();
    await expectTitle(page, `草稿 - 我的灵感库 - ${SITE}`);

    await tabBar.getByRole('link', { name: '创意市场' }).click();
    await page.waitForURL('**/marketplace');
    await expectTitle(page, `创意市场 - ${SITE}`);
    // A search's results say what was searched, in the title too.
    await page.getByRole('searchbox').fill('创意');
    await page.getByRole('searchbox').press('Enter');
    await expectTitle(page, `搜索「创意」 - 创意市场 - ${SITE}`);

    // The brand links stay reachable on phones: in the account menu.
    await page.locator('.account-chip').click();
    await page.getByRole('menuitem', { name: '猎人的由来' }).click();
    await page.waitForURL('**/about-hunter');
    await expectTitle(page, `猎人的由来 - ${SITE}`);
    await page.locator('.account-chip').click();
    await page.getByRole('menuitem', { name: '我们的愿景' }).click();
    await page.waitForURL('**/vision');
    await expectTitle(page, `我们的愿景 - ${SITE}`);

    // The landing page: masonry in two columns.
    await page.goto('/');
    await page.locator('.landing-featured [data-testid="idea-card"]').first().waitFor();
    await page.waitForFunction(() => [...document.querySelectorAll('.landing-featured img')].every((img) => (img as HTMLImageElement).complete));
    await expectTitle(page, `首页 - ${SITE}`);
    await expectMasonry(page, '.landing-featured', 2);
    await shot(page, 'phone-landing-masonry');

    // Guests reach the static pages from the footer.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await expectTitle(page, `登录 - ${SITE}`);
    await page.getByRole('navigation', { name: '关于本站' }).getByRole('link', { name: '我们的愿景' }).click();
    await page.waitForURL('**/vision');
    await context.close();
  });

  it('at 1280px: side navigation, no tab bar, 3 featured columns, footer at the bottom of short pages', async () => {
    const author = await register();
    const { context, page } = await newPage(e2e, DESKTOP);
    await storeSession(page, author);
    await page.goto('/');
    await page.locator('.landing-featured [data-testid="idea-card"]').first().waitFor();
    await page.waitForFunction(() => [...document.querySelectorAll('.landing-featured img')].every((img) => (img as HTMLImageElement).complete));
    // The landing's featured cards stay two rows of 3 on every desktop width.
    await expectMasonry(page, '.landing-featured', 3);
    await shot(page, 'desktop-landing-masonry');

    await page.goto('/inspiration-library');
    await page.getByRole('navigation', { name: '会员导航' }).waitFor();
    assert.equal(await page.locator('.tab-bar').isVisible(), false, 'no tab bar on desktop');
    await expectTitle(page, `我的灵感库 - ${SITE}`);

    // A short page: the footer sits at the bottom of the viewport.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/test-db');
    await page.getByText('数据库连接正常').waitFor();
    const footer = await page.locator('footer.site-footer').boundingBox();
    assert.ok(footer && Math.abs(footer.y + footer.height - DESKTOP.height) < 2, `footer at the bottom (${JSON.stringify(footer)})`);
    await expectTitle(page, `数据库连接测试 - ${SITE}`);
    await shot(page, 'desktop-short-page-footer');
    await context.close();
  });

  it('a session ended elsewhere turns the chip into the login link; a new admin finds 管理后台', async () => {
    const person = await register();
    const { context, page } = await newPage(e2e, PHONE);
    await storeSession(page, person);
    await page.goto('/vision');
    await page.locator('.account-chip').waitFor();

    // Made an admin while logged in (npm run create-admin, another process): once this server's
    // memory of the session has expired (CACHE_TTL_MS, docs/performance.md), the next check shows it.
    await e2e.server.deps.db.updateTable('users').set({ role: 'admin' }).where('phone', '=', person.phone).execute();
    await new Promise((resolve) => setTimeout(resolve, e2e.server.deps.config.cacheTtlMs + 200));
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}').role === 'admin');
    await page.locator('.account-chip').click();
    await page.getByRole('menuitem', { name: '管理后台' }).click();
    await page.waitForURL('**/admin');
    await page.getByRole('heading', { name: '管理后台' }).waitFor();
    await expectTitle(page, `管理后台 - ${SITE}`);
    await page.getByRole('tab', { name: '敏感词' }).click();
    await expectTitle(page, `敏感词 - 管理后台 - ${SITE}`);

    // Logged out elsewhere: on a public page the chip becomes the login link, with no redirect.
    await api('/api/auth/logout', {}, person.token);
    await page.goto('/about');
    await page.getByRole('link', { name: '登录 / 注册' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/about');
    assert.equal(await page.evaluate(() => localStorage.getItem('authToken')), null);
    await context.close();
  });

  it('on a touch screen every button takes a tap anywhere in a 44 px square around its middle', async () => {
    const author = await register();
    const reader = await register();
    const idea = await api('/api/ideas', { title: '触屏按钮的点按范围', description: '按钮看起来 40 像素高，手指按到 44 像素内都算。', tags: ['生活'], status: 'published' }, author.token);
    const context = await e2e.browser.newContext({ baseURL: e2e.baseUrl, viewport: { width: PHONE.width, height: PHONE.height }, locale: 'zh-CN', hasTouch: true, isMobile: true });
    const page = await context.newPage();
    // Each button's edges of a 44 px square around its middle: what is there must be the button.
    const missed = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('main .btn, .auth-page .btn')]
          .filter((b) => b.checkVisibility() && b.getBoundingClientRect().width > 0)
          .flatMap((b) => {
            const r = b.getBoundingClientRect();
            const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
            const probes: [number, number][] = [
              [x, y - 21.5],
              [x, y + 21.5],
              [x - 21.5, y],
              [x + 21.5, y],
            ];
            return probes
              .filter(([px, py]) => py > 0 && py < innerHeight && !b.contains(document.elementFromPoint(px, py)))
              .map(([px, py]) => `${b.textContent?.trim()} ${Math.round(r.width)}×${Math.round(r.height)} at ${Math.round(px - r.left)},${Math.round(py - r.top)}`);
          }),
      );
    await page.goto('/login?tab=register', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: '获取验证码' }).waitFor();
    assert.deepEqual(await missed(), [], 'register form');
    await storeSession(page, reader);
    await page.goto(`/idea/${idea.data.id}`);
    await page.getByRole('button', { name: '关注' }).waitFor();
    assert.deepEqual(await missed(), [], 'idea page');
    await page.goto(`/hunter/${author.user.registrationNumber}`);
    await page.getByRole('button', { name: '关注' }).waitFor();
    assert.deepEqual(await missed(), [], 'hunter page');
    // A tap just outside what the small 关注 button shows still follows.
    const follow = (await page.getByRole('button', { name: '关注' }).boundingBox())!;
    assert.ok(follow.height < 44, `the button shows less than 44 px (${follow.height})`);
    await page.touchscreen.tap(follow.x + follow.width / 2, follow.y - (44 - follow.height) / 2 + 1);
    await page.getByRole('button', { name: '已关注' }).waitFor();
    await context.close();
  });

  it('an image in a new idea creates no draft', async () => {
    const person = await register();
    const { context, page } = await newPage(e2e, PHONE);
    await storeSession(page, person);
    await page.goto('/create-pin');
    await page.getByRole('heading', { name: '创建创意' }).waitFor();
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#c05621' } })
      .png()
      .toBuffer();
    await page.getByLabel('选择图片').setInputFiles({ name: 'x.png', mimeType: 'image/png', buffer: png });
    // The editor sends no ideaId, so nothing but the upload happens on the server.
    await page.waitForFunction(() => !document.querySelector('.ProseMirror img[src^="blob:"]'));
    const drafts = await fetch(`${e2e.baseUrl}/api/ideas/my?status=draft`, { headers: { authorization: `Bearer ${person.token}` } }).then((r) => r.json());
    assert.deepEqual(drafts.data ?? [], [], 'no draft was created for the image');
    await page.locator('.ProseMirror img[src^="/uploads/"]').waitFor({ timeout: 5000 });
    await context.close();
  });
});
