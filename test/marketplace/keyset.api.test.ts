/**
 * One keyset page and one cursor codec (src/server/kernel/cursors.ts, src/server/ideas/keyset.ts) behind every newest-first list:
 * the marketplace's newest sort, the public idea list and a user's public ideas walk the same order
 * with the same cursors, each idea once; another order's cursor and a forged one are 400. A list whose
 * size is an exact multiple of its page ends on a full page with nextCursor null, not with a cursor to
 * an empty page: every keyset list, public and a member's own.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects.ts';
import { trpcCall } from '../helpers/api.ts';
import { serveTestApp } from '../helpers/serve.ts';
import { createIdea, createUser, type FixtureUser } from '../helpers/fixtures.ts';
import { walkPages, type CursorPage } from '../helpers/pages.ts';
import { messageRow } from '../../src/server/messages/send.ts';

const H = 3600 * 1000;

describe.each(DIALECTS)('newest-first keyset pages on %s', (dialect) => {
  const app = serveTestApp(dialect);
  let author: FixtureUser;
  const ids: number[] = [];
  beforeAll(async () => {
    author = await createUser(app.deps);
    const other = await createUser(app.deps);
    // Two ideas share a publish time, so the id decides between them.
    for (const ageMs of [5 * H, 4 * H, 3 * H, 3 * H, 2 * H, 1 * H]) ids.push(await createIdea(app.deps, author, { ageMs }));
    await createIdea(app.deps, other, { ageMs: 30 * H });
  });

  async function walk(path: string, token?: string) {
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const sep = path.includes('?') ? '&' : '?';
      const res: { status: number; body: any } = await app.api('GET', `${path}${sep}limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { token });
      expect(res.status).toBe(200);
      seen.push(...res.body.data.map((i: { id: number }) => i.id));
      cursor = res.body.nextCursor;
    } while (cursor);
    return seen;
  }

  it('walks every newest-first list in one order, each idea once, with interchangeable cursors', async () => {
    const newest = [...ids].reverse();
    const market = await walk('/api/marketplace/ideas?sort=newest');
    expect(market.slice(0, 6)).toEqual(newest);
    expect(new Set(market).size).toBe(market.length);
    expect(await walk('/api/ideas')).toEqual(market);
    expect(await walk(`/api/ideas/user/${author.registrationNumber}`)).toEqual(newest);
    // The marketplace's cursor continues the public list where it stopped: one codec.
    const first = await app.api('GET', '/api/marketplace/ideas?sort=newest&limit=3');
    const rest = await app.api('GET', `/api/ideas?limit=50&cursor=${encodeURIComponent(first.body.nextCursor)}`);
    expect([...first.body.data, ...rest.body.data].map((i: { id: number }) => i.id)).toEqual(market);
  });

  it('refuses another order\u2019s cursor and a forged one with 400 分页参数无效', async () => {
    const favourites = await app.api('GET', '/api/marketplace/ideas?sort=favorites&limit=1');
    for (const path of ['/api/ideas', `/api/ideas/user/${author.registrationNumber}`, '/api/marketplace/ideas']) {
      for (const cursor of [favourites.body.nextCursor, 'not-a-cursor', Buffer.from('2026-01-01|5').toString('base64url')]) {
        const res = await app.api('GET', `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`);
        expect(res.status, `${path} ${cursor}`).toBe(400);
        expect(res.body.message).toBe('分页参数无效');
      }
    }
  });

  // Base64url decoding ignores what follows the padding: each such spelling was a page of its own in
  // the shared cache (a review found it).
  it('refuses a cursor spelled otherwise than the server wrote it, so spellings make no cache entries', async () => {
    const plain = `/api/ideas/user/${author.registrationNumber}?limit=1`;
    const cursor = (await app.api('GET', plain)).body.nextCursor as string;
    expect(cursor).toBeTruthy();
    expect((await app.api('GET', `${plain}&cursor=${encodeURIComponent(cursor)}`)).status).toBe(200);
    const entries = app.deps.publicCache.size.entries;
    for (const spelled of [`${cursor}=`, `${cursor}==x`, `${cursor}=!!`, `${cursor}%20`]) {
      const res = await app.api('GET', `${plain}&cursor=${spelled.includes('%') ? spelled : encodeURIComponent(spelled)}`);
      expect([res.status, res.body.message], spelled).toEqual([400, '分页参数无效']);
    }
    expect(app.deps.publicCache.size.entries).toBe(entries);
  });

  it('similar ideas: any limit past 20 is 20, one cache entry for all of them (REST and tRPC)', async () => {
    const id = (await app.api('GET', `/api/ideas/user/${author.registrationNumber}?limit=1`)).body.data[0].id as number;
    const twenty = await app.api('GET', `/api/ideas/${id}/similar?limit=20`);
    expect(twenty.status).toBe(200);
    const entries = app.deps.publicCache.size.entries;
    for (const limit of [21, 50, 100]) {
      const res = await app.api('GET', `/api/ideas/${id}/similar?limit=${limit}`);
      expect(res.body.data, String(limit)).toEqual(twenty.body.data);
      expect((await trpcCall(app, 'query', 'ideas.similar', { id, limit })).status).toBe(200);
    }
    expect((await trpcCall(app, 'query', 'ideas.similar', { id, limit: 20 })).status).toBe(200);
    // One more: the tRPC answer of limit 20, which all the others share.
    expect(app.deps.publicCache.size.entries).toBe(entries + 1);
    expect((await app.api('GET', `/api/ideas/${id}/similar?limit=101`)).status).toBe(400);
  });
});

describe.each(DIALECTS)('a list an exact multiple of its page long, on %s', (dialect) => {
  const app = serveTestApp(dialect);
  let author: FixtureUser;
  let reader: FixtureUser;
  const publicIds: number[] = [];
  beforeAll(async () => {
    author = await createUser(app.deps);
    reader = await createUser(app.deps);
    // 50 public ideas (the only ones), 50 drafts and 50 in the bin; the reader favourites the 50 public
    // ones and has 100 messages. The pages of 50 are the server's; the public lists take `limit`.
    for (let i = 0; i < 50; i++) publicIds.push(await createIdea(app.deps, author, { title: `整页检验${i}`, ageMs: (60 - i) * 60_000, favorites: i % 7 }));
    for (let i = 0; i < 50; i++) await createIdea(app.deps, author, { title: `整页草稿${i}`, stage: 'draft' });
    for (let i = 0; i < 50; i++) await createIdea(app.deps, author, { title: `整页回收${i}`, stage: 'deleted', deletedAgoMs: (i + 1) * 60_000 });
    const base = Date.parse('2026-11-01T00:00:00Z');
    const at = (i: number) => new Date(base + Math.floor(i / 3) * 1000).toISOString().slice(0, 19).replace('T', ' ');
    await app.deps.db
      .insertInto('favorites')
      .values(publicIds.map((idea_id, i) => ({ user_id: reader.id, idea_id, created_at: at(i) })))
      .execute();
    await app.deps.db
      .insertInto('messages')
      .values(Array.from({ length: 100 }, (_, i) => messageRow({ userId: reader.id, title: `整页消息${i}`, content: '分页', createdAt: at(i) })))
      .execute();
  });

  const rest = (path: string, token?: string) => (cursor?: string) =>
    app.api('GET', `${path}${cursor ? `${path.includes('?') ? '&' : '?'}cursor=${cursor}` : ''}`, { token }).then((r) => r.body as CursorPage<{ id: number }>);
  const trpc = (name: string, input: Record<string, unknown>, token?: string) => (cursor?: string) =>
    trpcCall(app, 'query', name, { ...input, ...(cursor ? { cursor } : {}) }, token).then((r) => r.body.result.data as CursorPage<{ id: number }>);
  const sizes = async (page: (cursor?: string) => Promise<CursorPage<{ id: number }>>) => (await walkPages(page, (i) => i.id)).sizes;

  it('a member\u2019s lists (messages, favourites, each library tab) answer nextCursor null on their last full page, on both transports', async () => {
    expect(await sizes(rest('/api/messages', reader.token))).toEqual([50, 50]);
    expect(await sizes(trpc('messages.list', {}, reader.token))).toEqual([50, 50]);
    expect(await sizes(rest('/api/favorites', reader.token))).toEqual([50]);
    expect(await sizes(trpc('favorites.list', {}, reader.token))).toEqual([50]);
    for (const [status, want] of [
      ['published', [50]],
      ['draft', [50]],
      ['deleted', [50]],
      ['all', [50, 50]],
    ] as const) {
      expect(await sizes(rest(`/api/ideas/my?status=${status}`, author.token)), status).toEqual(want);
      expect(await sizes(trpc('ideas.my', { status }, author.token)), status).toEqual(want);
    }
  });

  it('the public lists (marketplace sorts, search, the idea lists, an author\u2019s ideas) do the same, for guests and members', async () => {
    for (const token of [undefined, reader.token]) {
      for (const sort of ['newest', 'favorites', 'random']) {
        expect(await sizes(rest(`/api/marketplace/ideas?sort=${sort}&seed=5&limit=10`, token)), sort).toEqual([10, 10, 10, 10, 10]);
        expect(await sizes(trpc('marketplace.ideas', { sort, seed: 5, limit: 25 }, token)), sort).toEqual([25, 25]);
      }
      expect(await sizes(rest(`/api/marketplace/search?q=${encodeURIComponent('整页检验')}&limit=25`, token))).toEqual([25, 25]);
      expect(await sizes(rest(`/api/marketplace/search?q=${encodeURIComponent('整页检验')}&limit=10`, token))).toEqual([10, 10, 10, 10, 10]);
      for (const path of ['/api/ideas?limit=10', '/api/ideas/all?limit=25', '/api/ideas/guest?limit=50', `/api/ideas/user/${author.registrationNumber}?limit=25`]) {
        expect(await sizes(rest(path, token)), path).toEqual(path.endsWith('=10') ? [10, 10, 10, 10, 10] : path.endsWith('=50') ? [50] : [25, 25]);
      }
      expect(await sizes(trpc('ideas.userPublic', { id: author.registrationNumber, limit: 10 }, token))).toEqual([10, 10, 10, 10, 10]);
    }
  });
});
