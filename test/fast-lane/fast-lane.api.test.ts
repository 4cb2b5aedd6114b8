/**
 * The fast lane in front of Express (src/server/fast-lane/): the same bytes and headers as Express,
 * compressed copies that decode to those bytes, ETag/304 and HEAD, nothing personal from the shared
 * cache, every kind of write visible at once in this process, and a revoked session refused by
 * another process within the cache TTL.
 */
import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { createDeps } from '../../src/server/create-deps.ts';
import { createRequestListener } from '../../src/server/fast-lane/fast-lane.ts';
import { ResponseCache, type PreparedAnswer } from '../../src/server/fast-lane/response-cache.ts';
import { runHousekeeping } from '../../src/server/jobs/index.ts';
import { communityWeekday } from '../../src/shared/constants.ts';
import { DIALECTS } from '../helpers/dialects.ts';
import { startTestApp, type TestApp } from '../helpers/api.ts';
import { createIdea, createUser, type FixtureUser } from '../helpers/fixtures.ts';

const GUEST = '/api/ideas/guest?limit=50';
/** Headers that differ between any two answers (time, size, connection) or are set by the lane's own rules. */
const PER_ANSWER = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding', 'etag', 'vary', 'content-encoding', 'cache-control', 'content-type']);

async function raw(url: string, headers: Record<string, string> = {}, method = 'GET') {
  const res = await fetch(url, { method, headers });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

function listen(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; url: string }> {
  return new Promise((resolve) => {
    const server = createServer(handler!);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
    });
  });
}

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });

