/**
 * Members share what is not personal (contract/sharing.ts): every cached read members share
 * answers each caller, on both transports, exactly what the read itself answers them without any
 * cache (Express alone over the same database) — the author, a member who unlocked an idea, an admin,
 * two plain members and a guest, asked in turns so each finds the others' answers in the cache. Two
 * plain members get the same bytes; nothing personal of one reaches another. The members' hot reads
 * beside the shared pages (ideas.viewer, comments.interactions) answer each member their own.
 */
import { createServer, type Server } from 'node:http';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowDb } from '../../db/time.ts';
import { createApp } from '../../src/server/app.ts';
import { createRequestListener } from '../../src/server/fast-lane/fast-lane.ts';
import { restRoutes } from '../../src/server/rest/index.ts';
import { operationsByProcedure } from '../../src/server/trpc/init.ts';
import { appRouter } from '../../src/server/trpc/routers/index.ts';
import type { AnyOperation } from '../../src/server/contract/operation.ts';
import { DIALECTS } from '../helpers/dialects.ts';
import { serveTestApp } from '../helpers/serve.ts';
import { createIdea, createUser, type FixtureUser } from '../helpers/fixtures.ts';
import { unreadCount } from '../../src/server/messages/service.ts';
import { sendMessage } from '../../src/server/messages/send.ts';
import { favoriteStatus } from '../../src/server/social/favorites.ts';
import { followStatus } from '../../src/server/social/follows.ts';
import { interactions } from '../../src/server/comments/service.ts';
import { viewerState } from '../../src/server/ideas/member-view.ts';
import { ViewerFactsMemo } from '../../src/server/ideas/viewer-facts.ts';

interface Fixture {
  author: FixtureUser;
  unlocked: number;
  plain: number;
  commented: number;
  query: string;
}

/**
 * An input for each read members share, by its tRPC name. A read newly declared with `cache.members`
 * fails the first test until it has one here, so every shared path is compared.
 */
const INPUTS: Record<string, (f: Fixture) => Record<string, unknown> | undefined> = {
  'ideas.byId': (f) => ({ id: f.unlocked }),
  'ideas.publicPage': () => ({ limit: 50 }),
  'ideas.guestPage': () => ({ limit: 50 }),
  'ideas.recent': () => ({ limit: 50 }),
  'ideas.allVersions': () => ({ limit: 50 }),
  'ideas.hot': () => ({ limit: 50 }),
  'ideas.userPublic': (f) => ({ id: f.author.registrationNumber, limit: 50 }),
  'ideas.similar': (f) => ({ id: f.plain, limit: 10 }),
  'marketplace.ideas': () => ({ sort: 'newest', limit: 50 }),
  'marketplace.search': (f) => ({ q: f.query, limit: 50 }),
  'comments.list': (f) => ({ ideaId: f.commented }),
  'auth.publicUser': (f) => ({ registrationNumber: f.author.registrationNumber }),
  'tags.ideas': () => ({ tag: '共享', limit: 50 }),
  'tags.popular': () => undefined,
};

const procedures = operationsByProcedure(appRouter);
const trpcNameOf = new Map<AnyOperation, string>();
for (const [name, op] of procedures) trpcNameOf.set(op, name);

/** Every path of every read members share, on both transports, from the operations themselves. */
function sharedPaths(f: Fixture): { name: string; path: string }[] {
  const out: { name: string; path: string }[] = [];
  for (const [name, op] of procedures) {
    if (!op.cache?.members) continue;
    const input = INPUTS[name]?.(f);
    out.push({ name: `tRPC ${name}`, path: `/trpc/${name}${input ? `?input=${encodeURIComponent(JSON.stringify(input))}` : ''}` });
  }
  for (const route of restRoutes) {
    if (route.method !== 'get' || !route.op.cache?.members) continue;
    const input = { ...INPUTS[trpcNameOf.get(route.op)!]?.(f) };
    let path = `/api${route.path}`;
    for (const [key, value] of Object.entries(input)) {
      if (path.includes(`:${key}`)) {
        path = path.replace(`:${key}`, encodeURIComponent(String(value)));
        delete input[key];
      }
    }
    const query = new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)])).toString();
    out.push({ name: `GET ${route.path}`, path: query ? `${path}?${query}` : path });
  }
  return out;
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

