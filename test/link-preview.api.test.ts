import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './helpers/dialects.ts';
import { registerAndLogin } from './helpers/api.ts';
import { serveTestApp } from './helpers/serve.ts';

describe.each(DIALECTS)('shared idea links on %s', (dialect) => {
  const app = serveTestApp(dialect, { moderation: 'manual', clientFiles: { 'index.html': '<html><head><title>猎人创意社区</title></head><body><div id="root"></div></body></html>' } });
  let base: string;
  beforeAll(async () => {
    base = app.url;
  });

  it('puts escaped Open Graph meta on a public idea and none on an unreviewed one', async () => {
    const member = await registerAndLogin(app);
    const admin = await registerAndLogin(app);
    await app.makeAdmin(admin.user.id);
    const idea = (await app.api('POST', '/api/ideas', { token: member.token, body: { title: '好点子 <script>x</script>', description: '一句 "介绍"', status: 'published' } })).body.data;

    const inReview = await fetch(`${base}/idea/${idea.id}`);
    expect(inReview.status).toBe(404);
    const hidden = await inReview.text();
    expect(hidden).toContain('<div id="root">');
    expect(hidden).not.toContain('og:title');

    await app.api('POST', `/api/admin/ideas/${idea.id}/approve`, { token: admin.token });
    const shared = await fetch(`${base}/idea/${idea.id}`);
    expect(shared.status).toBe(200);
    const html = await shared.text();
    expect(html).toContain('<meta property="og:title" content="好点子 &lt;script&gt;x&lt;/script&gt;" />');
    expect(html).toContain('<meta property="og:description" content="一句 &quot;介绍&quot;" />');
    expect(html).not.toContain('<script>x');
    expect((await fetch(`${base}/idea/not-a-number`)).status).toBe(404);
    expect((await fetch(`${base}/login`)).status).toBe(200);
  });
});
