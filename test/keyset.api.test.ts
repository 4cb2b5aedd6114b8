/**
 * One keyset page and one cursor codec (src/server/ideas/keyset.ts) behind every newest-first list:
 * the marketplace's newest sort, the public idea list and a user's public ideas walk the same order
 * with the same cursors, each idea once; another order's cursor and a forged one are 400.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './helpers/dialects.ts';
import { trpcCall } from './helpers/api.ts';
import { serveTestApp } from './helpers/serve.ts';
import { createIdea, createUser, type FixtureUser } from './helpers/fixtures.ts';

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
