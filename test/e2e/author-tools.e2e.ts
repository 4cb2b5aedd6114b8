/**
 * An author's ways back into their ideas, at 390 px (a browser walk-through found none for a
 * published idea): 编辑 on the library's public card and 编辑创意 on its page open the editor, whose
 * notice follows the review mode; a draft's page says when it was written (not 发布) and offers
 * 继续编辑. A long unbroken search does not widen the phone's page. axe-core runs on each page.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createIdea, createUser } from '../helpers/fixtures.ts';
import { type E2E, expectAccessible, newPage, signInWithToken, startE2E, VIEWPORTS } from './harness.ts';

const PHONE = VIEWPORTS[0];

let e2e: E2E;
before(async () => {
  e2e = await startE2E();
});
after(async () => {
  await e2e?.close();
});

describe('author tools at 390px', () => {
  it('a published idea and a draft can be opened in the editor from where the author sees them', async () => {
    const deps = e2e.server.deps;
    const author = await createUser(deps, { nickname: '回头修改的作者' });
    const publicId = await createIdea(deps, author, { title: '阳台雨水收集箱' });
    const draftId = await createIdea(deps, author, { title: '还没写完的草稿', stage: 'draft' });
    const { context, page } = await newPage(e2e, PHONE);
    await signInWithToken(page, e2e.baseUrl, author);

    await page.goto('/inspiration-library?tab=published');
    const card = page.getByTestId('idea-card').filter({ hasText: '阳台雨水收集箱' });
    const edit = card.getByRole('link', { name: '编辑「阳台雨水收集箱」', exact: true });
    assert.equal(await edit.getAttribute('href'), `/create-pin?edit=${publicId}`);
    await expectAccessible(page, 'library with an editable published card');
    await edit.click();
    await page.getByRole('heading', { name: '编辑已发布的创意' }).waitFor();
    // The test server reviews automatically: a resubmission does not leave the market unless held.
    await page.getByText(/修改的内容会再次自动审核：通过后立即更新/).waitFor();

    await page.goto(`/idea/${publicId}`);
    const editFromPage = page.getByRole('link', { name: '编辑创意', exact: true });
    assert.equal(await editFromPage.getAttribute('href'), `/create-pin?edit=${publicId}`);
    await expectAccessible(page, 'own public idea with 编辑创意');

    await page.goto(`/idea/${draftId}`);
    const meta = page.locator('.idea-meta time');
    await meta.waitFor();
    assert.match((await meta.textContent()) ?? '', /创建$/, 'a draft says when it was written, not that it was published');
    const resume = page.getByTestId('idea-stage-notice').getByRole('link', { name: '继续编辑', exact: true });
    assert.equal(await resume.getAttribute('href'), `/create-pin?edit=${draftId}`);
    assert.equal(await page.getByRole('link', { name: '编辑创意', exact: true }).count(), 0);
    await context.close();
  });

  it('a long unbroken search keeps the page within the phone', async () => {
    const member = await createUser(e2e.server.deps, { nickname: '长搜索的人' });
    const { context, page } = await newPage(e2e, PHONE);
    await signInWithToken(page, e2e.baseUrl, member);
    await page.goto('/marketplace');
    const field = page.getByRole('searchbox', { name: '搜索创意' });
    await field.fill('x'.repeat(80));
    // The field takes what the search uses (50 characters), so nothing is cut without a word.
    assert.equal((await field.inputValue()).length, 50);
    await field.press('Enter');
    await page.getByText(`没有找到与「${'x'.repeat(50)}」相关的创意`).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= PHONE.width, `the page is ${width}px wide`);
    await context.close();
  });
});