describe.each(DIALECTS)('the fast lane on %s', (dialect) => {
  let app: TestApp;
  let author: FixtureUser;
  let clientDir: string;
  let expressOnly: { server: Server; url: string };
  const ids = (body: { data: { id: number }[] }) => body.data.map((i) => i.id);

  beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hunter-client-'));
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html lang="zh-CN"><head><title>猎人创意社区</title></head><body><div id="root"></div></body></html>');
    fs.writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), `console.log(${JSON.stringify('猎人'.repeat(3000))});`);
    fs.mkdirSync(path.join(clientDir, 'prerendered'));
    // Over 1 KB, as the real prerendered landing page is: it is sent compressed.
    for (let day = 0; day < 7; day++)
      fs.writeFileSync(
        path.join(clientDir, 'prerendered', `home-${day}.html`),
        `<!doctype html><html lang="zh-CN"><body><div id="root">首页 ${day}<p>${'今日涂鸦'.repeat(120)}</p></div></body></html>`,
      );
    fs.writeFileSync(path.join(clientDir, 'prerendered', 'login.html'), '<!doctype html><html lang="zh-CN"><body><div id="root">登录页</div></body></html>');
    fs.writeFileSync(path.join(clientDir, 'prerendered', 'login-register.html'), '<!doctype html><html lang="zh-CN"><body><div id="root">注册页</div></body></html>');
    app = await startTestApp(dialect, { clientDir, moderation: 'manual' });
    author = await createUser(app.deps);
    for (let i = 0; i < 12; i++) await createIdea(app.deps, author, { description: `一段足够长的介绍，让列表超过压缩阈值。第${i}条。`.repeat(3) });
    expressOnly = await listen(createApp(app.deps, { clientDir }));
  });
  afterAll(async () => {
    if (expressOnly) await close(expressOnly.server);
    await app?.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it("sends the guest entry pages prerendered (the landing page with today's doodle) and the plain HTML elsewhere", async () => {
    expect((await raw(app.url + '/')).body.toString()).toContain(`首页 ${communityWeekday()}`);
    expect((await raw(app.url + '/login')).body.toString()).toContain('登录页');
    // A view the address names has its own page; any other query gets the plain HTML (the app draws it).
    expect((await raw(app.url + '/login?tab=register')).body.toString()).toContain('注册页');
    expect((await raw(app.url + '/login?tab=nothing')).body.toString()).toContain('<div id="root"></div>');
    expect((await raw(app.url + '/vision')).body.toString()).toContain('<div id="root"></div>');
  });

  it('answers a path the app has no page for with its HTML and status 404, here and in Express alike', async () => {
    for (const url of [app.url, expressOnly.url]) {
      for (const p of ['/no-such-page', '/about/more', '/publish-success/7/8', '/index.html?x=1']) {
        if (url === expressOnly.url && p.startsWith('/index.html')) continue; // express.static serves the file itself
        const res = await raw(url + p);
        expect(res.status, `${url} ${p}`).toBe(404);
        expect(res.headers.get('content-type'), p).toMatch(/^text\/html/);
        expect(res.body.toString(), p).toContain('<div id="root"></div>');
        expect(res.headers.get('content-security-policy'), p).toContain("script-src 'self'");
      }
      // The app's pages, their spellings as the router takes them, and a 304 never for a 404.
      for (const p of ['/vision', '/About/', '/hunter/bx000001', '/publish-success', '/publish-success/7', '/my-ideas/']) expect((await raw(url + p)).status, `${url} ${p}`).toBe(200);
      const missing = await raw(url + '/no-such-page');
      expect((await raw(url + '/no-such-page', { 'if-none-match': missing.headers.get('etag') ?? '"x"' })).status).toBe(404);
      expect((await raw(url + '/no-such-page', {}, 'HEAD')).status).toBe(404);
    }
  });

  it('answers a hot read with the bytes and security headers Express sends', async () => {
    for (const p of [GUEST, '/api/ideas/hot', '/vision', '/assets/app-abc123.js']) {
      const lane = await raw(app.url + p);
      const plain = await raw(expressOnly.url + p);
      expect(lane.status, p).toBe(plain.status);
      if (p.startsWith('/api/')) expect(JSON.parse(lane.body.toString()), p).toEqual(JSON.parse(plain.body.toString()));
      else expect(lane.body.equals(plain.body), p).toBe(true);
      const securityOf = (h: Headers) => [...h.entries()].filter(([name]) => !PER_ANSWER.has(name) && !name.startsWith('last-modified') && name !== 'accept-ranges');
      expect(securityOf(lane.headers), p).toEqual(securityOf(plain.headers));
      expect(lane.headers.get('content-security-policy'), p).toContain("script-src 'self'");
    }
  });

  it('sends brotli or gzip by Accept-Encoding, decoding to the same bytes, with Vary', async () => {
    for (const p of [GUEST, '/assets/app-abc123.js', '/']) {
      const identity = await raw(app.url + p, { 'accept-encoding': 'identity' });
      expect(identity.headers.get('content-encoding'), p).toBeNull();
      expect(identity.body.length, `${p} is big enough to be compressed`).toBeGreaterThan(1024);
      const br = await raw(app.url + p, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers.get('content-encoding'), p).toBe('br');
      expect(br.headers.get('vary'), p).toContain('accept-encoding');
      // fetch decodes on its own; the lane's bytes are compared through a raw decode below.
      expect(br.body.equals(identity.body), p).toBe(true);
    }
    // Undecoded bytes: node's http client does not decode, so check the compressed bodies themselves.
    const compressed = async (encoding: string) =>
      new Promise<Buffer>((resolve, reject) => {
        import('node:http').then(({ get }) =>
          get(app.url + '/assets/app-abc123.js', { headers: { 'accept-encoding': encoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c) => chunks.push(c));
            res.on('end', () => resolve(Buffer.concat(chunks)));
          }).on('error', reject),
        );
      });
    const original = fs.readFileSync(path.join(clientDir, 'assets', 'app-abc123.js'));
    expect(brotliDecompressSync(await compressed('br')).equals(original)).toBe(true);
    expect(gunzipSync(await compressed('gzip')).equals(original)).toBe(true);
    // Below 1 KB (the login page here) the bytes go as they are, whatever the client accepts.
    const small = await raw(app.url + '/login', { 'accept-encoding': 'gzip, deflate, br' });
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers.get('content-encoding')).toBeNull();
    const asset = await raw(app.url + '/assets/app-abc123.js');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await raw(app.url + '/')).headers.get('cache-control')).toBe('no-cache');
  });

  it('answers If-None-Match with 304 and HEAD with headers only', async () => {
    for (const p of [GUEST, '/assets/app-abc123.js', '/']) {
      const first = await raw(app.url + p);
      const etag = first.headers.get('etag')!;
      expect(etag, p).toMatch(/^".+"$/);
      const again = await raw(app.url + p, { 'if-none-match': etag });
      expect(again.status, p).toBe(304);
      expect(again.body.length, p).toBe(0);
      const head = await raw(app.url + p, {}, 'HEAD');
      expect(head.status, p).toBe(200);
      expect(head.body.length, p).toBe(0);
      expect(head.headers.get('content-length'), p).toBe(first.headers.get('content-length') ?? String(first.body.length));
    }
  });

  it('answers a wrong or stale If-None-Match with 200 and the body; the ETag follows the body', async () => {
    // Static files: each its own tag, so one file's tag never stands for another's.
    const tags = new Map<string, string>();
    for (const p of ['/assets/app-abc123.js', '/', '/vision', '/login']) {
      const res = await raw(app.url + p);
      tags.set(p, res.headers.get('etag')!);
      for (const wrong of ['"not-the-tag"', `"${'x'.repeat(27)}"`, 'W/"other"']) {
        const again = await raw(app.url + p, { 'if-none-match': wrong });
        expect(again.status, `${p} ${wrong}`).toBe(200);
        expect(again.body.equals(res.body), p).toBe(true);
      }
    }
    expect(new Set(tags.values()).size).toBe(tags.size);
    // Another file's tag is a wrong tag too.
    expect((await raw(app.url + '/assets/app-abc123.js', { 'if-none-match': tags.get('/vision')! })).status).toBe(200);

    // A cached read: the tag of an answer that has changed since gets the new answer and a new tag.
    const before = await raw(app.url + GUEST);
    const oldTag = before.headers.get('etag')!;
    expect((await raw(app.url + GUEST, { 'if-none-match': oldTag })).status).toBe(304);
    await createIdea(app.deps, author, { title: '让标签过期的创意' });
    const after = await raw(app.url + GUEST, { 'if-none-match': oldTag });
    expect(after.status).toBe(200);
    expect(JSON.parse(after.body.toString()).data[0].title).toBe('让标签过期的创意');
    const newTag = after.headers.get('etag')!;
    expect(newTag).toMatch(/^".+"$/);
    expect(newTag).not.toBe(oldTag);
    expect((await raw(app.url + GUEST, { 'if-none-match': newTag })).status).toBe(304);
    // The same on the tRPC side of the same list.
    const trpcPath = `/trpc/ideas.guestPage?input=${encodeURIComponent(JSON.stringify({ limit: 50 }))}`;
    const trpcTag = (await raw(app.url + trpcPath)).headers.get('etag')!;
    expect(trpcTag).not.toBe(newTag);
    expect((await raw(app.url + trpcPath, { 'if-none-match': newTag })).status).toBe(200);
    expect((await raw(app.url + trpcPath, { 'if-none-match': trpcTag })).status).toBe(304);
  });

  it('sends a sign-in form posted before the app started back to its page, unread (303)', async () => {
    for (const page of ['/login', '/forgot-password']) {
      const res = await fetch(app.url + page, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'phone=13800000000&password=secret' });
      expect(res.status, page).toBe(303);
      expect(res.headers.get('location'), page).toBe(page);
    }
  });

  it('answers a write to a page or an image address with 405 in the error model, in Chinese, not Express\u2019s English HTML', async () => {
    for (const [method, target] of [
      ['POST', '/'],
      ['PUT', '/marketplace'],
      ['DELETE', '/idea/1'],
      ['PATCH', '/no/such/page'],
      ['POST', '/uploads/x.jpg'],
      ['DELETE', '/uploads/none.png'],
    ] as const) {
      const res = await fetch(app.url + target, { method });
      expect(res.status, `${method} ${target}`).toBe(405);
      expect(res.headers.get('allow'), `${method} ${target}`).toBe('GET, HEAD');
      expect(await res.json(), `${method} ${target}`).toEqual({ success: false, message: '请求方法不正确' });
    }
  });

  it('survives malformed escapes on the members\u2019 read paths (answered by Express, the process lives on)', async () => {
    for (const path of ['/api/favorites/check/%E0%A4%A', '/api/ideas/%ZZ/favorite']) {
      for (const token of [author.token, 'x.y']) {
        const res = await app.api('GET', path, { token });
        expect(res.status, path).toBeGreaterThanOrEqual(400);
        expect(res.status, path).toBeLessThan(500);
      }
    }
    expect((await app.api('GET', '/api/ideas/guest')).status).toBe(200);
  });

  it('never serves a member from the shared cache', async () => {
    const mine = await createIdea(app.deps, author, { title: '只有作者看到 isOwner' });
    const guest = JSON.parse((await raw(app.url + '/api/ideas/all?limit=50')).body.toString());
    expect(guest.data.find((i: { id: number }) => i.id === mine).isOwner).toBe(false);
    const asAuthor = await app.api('GET', '/api/ideas/all?limit=50', { token: author.token });
    expect(asAuthor.body.data.find((i: { id: number }) => i.id === mine).isOwner).toBe(true);
    const guestAgain = JSON.parse((await raw(app.url + '/api/ideas/all?limit=50')).body.toString());
    expect(guestAgain.data.find((i: { id: number }) => i.id === mine).isOwner).toBe(false);
  });

  it('shows every kind of write at once: publish, approve, reject, edit, delete, restore, purge', async () => {
    const guestIds = async () => ids(await (await fetch(app.url + GUEST)).json());
    const titles = async () => (await (await fetch(app.url + GUEST)).json()).data.map((i: { title: string }) => i.title);
    const admin = await createUser(app.deps, { role: 'admin' });
    const writer = await createUser(app.deps);

    // publish (manual review: not public yet), then approve
    const published = await app.api('POST', '/api/ideas', { token: writer.token, body: { title: '快速通道的新创意', description: '等待审核', status: 'published' } });
    await guestIds(); // fills the cache
    await app.api('POST', `/api/admin/ideas/${published.body.data.id}/approve`, { token: admin.token });
    expect(await guestIds()).toContain(published.body.data.id);
    // the link preview follows too
    expect((await raw(`${app.url}/idea/${published.body.data.id}`)).status).toBe(200);

    // edit: saving sends it back to review, so it leaves the list at once
    await app.api('PUT', `/api/ideas/${published.body.data.id}`, { token: writer.token, body: { title: '快速通道的新创意（改）', status: 'published' } });
    expect(await guestIds()).not.toContain(published.body.data.id);
    expect((await raw(`${app.url}/idea/${published.body.data.id}`)).status).toBe(404);
    // reject keeps it out; approve again brings the new title
    await app.api('POST', `/api/admin/ideas/${published.body.data.id}/reject`, { token: admin.token, body: { reason: '再改改' } });
    expect(await guestIds()).not.toContain(published.body.data.id);
    await app.api('PUT', `/api/ideas/${published.body.data.id}`, { token: writer.token, body: { status: 'published' } });
    await app.api('POST', `/api/admin/ideas/${published.body.data.id}/approve`, { token: admin.token });
    expect(await titles()).toContain('快速通道的新创意（改）');

    // delete, restore
    await app.api('DELETE', `/api/ideas/${published.body.data.id}`, { token: writer.token });
    expect(await guestIds()).not.toContain(published.body.data.id);
    await app.api('POST', `/api/ideas/${published.body.data.id}/restore`, { token: writer.token });
    expect(await guestIds()).toContain(published.body.data.id);

    // purge by the housekeeping job (an idea deleted 8 days ago that is still cached somewhere is gone)
    await app.api('DELETE', `/api/ideas/${published.body.data.id}`, { token: writer.token });
    await app.deps.db.updateTable('ideas').set({ deleted_at: '2020-01-01 00:00:00.000' }).where('id', '=', published.body.data.id).execute();
    await runHousekeeping(app.deps);
    expect(await guestIds()).not.toContain(published.body.data.id);

    // an avatar change shows on the author's cards
    const before = await (await fetch(app.url + GUEST)).json();
    const authorCard = before.data.find((i: { user_id: number }) => i.user_id === author.id);
    await app.api('PUT', '/api/auth/profile', { token: author.token, body: { avatarUrl: '/avatars/avatar-4.svg' } });
    const after = await (await fetch(app.url + GUEST)).json();
    expect(after.data.find((i: { id: number }) => i.id === authorCard.id).user_avatar).toBe('/avatars/avatar-4.svg');
  });

  it('answers a guest\u2019s later pages from memory too, until a write clears them', async () => {
    for (let i = 0; i < 4; i++) await createIdea(app.deps, author, { title: `翻页缓存${i}` });
    const first = await (await fetch(`${app.url}/api/marketplace/ideas?limit=2`)).json();
    const second = `${app.url}/api/marketplace/ideas?limit=2&cursor=${encodeURIComponent(first.nextCursor)}`;
    const page = await (await fetch(second)).json();
    const target = page.data[0];
    // Changed behind the operations' back: the cached page still shows the old title…
    await app.deps.db.updateTable('ideas').set({ title: '绕过写操作的改动' }).where('id', '=', target.id).execute();
    expect((await (await fetch(second)).json()).data[0].title).toBe(target.title);
    // A favourite changes only a count: the cached page may show it late, so it stays…
    await app.api('POST', `/api/favorites/${target.id}`, { token: author.token, body: { favorite: true } });
    expect((await (await fetch(second)).json()).data[0]).toMatchObject({ title: target.title, favorite_count: target.favorite_count });
    // …until a write that changes what the cards say (a comment changes their comment count) drops them.
    await app.api('POST', '/api/comments', { token: author.token, body: { ideaId: target.id, content: '翻页缓存的评论' } });
    const fresh = (await (await fetch(second)).json()).data[0];
    expect(fresh).toMatchObject({ id: target.id, title: '绕过写操作的改动', favorite_count: target.favorite_count + 1, commentCount: target.commentCount + 1 });
    // A broken cursor is Express's 400, not a cached failure.
    expect((await fetch(`${app.url}/api/marketplace/ideas?cursor=not-a-cursor`)).status).toBe(400);
  });

  it('keys a guest\u2019s read by its parsed input: spellings and junk parameters share one entry, on both transports', async () => {
    await createIdea(app.deps, author, { title: '一个键的创意' });
    const plain = `${app.url}/api/marketplace/ideas?limit=3&sort=newest`;
    const first = await (await fetch(plain)).json();
    const target = first.data[0];
    // Changed behind the operations' back: only an answer from the cache still shows the old title.
    await app.deps.db.updateTable('ideas').set({ title: '缓存之外的改动' }).where('id', '=', target.id).execute();
    for (const variant of [`${app.url}/api/marketplace/ideas?sort=newest&limit=3`, `${app.url}/api/marketplace/ideas?limit=3&sort=newest&junk=${Math.random()}`]) {
      expect((await (await fetch(variant)).json()).data[0].title).toBe(target.title);
    }
    const trpc = (input: unknown) => fetch(`${app.url}/trpc/marketplace.ideas?input=${encodeURIComponent(JSON.stringify(input))}`).then((r) => r.json());
    const viaTrpc = await trpc({ sort: 'newest', limit: 3 });
    expect(viaTrpc.result.data.data[0].id).toBe(target.id);
    await app.deps.db.updateTable('ideas').set({ title: '第二次改动' }).where('id', '=', target.id).execute();
    expect((await trpc({ limit: 3, junk: 1, sort: 'newest' })).result.data.data[0].title).toBe(viaTrpc.result.data.data[0].title);
  });

  // A review found a declared but ignored parameter in the key: any text in it made a new entry.
  it('keys a hunter’s idea page without the `category` it ignores, on both transports', async () => {
    const id = await createIdea(app.deps, author, { title: '分类之外的创意' });
    const page = `${app.url}/api/ideas/user/${author.registrationNumber}`;
    const first = await (await fetch(page)).json();
    expect(first.data.map((i: { id: number }) => i.id)).toContain(id);
    await app.deps.db.updateTable('ideas').set({ title: '缓存之外的改动' }).where('id', '=', id).execute();
    const titleIn = (body: { data: { id: number; title: string }[] }) => body.data.find((i) => i.id === id)?.title;
    expect(titleIn(await (await fetch(`${page}?category=${Math.random()}`)).json())).toBe('分类之外的创意');
    const trpc = (input: unknown) => fetch(`${app.url}/trpc/ideas.userPublic?input=${encodeURIComponent(JSON.stringify(input))}`).then((r) => r.json());
    const viaTrpc = await trpc({ id: author.registrationNumber });
    const withCategory = await trpc({ id: author.registrationNumber, category: String(Math.random()) });
    expect(withCategory.error).toBeUndefined();
    expect(titleIn(withCategory.result.data)).toBe(titleIn(viaTrpc.result.data));
  });

  it('refuses a revoked session at once here, and within the cache TTL in another process', async () => {
    const member = await createUser(app.deps);
    // "Another process": its own caches over the same database.
    const otherDeps = createDeps(app.deps.handle, app.deps.config);
    const other = await listen(createRequestListener(otherDeps, createApp(otherDeps)));
    try {
      const me = (url: string) => fetch(`${url}/api/auth/me`, { headers: { authorization: `Bearer ${member.token}` } }).then((r) => r.status);
      expect(await me(app.url)).toBe(200);
      expect(await me(other.url)).toBe(200); // now remembered there
      vi.useFakeTimers({ toFake: ['Date'] });
      await app.api('POST', '/api/auth/logout', { token: member.token });
      expect(await me(app.url)).toBe(401);
      vi.setSystemTime(Date.now() + app.deps.config.cacheTtlMs + 1);
      expect(await me(other.url)).toBe(401);
    } finally {
      vi.useRealTimers();
      await close(other.server);
    }
  });
});

