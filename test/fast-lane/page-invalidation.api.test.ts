/**
 * An idea's cached page and comment list follow every kind of write that changes them, at
 * once in the process that made it, for guests and members, on both transports: a comment written or
 * removed, an edit (back to review), a review decision, a delete and a restore, an unlock (the
 * member's own page), a commenter's profile change or deactivation, the author's deactivation. A write
 * about one idea leaves other ideas' pages where they are (contract/changes.ts: one rule for scope); a
 * count (a favourite) leaves the page too, for at most CACHE_TTL_MS.
 *
 * Whether an answer came from the cache is seen by changing a row behind the operations' back: only
 * a cached answer still shows the old value.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects.ts';
import { serveTestApp } from '../helpers/serve.ts';
import { createIdea, createUser, FIXTURE_PASSWORD, type FixtureUser } from '../helpers/fixtures.ts';

describe.each(DIALECTS)('cached idea pages and comments follow the writes, on %s', (dialect) => {
  const app = serveTestApp(dialect, { moderation: 'manual' });
  let author: FixtureUser;
  let commenter: FixtureUser;
  let reader: FixtureUser;
  let admin: FixtureUser;

  beforeAll(async () => {
    author = await createUser(app.deps);
    commenter = await createUser(app.deps);
    reader = await createUser(app.deps);
    admin = await createUser(app.deps, { role: 'admin' });
  });

  /** An idea's page and comments as a guest and a reader see them, through REST and tRPC. */
  async function views(id: number) {
    const trpc = (name: string, input: unknown, token?: string) =>
      fetch(`${app.url}/trpc/${name}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers: token ? { authorization: `Bearer ${token}` } : {} }).then(async (r) => ({
        status: r.status,
        data: r.status === 200 ? (await r.json()).result.data.data : null,
      }));
    const rest = (path: string, token?: string) => app.api('GET', path, { token }).then((r) => ({ status: r.status, data: r.status === 200 ? r.body.data : null }));
    return {
      page: [await rest(`/api/ideas/${id}`), await rest(`/api/ideas/${id}`, reader.token), await trpc('ideas.byId', { id }), await trpc('ideas.byId', { id }, reader.token)],
      comments: [
        await rest(`/api/comments/idea/${id}`),
        await rest(`/api/comments/idea/${id}`, reader.token),
        await trpc('comments.list', { ideaId: id }),
        await trpc('comments.list', { ideaId: id }, reader.token),
      ],
    };
  }

  const titleBehindTheBack = (id: number, title: string) => app.deps.db.updateTable('ideas').set({ title }).where('id', '=', id).execute();
  const titles = (v: Awaited<ReturnType<typeof views>>) => v.page.map((p) => p.data?.title ?? p.status);

  it('a comment written or removed shows at once on its idea\u2019s page and list; other ideas\u2019 pages stay cached', async () => {
    const idea = await createIdea(app.deps, author, { title: '评论失效的创意' });
    const other = await createIdea(app.deps, author, { title: '旁边的创意' });
    await views(idea);
    await views(other);
    // Behind the operations' back: only cached answers keep the old titles.
    await titleBehindTheBack(other, '旁边的创意（库里已改）');
    await titleBehindTheBack(idea, '评论失效的创意（库里已改）');

    const written = await app.api('POST', '/api/comments', { token: commenter.token, body: { ideaId: idea, content: '第一条评论' } });
    expect(written.status).toBe(201);
    const after = await views(idea);
    for (const c of after.comments) expect(c.data.map((x: { content: string }) => x.content)).toEqual(['第一条评论']);
    for (const p of after.page) expect(p.data).toMatchObject({ title: '评论失效的创意（库里已改）', commentCount: 1 });
    for (const p of after.page) expect(p.data.comments.map((x: { id: number }) => x.id)).toEqual([written.body.data.id]);
    // The other idea's page was not about this comment: still the cached one.
    expect(titles(await views(other))).toEqual(['旁边的创意', '旁边的创意', '旁边的创意', '旁边的创意']);
    // The lists show comment counts: they were dropped.
    const card = (await app.api('GET', '/api/marketplace/ideas?limit=50')).body.data.find((c: { id: number }) => c.id === idea);
    expect(card.commentCount).toBe(1);

    // Removed by the idea's author (not its writer), then one by an admin.
    expect((await app.api('DELETE', `/api/comments/${written.body.data.id}`, { token: author.token })).status).toBe(200);
    for (const c of (await views(idea)).comments) expect(c.data).toEqual([]);
    const second = await app.api('POST', '/api/comments', { token: commenter.token, body: { ideaId: idea, content: '第二条评论' } });
    expect((await views(idea)).page.map((p) => p.data.commentCount)).toEqual([1, 1, 1, 1]);
    expect((await app.api('DELETE', `/api/comments/${second.body.data.id}`, { token: admin.token })).status).toBe(200);
    const cleared = await views(idea);
    expect(cleared.page.map((p) => p.data.commentCount)).toEqual([0, 0, 0, 0]);
    for (const c of cleared.comments) expect(c.data).toEqual([]);
    expect(titles(await views(other))).toEqual(['旁边的创意', '旁边的创意', '旁边的创意', '旁边的创意']);
  });

  it('an edit (back to review), a review decision, a delete and a restore show at once', async () => {
    const idea = await createIdea(app.deps, author, { title: '审核失效的创意' });
    await views(idea);
    // Edited: back in review, so gone from every public page at once; its author still sees it.
    expect((await app.api('PUT', `/api/ideas/${idea}`, { token: author.token, body: { title: '审核失效的创意（改）', status: 'published' } })).status).toBe(200);
    let now = await views(idea);
    expect(now.page.map((p) => p.status)).toEqual([404, 404, 404, 404]);
    expect(now.comments.map((c) => c.status)).toEqual([404, 404, 404, 404]);
    expect((await app.api('GET', `/api/ideas/${idea}`, { token: author.token })).body.data.title).toBe('审核失效的创意（改）');
    // Approved: public again with the new title.
    expect((await app.api('POST', `/api/admin/ideas/${idea}/approve`, { token: admin.token })).status).toBe(200);
    expect(titles(await views(idea))).toEqual(Array(4).fill('审核失效的创意（改）'));
    // Edited and rejected: stays out.
    await app.api('PUT', `/api/ideas/${idea}`, { token: author.token, body: { title: '审核失效的创意（再改）', status: 'published' } });
    expect((await app.api('POST', `/api/admin/ideas/${idea}/reject`, { token: admin.token, body: { reason: '再改改' } })).status).toBe(200);
    expect((await views(idea)).page.map((p) => p.status)).toEqual([404, 404, 404, 404]);
    await app.api('PUT', `/api/ideas/${idea}`, { token: author.token, body: { status: 'published' } });
    await app.api('POST', `/api/admin/ideas/${idea}/approve`, { token: admin.token });
    expect(titles(await views(idea))).toEqual(Array(4).fill('审核失效的创意（再改）'));
    // Deleted, then restored.
    expect((await app.api('DELETE', `/api/ideas/${idea}`, { token: author.token })).status).toBe(200);
    now = await views(idea);
    expect([...now.page, ...now.comments].map((p) => p.status)).toEqual(Array(8).fill(404));
    expect((await app.api('POST', `/api/ideas/${idea}/restore`, { token: author.token })).status).toBe(200);
    expect((await views(idea)).page.map((p) => p.status)).toEqual([200, 200, 200, 200]);
  });

  it('an unlock opens the member\u2019s own page at once, and only theirs', async () => {
    const idea = await createIdea(app.deps, author, { title: '解锁失效的创意', analysis: '<p>只给解锁的人看</p>' });
    const unlocker = await createUser(app.deps);
    const before = await app.api('GET', `/api/ideas/${idea}`, { token: unlocker.token });
    expect(before.body.data.isLocked).toBe(true);
    expect((await app.api('POST', `/api/ideas/${idea}/purchase`, { token: unlocker.token })).status).toBe(200);
    const after = await app.api('GET', `/api/ideas/${idea}`, { token: unlocker.token });
    expect(after.body.data).toMatchObject({ isLocked: false, detailedAnalysis: '<p>只给解锁的人看</p>' });
    for (const p of (await views(idea)).page) expect(p.data).toMatchObject({ isLocked: true });
  });

  it('a commenter\u2019s avatar change or deactivation shows at once on every list with their comments', async () => {
    const idea = await createIdea(app.deps, author, { title: '评论者失效的创意' });
    const leaver = await createUser(app.deps, { nickname: '将要离开的人' });
    await app.api('POST', '/api/comments', { token: leaver.token, body: { ideaId: idea, content: '离开前的评论' } });
    await views(idea);
    expect((await app.api('PUT', '/api/auth/profile', { token: leaver.token, body: { avatarUrl: '/avatars/avatar-3.svg' } })).status).toBe(200);
    let now = await views(idea);
    for (const c of now.comments) expect(c.data[0].userAvatar).toBe('/avatars/avatar-3.svg');
    for (const p of now.page) expect(p.data.comments[0].userAvatar).toBe('/avatars/avatar-3.svg');
    expect((await app.api('POST', '/api/users/deactivate', { token: leaver.token, body: { reason: '测试注销', password: FIXTURE_PASSWORD } })).status).toBe(200);
    now = await views(idea);
    for (const c of now.comments) expect(c.data[0].userName).toBe('已注销用户');
    for (const p of now.page) expect(p.data.comments[0].userName).toBe('已注销用户');
  });

  it('the author\u2019s deactivation takes the page and its comments away at once', async () => {
    const gone = await createUser(app.deps);
    const idea = await createIdea(app.deps, gone, { title: '作者注销的创意' });
    await views(idea);
    expect((await app.api('POST', '/api/users/deactivate', { token: gone.token, body: { reason: '测试注销', password: FIXTURE_PASSWORD } })).status).toBe(200);
    const now = await views(idea);
    expect([...now.page, ...now.comments].map((p) => p.status)).toEqual(Array(8).fill(404));
  });

  it('a favourite (a count) leaves the cached page, which may show the count CACHE_TTL_MS late', async () => {
    const idea = await createIdea(app.deps, author, { title: '收藏不失效的创意' });
    await views(idea);
    await titleBehindTheBack(idea, '收藏不失效的创意（库里已改）');
    expect((await app.api('POST', `/api/favorites/${idea}`, { token: reader.token, body: { favorite: true } })).status).toBe(200);
    const now = await views(idea);
    expect(titles(now)).toEqual(Array(4).fill('收藏不失效的创意'));
    // REST first, then tRPC: each spells the count its own way.
    expect(now.page.map((p, i) => (i < 2 ? p.data.favorite_count : p.data.favoriteCount))).toEqual([0, 0, 0, 0]);
    // The member's own state comes from the member read, at once.
    expect((await app.api('GET', `/api/ideas/${idea}/viewer`, { token: reader.token })).body.data.isFavorite).toBe(true);
  });

  it('a held comment shows at once to its writer alone, and to everyone once approved; a rejected one leaves it', async () => {
    const idea = await createIdea(app.deps, author, { title: '送审评论的创意' });
    expect((await app.api('POST', '/api/admin/watched-words', { token: admin.token, body: { word: '送审专用词', action: 'hold' } })).status).toBeLessThan(300);
    const writer = await createUser(app.deps);
    await views(idea);
    const list = (token?: string) => app.api('GET', `/api/comments/idea/${idea}`, { token }).then((r) => r.body.data.map((c: { content: string }) => c.content));
    expect(await list(writer.token)).toEqual([]);
    const held = await app.api('POST', '/api/comments', { token: writer.token, body: { ideaId: idea, content: '含送审专用词的评论' } });
    expect(held.status).toBe(201);
    expect(await list(writer.token)).toEqual(['含送审专用词的评论']);
    expect((await app.api('GET', `/api/ideas/${idea}`, { token: writer.token })).body.data.comments.map((c: { content: string }) => c.content)).toEqual(['含送审专用词的评论']);
    for (const c of (await views(idea)).comments) expect(c.data).toEqual([]);
    expect((await app.api('POST', `/api/admin/held-comments/${held.body.data.id}/approve`, { token: admin.token })).status).toBe(200);
    for (const c of (await views(idea)).comments) expect(c.data.map((x: { content: string }) => x.content)).toEqual(['含送审专用词的评论']);
    const second = await app.api('POST', '/api/comments', { token: writer.token, body: { ideaId: idea, content: '又一条送审专用词' } });
    expect(await list(writer.token)).toHaveLength(2);
    expect((await app.api('POST', `/api/admin/held-comments/${second.body.data.id}/reject`, { token: admin.token })).status).toBe(200);
    expect(await list(writer.token)).toEqual(['含送审专用词的评论']);
  });
});
