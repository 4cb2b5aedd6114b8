/**
 * A new hunter's walk-through, in Chromium at 390 px and 1280 px on the production build:
 * every tab of the security dialog and of the admin console shows whole (no row cut off at the edge)
 * and is a 44 px target in keyboard (arrow key) order; an author's own idea in review or rejected says so and
 * offers no share link that would fail for everyone else; the register form's agreement checkbox
 * and the footer's links are large enough to tap. The comment texts are in comments.e2e.ts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { createIdea, createUser, type FixtureUser } from '../helpers/fixtures.ts';
import { type E2E, expectAccessible, newPage, shot, signInWithToken, startE2E, VIEWPORTS } from './harness.ts';

let e2e: E2E;
before(async () => {
  e2e = await startE2E();
});
after(async () => {
  await e2e?.close();
});

const signIn = (page: Page, user: FixtureUser) => signInWithToken(page, e2e.baseUrl, user);

/**
 * Every tab of `tablist` lies whole inside the row and the viewport as the row is first shown (nothing
 * hides past an edge), is at least 44 px tall and wide, follows the one before it in keyboard order,
 * and is selected by a tap.
 */
async function expectEveryTabReachable(page: Page, tablist: Locator, label: string) {
  const tabs = tablist.getByRole('tab');
  await tabs.first().waitFor();
  const names = (await tabs.allTextContents()).map((t) => t.trim());
  assert.ok(names.length > 1, `${label}: tabs found`);
  const row = (await tablist.boundingBox())!;
  const viewportWidth = page.viewportSize()!.width;
  assert.equal(await tablist.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), true, `${label}: the row does not hide tabs past its edge`);
  for (const [i, name] of names.entries()) {
    const box = (await tabs.nth(i).boundingBox())!;
    const inside = box.x >= row.x - 0.5 && box.x + box.width <= row.x + row.width + 0.5 && box.x >= 0 && box.x + box.width <= viewportWidth;
    assert.ok(inside, `${label}: 「${name}」 shows whole (${Math.round(box.x)}–${Math.round(box.x + box.width)} in a row ${Math.round(row.x)}–${Math.round(row.x + row.width)})`);
    assert.ok(box.height >= 44 - 0.5 && box.width >= 44 - 0.5, `${label}: 「${name}」 is ${Math.round(box.width)}×${Math.round(box.height)}`);
  }
  // Keyboard order: the arrow keys walk the tabs in the order they are shown (the row is one Tab stop, the ARIA tabs pattern).
  await tabs.first().focus();
  for (const name of names.slice(1)) {
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent?.trim()), name, `${label}: ArrowRight reaches 「${name}」 next`);
  }
  for (const name of names) {
    await tablist.getByRole('tab', { name, exact: true }).click();
    await tablist.getByRole('tab', { name, exact: true, selected: true }).waitFor();
  }
}