describe('the response cache', () => {
  it('keeps within its count and byte bounds, least recently used out first, and expires', async () => {
    const cache = new ResponseCache({ ttlMs: 1000, maxEntries: 2, maxBytes: 10_000 });
    const entry = (n: number) => async () => ({ status: 200, base: [], heads: {}, variants: { identity: Buffer.alloc(n) }, etag: '"x"' });
    await cache.getOrFill('a', ['ideas'], entry(10));
    await cache.getOrFill('b', ['ideas'], entry(10));
    cache.get('a');
    await cache.getOrFill('c', ['ideas'], entry(10));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    await cache.getOrFill('big', ['ideas'], entry(20_000));
    expect(cache.get('big')).toBeUndefined();
    expect(cache.size.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.get('a', Date.now() + 2000)).toBeUndefined();
  });

  it('counts what is kept with an answer against the byte bound, until the answer goes', async () => {
    const cache = new ResponseCache({ ttlMs: 10_000, maxEntries: 10, maxBytes: 15_000 });
    const entry = (n: number) => async () => ({ status: 200, base: [], heads: {}, variants: { identity: Buffer.alloc(n) }, etag: '"x"' });
    const a = (await cache.getOrFill('a', ['ideas'], entry(10)))!;
    const b = (await cache.getOrFill('b', ['ideas'], entry(10)))!;
    const before = cache.size.bytes;
    cache.charge(b, 1000);
    expect(cache.size.bytes).toBe(before + 1000);
    // Past the bound, the least recently used answer goes (a), not the one just charged.
    cache.charge(b, 10_000);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe(b);
    // An answer no longer stored is not counted; a dropped one takes its charge with it.
    cache.charge(a, 5000);
    const kept = cache.size.bytes;
    cache.invalidate(['ideas']);
    expect(cache.size.bytes).toBe(0);
    expect(kept).toBeGreaterThan(11_000);
  });

  it('does not store a fill that started before an invalidation', async () => {
    const cache = new ResponseCache({ ttlMs: 10_000, maxEntries: 10, maxBytes: 10_000 });
    let release!: () => void;
    const slow = cache.getOrFill(
      'k',
      ['ideas'],
      () => new Promise((resolve) => (release = () => resolve({ status: 200, base: [], heads: {}, variants: { identity: Buffer.from('old') }, etag: '"o"' }))),
    );
    cache.invalidate(['ideas']);
    release();
    await slow;
    expect(cache.get('k')).toBeUndefined();
  });

  it('does not store an idea\u2019s page or a list whose fill started before a change about that idea; another idea\u2019s change leaves the page\u2019s fill', async () => {
    const cache = new ResponseCache({ ttlMs: 10_000, maxEntries: 10, maxBytes: 10_000 });
    /** Starts a fill of `key` held until released; answers whether the cache kept it. */
    const fillDuring = async (key: string, about: number | undefined, change: () => void) => {
      let release!: () => void;
      const answer = { status: 200, base: [], heads: {}, variants: { identity: Buffer.from(key) }, etag: '"f"' };
      const slow = cache.getOrFill(key, ['ideas', 'comments'], () => new Promise<PreparedAnswer>((resolve) => (release = () => resolve(answer))), about);
      change();
      release();
      await slow;
      return cache.get(key) !== undefined;
    };
    expect(await fillDuring('page 7', 7, () => cache.invalidate(['comments'], 7))).toBe(false);
    expect(await fillDuring('list', undefined, () => cache.invalidate(['ideas'], 7))).toBe(false);
    expect(await fillDuring('page 8', 8, () => cache.invalidate(['ideas']))).toBe(false);
    expect(await fillDuring('page 9', 9, () => cache.invalidate(['comments'], 7))).toBe(true);
    expect(await fillDuring('page 10', 10, () => cache.invalidate(['counts'], 10))).toBe(true);
    // A change about the idea, then so many about others that the per-idea generations are forgotten:
    // the page's fill under way is still not stored.
    expect(
      await fillDuring('page 12', 12, () => {
        cache.invalidate(['ideas'], 12);
        for (let id = 100; id < 100_100; id++) cache.invalidate(['counts'], id);
      }),
    ).toBe(false);
  });

  it('a write of another kind (a favourite) leaves a fill under way shared: callers during it wait for the one fill', async () => {
    const cache = new ResponseCache({ ttlMs: 10_000, maxEntries: 10, maxBytes: 10_000 });
    let fills = 0;
    const releases: (() => void)[] = [];
    const fill = () =>
      new Promise<PreparedAnswer>((resolve) => {
        fills += 1;
        releases.push(() => resolve({ status: 200, base: [], heads: {}, variants: { identity: Buffer.from('page') }, etag: '"p"' }));
      });
    const first = cache.getOrFill('cards', ['ideas', 'comments'], fill);
    cache.invalidate(['counts']);
    const second = cache.getOrFill('cards', ['ideas', 'comments'], fill);
    cache.invalidate(['counts']);
    const third = cache.getOrFill('cards', ['ideas', 'comments'], fill);
    expect(fills).toBe(1);
    for (const release of releases) release();
    await Promise.all([first, second, third]);
    expect(cache.get('cards')).toBeDefined();
    // A change it shows still parts the callers: the next one computes afresh.
    const again = cache.getOrFill('other', ['ideas'], fill);
    cache.invalidate(['ideas']);
    const fresh = cache.getOrFill('other', ['ideas'], fill);
    expect(fills).toBe(3);
    for (const release of releases.slice(1)) release();
    await Promise.all([again, fresh]);
    expect(cache.get('other')).toBeDefined();
  });

  it('drops only the answers that show a kind of change the write made', async () => {
    const cache = new ResponseCache({ ttlMs: 10_000, maxEntries: 10, maxBytes: 10_000 });
    const entry = async () => ({ status: 200, base: [], heads: {}, variants: { identity: Buffer.from('x') }, etag: '"x"' });
    await cache.getOrFill('cards', ['ideas', 'comments'], entry);
    await cache.getOrFill('preview', ['ideas'], entry);
    cache.invalidate(['counts']);
    expect(cache.get('cards')).toBeDefined();
    expect(cache.get('preview')).toBeDefined();
    cache.invalidate(['comments']);
    expect(cache.get('cards')).toBeUndefined();
    expect(cache.get('preview')).toBeDefined();
    cache.invalidate(['ideas']);
    expect(cache.get('preview')).toBeUndefined();
  });
});
