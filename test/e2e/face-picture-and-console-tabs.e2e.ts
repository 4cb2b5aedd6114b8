/**
 * In Chromium at 390 px and 1280 px on the production build: the idea page shows its face picture
 * (the one its card shows) to those who have not unlocked it, and no other picture; the fixed
 * 收藏/分享 bar on phones leaves the footer's filing lines visible at the bottom; the admin console's
 * tabs name their pending counts; member pages pass axe with label-content-name-mismatch.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { createUser, type FixtureUser } from '../helpers/fixtures.ts';
import { type E2E, expectAccessible, newPage, signInWithToken, startE2E, VIEWPORTS } from './harness.ts';

let e2e: E2E;
let author: FixtureUser;
let reader: FixtureUser;
let admin: FixtureUser;
let ideaId: number;
let faceUrl: string;

async function api(p: string, body: unknown, token: string, method = 'POST') {
  const res = await fetch(e2e.baseUrl + p, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  const json = await res.json();
  assert.ok(res.ok, `${p} ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function upload(id: number, colour: string): Promise<string> {
  const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('ideaId', String(id));
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'face.png');
  const res = await fetch(`${e2e.baseUrl}/api/upload/idea-image`, { method: 'POST', body: form, headers: { authorization: `Bearer ${author.token}` } });
  const json = await res.json();
  assert.ok(res.ok, JSON.stringify(json));
  return json.data?.url ?? json.url;
}

before(async () => {
  e2e = await startE2E();
  author = await createUser(e2e.server.deps, { nickname: '画图的作者' });
  reader = await createUser(e2e.server.deps, { nickname: '看图的读者' });
  admin = await createUser(e2e.server.deps, { role: 'admin' });
  const fields = { title: '带封面的共享菜园', description: '楼顶的共享菜园，大家轮流照看', tags: ['生活'] };
  ideaId = (await api('/api/ideas', { ...fields, status: 'draft' }, author.token)).data.id;
  faceUrl = await upload(ideaId, '#2f855a');
  const inner = await upload(ideaId, '#c53030');
  await api(`/api/ideas/${ideaId}`, { ...fields, detailedAnalysis: `<p>菜园的做法</p><img src="${faceUrl}"><p>第二张图</p><img src="${inner}">`, status: 'published' }, author.token, 'PUT');
  await api(`/api/admin/ideas/${ideaId}/approve`, {}, admin.token);
});
after(async () => {
  await e2e?.close();
});

describe('the idea page, the admin console and axe', () => {
  it('the server sends a caller who has not unlocked the face picture only', async () => {
    const guest = (await (await fetch(`${e2e.baseUrl}/api/ideas/${ideaId}`)).json()).data;
    assert.equal(guest.image, faceUrl);
    assert.deepEqual(guest.images, [faceUrl]);
    assert.equal(guest.isLocked, true);
    assert.equal(guest.detailedAnalysis, undefined);
  });

  for (const viewport of VIEWPORTS) {
    it(`shows the face picture to a guest and a member who has not unlocked, at ${viewport.width} px`, async () => {
      for (const who of [null, reader]) {
        const { context, page } = await newPage(e2e, viewport);
        if (who) await signInWithToken(page, e2e.baseUrl, who);
        await page.goto(`${e2e.baseUrl}/idea/${ideaId}`);
        const face = page.getByTestId('idea-face');
        await face.waitFor();
        assert.equal(new URL((await face.getAttribute('src'))!, e2e.baseUrl).pathname, new URL(faceUrl, e2e.baseUrl).pathname);
        assert.ok(await face.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), 'the picture loads');
        await page.getByTestId('analysis-locked').waitFor();
        // Only the face: the analysis's second picture stays locked.
        assert.equal(await page.locator('main img[src*="/uploads/"]').count(), 1);
        await context.close();
      }
    });
  }

  it('at 390 px the 收藏/分享 bar leaves the footer fully visible at the bottom', async () => {
    const { context, page } = await newPage(e2e, VIEWPORTS[0]);
    await page.goto(`${e2e.baseUrl}/idea/${ideaId}`);
    await page.locator('.idea-actions').waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(200);
    const filing = await page.getByRole('group', { name: '备案信息' }).boundingBox();
    const bar = await page.locator('.idea-actions').boundingBox();
    assert.ok(filing && bar);
    assert.ok(filing.y + filing.height <= bar.y + 0.5, `filing lines end at ${filing.y + filing.height}, the bar starts at ${bar.y}`);
    await context.close();
  });

  for (const viewport of VIEWPORTS) {
    it(`the admin console's tabs name what waits, at ${viewport.width} px`, async () => {
      const writer = await createUser(e2e.server.deps, { nickname: '评论的人' });
      const comment = (await api('/api/comments', { ideaId, content: `待举报的评论 ${viewport.width}` }, writer.token)).data.id;
      await api(`/api/comments/${comment}/report`, { reason: '广告' }, reader.token);
      const counts = (await (await fetch(`${e2e.baseUrl}/api/admin/pending-counts`, { headers: { authorization: `Bearer ${admin.token}` } })).json()).data;
      assert.ok(counts.reports >= 1);
      const { context, page } = await newPage(e2e, viewport);
      await signInWithToken(page, e2e.baseUrl, admin);
      await page.goto(`${e2e.baseUrl}/admin?tab=reports`);
      const tab = page.getByRole('tab', { name: `评论举报（${counts.reports}）` });
      await tab.waitFor();
      const card = page.locator(`[data-testid="admin-report"]`).filter({ hasText: `待举报的评论 ${viewport.width}` });
      await card.waitFor();
      const context_ = await card.getByTestId('report-context').innerText();
      assert.match(context_, /评论作者：评论的人/);
      assert.match(context_, /「带封面的共享菜园」/);
      // Dismissed: the count goes down by one.
      await card.getByRole('button', { name: '驳回举报' }).click();
      await page.getByRole('dialog').getByRole('button', { name: '驳回举报' }).click();
      await page.getByRole('tab', { name: counts.reports > 1 ? `评论举报（${counts.reports - 1}）` : '评论举报' }).waitFor();
      await expectAccessible(page, `admin ${viewport.width}`);
      await context.close();
    });
  }

  it('member pages at 1280 px pass axe, label-content-name-mismatch included', async () => {
    const { context, page } = await newPage(e2e, VIEWPORTS[1]);
    await signInWithToken(page, e2e.baseUrl, reader);
    for (const p of ['/marketplace', '/inspiration-library', '/messages', `/idea/${ideaId}`]) {
      await page.goto(e2e.baseUrl + p);
      await page.locator('.account-chip').waitFor();
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, `${p} at 1280`);
    }
    await context.close();
  });
});
