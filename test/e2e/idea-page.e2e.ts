/**
 * The idea page in Chromium at 390 px and 1280 px: a member opens someone else's idea from the
 * marketplace, finds the analysis locked and unlocks it, follows the author, favourites the idea,
 * copies the link and saves the poster (a 750×1200 PNG whose QR code decodes to the idea's URL);
 * back returns to the marketplace; the owner reads the analysis and adds an extension.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import path from 'node:path';
import { expectAccessible, newPage, SCREENSHOT_DIR, shot, startE2E, uniquePhone, VIEWPORTS, storeSession, type E2E } from './harness.ts';

let e2e: E2E;
before(async () => {
  e2e = await startE2E();
});
after(async () => {
  await e2e?.close();
});

async function api(method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(e2e.baseUrl + path, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  assert.ok(res.ok, `${method} ${path}: ${JSON.stringify(json)}`);
  return json;
}

async function register(): Promise<{ token: string; user: { id: number; registrationNumber: string; nickname: string } }> {
  const phone = uniquePhone();
  const sent = await api('POST', '/api/auth/send-sms-code', { phone, purpose: 'register' });
  await api('POST', '/api/auth/register', { phone, password: 'pass-word1', verifyCode: sent.debugCode });
  return (await api('POST', '/api/auth/login', { loginType: 'phone', phone, password: 'pass-word1' })).data;
}

async function publish(token: string, fields: Record<string, unknown>): Promise<number> {
  const answer = await api('POST', '/api/ideas', { status: 'published', allowComments: true, showSimilar: true, marketIdentifier: 'market_not_exists', ...fields }, token);
  return answer.data.id as number;
}

/** The QR code in a PNG file, decoded. */
async function decodeQr(file: string): Promise<{ width: number; height: number; text: string | null }> {
  const image = sharp(fs.readFileSync(file));
  const meta = await image.metadata();
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height);
  return { width: meta.width!, height: meta.height!, text: code?.data ?? null };
}

