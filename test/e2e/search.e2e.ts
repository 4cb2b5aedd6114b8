/**
 * Search in Chromium at 390 px and 1280 px on the production build: a search of two words
 * separated by a space finds the ideas that have both, in any order and in any field (title,
 * description, tags), and none that have only one; the words swapped find the same ideas, and so do
 * the words parted by Chinese punctuation or written in traditional characters. axe-core on the results.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { createIdea, createUser, type FixtureUser } from '../helpers/fixtures.ts';
import { expectAccessible, newPage, shot, startE2E, VIEWPORTS, type E2E, signInWithToken } from './harness.ts';

let e2e: E2E;
let reader: FixtureUser;
const BOTH: string[] = [];

before(async () => {
  e2e = await startE2E();
  const deps = e2e.server.deps;
  const author = await createUser(deps, { nickname: '搜索作者' });
  reader = await createUser(deps, { nickname: '搜索读者' });
  // Both words: in the title, across title and tag, across description and title, in reverse order.
  const both = [
    { title: '办公室用的开源硬件工作台', description: '给创客空间准备的桌子。', tags: ['桌椅'] },
    { title: '共享办公的会员门禁', description: '刷脸进门，按小时计费。', tags: ['硬件'] },
    { title: '便携显示器支架', description: '出差时在酒店也能舒服地办公，支架本身是可折叠的硬件。', tags: ['出行'] },
    { title: '硬件创业者的联合办公空间', description: '带小批量打样设备。', tags: ['创业'] },
  ];
  // One word only.
  const one = [
    { title: '办公室绿植租赁', description: '按月换新。', tags: ['绿植'] },
    { title: '旧手机改造成监控摄像头', description: '一个硬件小改造。', tags: ['改造'] },
  ];
  for (const idea of both) {
    BOTH.push(idea.title);
    await createIdea(deps, author, { ...idea });
  }
  for (const idea of one) await createIdea(deps, author, { ...idea });
});
after(async () => {
  await e2e?.close();
});

async function search(page: Page, query: string) {
  const box = page.getByRole('searchbox', { name: '搜索创意' });
  await box.fill(query);
  await box.press('Enter');
  // The banner may still show the last query's count (the same ideas): wait for this query's address first.
  await page.waitForURL((url) => url.searchParams.get('q') === query.trim());
  await page.getByTestId('search-banner').getByText(`找到 ${BOTH.length} 个相关创意`).waitFor();
  const titles = await page.locator('main [data-testid="idea-card"] .idea-card-title').allTextContents();
  return titles.map((t) => t.trim()).sort();
}

for (const viewport of VIEWPORTS) {
  describe(`search at ${viewport.width}px`, () => {
    it('two words separated by a space find the ideas that have both, in any order and field', async () => {
      const { context, page } = await newPage(e2e, viewport);
      await signInWithToken(page, e2e.baseUrl, reader);
      await page.goto('/marketplace');
      await page.locator('main [data-testid="idea-card"]').first().waitFor();

      assert.deepEqual(await search(page, '办公 硬件'), [...BOTH].sort());
      await expectAccessible(page, `two-word search at ${viewport.width}px`);
      await shot(page, `${viewport.name}-search-two-words`);
      // The other order, and extra spaces between the words, find the same ideas.
      assert.deepEqual(await search(page, '硬件   办公'), [...BOTH].sort());
      // Punctuation between the words is a space too, and traditional characters read as simplified;
      // the box sends the query as typed and the address keeps it through a reload.
      assert.deepEqual(await search(page, '办公，硬件'), [...BOTH].sort());
      assert.deepEqual(await search(page, '辦公、硬件'), [...BOTH].sort());
      await page.reload();
      await page.getByTestId('search-banner').getByText(`找到 ${BOTH.length} 个相关创意`).waitFor();
      assert.equal(await page.getByRole('searchbox', { name: '搜索创意' }).inputValue(), '辦公、硬件');
      await context.close();
    });
  });
}
