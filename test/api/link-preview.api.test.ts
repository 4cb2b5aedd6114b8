import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects.ts';
import { registerAndLogin } from '../helpers/api.ts';
import { serveTestApp } from '../helpers/serve.ts';

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
    // One entry per idea, whatever the spelling of its id; none for an address that names no idea.
    const entries = () => app.deps.publicCache.size.entries;
    const before = entries();
    for (let i = 0; i < 20; i++) expect((await fetch(`${base}/idea/junk-${i}`)).status).toBe(404);
    for (let i = 0; i < 20; i++) expect((await fetch(`${base}/idea/${9_000_000 + i}`)).status).toBe(404);
    expect((await fetch(`${base}/idea/${idea.id}/`)).status).toBe(200);
    expect((await fetch(`${base}/idea/00${idea.id}`)).status).toBe(404);
    expect(entries()).toBe(before);
    expect((await fetch(`${base}/login`)).status).toBe(200);
  });
});

function decodeHtml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) => {
    const lower = e.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(parseInt(lower.slice(1), 10));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[lower]!;
  });
}

describe.each(DIALECTS)('link preview with replacement patterns in the text on %s', (dialect) => {
  const index = '<!doctype html>\n<html><head><meta charset="UTF-8" /><title>猎人创意社区</title></head><body><div id="root"></div></body></html>';
  const app = serveTestApp(dialect, { moderation: 'auto', clientFiles: { 'index.html': index } });
  let base: string;
  beforeAll(async () => {
    base = app.url;
  });

  it('serves one title, one doctype and the literal text in the meta', async () => {
    const member = await registerAndLogin(app);
    const title = "A$'B$&C$`D";
    const description = "X$'Y";
    const idea = (await app.api('POST', '/api/ideas', { token: member.token, body: { title, description, detailedAnalysis: '<p>替换模式的详细分析</p>', status: 'published' } })).body.data;
    const res = await fetch(`${base}/idea/${idea.id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html.match(/<title>/gi)).toHaveLength(1);
    expect(html.match(/<!doctype/gi)).toHaveLength(1);
    expect(html.match(/<div id="root">/g)).toHaveLength(1);

    const meta = (attr: string) => {
      const all = [...html.matchAll(new RegExp(`<meta (?:property|name)="${attr}" content="([^"]*)"`, 'g'))];
      expect(all, attr).toHaveLength(1);
      return decodeHtml(all[0][1]);
    };
    expect(meta('og:title')).toBe(title);
    expect(meta('og:description')).toBe(description);
    expect(meta('description')).toBe(description);
    const titleText = decodeHtml(/<title>([^<]*)<\/title>/.exec(html)![1]);
    expect(titleText.startsWith(title)).toBe(true);
  });
});