for (const viewport of VIEWPORTS) {
  describe(`idea page at ${viewport.width}px`, () => {
    it('a member unlocks, follows, favourites, copies the link, saves the poster and goes back; the owner adds an extension', async () => {
      const author = await register();
      const title = `会自己浇水的花盆 ${viewport.name}`;
      const analysis = `底部储水仓加湿度传感器，按植物种类自动控制浇水量（${viewport.name}）`;
      const ideaId = await publish(author.token, {
        title,
        description: '出差一周，花也不会渴死。水位低了手机会提醒你加水，适合经常出差的上班族和新手园丁。',
        detailedAnalysis: `<p>${analysis}</p>`,
        tags: ['园艺', '智能家居', '懒人', '传感器'],
      });
      const similarTitle = `阳台自动遮阳棚 ${viewport.name}`;
      await publish(author.token, { title: similarTitle, description: '根据光照自动开合，保护阳台植物。', tags: ['园艺', '智能家居'] });
      const ideaUrl = `${e2e.baseUrl}/idea/${ideaId}`;

      // ------------------------------------------------------------ a member, from the marketplace
      const reader = await register();
      // The server never sends the locked analysis.
      const locked = await api('GET', `/api/ideas/${ideaId}`, undefined, reader.token);
      assert.equal(locked.data.isLocked, true);
      assert.equal(locked.data.detailedAnalysis, undefined);

      const { context, page } = await newPage(e2e, viewport);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.baseUrl });
      const posterRequests: string[] = [];
      page.on('request', (r) => /save-poster/.test(r.url()) && posterRequests.push(r.url()));
      await storeSession(page, reader);
      await page.goto('/marketplace');
      const card = page.locator('[data-testid="idea-card"]', { hasText: title });
      await card.locator('.idea-card-open').click();
      await page.waitForURL(`**/idea/${ideaId}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      assert.match((await page.title()) ?? '', new RegExp(title));
      await page.getByText('市场暂无').waitFor();
      await page
        .getByTestId('view-count')
        .filter({ hasText: /^浏览 [1-9]\d*$/ })
        .waitFor();
      await page.getByTestId('similar-ideas').getByText(similarTitle).waitFor();

      // The analysis is locked; unlocking shows it.
      await page.getByTestId('analysis-locked').waitFor();
      assert.equal(await page.getByText(analysis).count(), 0);
      await expectAccessible(page, `idea page (locked) at ${viewport.width}px`);
      await shot(page, `${viewport.name}-idea-locked`);
      await page.getByRole('button', { name: '解锁详细分析' }).click();
      await page.getByTestId('analysis').getByText(analysis).waitFor();

      // Follow the author.
      const follow = page.getByTestId('follow-button');
      await follow.getByText('关注', { exact: true }).waitFor();
      await follow.click();
      await follow.getByText('已关注', { exact: true }).waitFor();
      await page.getByTestId('toast').getByText('已关注').waitFor();

      // Favourite: the count changes and the toast shows (both from the query cache the toggle writes).
      const count = page.getByTestId('favorite-count');
      assert.equal(await count.textContent(), '0');
      await page.getByTestId('favorite-button').click();
      await page.getByTestId('toast').getByText('收藏成功').waitFor();
      assert.equal(await count.textContent(), '1');
      await page.getByTestId('favorite-button').getByText('已收藏').waitFor();
      // axe measures contrast once the toast has gone (mid fade-in its colours are blended).
      await page.getByTestId('toast').waitFor({ state: 'detached' });
      await expectAccessible(page, `idea page (unlocked, followed, favourited) at ${viewport.width}px`);
      await shot(page, `${viewport.name}-idea-member`);

      // Share: copy the link, then save the poster. The poster's code is fetched only once the dialog opens.
      assert.equal(posterRequests.length, 0);
      await page.getByRole('button', { name: '分享' }).click();
      const dialog = page.getByRole('dialog', { name: '分享创意' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: '微博' }).click();
      await dialog.getByText('分享到微博的功能即将上线，敬请期待').waitFor();
      await dialog.getByTestId('copy-link').click();
      await dialog.getByRole('button', { name: '已复制链接' }).waitFor();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), ideaUrl);
      await expectAccessible(page, `share dialog at ${viewport.width}px`);
      await shot(page, `${viewport.name}-idea-share`);
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), dialog.getByRole('button', { name: '保存图片' }).click()]);
      assert.match(download.suggestedFilename(), new RegExp(`-${ideaId}\\.png$`));
      const poster = await decodeQr((await download.path())!);
      assert.equal(poster.width, 750);
      assert.equal(poster.height, 1200);
      assert.equal(poster.text, ideaUrl);
      assert.ok(
        posterRequests.some((url) => url.endsWith('.js')),
        'the poster chunk loads with the dialog',
      );
      fs.copyFileSync((await download.path())!, path.join(SCREENSHOT_DIR, `${viewport.name}-idea-poster.png`));
      await dialog.getByText('海报已生成').waitFor();
      // The poster is shown too, for browsers that offer no download (press on it to save).
      const shown = dialog.getByRole('img', { name: `「${title}」的分享海报` });
      await shown.waitFor();
      assert.deepEqual(await shown.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]), [750, 1200]);
      // Shown small and centred: the poster's own stylesheet (its 375×600 frame) must not reach the dialog's figure.
      const [shownBox, bodyBox] = [await shown.boundingBox(), await dialog.locator('.modal-body').boundingBox()];
      assert.ok(shownBox && bodyBox && shownBox.height <= 361, `the poster shows at most 360 px high (${shownBox?.height})`);
      assert.ok(Math.abs(shownBox.x + shownBox.width / 2 - (bodyBox.x + bodyBox.width / 2)) <= 2, 'the poster is centred in the dialog');
      await dialog.getByText('如未自动下载，可点“下载海报”，或长按、右键点击海报保存').waitFor();
      // Without a pointer too: the link saves the same file, reached and used by keyboard.
      const downloadLink = dialog.getByRole('link', { name: '下载海报' });
      await downloadLink.focus();
      const [again] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
      assert.equal(again.suggestedFilename(), download.suggestedFilename());
      await expectAccessible(page, `share dialog with the poster at ${viewport.width}px`);
      await shot(page, `${viewport.name}-idea-share-poster`);
      // The copied-link feedback lasts 2 s.
      await dialog.getByRole('button', { name: '复制链接' }).waitFor({ timeout: 5000 });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      // Back returns to the marketplace, with the card highlighted.
      await page.getByRole('button', { name: '返回' }).first().click();
      await page.waitForURL('**/marketplace');
      await page.locator('[data-testid="idea-card"].idea-card-highlighted', { hasText: title }).waitFor();
      await context.close();

      // ------------------------------------------------------------ the owner
      const owner = await newPage(e2e, viewport);
      await storeSession(owner.page, author);
      await owner.page.goto(`/idea/${ideaId}`);
      await owner.page.getByTestId('analysis').getByText(analysis).waitFor();
      assert.equal(await owner.page.getByTestId('analysis-locked').count(), 0);
      const creator = owner.page.getByRole('button', { name: '创作者' });
      assert.equal(await creator.isDisabled(), true);
      const expansions = owner.page.getByTestId('expansions');
      await expansions.getByRole('button', { name: '添加扩展' }).click();
      await expansions.getByText('请输入扩展内容').waitFor();
      const extension = `加一个水位指示灯，${viewport.name}`;
      await expansions.getByLabel('添加扩展').fill(extension);
      await expansions.getByRole('button', { name: '添加扩展' }).click();
      await owner.page.getByTestId('toast').getByText('扩展内容已保存').waitFor();
      await expansions.getByText(extension).waitFor();
      await owner.page.getByTestId('toast').waitFor({ state: 'detached' });
      await expectAccessible(owner.page, `idea page (owner) at ${viewport.width}px`);
      await shot(owner.page, `${viewport.name}-idea-owner`);
      await owner.page.reload();
      await owner.page.getByTestId('expansions').getByText(extension).waitFor();
      await owner.context.close();

      // Nobody else sees the extensions.
      const other = await api('GET', `/api/ideas/${ideaId}`, undefined, reader.token);
      assert.equal(other.data.expansions, undefined);
    });
  });
}

describe('idea page, guest', () => {
  it('shows the lock with a login prompt; favouriting asks to log in, and logging in comes back to the idea', async () => {
    const author = await register();
    const ideaId = await publish(author.token, { title: '给猫咪的自动逗猫棒', description: '上班时猫也有人陪。', detailedAnalysis: '<p>电机加随机路径</p>', tags: ['宠物'] });
    const { context, page } = await newPage(e2e, VIEWPORTS[0]);
    await page.goto(`/idea/${ideaId}`);
    await page.getByTestId('analysis-locked').waitFor();
    assert.equal(await page.getByText('电机加随机路径').count(), 0);
    await page.getByRole('link', { name: '登录后解锁' }).waitFor();
    await expectAccessible(page, 'idea page (guest)');
    await page.getByTestId('favorite-button').click();
    await page.waitForURL('**/login');
    await page.getByTestId('toast').getByText('请先登录后再收藏').waitFor();
    // Logging in brings the guest back to the idea they were reading.
    const phone = uniquePhone();
    const sent = await api('POST', '/api/auth/send-sms-code', { phone, purpose: 'register' });
    await api('POST', '/api/auth/register', { phone, password: 'pass-word1', verifyCode: sent.debugCode });
    await page.getByLabel('手机号', { exact: true }).fill(phone);
    await page.getByLabel('密码', { exact: true }).fill('pass-word1');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL(`**/idea/${ideaId}`);
    await page.getByTestId('favorite-button').waitFor();
    await context.close();
  });
});

describe('idea page, not found', () => {
  it('shows 未找到该创意卡片 with a way back that stays on the site, and a way into the marketplace', async () => {
    const { context, page } = await newPage(e2e, VIEWPORTS[0]);
    // Opened from outside (a chat, a QR code): the tab's history has another site behind the page.
    await page.goto('about:blank');
    await page.goto('/idea/999999');
    await page.getByRole('heading', { name: '未找到该创意卡片' }).waitFor();
    assert.equal(await page.getByRole('link', { name: '去创意市场看看' }).getAttribute('href'), '/guest-marketplace');
    await expectAccessible(page, 'idea not found');
    await page.getByRole('button', { name: '返回' }).click();
    await page.waitForURL(`${e2e.baseUrl}/`);
    // Reached from one of the site's pages, back goes there.
    await page.goto('/guest-marketplace');
    await page.goto('/idea/999999');
    await page.getByRole('button', { name: '返回' }).click();
    await page.waitForURL('**/guest-marketplace');
    await context.close();
  });
});
