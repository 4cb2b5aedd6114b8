/**
 * Tag pages (docs/product-rules.md "Tags"): `GET /api/tags/{tag}/ideas` (tRPC `tags.ideas`) lists a tag's
 * public ideas newest first in keyset pages with their count, tags compared folded (full-width, case,
 * traditional); `GET /api/tags/popular` (tRPC `tags.popular`) the most used tags of the last 30 days. The
 * visibility rule everywhere, the cached pages dropped by an approval, a take-down and a tag edit, and
 * bad tags refused. Both transports, both databases.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects.ts';
import { trpcCall } from '../helpers/api.ts';
import { serveTestApp } from '../helpers/serve.ts';
import { createIdea, createUser, FIXTURE_PASSWORD, type FixtureUser } from '../helpers/fixtures.ts';
import { publishedIdeaBody } from '../helpers/idea-bodies.ts';
import { writeTags } from '../../src/server/ideas/visibility.ts';

const H = 3600 * 1000;
const D = 24 * H;

describe.each(DIALECTS)('tag pages, on %s', (dialect) => {
  const app = serveTestApp(dialect, { moderation: 'manual' });
  let author: FixtureUser;
  let gone: FixtureUser;
  let admin: FixtureUser;
  /** The public ideas tagged AI in some spelling, newest first. */
  let aiIdeas: number[];

  const rest = (tag: string, query = '') => app.api('GET', `/api/tags/${encodeURIComponent(tag)}/ideas${query}`);
  const trpc = (input: Record<string, unknown>, token?: string) => trpcCall(app, 'query', 'tags.ideas', input, token);
  const ids = (data: { id: number }[]) => data.map((i) => i.id);

  beforeAll(async () => {
    author = await createUser(app.deps);
    gone = await createUser(app.deps);
    admin = await createUser(app.deps, { role: 'admin' });
    // Newest last: each spelling of the one tag, and a traditional one of 设计.
    const spellings = ['AI', 'ai', 'ＡＩ', 'Ai', 'aI'];
    aiIdeas = [];
    for (let i = 0; i < spellings.length; i++) aiIdeas.unshift(await createIdea(app.deps, author, { tags: ['其他', spellings[i]], ageMs: (10 - i) * H }));
    aiIdeas.unshift(await createIdea(app.deps, author, { tags: ['設計', 'AI'], ageMs: 1 * H }));
    await createIdea(app.deps, author, { tags: ['AIGC'], ageMs: 1 * H });
    // Hidden in every way: never listed, never counted.
    for (const stage of ['draft', 'review', 'rejected', 'deleted'] as const) await createIdea(app.deps, author, { stage, tags: ['AI', '设计'] });
    await createIdea(app.deps, gone, { tags: ['AI', '设计'] });
    expect((await app.api('POST', '/api/users/deactivate', { token: gone.token, body: { reason: '测试', password: FIXTURE_PASSWORD } })).status).toBe(200);
  });

  it('lists one tag in any spelling, newest first, with the count, on both transports', async () => {
    for (const tag of ['AI', 'ai', 'ＡＩ', ' Ai ']) {
      const res = await rest(tag);
      expect(res.status, tag).toBe(200);
      expect(ids(res.body.data)).toEqual(aiIdeas);
      expect(res.body.count).toBe(aiIdeas.length);
      expect(res.body.nextCursor).toBeNull();
      const viaTrpc = await trpc({ tag });
      expect(viaTrpc.status).toBe(200);
      expect(ids(viaTrpc.body.result.data.data)).toEqual(aiIdeas);
      expect(viaTrpc.body.result.data.count).toBe(aiIdeas.length);
    }
    // Traditional and simplified are one tag; a longer tag is another.
    for (const tag of ['设计', '設計']) expect((await rest(tag)).body.count).toBe(1);
    expect((await rest('AIGC')).body.count).toBe(1);
  });

  it('pages with nextCursor to the end, on both transports', async () => {
    const seenRest: number[] = [];
    let cursor: string | null = null;
    do {
      const res: { status: number; body: any } = await rest('ai', `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.body.count).toBe(aiIdeas.length);
      seenRest.push(...ids(res.body.data));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seenRest).toEqual(aiIdeas);

    const seenTrpc: number[] = [];
    let next: string | null = null;
    do {
      const res: { status: number; body: any } = await trpc({ tag: 'AI', limit: 4, ...(next ? { cursor: next } : {}) }, author.token);
      expect(res.status).toBe(200);
      seenTrpc.push(...ids(res.body.result.data.data));
      next = res.body.result.data.nextCursor;
    } while (next);
    expect(seenTrpc).toEqual(aiIdeas);
  });

  it('takes a tag with characters that mean something in an address', async () => {
    const id = await createIdea(app.deps, author, { tags: ['C#', 'a/b', '50%', 'x?y'] });
    for (const tag of ['C#', 'a/b', '50%', 'x?y', 'c#']) {
      const res = await rest(tag);
      expect(res.status, tag).toBe(200);
      expect(ids(res.body.data), tag).toEqual([id]);
      expect(ids((await trpc({ tag })).body.result.data.data), tag).toEqual([id]);
    }
  });

  it('answers a tag no public idea carries with an empty page', async () => {
    const res = await rest('无人使用');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ data: [], count: 0, nextCursor: null });
  });

  it('refuses an empty or too long tag, and a bad cursor, with 400 and a Chinese message', async () => {
    for (const tag of [' ', '七个汉字的标签', 'abcdefghijklm']) {
      const res = await rest(tag);
      expect(res.status, tag).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toMatch(/标签/);
      const viaTrpc = await trpc({ tag });
      expect(viaTrpc.status).toBe(400);
      expect(viaTrpc.body.error.message).toMatch(/标签/);
    }
    const bad = await rest('AI', '?cursor=nonsense');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('分页参数无效');
  });

  it('counts the popular tags of the last 30 days, most used first, on both transports', async () => {
    const tagged = (tags: string[], ageMs: number) => createIdea(app.deps, author, { tags, ageMs });
    for (let i = 0; i < 3; i++) await tagged(['旧标签'], 31 * D);
    await tagged(['新标签'], 29 * D);
    await tagged(['新标签'], 2 * D);
    const res = await app.api('GET', '/api/tags/popular');
    expect(res.status).toBe(200);
    const list = res.body.data as { tag: string; count: number }[];
    expect(list[0]).toEqual({ tag: expect.stringMatching(/^(AI|ai|Ai|aI|ＡＩ)$/), count: aiIdeas.length });
    expect(list.find((t) => t.tag === '新标签')?.count).toBe(2);
    expect(list.find((t) => t.tag === '旧标签')).toBeUndefined();
    // Hidden ideas count for nothing: 设计 is on one public idea only.
    expect(list.find((t) => t.tag === '设计' || t.tag === '設計')?.count).toBe(1);
    expect(list.length).toBeLessThanOrEqual(20);
    for (let i = 1; i < list.length; i++) expect(list[i].count).toBeLessThanOrEqual(list[i - 1].count);
    const viaTrpc = await trpcCall(app, 'query', 'tags.popular');
    expect(viaTrpc.status).toBe(200);
    expect(viaTrpc.body.result.data.data).toEqual(list);
  });

  it('drops a cached tag page on an approval, a tag edit and a take-down', async () => {
    const page = async () => ids((await rest('缓存')).body.data);
    const popular = async () => ((await app.api('GET', '/api/tags/popular')).body.data as { tag: string; count: number }[]).find((t) => t.tag === '缓存')?.count;
    expect(await page()).toEqual([]);
    expect(await page()).toEqual([]);
    expect(await popular()).toBeUndefined();

    // Published, waiting for a moderator: not listed; approved: listed.
    const posted = await app.api('POST', '/api/ideas', { token: author.token, body: publishedIdeaBody('标签缓存测试', { tags: '缓存' }) });
    expect(posted.status).toBe(201);
    const id = posted.body.data.id as number;
    expect(await page()).toEqual([]);
    expect((await app.api('POST', `/api/admin/ideas/${id}/approve`, { token: admin.token })).status).toBe(200);
    expect(await page()).toEqual([id]);
    expect(await popular()).toBe(1);

    // Taken down: gone from the page and the count.
    const taken = await trpcCall(app, 'mutation', 'admin.takeDown', { id, reason: '测试下架' }, admin.token);
    expect(taken.status).toBe(200);
    expect(await page()).toEqual([]);
    expect(await popular()).toBeUndefined();

    // Its tags edited and approved again: listed under the new tag only.
    const other = await createIdea(app.deps, author, { title: '改标签的那一条', description: '它的标签会被作者改掉', tags: ['缓存'] });
    expect(await page()).toEqual([other]);
    const edited = await app.api('PUT', `/api/ideas/${other}`, { token: author.token, body: { tags: '改过的标签' } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await page()).toEqual([]);
    expect((await app.api('POST', `/api/admin/ideas/${other}/approve`, { token: admin.token })).status).toBe(200);
    expect(await page()).toEqual([]);
    expect(ids((await rest('改过的标签')).body.data)).toEqual([other]);
  });

  it('mends a tag row written without its folded tag (by a process older than the column) on the next save of the same tags', async () => {
    const id = await createIdea(app.deps, author, { tags: ['滚动升级'] });
    await app.deps.db.updateTable('idea_tags').set({ tag_fold: '' }).where('idea_id', '=', id).execute();
    app.deps.publicCache.invalidate();
    expect(ids((await rest('滚动升级')).body.data)).toEqual([]);
    await writeTags(app.deps.db, id, ['滚动升级']);
    app.deps.publicCache.invalidate();
    expect(ids((await rest('滚动升级')).body.data)).toEqual([id]);
  });

  it('keeps at most 20 popular tags', async () => {
    for (let i = 0; i < 22; i++) await createIdea(app.deps, author, { tags: [`多${i}`] });
    const list = (await app.api('GET', '/api/tags/popular')).body.data as unknown[];
    expect(list).toHaveLength(20);
  });
});