async function get(url: string, token?: string) {
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const text = await res.text();
  return { status: res.status, text, body: text ? JSON.parse(text) : null, cacheControl: res.headers.get('cache-control') };
}

describe.each(DIALECTS)('pages members share, on %s', (dialect) => {
  const app = serveTestApp(dialect);
  let expressOnly: { server: Server; url: string };
  let f: Fixture;
  let unlocker: FixtureUser;
  let reader: FixtureUser;
  let reader2: FixtureUser;
  let admin: FixtureUser;
  let commentId: number;

  beforeAll(async () => {
    // The same reads without the fast lane: what each caller's answer must be.
    expressOnly = await listen(createApp(app.deps));
    const author = await createUser(app.deps, { nickname: '共享作者' });
    unlocker = await createUser(app.deps);
    reader = await createUser(app.deps);
    reader2 = await createUser(app.deps);
    admin = await createUser(app.deps, { role: 'admin' });
    const urls = ['/uploads/sharedcover1.jpg', '/uploads/sharedsecond2.png'];
    // Two images: a locked card shows the cover only, an open one both.
    const unlocked = await createIdea(app.deps, author, { title: '共享页面的解锁创意', description: '共享测试', tags: ['共享'], analysis: `<p>分析</p><img src="${urls[0]}"><img src="${urls[1]}">` });
    for (const url of urls)
      await app.deps.db
        .insertInto('idea_images')
        .values({ idea_id: unlocked, user_id: author.id, file_name: url.slice('/uploads/'.length), url, bytes: 100, width: 10, height: 10, created_at: nowDb() })
        .execute();
    const plain = await createIdea(app.deps, author, { title: '共享页面的普通创意', description: '共享测试', tags: ['共享'] });
    const other = await createIdea(app.deps, reader2, { title: '另一位作者的共享创意', description: '共享测试', tags: ['共享'] });
    expect((await app.api('POST', `/api/ideas/${unlocked}/purchase`, { token: unlocker.token })).status).toBe(200);
    const comment = await app.api('POST', '/api/comments', { token: reader.token, body: { ideaId: unlocked, content: '共享页面的评论' } });
    commentId = comment.body.data.id;
    expect((await app.api('POST', `/api/comments/${commentId}/like`, { token: unlocker.token })).status).toBe(200);
    // A comment a moderator has not decided on: only its writer sees it.
    await app.deps.db
      .insertInto('comments')
      .values({ idea_id: unlocked, user_id: reader2.id, parent_id: null, reply_to_id: null, content: '等待审核的评论', like_count: 0, dislike_count: 0, created_at: nowDb(), held: 1 })
      .execute();
    app.deps.publicCache.invalidate();
    f = { author, unlocked, plain, commented: unlocked, query: '共享' };
    void other;
  });
  afterAll(async () => {
    if (expressOnly) await new Promise<void>((resolve) => (expressOnly.server.close(() => resolve()), expressOnly.server.closeAllConnections()));
  });

  it('has an input for every read members share, so each is compared below', () => {
    const shared = [...trpcNameOf].filter(([op]) => op.cache?.members).map(([, name]) => name);
    expect(shared.length).toBeGreaterThanOrEqual(12);
    for (const name of shared) expect(INPUTS[name], `${name} declares cache.members: add its input to INPUTS`).toBeDefined();
  });

  it('answers every caller of every shared read, on both transports, what the read answers them uncached, whoever asked first', async () => {
    const paths = sharedPaths(f);
    expect(paths.length).toBeGreaterThanOrEqual(24);
    const callers: [string, string | undefined][] = [
      ['the unlocker', unlocker.token],
      ['a reader', reader.token],
      ['the author', f.author.token],
      ['an admin', admin.token],
      ['another reader', reader2.token],
      ['a guest', undefined],
    ];
    // Each order leaves the cache holding what the previous callers were served.
    for (const order of [callers, [...callers].reverse()]) {
      app.deps.publicCache.invalidate();
      for (const [who, token] of order) {
        for (const { name, path } of paths) {
          const lane = await get(app.url + path, token);
          const truth = await get(expressOnly.url + path, token);
          expect(lane.status, `${name} for ${who}`).toBe(truth.status);
          expect(lane.body, `${name} for ${who}`).toEqual(truth.body);
          // The very bytes: an author's answer is the guests' with their fields written over.
          expect(lane.text, `${name} for ${who}`).toBe(truth.text);
          if (token) expect(lane.cacheControl, `${name} for ${who}`).toBe('no-store');
        }
      }
    }
  });

  it('counts an author\u2019s spliced page against the cache\u2019s byte bound', async () => {
    const path = '/api/marketplace/ideas?sort=newest';
    app.deps.publicCache.invalidate();
    await get(app.url + path);
    const guests = app.deps.publicCache.size.bytes;
    const author = await get(app.url + path, f.author.token);
    expect(author.text).toContain('"isOwner":true');
    expect(app.deps.publicCache.size.bytes - guests).toBeGreaterThanOrEqual(Buffer.byteLength(author.text));
  });

  it('gives two plain members the very same bytes, and the author, the unlocker and the writer of a held comment their own', async () => {
    const page = `/api/ideas/${f.plain}`;
    const [p1, p2, p3] = await Promise.all([get(app.url + page, reader.token), get(app.url + page, reader2.token), get(app.url + page)]);
    expect(p1.text).toBe(p2.text);
    expect(p1.text).toBe(p3.text);
    const held = `/api/comments/idea/${f.unlocked}`;
    const [others, writer] = await Promise.all([get(app.url + held, reader.token), get(app.url + held, reader2.token)]);
    expect(others.body.data.map((c: { content: string }) => c.content)).not.toContain('等待审核的评论');
    expect(writer.body.data.find((c: { content: string }) => c.content === '等待审核的评论')).toMatchObject({ held: true });
    expect((await get(app.url + `/api/ideas/${f.unlocked}`, reader2.token)).body.data.comments.map((c: { content: string }) => c.content)).toContain('等待审核的评论');
    const [r1, guest, mine, open] = await Promise.all([
      get(app.url + `/api/ideas/${f.unlocked}`, reader.token),
      get(app.url + `/api/ideas/${f.unlocked}`),
      get(app.url + `/api/ideas/${f.unlocked}`, f.author.token),
      get(app.url + `/api/ideas/${f.unlocked}`, unlocker.token),
    ]);
    expect(r1.text).toBe(guest.text);
    expect(r1.body.data).toMatchObject({ isLocked: true, isOwner: false });
    expect(r1.body.data.images).toHaveLength(1);
    expect(r1.body.data).not.toHaveProperty('detailedAnalysis');
    expect(mine.body.data).toMatchObject({ isLocked: false, isOwner: true });
    expect(mine.body.data.expansions).toEqual([]);
    expect(open.body.data).toMatchObject({ isLocked: false, isOwner: false });
    expect(open.body.data.images).toHaveLength(2);
    expect(open.body.data.detailedAnalysis).toContain('分析');
  });

  it('answers the one member read of an idea page with that member\u2019s own state only, on both transports', async () => {
    await app.api('POST', `/api/favorites/${f.unlocked}`, { token: reader.token, body: { favorite: true } });
    await app.api('POST', `/api/follows/${f.author.registrationNumber}`, { token: reader.token, body: { follow: true } });
    const viewer = (token: string) => app.api('GET', `/api/ideas/${f.unlocked}/viewer`, { token }).then((r) => r.body.data);
    const viaTrpc = (token: string) => get(`${app.url}/trpc/ideas.viewer?input=${encodeURIComponent(JSON.stringify({ id: f.unlocked }))}`, token).then((r) => r.body.result.data.data);
    expect(await viewer(reader.token)).toEqual({ isFavorite: true, isFollowing: true, isOwner: false, unlocked: false, interactions: {} });
    expect(await viewer(unlocker.token)).toEqual({ isFavorite: false, isFollowing: false, isOwner: false, unlocked: true, interactions: { [commentId]: 'like' } });
    expect(await viewer(f.author.token)).toEqual({ isFavorite: false, isFollowing: false, isOwner: true, unlocked: true, interactions: {} });
    expect(await viaTrpc(reader2.token)).toEqual({ isFavorite: false, isFollowing: false, isOwner: false, unlocked: false, interactions: {} });
    expect(await viaTrpc(unlocker.token)).toEqual(await viewer(unlocker.token));
    // A guest has no such read; a hidden idea is missing (nothing tells what its author did).
    expect((await app.api('GET', `/api/ideas/${f.unlocked}/viewer`)).status).toBe(401);
    const hidden = await createIdea(app.deps, f.author, { stage: 'review' });
    expect((await app.api('GET', `/api/ideas/${hidden}/viewer`, { token: reader.token })).status).toBe(404);
    expect((await app.api('GET', `/api/ideas/${hidden}/viewer`, { token: f.author.token })).body.data.isOwner).toBe(true);
    // The comment marks of each member, through the hot read, the same on Express.
    for (const who of [reader, unlocker]) {
      const path = `/api/comments/interactions?commentIds=${commentId}`;
      expect((await get(app.url + path, who.token)).body).toEqual((await get(expressOnly.url + path, who.token)).body);
    }
  });

  it('answers each member hot read through the fast lane in at most one query once the session is remembered', async () => {
    let queries = 0;
    const counter: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        queries += 1;
        return args.result;
      },
    };
    const counted = { ...app.deps, db: app.deps.db.withPlugin(counter) };
    const lane = await listen(createRequestListener(counted, createApp(counted)));
    try {
      const trpc = (name: string, input: unknown) => `/trpc/${name}?input=${encodeURIComponent(JSON.stringify(input))}`;
      const reads: [string, string, number][] = [
        ['auth.me', '/api/auth/me', 0],
        ['auth.me (tRPC)', '/trpc/auth.me', 0],
        ['unread count', '/api/messages/unread-count', 1],
        ['unread count (tRPC)', '/trpc/messages.unreadCount', 1],
        ['favourite check', `/api/favorites/check/${f.unlocked}`, 1],
        ['favourite check (tRPC)', trpc('favorites.check', { ideaId: f.unlocked }), 1],
        ['follow check', `/api/follows/check/${f.author.registrationNumber}`, 1],
        ['follow check (tRPC)', trpc('follows.check', { registrationNumber: f.author.registrationNumber }), 1],
        ['comment marks', `/api/comments/interactions?commentIds=${commentId},999`, 1],
        ['comment marks (tRPC)', trpc('comments.interactions', { commentIds: [commentId] }), 1],
        ['idea viewer', `/api/ideas/${f.unlocked}/viewer`, 1],
        ['idea viewer (tRPC)', trpc('ideas.viewer', { id: f.unlocked }), 1],
      ];
      // Remembers the session (its lookup is two queries, once per CACHE_TTL_MS).
      expect((await get(lane.url + '/api/auth/me', unlocker.token)).status).toBe(200);
      for (const [name, path, most] of reads) {
        // The session remembered again if a slow machine let it expire (CACHE_TTL_MS).
        await get(lane.url + '/api/auth/me', unlocker.token);
        queries = 0;
        const res = await get(lane.url + path, unlocker.token);
        expect(res.status, name).toBe(200);
        expect(queries, name).toBeLessThanOrEqual(most);
      }
    } finally {
      await new Promise<void>((resolve) => (lane.server.close(() => resolve()), lane.server.closeAllConnections()));
    }
  });

  it('answers the hot reads of one kind asked in one turn by one statement, each member only their own', async () => {
    let queries = 0;
    const counter: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        queries += 1;
        return args.result;
      },
    };
    const counted = { ...app.deps, db: app.deps.db.withPlugin(counter) };
    const other = await createUser(app.deps);
    const members = [reader, unlocker, f.author, reader2, other, admin];
    const rows = await Promise.all(members.map((m) => app.deps.db.selectFrom('users').selectAll().where('id', '=', m.id).executeTakeFirstOrThrow()));
    // Different states per member: unread messages 0…5, a favourite, a follow, marks on comments.
    for (const [i, m] of members.entries()) for (let n = 0; n < i; n++) await sendMessage(app.deps.db, { userId: m.id, title: '批量读取', content: `第${n}条` });
    await app.api('POST', `/api/favorites/${f.plain}`, { token: other.token, body: { favorite: true } });
    await app.api('POST', `/api/follows/${reader2.registrationNumber}`, { token: other.token, body: { follow: true } });
    expect((await app.api('POST', `/api/comments/${commentId}/dislike`, { token: other.token })).status).toBe(200);
    const hidden = await createIdea(app.deps, f.author, { stage: 'review' });
    // Each member's answer asked alone (a turn of its own), then all in one turn.
    const ask: [string, (deps: typeof app.deps, user: (typeof rows)[number], i: number) => Promise<unknown>][] = [
      ['unread count', (deps, user) => unreadCount(deps, user)],
      ['favourite check', (deps, user, i) => favoriteStatus(deps, user, i % 2 ? f.plain : f.unlocked)],
      ['follow check', (deps, user, i) => followStatus(deps, user, i % 2 ? reader2.registrationNumber : String(f.author.id))],
      ['comment marks', (deps, user) => interactions(deps, user, [commentId, commentId + 1000])],
      ['idea viewer', (deps, user, i) => viewerState(deps, user, i % 3 === 2 ? hidden : f.unlocked).catch((err: Error) => err.message)],
      // What the shared pages ask of a member (their unlocks and held comments), nothing remembered.
      ['viewer facts', (deps, user) => new ViewerFactsMemo(0).of(deps.db, user.id).then((facts) => ({ unlocked: [...facts.unlocked], heldOn: [...facts.heldOn] }))],
    ];
    for (const [name, read] of ask) {
      const alone: unknown[] = [];
      for (const [i, user] of rows.entries()) alone.push(await read(app.deps, user, i));
      // Not all alike, so a member given another's answer is seen.
      expect(new Set(alone.map((a) => JSON.stringify(a))).size, name).toBeGreaterThan(1);
      queries = 0;
      const together = await Promise.all(rows.map((user, i) => read(counted, user, i)));
      expect(together, name).toEqual(alone);
      expect(queries, name).toBe(1);
    }
    const [, , , , otherCount] = await Promise.all(rows.map((user) => unreadCount(counted, user)));
    expect(otherCount).toBe(4);
    // Through the fast lane, all at once on both transports: each member their own answer.
    const paths = ['/api/messages/unread-count', '/trpc/messages.unreadCount', `/api/ideas/${f.unlocked}/viewer`, `/trpc/ideas.viewer?input=${encodeURIComponent(JSON.stringify({ id: f.unlocked }))}`];
    for (const path of paths) {
      const alone: string[] = [];
      for (const m of members) alone.push((await get(app.url + path, m.token)).text);
      expect(new Set(alone).size, path).toBeGreaterThan(1);
      const together = await Promise.all(members.map((m) => get(app.url + path, m.token)));
      expect(
        together.map((r) => r.text),
        path,
      ).toEqual(alone);
    }
  });

  it('serves the author their lists, searches and pages from the guests’ bytes with their own fields, the operation not run', async () => {
    let queries = 0;
    const counter: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        queries += 1;
        return args.result;
      },
    };
    const counted = { ...app.deps, db: app.deps.db.withPlugin(counter) };
    const lane = await listen(createRequestListener(counted, createApp(counted)));
    try {
      const trpc = (name: string, input: unknown) => `/trpc/${name}?input=${encodeURIComponent(JSON.stringify(input))}`;
      const paths = [
        '/api/marketplace/ideas?sort=newest&limit=50',
        trpc('marketplace.ideas', { sort: 'newest', limit: 50 }),
        `/api/marketplace/search?q=${encodeURIComponent(f.query)}&limit=50`,
        trpc('marketplace.search', { q: f.query, limit: 50 }),
        '/api/ideas/hot?limit=50',
        `/api/ideas/${f.plain}`,
        trpc('ideas.byId', { id: f.plain }),
      ];
      // The guests' answers and the author's facts and session, remembered.
      for (const path of paths) expect((await get(lane.url + path)).status).toBe(200);
      expect((await get(lane.url + paths[0], f.author.token)).status).toBe(200);
      for (const path of paths) {
        const first = await get(lane.url + path, f.author.token);
        expect(first.text, path).toBe((await get(expressOnly.url + path, f.author.token)).text);
        const ideas = [first.body.data ?? first.body.result.data.data].flat().filter((idea: { authorId?: number; user_id?: number }) => (idea.authorId ?? idea.user_id) === f.author.id);
        expect(ideas.length, path).toBeGreaterThan(0);
        for (const idea of ideas) expect(idea, path).toMatchObject({ isOwner: true, isLocked: false });
        // Once the author's fields are read for this answer, nothing runs: no query at all (asked
        // once more first, so a slow machine's expired session, facts or answer are filled again).
        await get(lane.url + path, f.author.token);
        queries = 0;
        const again = await get(lane.url + path, f.author.token);
        expect(again.text, path).toBe(first.text);
        expect(again.cacheControl, path).toBe('no-store');
        expect(queries, path).toBe(0);
      }
    } finally {
      await new Promise<void>((resolve) => (lane.server.close(() => resolve()), lane.server.closeAllConnections()));
    }
  });

  it('answers a community of authors each reading the marketplace once, at once: each their own, others the guests’ bytes', async () => {
    const authors = await Promise.all(Array.from({ length: 8 }, () => createUser(app.deps)));
    for (const [i, a] of authors.entries()) await createIdea(app.deps, a, { title: `社区作者的创意${i}`, description: '共享测试', tags: ['共享'] });
    const paths = [
      '/api/marketplace/ideas?sort=newest&limit=50',
      `/api/marketplace/search?q=${encodeURIComponent(f.query)}&limit=50`,
      `/trpc/marketplace.ideas?input=${encodeURIComponent(JSON.stringify({ sort: 'newest', limit: 50 }))}`,
    ];
    for (const path of paths) {
      app.deps.publicCache.invalidate();
      const callers = [...authors, reader, f.author, undefined];
      const lane = await Promise.all(callers.map((who) => get(app.url + path, who?.token)));
      const truth = await Promise.all(callers.map((who) => get(expressOnly.url + path, who?.token)));
      for (const i of callers.keys()) expect(lane[i].text, `${path} for caller ${i}`).toBe(truth[i].text);
      // Each author's own card only is theirs; a plain member's page is the guests'.
      for (const [i, who] of authors.entries()) {
        const data = lane[i].body.data ?? lane[i].body.result.data.data;
        expect(
          data.filter((idea: { isOwner: boolean }) => idea.isOwner).map((idea: { authorId?: number; user_id?: number }) => idea.authorId ?? idea.user_id),
          path,
        ).toEqual([who.id]);
      }
      expect(lane[authors.length].text).toBe(lane[callers.length - 1].text);
    }
  });
});
