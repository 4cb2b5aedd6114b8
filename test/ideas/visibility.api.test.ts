/**
 * The one visibility rule (ideas/visibility.ts): public = published, approved, not deleted, author
 * active. Every public read path is checked against ideas in every other stage, and images uploaded
 * before an idea exists never create a draft.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects.ts';
import { trpcCall } from '../helpers/api.ts';
import { serveTestApp } from '../helpers/serve.ts';
import { createIdea, createUser, type FixtureUser } from '../helpers/fixtures.ts';

const PUBLIC_LISTS = ['/api/ideas/all?limit=100', '/api/ideas?limit=100', '/api/ideas/guest?limit=100', '/api/ideas/recent?limit=100', '/api/ideas/hot?limit=100', '/api/ideas/all-versions?limit=100'];

describe.each(DIALECTS)('what others may see, on %s', (dialect) => {
  const app = serveTestApp(dialect);
  let author: FixtureUser;
  let gone: FixtureUser;
  let viewer: FixtureUser;
  let visible: number;
  const hidden: Record<string, number> = {};

  beforeAll(async () => {
    author = await createUser(app.deps);
    gone = await createUser(app.deps);
    viewer = await createUser(app.deps);
    visible = await createIdea(app.deps, author, { tags: ['可见'] });
    for (const stage of ['draft', 'review', 'rejected', 'deleted'] as const) hidden[stage] = await createIdea(app.deps, author, { stage });
    // An approved, undeleted idea whose author is deactivated: hidden by the author part of the rule alone.
    hidden.deactivatedAuthor = await createIdea(app.deps, gone);
    await app.deps.db.updateTable('users').set({ status: 'deactivated' }).where('id', '=', gone.id).execute();
  });

  it('lists only public ideas, to guests and members alike', async () => {
    for (const path of PUBLIC_LISTS) {
      for (const token of [undefined, viewer.token]) {
        const ids = (await app.api('GET', path, { token })).body.data.map((i: { id: number }) => i.id);
        expect(ids, path).toContain(visible);
        for (const [stage, id] of Object.entries(hidden)) expect(ids, `${path} ${stage}`).not.toContain(id);
      }
    }
    const byAuthor = (await app.api('GET', `/api/ideas/user/${author.registrationNumber}`)).body.data.map((i: { id: number }) => i.id);
    expect(byAuthor).toEqual([visible]);
    expect((await app.api('GET', `/api/ideas/user/${gone.registrationNumber}`)).body.data).toEqual([]);
  });

  it('answers 404 for a hidden idea to everyone but its author, on REST, tRPC and the unlock path', async () => {
    for (const [stage, id] of Object.entries(hidden)) {
      expect((await app.api('GET', `/api/ideas/${id}`)).status, stage).toBe(404);
      expect((await app.api('GET', `/api/ideas/${id}`, { token: viewer.token })).status, stage).toBe(404);
      const trpc = await app.api('GET', `/trpc/ideas.byId?input=${encodeURIComponent(JSON.stringify({ id }))}`, { token: viewer.token });
      expect(trpc.status, stage).toBe(404);
      expect((await app.api('POST', `/api/ideas/${id}/purchase`, { token: viewer.token, body: {} })).status, stage).toBe(404);
    }
    for (const stage of ['draft', 'review', 'rejected', 'deleted']) {
      expect((await app.api('GET', `/api/ideas/${hidden[stage]}`, { token: author.token })).status, stage).toBe(200);
    }
    expect((await app.api('GET', `/api/ideas/${visible}`)).status).toBe(200);
  });

  it('an admin reads a hidden idea but cannot act on it: no comment, mark, report, favourite, unlock or view, on REST and tRPC', async () => {
    const admin = await createUser(app.deps, { role: 'admin' });
    for (const stage of ['draft', 'review', 'rejected'] as const) {
      const id = hidden[stage];
      expect((await app.api('GET', `/api/ideas/${id}`, { token: admin.token })).status, stage).toBe(200);
      // The author may still note something on their own idea; nobody else reaches it.
      const own = await app.api('POST', '/api/comments', { token: author.token, body: { ideaId: id, content: `作者的备注${stage}` } });
      expect(own.status, stage).toBe(201);
      const refused = [
        await app.api('POST', '/api/comments', { token: admin.token, body: { ideaId: id, content: '看看' } }),
        await app.api('POST', `/api/comments/${own.body.data.id}/like`, { token: admin.token }),
        await app.api('POST', `/api/comments/${own.body.data.id}/report`, { token: admin.token, body: { reason: '广告' } }),
        await app.api('POST', `/api/favorites/${id}`, { token: admin.token, body: { favorite: true } }),
        await app.api('POST', `/api/ideas/${id}/purchase`, { token: admin.token, body: {} }),
        await app.api('POST', '/api/ideas/view', { token: admin.token, body: { ideaId: id } }),
        await trpcCall(app, 'mutation', 'comments.create', { ideaId: id, content: '看看' }, admin.token),
        await trpcCall(app, 'mutation', 'comments.dislike', { id: own.body.data.id }, admin.token),
        await trpcCall(app, 'mutation', 'favorites.set', { ideaId: id, favorite: true }, admin.token),
        await trpcCall(app, 'mutation', 'ideas.purchase', { id }, admin.token),
        await trpcCall(app, 'mutation', 'ideas.recordView', { ideaId: id }, admin.token),
      ];
      expect(
        refused.map((r) => r.status),
        stage,
      ).toEqual(refused.map(() => 404));
      const row = await app.deps.db.selectFrom('ideas').select(['favorite_count', 'view_count']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(row, stage).toMatchObject({ favorite_count: 0, view_count: 0 });
      const comments = (await app.api('GET', `/api/comments/idea/${id}`, { token: admin.token })).body.data;
      expect(
        comments.map((c: { content: string }) => c.content),
        stage,
      ).toEqual([`作者的备注${stage}`]);
    }
  });

  it('does not tell of a hidden idea through a duplicate answer: the copy waits for a moderator', async () => {
    const reviewRow = await app.deps.db.selectFrom('ideas').select(['title', 'description', 'detailed_analysis']).where('id', '=', hidden.review).executeTakeFirstOrThrow();
    const copy = await app.api('POST', '/api/ideas', {
      token: viewer.token,
      body: { title: reviewRow.title, description: reviewRow.description, detailedAnalysis: reviewRow.detailed_analysis, status: 'published' },
    });
    expect(copy.status).toBe(201);
    expect(copy.body.data.moderation_status).toBe('review');
    expect(copy.body).not.toHaveProperty('duplicateInfo');
  });
});

describe.each(DIALECTS)('images before the idea exists, on %s', (dialect) => {
  const app = serveTestApp(dialect);

  async function upload(token: string, ideaId?: number) {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#f80' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
    if (ideaId) form.append('ideaId', String(ideaId));
    return app.api('POST', '/api/upload/idea-image', { token, body: form });
  }

  it('holds an upload without an idea, creates no draft, and attaches it when the idea is saved', async () => {
    const writer = await createUser(app.deps);
    const other = await createUser(app.deps);
    const sent = await upload(writer.token);
    expect(sent.status).toBe(201);
    expect(sent.body.url).toMatch(/^\/uploads\/[a-f0-9]+\.jpg$/);
    const drafts = await app.api('GET', '/api/ideas/my?status=all', { token: writer.token });
    expect(drafts.body.data).toEqual([]);

    // Someone else cannot put the pending upload into their idea: the sanitizer drops it.
    const img = `<img src="${sent.body.url}">`;
    const stolen = await app.api('POST', '/api/ideas', { token: other.token, body: { title: '借图', detailedAnalysis: `<p>x</p>${img}` } });
    expect(stolen.body.data.detailedAnalysis).not.toContain(sent.body.fileName);

    const saved = await app.api('POST', '/api/ideas', { token: writer.token, body: { title: '带图的新创意', detailedAnalysis: `<p>图：</p>${img}` } });
    expect(saved.status).toBe(201);
    expect(saved.body.data.images).toEqual([sent.body.url]);
    const attached = await app.deps.db.selectFrom('idea_images').select('idea_id').where('file_name', '=', sent.body.fileName).executeTakeFirst();
    expect(attached?.idea_id).toBe(saved.body.data.id);
    expect(await app.deps.db.selectFrom('pending_uploads').selectAll().execute()).toEqual([]);
    expect((await app.api('GET', sent.body.url)).status).toBe(200);
  });

  it('refuses an analysis with more than 3 images', async () => {
    const writer = await createUser(app.deps);
    const urls = [];
    for (let i = 0; i < 4; i++) urls.push((await upload(writer.token)).body.url);
    const res = await app.api('POST', '/api/ideas', { token: writer.token, body: { title: '四张图', detailedAnalysis: urls.map((u) => `<img src="${u}">`).join('') } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('最多只能插入3张图片');
  });
});
