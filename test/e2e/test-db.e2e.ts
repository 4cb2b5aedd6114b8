/** The spec's /test-db page: every answer it shows is Chinese, at phone and desktop width. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { CONNECTION_TEXT } from '../../src/shared/site-texts.ts';
import { expectAccessible, newPage, shot, startE2E, VIEWPORTS, type E2E } from './harness.ts';

let e2e: E2E;
before(async () => {
  e2e = await startE2E();
});
after(async () => {
  await e2e?.close();
});

const CHECK = '**/trpc/site.testConnection**';

/** The page's own text, with the engine's name (the one Latin word it may show) taken out. */
async function mainText(page: Page): Promise<string> {
  return ((await page.locator('main').innerText()) ?? '').replace('MySQL/MariaDB', '').replace('SQLite', '');
}

for (const viewport of VIEWPORTS) {
  describe(`/test-db at ${viewport.width}px`, () => {
    it('says in Chinese that the database answers, that it does not, and that the check failed', async () => {
      const { context, page } = await newPage(e2e, viewport);
      await page.goto('/test-db');
      await page.getByText(`${CONNECTION_TEXT.ok}（SQLite）`).waitFor();
      assert.doesNotMatch(await mainText(page), /[A-Za-z]/);

      // The server answers that its database is unreachable.
      await page.route(CHECK, (route) => route.fulfill({ json: { result: { data: { message: CONNECTION_TEXT.failed, data: { ok: false, dialect: 'sqlite', message: CONNECTION_TEXT.failed } } } } }));
      await page.getByRole('button', { name: '重新测试' }).click();
      await page.getByText(CONNECTION_TEXT.failed, { exact: true }).waitFor();
      assert.doesNotMatch(await mainText(page), /[A-Za-z]/);

      // The check itself cannot be asked (the API is down).
      await page.unroute(CHECK);
      await page.route(CHECK, (route) => route.abort());
      await page.reload();
      await page.getByRole('alert').filter({ hasText: CONNECTION_TEXT.testFailed }).waitFor();
      assert.doesNotMatch(await mainText(page), /[A-Za-z]/);
      await expectAccessible(page, `/test-db failed at ${viewport.width}px`);
      await shot(page, `${viewport.name}-test-db-failed`);

      // Retry once it answers again.
      await page.unroute(CHECK);
      await page.getByRole('button', { name: '重新测试' }).click();
      await page.getByText(`${CONNECTION_TEXT.ok}（SQLite）`).waitFor();
      await context.close();
    });
  });
}
