/**
 * Muting a member in Chromium at 390 px and 1280 px: an admin finds the member on the console's 用户 tab
 * by 猎人编号, mutes them for 7 days with a reason, and the state shows 禁言至…; the member's next
 * comment is refused with the server's sentence, end date included. axe-core runs on the tab, the
 * dialog and the refusal.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createIdea, createUser } from '../helpers/fixtures.ts';
import { expectAccessible, expectOrderlyOutline, newPage, shot, signInWithToken, startE2E, VIEWPORTS, type E2E } from './harness.ts';

let e2e: E2E;
before(async () => {
  e2e = await startE2E();
});
after(async () => {
  await e2e?.close();
});

for (const viewport of VIEWPORTS) {
  describe(`member mutes at ${viewport.width}px`, () => {
    it('an admin mutes a member for 7 days; the member’s comment is refused with the end date', async () => {
      const deps = e2e.server.deps;
      const admin = await createUser(deps, { role: 'admin', nickname: `管理员${viewport.name}` });
      const member = await createUser(deps, { nickname: `刷屏的人${viewport.name}` });
      const author = await createUser(deps, { nickname: `作者${viewport.name}` });
      const ideaId = await createIdea(deps, author, { title: `社区旧书交换角 ${viewport.name}` });

      const console_ = await newPage(e2e, viewport);
      await signInWithToken(console_.page, e2e.baseUrl, admin);
      await console_.page.goto('/admin?tab=members');
      await console_.page.getByRole('heading', { name: '用户', level: 2 }).waitFor();
      await console_.page.getByLabel('手机号、猎人编号或昵称').fill(member.registrationNumber);
      await console_.page.getByRole('button', { name: '查找' }).click();
      const entry = console_.page.getByRole('article', { name: `刷屏的人${viewport.name}` });
      await entry.getByTestId('member-state').getByText('正常').waitFor();
      await entry.getByText(member.phone).waitFor();
      await expectAccessible(console_.page, `members tab at ${viewport.width}px`);
      await expectOrderlyOutline(console_.page, `members tab at ${viewport.width}px`);

      await entry.getByRole('button', { name: `禁言：刷屏的人${viewport.name}（${member.registrationNumber}）` }).click();
      const dialog = console_.page.getByRole('dialog', { name: `禁言 刷屏的人${viewport.name}（${member.registrationNumber}）` });
      await dialog.getByRole('radio', { name: '7天' }).check();
      // The reason is required.
      await dialog.getByRole('button', { name: '确认禁言' }).click();
      await dialog.getByText('请填写禁言原因').waitFor();
      await dialog.getByLabel('禁言原因').fill('多次发布广告');
      await expectAccessible(console_.page, `mute dialog at ${viewport.width}px`);
      await shot(console_.page, `${viewport.name}-mute-dialog`);
      await dialog.getByRole('button', { name: '确认禁言' }).click();
      await console_.page.getByTestId('toast').getByText('已禁言').first().waitFor();
      await entry
        .getByTestId('member-state')
        .getByText(/^禁言至 \d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}$/)
        .waitFor();
      await entry.getByText('多次发布广告').waitFor();
      await entry.getByRole('button', { name: `解除禁言：刷屏的人${viewport.name}（${member.registrationNumber}）` }).waitFor();
      const state = (await entry.getByTestId('member-state').textContent())!;
      await shot(console_.page, `${viewport.name}-members-muted`);
      await console_.context.close();

      const reader = await newPage(e2e, viewport);
      await signInWithToken(reader.page, e2e.baseUrl, member);
      await reader.page.goto(`/idea/${ideaId}`);
      const section = reader.page.getByTestId('comments-section');
      await section.getByLabel('发表评论').fill('快来看我的店铺');
      await section.getByRole('button', { name: '发送' }).click();
      const refusal = reader.page.getByTestId('toast').getByText(/你已被禁言至 .*，期间不能发布、评论、举报或反馈/);
      await refusal.waitFor();
      // The same end as the console showed.
      assert.ok((await refusal.textContent())!.includes(state.replace('禁言至 ', '')), `${await refusal.textContent()} names ${state}`);
      await expectAccessible(reader.page, `refused comment at ${viewport.width}px`);
      await shot(reader.page, `${viewport.name}-muted-comment`);
      await reader.context.close();
    });
  });
}
