import { createIdea, createUser } from '../helpers/fixtures.ts';
import { newPage, startE2E, storeSession, shot, VIEWPORTS } from './harness.ts';
const e2e = await startE2E();
try {
  const user = await createUser(e2e.server.deps, { nickname: '探针' });
  const me = await (await fetch(`${e2e.baseUrl}/api/auth/me`, { headers: { authorization: `Bearer ${user.token}` } })).json();
  const id = await createIdea(e2e.server.deps, user, { title: '探针创意', tags: ['一', '二'] });
  for (const vp of VIEWPORTS) {
    const { context, page } = await newPage(e2e, vp);
    await storeSession(page, { token: user.token, user: me.data.user });
    await page.goto('/create-pin');
    await page.getByLabel('标签', { exact: true }).pressSequentially('a b c d e f g');
    await shot(page, `probe-${vp.name}-tags`);
    await page.goto(`/idea/${id}`);
    await page.getByTestId('idea-page').waitFor();
    const small = await page.evaluate(() => [...document.querySelectorAll('main a, main button, main [role=button], main input, main select, main summary')].map((el) => { const r = el.getBoundingClientRect(); return { t: el.tagName, c: (el as HTMLElement).className, text: (el.textContent||'').trim().slice(0,20), w: Math.round(r.width), h: Math.round(r.height) }; }).filter((x) => x.w > 0 && (x.w < 44 || x.h < 44)));
    console.error(vp.name, JSON.stringify(small, null, 0));
    await shot(page, `probe-${vp.name}-idea`);
    await context.close();
  }
} finally { await e2e.close(); }
