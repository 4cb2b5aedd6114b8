/**
 * The marketplace (docs/spec/publishing-and-browsing.md §2, docs/architecture.md §5/§10): three sorts in keyset pages that never repeat or
 * skip a card, keyword search with its ranks, the public profile counts, and the visibility rule
 * everywhere (ideas in review, rejected, deleted, drafts and those of a deactivated author never show).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects.ts';
import { trpcCall } from '../helpers/api.ts';
import { serveTestApp } from '../helpers/serve.ts';
import { createIdea, createUser, FIXTURE_PASSWORD, type FixtureUser } from '../helpers/fixtures.ts';

const H = 3600 * 1000;
const ids = (res: { body: { data: { id: number }[] } }) => res.body.data.map((i) => i.id);

describe.each(DIALECTS)('the marketplace, on %s', (dialect) => {
  const app = serveTestApp(dialect, { moderation: 'manual' });
  let author: FixtureUser;
  let other: FixtureUser;
  let gone: FixtureUser;
  let admin: FixtureUser;
  const p: Record<string, number> = {};
  const hidden: Record<string, number> = {};
  let visible: number[];

  /** Every page of a list with `limit`, following nextCursor to null. */
  async function walk(path: string, limit = 3): Promise<number[]> {
    const seen: number[] = [];
    let cursor: string | null = null;
    for (let n = 0; n < 100; n++) {
      const sep = path.includes('?') ? '&' : '?';
      const res: { status: number; body: any } = await app.api('GET', `${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status, path).toBe(200);
      expect(res.body.data.length).toBeLessThanOrEqual(limit);
      seen.push(...ids(res));
      cursor = res.body.nextCursor;
      if (cursor === null) return seen;
      expect(res.body.data.length).toBe(limit);
    }
    throw new Error(`${path} did not end`);
  }

  const search = async (q: string, token?: string) => {
    const res = await app.api('GET', `/api/marketplace/search?q=${encodeURIComponent(q)}`, { token });
    expect(res.status, q).toBe(200);
    return ids(res);
  };

  beforeAll(async () => {
    author = await createUser(app.deps);
    other = await createUser(app.deps);
    gone = await createUser(app.deps);
    admin = await createUser(app.deps, { role: 'admin' });
    p.aiPainting = await createIdea(app.deps, author, { title: 'AI绘画助手', description: '用人工智能生成插画的工具', tags: ['设计', 'SaaS'], favorites: 3, ageMs: 10 * H, views: 7 });
    p.painting = await createIdea(app.deps, author, { title: '绘画', description: '一个关于绘画的社区', favorites: 3, ageMs: 10 * H, views: 5 });
    p.petPortrait = await createIdea(app.deps, other, { title: '宠物绘画定制', description: '给猫狗画像', favorites: 0, ageMs: 5 * H });
    p.cycling = await createIdea(app.deps, author, { title: '城市骑行地图', description: '记录带有绘画风格的骑行路线', tags: ['出行'], favorites: 1, ageMs: 2 * H, views: 11 });
    p.coffee = await createIdea(app.deps, other, { title: '咖啡订阅', description: '每月精品咖啡豆送到家', tags: ['Coffee'], favorites: 0, ageMs: 1 * H });
    // Fillers with shared timestamps and counts, so the id tie-breaks are exercised.
    for (let i = 0; i < 6; i++) p[`filler${i}`] = await createIdea(app.deps, i % 2 ? author : other, { favorites: i % 3 === 0 ? 1 : 0, ageMs: (3 + (i % 2)) * H });
    visible = Object.values(p);
    // Every hidden stage carries the words the searches look for.
    for (const stage of ['draft', 'review', 'rejected', 'deleted'] as const) {
      hidden[stage] = await createIdea(app.deps, author, { stage, title: `绘画${stage}`, description: 'AI绘画 精品咖啡 骑行', tags: ['SaaS', 'Coffee'], favorites: 9, views: 100 });
    }
    hidden.deactivatedAuthor = await createIdea(app.deps, gone, { title: '绘画', description: 'AI绘画 精品咖啡', tags: ['SaaS'], favorites: 9, views: 100 });
    const deactivated = await app.api('POST', '/api/users/deactivate', { token: gone.token, body: { reason: '测试', password: FIXTURE_PASSWORD } });
    expect(deactivated.status).toBe(200);
  });

  async function expectedOrder(order: 'newest' | 'favorites'): Promise<number[]> {
    const rows = await app.deps.db.selectFrom('ideas').select(['id', 'published_at', 'favorite_count']).where('id', 'in', visible).execute();
    return rows
      .sort((a, b) => (order === 'favorites' ? b.favorite_count - a.favorite_count : 0) || (b.published_at! < a.published_at! ? -1 : b.published_at! > a.published_at! ? 1 : 0) || b.id - a.id)
      .map((r) => r.id);
  }

  it('pages newest and favourites to the end in their order, with no repeat and no skip', async () => {
    expect(await walk('/api/marketplace/ideas')).toEqual(await expectedOrder('newest'));
    expect(await walk('/api/marketplace/ideas?sort=newest')).toEqual(await expectedOrder('newest'));
    expect(await walk('/api/marketplace/ideas?sort=favorites')).toEqual(await expectedOrder('favorites'));
    expect(await walk('/api/marketplace/ideas?sort=favorites', 1)).toEqual(await expectedOrder('favorites'));
    // The first page in one go, with the default limit, and an unknown parameter ignored.
    const all = await app.api('GET', '/api/marketplace/ideas?sort=favorites&minPrice=5&category=x');
    expect(ids(all)).toEqual(await expectedOrder('favorites'));
    expect(all.body.nextCursor).toBeNull();
    expect(all.body.data[0]).toMatchObject({ title: expect.any(String), tags: expect.any(Array), favorite_count: expect.any(Number), isLocked: true });
  });

  it('pages the random order stably per seed, every card once, and another seed gives another order', async () => {
    const one = await walk('/api/marketplace/ideas?sort=random&seed=1');
    expect([...one].sort((a, b) => a - b)).toEqual([...visible].sort((a, b) => a - b));
    expect(await walk('/api/marketplace/ideas?sort=random&seed=1')).toEqual(one);
    expect(await walk('/api/marketplace/ideas?sort=random&seed=1', 2)).toEqual(one);
    const two = await walk('/api/marketplace/ideas?sort=random&seed=2');
    expect([...two].sort((a, b) => a - b)).toEqual([...visible].sort((a, b) => a - b));
    expect(two).not.toEqual(one);
    const big = await walk(`/api/marketplace/ideas?sort=random&seed=${2 ** 31}`, 4);
    expect([...big].sort((a, b) => a - b)).toEqual([...visible].sort((a, b) => a - b));
  });

  it('chooses a seed for a random sort sent without one, answers it, and continues that order from it or from the cursor', async () => {
    const chosen = await app.api('GET', '/api/marketplace/ideas?sort=random&limit=3');
    expect(chosen.status).toBe(200);
    const seed = chosen.body.seed;
    expect(Number.isInteger(seed) && seed >= 1 && seed <= 64).toBe(true);
    const whole = await walk(`/api/marketplace/ideas?sort=random&seed=${seed}`);
    expect(ids(chosen)).toEqual(whole.slice(0, 3));
    // The next page with the answered seed, or with the cursor alone: the same order goes on.
    const cursor = encodeURIComponent(chosen.body.nextCursor);
    const withSeed = await app.api('GET', `/api/marketplace/ideas?sort=random&seed=${seed}&limit=3&cursor=${cursor}`);
    const withCursor = await app.api('GET', `/api/marketplace/ideas?sort=random&limit=3&cursor=${cursor}`);
    expect(ids(withSeed)).toEqual(whole.slice(3, 6));
    expect(ids(withCursor)).toEqual(whole.slice(3, 6));
    expect(withCursor.body.seed).toBe(seed);
    // A seed that was sent is the one answered; other sorts answer none.
    expect((await app.api('GET', '/api/marketplace/ideas?sort=random&seed=12345')).body.seed).toBe(12345);
    expect((await app.api('GET', '/api/marketplace/ideas?sort=newest')).body).not.toHaveProperty('seed');
  });

  it('refuses a bad seed, sort or limit, and a cursor of another list or another seed', async () => {
    for (const path of ['/api/marketplace/ideas?sort=random&seed=0', '/api/marketplace/ideas?sort=cheap', '/api/marketplace/ideas?limit=51', '/api/marketplace/ideas?cursor=xyz']) {
      const res = await app.api('GET', path);
      expect(res.status, path).toBe(400);
      expect(res.body.message, path).toMatch(/[\u4e00-\u9fff]/);
    }
    const newest = await app.api('GET', '/api/marketplace/ideas?limit=2');
    expect((await app.api('GET', `/api/marketplace/ideas?sort=favorites&cursor=${newest.body.nextCursor}`)).status).toBe(400);
    const random = await app.api('GET', '/api/marketplace/ideas?sort=random&seed=3&limit=2');
    expect((await app.api('GET', `/api/marketplace/ideas?sort=random&seed=4&cursor=${random.body.nextCursor}`)).status).toBe(400);
  });

  it('answers the same on tRPC', async () => {
    const first = await trpcCall(app, 'query', 'marketplace.ideas', { sort: 'random', seed: 7, limit: 3 });
    expect(first.status).toBe(200);
    const rest = await app.api('GET', '/api/marketplace/ideas?sort=random&seed=7&limit=3');
    expect(first.body.result.data.data.map((i: { id: number }) => i.id)).toEqual(ids(rest));
    const second = await trpcCall(app, 'query', 'marketplace.ideas', { sort: 'random', seed: 7, limit: 3, cursor: first.body.result.data.nextCursor });
    const restSecond = await app.api('GET', `/api/marketplace/ideas?sort=random&seed=7&limit=3&cursor=${encodeURIComponent(rest.body.nextCursor)}`);
    expect(second.body.result.data.data.map((i: { id: number }) => i.id)).toEqual(ids(restSecond));
    const found = await trpcCall(app, 'query', 'marketplace.search', { q: '绘画' });
    expect(found.body.result.data.data.map((i: { id: number }) => i.id)).toEqual(await search('绘画'));
    expect(found.body.result.data.nextCursor).toBeNull();
    const blank = await trpcCall(app, 'query', 'marketplace.search', { q: '   ' });
    expect(blank.status).toBe(200);
    expect(blank.body.result.data).toMatchObject({ data: [], nextCursor: null });
    const noSeed = await trpcCall(app, 'query', 'marketplace.ideas', { sort: 'random', limit: 3 });
    expect(noSeed.status).toBe(200);
    const seed = noSeed.body.result.data.seed;
    const sameOrder = await app.api('GET', `/api/marketplace/ideas?sort=random&seed=${seed}&limit=6`);
    expect(noSeed.body.result.data.data.map((i: { id: number }) => i.id)).toEqual(ids(sameOrder).slice(0, 3));
    const next = await trpcCall(app, 'query', 'marketplace.ideas', { sort: 'random', limit: 3, cursor: noSeed.body.result.data.nextCursor });
    expect(next.body.result.data.data.map((i: { id: number }) => i.id)).toEqual(ids(sameOrder).slice(3, 6));
    const doc = (await app.api('GET', '/api/openapi.json')).body;
    for (const path of ['/api/marketplace/ideas', '/api/marketplace/search']) expect(doc.paths).toHaveProperty([path]);
  });

  it('searches 1-, 2- and 4-character Chinese, mixed and Latin text, exact title first, then title, then the rest, newest first', async () => {
    // 0: the title is the query; 1: titles containing it, newest first; 2: a description.
    expect(await search('绘画')).toEqual([p.painting, p.petPortrait, p.aiPainting, p.cycling]);
    // One character: same ranks (painting and aiPainting share their time: the higher id first).
    expect(await search('画')).toEqual([p.petPortrait, p.painting, p.aiPainting, p.cycling]);
    expect(await search('骑行')).toEqual([p.cycling]);
    expect(await search('精品咖啡')).toEqual([p.coffee]);
    expect(await search('绘画助手')).toEqual([p.aiPainting]);
    expect(await search('AI绘画')).toEqual([p.aiPainting]);
    expect(await search('ai 绘画')).toEqual([p.aiPainting]);
    // Tags, Latin, any case.
    expect(await search('saas')).toEqual([p.aiPainting]);
    expect(await search('COFFEE')).toEqual([p.coffee]);
    expect(await search('出行')).toEqual([p.cycling]);
    // All the query's bigrams are there, but not as one substring.
    expect(await search('画绘')).toEqual([]);
    expect(await search('绘画绘')).toEqual([]);
    expect(await search('没有这个词')).toEqual([]);
    // A long query: more grams than are checked in SQL; the substring check still decides.
    const long = await createIdea(app.deps, await createUser(app.deps), { title: '长标题', description: '一二三四五六七八九十一二三四五六七八九十甲乙丙丁戊己庚辛壬癸' });
    expect(await search('三四五六七八九十一二三四五六七八九十甲乙丙丁')).toEqual([long]);
    expect(await search('三四五六七八九十一二三四五六七八九十甲乙丁丙')).toEqual([]);
    expect(await search('！！')).toEqual([]);
  });

  it('pages search results with the ranks kept, with no repeat and no skip', async () => {
    const whole = await search('画');
    expect(await walk(`/api/marketplace/search?q=${encodeURIComponent('画')}`, 1)).toEqual(whole);
    expect(await walk(`/api/marketplace/search?q=${encodeURIComponent('画')}`, 3)).toEqual(whole);
    const bad = await app.api('GET', `/api/marketplace/search?q=${encodeURIComponent('画')}&cursor=${(await app.api('GET', '/api/marketplace/ideas?limit=1')).body.nextCursor}`);
    expect(bad.status).toBe(400);
  });

  it('answers a blank, space-only or left-out query with an empty result, as the spec\u2019s client does; refuses a too long one', async () => {
    for (const q of ['', '   ', '\u3000 \t', undefined]) {
      const res = await app.api('GET', q === undefined ? '/api/marketplace/search' : `/api/marketplace/search?q=${encodeURIComponent(q)}`);
      expect(res.status, JSON.stringify(q)).toBe(200);
      expect(res.body).toMatchObject({ success: true, data: [], nextCursor: null });
    }
    const long = await app.api('GET', `/api/marketplace/search?q=${'长'.repeat(51)}`);
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('搜索关键词最多50个字');
    expect((await app.api('GET', `/api/marketplace/search?q=${'长'.repeat(50)}`)).status).toBe(200);
  });

  it('never shows a draft, an idea in review, rejected, deleted or by a deactivated author, in any sort, search or count', async () => {
    const lists = [
      ...(['newest', 'favorites'] as const).map((s) => `/api/marketplace/ideas?sort=${s}&limit=50`),
      ...[1, 2, 3].map((seed) => `/api/marketplace/ideas?sort=random&seed=${seed}&limit=50`),
      ...['绘画', '画', 'AI绘画', '精品咖啡', 'saas', 'coffee', '骑行'].map((q) => `/api/marketplace/search?q=${encodeURIComponent(q)}&limit=50`),
    ];
    for (const path of lists) {
      for (const token of [undefined, other.token, admin.token]) {
        const shown = ids(await app.api('GET', path, { token }));
        for (const [stage, id] of Object.entries(hidden)) expect(shown, `${path} ${stage}`).not.toContain(id);
      }
    }
    const profile = await app.api('GET', `/api/auth/user/${author.registrationNumber}`);
    expect(profile.status).toBe(200);
    // aiPainting, painting, cycling and three fillers; views 7 + 5 + 11 (the hidden ones have 100 each).
    expect(profile.body.data.user).toMatchObject({ registrationNumber: author.registrationNumber, ideaCount: 6, followerCount: 0, viewCount: 23 });
    const goneProfile = await app.api('GET', `/api/auth/user/${gone.registrationNumber}`);
    expect(goneProfile.body.data.user).toMatchObject({ ideaCount: 0, viewCount: 0, followerCount: 0 });
    const trpc = await trpcCall(app, 'query', 'auth.publicUser', { registrationNumber: other.registrationNumber });
    expect(trpc.body.result.data.data.user).toMatchObject({ ideaCount: 5, viewCount: 0, followerCount: 0 });
  });

  it("pages a user's public ideas newest first", async () => {
    const mine = visible.filter((id) => [p.aiPainting, p.painting, p.cycling, p.filler1, p.filler3, p.filler5].includes(id));
    const expected = (await expectedOrder('newest')).filter((id) => mine.includes(id));
    expect(await walk(`/api/ideas/user/${author.registrationNumber}`, 4)).toEqual(expected);
    expect(await walk(`/api/ideas/user/${author.registrationNumber}`, 1)).toEqual(expected);
    expect(ids(await app.api('GET', `/api/ideas/user/${author.registrationNumber}`))).toEqual(expected);
  });

  it('stops finding an idea at once when it is rejected, deleted or its text changes', async () => {
    const writer = await createUser(app.deps);
    const posted = await app.api('POST', '/api/ideas', { token: writer.token, body: { title: '潮汐发电浮标', description: '海上的小型潮汐能装置', tags: 'Ocean 能源', status: 'published' } });
    expect(posted.status).toBe(201);
    const id = posted.body.data.id;
    expect(await search('潮汐')).toEqual([]); // in review
    expect((await app.api('POST', `/api/admin/ideas/${id}/approve`, { token: admin.token, body: {} })).status).toBe(200);
    expect(await search('潮汐')).toEqual([id]);
    expect(await search('ocean')).toEqual([id]);
    expect(ids(await app.api('GET', '/api/marketplace/ideas?limit=1'))).toEqual([id]);

    // Edited: the old words go at once, the new ones come with the approval.
    const edited = await app.api('PUT', `/api/ideas/${id}`, { token: writer.token, body: { title: '风力风筝发电', description: '高空风筝带动的发电机', tags: 'Kite', status: 'published' } });
    expect(edited.status).toBe(200);
    expect(await search('潮汐')).toEqual([]);
    expect(await search('风筝')).toEqual([]);
    expect((await app.api('POST', `/api/admin/ideas/${id}/approve`, { token: admin.token, body: {} })).status).toBe(200);
    expect(await search('风筝')).toEqual([id]);
    expect(await search('kite')).toEqual([id]);
    expect(await search('潮汐')).toEqual([]);
    expect(await search('ocean')).toEqual([]);

    // Edited again and rejected.
    await app.api('PUT', `/api/ideas/${id}`, { token: writer.token, body: { title: '风力风筝发电站', status: 'published' } });
    expect((await app.api('POST', `/api/admin/ideas/${id}/reject`, { token: admin.token, body: { reason: '描述过于简单' } })).status).toBe(200);
    expect(await search('风筝')).toEqual([]);

    // A public idea deleted, restored, then deleted for good.
    const kept = await app.api('POST', '/api/ideas', { token: writer.token, body: { title: '屋顶菜园共享', description: '楼顶种菜', status: 'published' } });
    await app.api('POST', `/api/admin/ideas/${kept.body.data.id}/approve`, { token: admin.token, body: {} });
    expect(await search('菜园')).toEqual([kept.body.data.id]);
    expect((await app.api('DELETE', `/api/ideas/${kept.body.data.id}`, { token: writer.token })).status).toBe(200);
    expect(await search('菜园')).toEqual([]);
    expect(ids(await app.api('GET', '/api/marketplace/ideas?sort=random&seed=5&limit=50'))).not.toContain(kept.body.data.id);
    expect((await app.api('POST', `/api/ideas/${kept.body.data.id}/restore`, { token: writer.token, body: {} })).status).toBe(200);
    expect(await search('菜园')).toEqual([kept.body.data.id]);
    expect((await app.api('DELETE', `/api/ideas/${kept.body.data.id}?force=true`, { token: writer.token })).status).toBe(200);
    expect(await search('菜园')).toEqual([]);
    expect(await app.deps.db.selectFrom('idea_search_grams').select('idea_id').where('idea_id', '=', kept.body.data.id).execute()).toEqual([]);

    // Saved back as a draft: the draft has no index entries.
    const draft = await app.api('POST', '/api/ideas', { token: writer.token, body: { title: '雨水回收花盆', status: 'published' } });
    await app.api('POST', `/api/admin/ideas/${draft.body.data.id}/approve`, { token: admin.token, body: {} });
    expect(await search('花盆')).toEqual([draft.body.data.id]);
    expect((await app.api('PUT', `/api/ideas/${draft.body.data.id}`, { token: writer.token, body: { title: '雨水回收花盆', status: 'draft' } })).status).toBe(200);
    expect(await search('花盆')).toEqual([]);
    expect(await app.deps.db.selectFrom('idea_search_grams').select('idea_id').where('idea_id', '=', draft.body.data.id).execute()).toEqual([]);
  });

  it('serves the first pages from the fast lane and drops them on a write', async () => {
    const path = `/api/marketplace/search?q=${encodeURIComponent('灯塔')}`;
    app.deps.publicCache.invalidate();
    expect((await app.api('GET', path)).body.data).toEqual([]);
    expect(app.deps.publicCache.size.entries).toBe(1);
    expect((await app.api('GET', `${path}&cursor=x`)).status).toBe(400);
    expect(app.deps.publicCache.size.entries).toBe(1);
    const writer = await createUser(app.deps);
    const posted = await app.api('POST', '/api/ideas', { token: writer.token, body: { title: '灯塔民宿', status: 'published' } });
    await app.api('POST', `/api/admin/ideas/${posted.body.data.id}/approve`, { token: admin.token, body: {} });
    expect(ids(await app.api('GET', path))).toEqual([posted.body.data.id]);
    const trpcPath = `/trpc/marketplace.search?input=${encodeURIComponent(JSON.stringify({ q: '灯塔' }))}`;
    expect((await app.api('GET', trpcPath)).body.result.data.data.map((i: { id: number }) => i.id)).toEqual([posted.body.data.id]);
  });
});