for (const viewport of VIEWPORTS) {
  describe(`a new hunter's walk-through at ${viewport.width}px`, () => {
    it('shows every tab of the security dialog and the admin console whole, each one reachable', async () => {
      const admin = await createUser(e2e.server.deps, { nickname: `管理员${viewport.name}`, role: 'admin' });
      const { context, page } = await newPage(e2e, viewport);
      await signIn(page, admin);

      await page.goto('/marketplace');
      await page.locator('.account-chip').click();
      await page.getByRole('menuitem', { name: '安全设置' }).click();
      const security = page.getByRole('dialog', { name: '安全设置' });
      await expectEveryTabReachable(page, security.getByRole('tablist', { name: '安全设置' }), 'security dialog');
      await security.getByRole('tab', { name: '修改密码' }).click();
      await shot(page, `${viewport.name}-walkthrough-security-tabs`);
      await expectAccessible(page, 'security dialog tabs');
      await page.keyboard.press('Escape');

      await page.goto('/admin');
      await page.getByRole('heading', { name: '管理后台' }).waitFor();
      await expectEveryTabReachable(page, page.getByRole('tablist', { name: '管理后台分类' }), 'admin console');
      await page.getByRole('tab', { name: /^审核(（\d+）)?$/ }).click(); // with a count while ideas wait
      await shot(page, `${viewport.name}-walkthrough-admin-tabs`);
      await expectAccessible(page, 'admin console tabs');
      await context.close();
    });

    it('tells the author their idea in review or rejected is not public, and offers no share link', async () => {
      const deps = e2e.server.deps;
      const author = await createUser(deps, { nickname: `作者${viewport.name}` });
      const inReview = await createIdea(deps, author, { stage: 'review', title: `审核中的创意${viewport.name}` });
      const reason = '含有联系方式，请删除后重新提交';
      const rejected = await createIdea(deps, author, { stage: 'rejected', title: `未通过的创意${viewport.name}`, rejectionReason: reason });
      const open = await createIdea(deps, author, { title: `公开的创意${viewport.name}` });
      const { context, page } = await newPage(e2e, viewport);
      await signIn(page, author);
      const actions = page.getByRole('group', { name: '收藏与分享' });

      await page.goto(`/idea/${inReview}`);
      const reviewNotice = page.getByTestId('idea-stage-notice');
      await reviewNotice.getByText('审核中，通过后其他猎人才能看到').waitFor();
      await actions.waitFor();
      assert.equal(await actions.getByRole('button', { name: '分享' }).count(), 0, 'no share button while in review');
      await shot(page, `${viewport.name}-walkthrough-idea-in-review`);
      await expectAccessible(page, 'own idea in review');

      await page.goto(`/idea/${rejected}`);
      const rejectedNotice = page.getByTestId('idea-stage-notice');
      await rejectedNotice.getByText('未通过审核', { exact: false }).first().waitFor();
      await rejectedNotice.getByText(reason).waitFor();
      await actions.waitFor();
      assert.equal(await actions.getByRole('button', { name: '分享' }).count(), 0, 'no share button when rejected');
      await shot(page, `${viewport.name}-walkthrough-idea-rejected`);
      await expectAccessible(page, 'own idea rejected');

      // A public idea: no notice, and sharing as before.
      await page.goto(`/idea/${open}`);
      await actions.getByRole('button', { name: '分享' }).waitFor();
      assert.equal(await page.getByTestId('idea-stage-notice').count(), 0, 'no stage notice on a public idea');
      await context.close();
    });

    it('gives the agreement checkbox and the footer links room to tap', async () => {
      const { context, page } = await newPage(e2e, viewport);
      // Prerendered: a tap before the app has hydrated would be lost.
      await page.goto('/login', { waitUntil: 'networkidle' });
      await page.getByRole('tab', { name: '注册' }).click();
      const checkbox = page.getByRole('checkbox', { name: /我已阅读并同意/ });
      const box = (await checkbox.boundingBox())!;
      const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
      // Every corner of a 44 × 44 square around the box is still the checkbox's label (not a link).
      for (const [dx, dy] of [
        [-21.5, -21.5],
        [21.5, -21.5],
        [-21.5, 21.5],
        [21.5, 21.5],
      ]) {
        const hit = await page.evaluate(
          ([x, y]) => {
            const el = document.elementFromPoint(x, y);
            return !!el?.closest('label')?.querySelector('input[type="checkbox"]') && !el.closest('a');
          },
          [cx + dx, cy + dy],
        );
        assert.ok(hit, `a tap at (${dx}, ${dy}) from the checkbox's centre reaches it`);
      }
      await page.mouse.click(cx - 21.5, cy - 21.5);
      assert.equal(await checkbox.isChecked(), true, 'a tap beside the box ticks it');
      await shot(page, `${viewport.name}-walkthrough-register`);

      const links = page.getByRole('navigation', { name: '关于本站' }).getByRole('link');
      assert.equal(await links.count(), 5);
      for (const link of await links.all()) {
        const r = (await link.boundingBox())!;
        assert.ok(r.height >= 24 - 0.5 && r.width >= 24 - 0.5, `footer link 「${await link.textContent()}」 is ${Math.round(r.width)}×${Math.round(r.height)}`);
      }
      await expectAccessible(page, 'register form');
      await context.close();
    });
  });
}
