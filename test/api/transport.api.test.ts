/**
 * Both transports' edges: tRPC batching is off or bounded, writes must be JSON (415 otherwise),
 * and a 500 says nothing of the inside (no stack, no SQL).
 */
import sharp from 'sharp';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects.ts';
import { registerAndLogin, trpcCall, uploadForm } from '../helpers/api.ts';
import { serveTestApp } from '../helpers/serve.ts';
import { ideaCount } from '../helpers/fixtures.ts';
import { postIdea } from '../helpers/idea-bodies.ts';

type Member = Awaited<ReturnType<typeof registerAndLogin>>;

describe.each(DIALECTS)('a. tRPC batching is off or bounded on %s', (dialect) => {
  const app = serveTestApp(dialect);
  let member: Member;
  beforeAll(async () => {
    member = await registerAndLogin(app);
  });

  it('refuses a GET batch of 40 queries with a 4xx and no results', async () => {
    const paths = Array.from({ length: 40 }, () => 'ideas.hot').join(',');
    const input = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [String(i), { limit: 3 }]));
    const res = await fetch(`${app.url}/trpc/${paths}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const body = await res.json();
    // Not a list of 40 answers, and none of them a result.
    const answers = Array.isArray(body) ? body : [body];
    expect(answers.some((a: { result?: unknown }) => a && a.result !== undefined)).toBe(false);
  });

  it('runs none of a POST batch of 10 ideas.create calls', async () => {
    const before = await ideaCount(app, member.user.id);
    const paths = Array.from({ length: 10 }, () => 'ideas.create').join(',');
    const input = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [String(i), { title: `批量草稿${i}`, status: 'draft' }]));
    const res = await fetch(`${app.url}/trpc/${paths}?batch=1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await ideaCount(app, member.user.id)).toBe(before);
  });

  it('still answers a single call', async () => {
    const hot = await trpcCall(app, 'query', 'ideas.hot', { limit: 3 });
    expect(hot.status).toBe(200);
    expect(Array.isArray(hot.body.result.data.data)).toBe(true);
    const before = await ideaCount(app, member.user.id);
    const created = await trpcCall(app, 'mutation', 'ideas.create', { title: '单个草稿', status: 'draft' }, member.token);
    expect(created.status).toBe(200);
    expect(await ideaCount(app, member.user.id)).toBe(before + 1);
  });
});

describe.each(DIALECTS)('g. writes must be JSON on %s', (dialect) => {
  const app = serveTestApp(dialect, { moderation: 'auto' });
  let member: Member;
  beforeAll(async () => {
    member = await registerAndLogin(app);
  });

  const send = (method: string, p: string, body: string | undefined, contentType: string | undefined, token?: string) =>
    fetch(app.url + p, { method, headers: { ...(contentType ? { 'content-type': contentType } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) }, body });

  it('refuses a text/plain POST /api/ideas with 415 and creates nothing', async () => {
    const before = await ideaCount(app, member.user.id);
    const res = await send('POST', '/api/ideas', '{"title":"x"}', 'text/plain', member.token);
    expect(res.status).toBe(415);
    expect((await res.json()).success).toBe(false);
    expect(await ideaCount(app, member.user.id)).toBe(before);
    const form = await send('POST', '/api/ideas', 'title=x&status=draft', 'application/x-www-form-urlencoded', member.token);
    expect(form.status).toBe(415);
    expect(await ideaCount(app, member.user.id)).toBe(before);
  });

  it('refuses a text/plain PUT and a text/plain POST under /api/auth with 415', async () => {
    const idea = await postIdea(app, member, { status: 'draft', title: '原来的标题' });
    const put = await send('PUT', `/api/ideas/${idea.id}`, '{"title":"改掉的标题"}', 'text/plain', member.token);
    expect(put.status).toBe(415);
    const stored = await app.deps.db.selectFrom('ideas').select('title').where('id', '=', idea.id).executeTakeFirstOrThrow();
    expect(stored.title).toBe('原来的标题');
    const login = await send('POST', '/api/auth/login', JSON.stringify({ loginType: 'phone', phone: member.phone, password: member.password }), 'text/plain');
    expect(login.status).toBe(415);
    const trpcCreate = await send('POST', '/trpc/ideas.create', '{"title":"x","status":"draft"}', 'text/plain', member.token);
    expect(trpcCreate.status).toBe(415);
  });

  it('still accepts a bodiless POST without content-type, and multipart uploads', async () => {
    const u = await registerAndLogin(app);
    const logout = await send('POST', '/api/auth/logout', undefined, undefined, u.token);
    expect(logout.status).toBe(200);
    expect((await app.api('GET', '/api/auth/me', { token: u.token })).status).toBe(401);

    const draft = await postIdea(app, member, { status: 'draft' });
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#06c' } })
      .png()
      .toBuffer();
    const up = await app.api('POST', '/api/upload/idea-image', { token: member.token, body: uploadForm(draft.id, png, 'a.png') });
    expect(up.status).toBe(201);
  });
});

describe.each(DIALECTS)('regressions: internal errors on %s', (dialect) => {
  const app = serveTestApp(dialect, { moderation: 'auto' });

  const LEAKS = ['at ', 'SELECT', 'select', 'sqlite', 'SQLITE', 'mysql', 'ER_NO_SUCH_TABLE', 'errno', "doesn't exist", 'no such table', 'idea_tags', 'stack', '.ts'];
  it('13. a 500 carries the Chinese message and no stack or SQL text, over REST and tRPC', async () => {
    const author = await registerAndLogin(app);
    await postIdea(app, author);
    // A table the list reads is gone: every list read now fails inside the database layer.
    await sql`DROP TABLE idea_tags`.execute(app.deps.db);
    const originalError = console.error;
    console.error = () => {};
    try {
      const res = await fetch(`${app.url}/api/ideas/hot`);
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({ success: false, message: '服务器开小差了，请稍后重试' });
      for (const leak of [...LEAKS, 'Error']) expect(text).not.toContain(leak);

      const t = await fetch(`${app.url}/trpc/ideas.hot`);
      expect(t.status).toBe(500);
      const ttext = await t.text();
      expect(JSON.parse(ttext).error.message).toBe('服务器开小差了，请稍后重试');
      for (const leak of LEAKS) expect(ttext).not.toContain(leak);
    } finally {
      console.error = originalError;
    }
  });
});
