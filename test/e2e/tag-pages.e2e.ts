/**
 * Tag pages in Chromium at 390 px and 1280 px (docs/product-rules.md "Tags"): a guest clicks a tag on a
 * marketplace card and reaches /tag/{tag}, which lists the tag's ideas (another spelling of it included)
 * with their count and loads the rest as it is scrolled to the end; a member follows a tag from an
 * idea's page; a tag no public idea carries shows the empty state with a way to the marketplace.
 * axe-core on every page.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { createIdea, createUser } from '../helpers/fixtures.ts';
import { expectAccessible, expectOrderlyOutline, newPage, shot, signInWithToken, startE2E, VIEWPORTS, type E2E } from './harness.ts';

let e2e: E2E;
before(async () => {
  e2e = await startE2E();
});
after(async () => {
  await e2e?.close();
});

const TOTAL = 25;

/** Scrolls to the end until the end line shows (each page loads as the sentinel nears the viewport). */
async function scrollToEnd(page: Page) {
  const end = page.getByTestId('list-end');
  for (let i = 0; i < 20 && !(await end.isVisible()); i++) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(300);
  }
  await end.waitFor();
}

for (const viewport of VIEWPORTS) {
  describe(`tag pages at ${viewport.width}px`, () => {
    it('a card’s tag and an idea page’s tag open the tag’s page, scrolled to the end', async () => {
      const tag = `Tag${viewport.width}x${Date.now() % 1000}`;
      const author = await createUser(e2e.server.deps);
      let newest = 0;
      // Oldest first; every other one spells the tag in lower case: the same tag.
      for (let i = 0; i < TOTAL; i++)
        newest = await createIdea(e2e.server.deps, author, {
          title: `标签页创意${viewport.width}-${i}`,
          description: `第${i}个带标签的创意`,
          tags: [i % 2 ? tag.toLowerCase() : tag, '生活'],
          ageMs: (TOTAL - i) * 60_000,
        });

      // A guest on the marketplace: the newest card's tag leads to the tag's page.
      const guest = await newPage(e2e, viewport);
      await guest.page.goto('/guest-marketplace');
      const card = guest.page.locator(`[data-testid="idea-card"][data-idea-id="${newest}"]`);
      await card.getByRole('link', { name: `#${tag}` }).click();
      await guest.page.waitForURL(`**/tag/${encodeURIComponent(tag)}`);
      await guest.page.getByRole('heading', { level: 1, name: `#${tag}` }).waitFor();
      const cards = guest.page.getByTestId('idea-card');
      // The heading comes from the address at once; the count with the first page.
      await cards.first().waitFor();
      assert.equal(await guest.page.getByTestId('tag-count').textContent(), `${TOTAL} 个创意`);
      // The first page of 20; on a tall screen the next one may already be on its way (the sentinel is near).
      assert.ok((await cards.count()) >= 20);
      assert.equal(await cards.first().getAttribute('data-idea-id'), String(newest));
      assert.match(await guest.page.title(), new RegExp(`^标签 #${tag} - `));
      await expectAccessible(guest.page, `tag page at ${viewport.width}px`);
      await expectOrderlyOutline(guest.page, `tag page at ${viewport.width}px`);
      await shot(guest.page, `${viewport.name}-tag-page`);
      await scrollToEnd(guest.page);
      assert.equal(await cards.count(), TOTAL);

      // A tag no public idea carries: the empty state, and a way to the marketplace.
      await guest.page.goto(`/tag/${encodeURIComponent('无人用过')}`);
      await guest.page.getByTestId('tag-empty').waitFor();
      await guest.page.getByRole('link', { name: '去创意市场看看' }).click();
      await guest.page.waitForURL('**/guest-marketplace');
      await guest.page.goto(`/tag/${encodeURIComponent('无人用过')}`);
      await guest.page.getByTestId('tag-empty').waitFor();
      await expectAccessible(guest.page, `empty tag page at ${viewport.width}px`);
      await shot(guest.page, `${viewport.name}-tag-page-empty`);
      await guest.context.close();

      // A member on an idea's page: its tag links to the same page.
      const member = await createUser(e2e.server.deps);
      const { context, page } = await newPage(e2e, viewport);
      await signInWithToken(page, e2e.baseUrl, member);
      await page.goto(`/idea/${newest}`);
      const tags = page.getByRole('region', { name: '标签' });
      await tags.getByRole('link', { name: `#${tag}` }).click();
      await page.waitForURL(`**/tag/${encodeURIComponent(tag)}`);
      await page.getByTestId('idea-card').first().waitFor();
      assert.equal(await page.getByTestId('tag-count').textContent(), `${TOTAL} 个创意`);
      await expectAccessible(page, `member's tag page at ${viewport.width}px`);
      await context.close();
    });
  });
}
