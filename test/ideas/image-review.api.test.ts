/**
 * Pictures wait for a person (spec: all content is shown only after review). The automatic review
 * reads words, not pictures: in automatic mode an idea showing a picture no moderator has seen goes
 * to the queue, which names the pictures; an edit that keeps the seen ones stays public, one that adds
 * a picture goes back. Every path that publishes: create, edit, publishing a draft; REST and tRPC.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects.ts';
import { trpcCall, uploadForm } from '../helpers/api.ts';
import { serveTestApp } from '../helpers/serve.ts';
import { createUser, type FixtureUser } from '../helpers/fixtures.ts';
import { publishedIdeaBody } from '../helpers/idea-bodies.ts';

describe.each(DIALECTS)('pictures in automatic review on %s', (dialect) => {
  const app = serveTestApp(dialect, { moderation: 'auto' });
  let admin: FixtureUser;
  let author: FixtureUser;
  beforeAll(async () => {
    admin = await createUser(app.deps, { role: 'admin' });
    author = await createUser(app.deps);
  });

  let colour = 0;
  /** An idea saved as a draft, and a picture uploaded for it: its URL. */
  const draftWithUpload = async () => {
    const draft = await app.api('POST', '/api/ideas', { token: author.token, body: { title: `带图的草稿${++colour}`, status: 'draft' } });
    expect(draft.status).toBe(201);
    return { id: draft.body.data.id as number, url: await upload(draft.body.data.id) };
  };
  const upload = async (ideaId: number) => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: { r: colour * 40, g: 90, b: 200 } } })
      .png()
      .toBuffer();
    colour++;
    const up = await app.api('POST', '/api/upload/idea-image', { token: author.token, body: uploadForm(ideaId, png, 'p.png') });
    expect(up.status).toBe(201);
    return up.body.url as string;
  };
  const analysisWith = (...urls: string[]) => `<p>分析${colour}</p>${urls.map((u) => `<img src="${u}">`).join('')}`;
  const queueEntry = async (id: number) =>
    ((await app.api('GET', '/api/admin/review', { token: admin.token })).body.data as { id: number; heldImages: string[]; heldWords: unknown[] }[]).find((i) => i.id === id);
  const guestSees = async (id: number) => (await app.api('GET', `/api/ideas/${id}`)).status;
  const approve = async (id: number) => expect((await app.api('POST', `/api/admin/ideas/${id}/approve`, { token: admin.token })).status).toBe(200);
  const approvalsTold = async (id: number) => (await app.deps.db.selectFrom('messages').select('title').where('idea_id', '=', id).execute()).filter((m) => m.title.startsWith('创意审核通过')).length;

  it('holds a new idea showing a picture, over REST, and names the picture in the queue; one without stays approved', async () => {
    const { id, url } = await draftWithUpload();
    const saved = await app.api('PUT', `/api/ideas/${id}`, { token: author.token, body: { ...publishedIdeaBody('带一张图的创意'), detailedAnalysis: analysisWith(url) } });
    expect(saved.status).toBe(200);
    expect(saved.body.data.moderation_status).toBe('review');
    expect(await guestSees(id)).toBe(404);
    expect(await queueEntry(id)).toMatchObject({ heldImages: [url], heldWords: [] });

    const plain = await app.api('POST', '/api/ideas', { token: author.token, body: publishedIdeaBody('没有图的创意') });
    expect(plain.body.data.moderation_status).toBe('approved');
    expect(await queueEntry(plain.body.data.id)).toBeUndefined();
  });

  it('holds a draft published with a picture, over tRPC, and approving it makes it public and empties its reasons', async () => {
    const { id, url } = await draftWithUpload();
    expect((await trpcCall(app, 'mutation', 'ideas.update', { id, ...publishedIdeaBody('草稿带图'), status: 'draft', detailedAnalysis: analysisWith(url) }, author.token)).status).toBe(200);
    const published = await trpcCall(app, 'mutation', 'ideas.publishDraft', { id }, author.token);
    expect(published.status).toBe(200);
    expect(published.body.result.data.data.moderationStatus).toBe('review');
    const queue = await trpcCall(app, 'query', 'admin.reviewQueue', undefined, admin.token);
    expect(queue.body.result.data.data.find((i: { id: number }) => i.id === id)).toMatchObject({ heldImages: [url] });
    await approve(id);
    expect(await guestSees(id)).toBe(200);
  });

  it('keeps an approved idea public through an edit that keeps its pictures, and sends it back for one it adds', async () => {
    const { id, url: first } = await draftWithUpload();
    const body = { ...publishedIdeaBody('编辑时加图的创意'), detailedAnalysis: analysisWith(first) };
    expect((await app.api('PUT', `/api/ideas/${id}`, { token: author.token, body })).body.data.moderation_status).toBe('review');
    await approve(id);

    const kept = await trpcCall(app, 'mutation', 'ideas.update', { id, ...body, title: '编辑时加图的创意（改了标题）' }, author.token);
    expect(kept.body.result.data.data.moderationStatus).toBe('approved');
    expect(await guestSees(id)).toBe(200);

    const second = await upload(id);
    const added = await app.api('PUT', `/api/ideas/${id}`, { token: author.token, body: { detailedAnalysis: analysisWith(first, second) } });
    expect(added.body.data.moderation_status).toBe('review');
    expect(await guestSees(id)).toBe(404);
    // Only the picture no one has seen is named.
    expect(await queueEntry(id)).toMatchObject({ heldImages: [second] });
  });

  it('a public idea saved as a draft and published again keeps its seen pictures: public at once, told once (approved in the queue, REST)', async () => {
    const { id, url } = await draftWithUpload();
    const body = { ...publishedIdeaBody('做过草稿的带图创意'), detailedAnalysis: analysisWith(url) };
    expect((await app.api('PUT', `/api/ideas/${id}`, { token: author.token, body })).body.data.moderation_status).toBe('review');
    await approve(id);
    expect(await approvalsTold(id)).toBe(1);

    expect((await app.api('PUT', `/api/ideas/${id}`, { token: author.token, body: { status: 'draft' } })).status).toBe(200);
    expect(await guestSees(id)).toBe(404);
    const again = await app.api('PUT', `/api/ideas/${id}/publish`, { token: author.token });
    expect(again.status).toBe(200);
    expect(again.body.data.moderation_status).toBe('approved');
    expect(await guestSees(id)).toBe(200);
    expect(await queueEntry(id)).toBeUndefined();
    expect(await approvalsTold(id)).toBe(1);

    // A picture added during the spell as a draft still waits, and only it is named.
    expect((await app.api('PUT', `/api/ideas/${id}`, { token: author.token, body: { status: 'draft' } })).status).toBe(200);
    const added = await upload(id);
    const withNew = await trpcCall(app, 'mutation', 'ideas.update', { id, ...body, detailedAnalysis: analysisWith(url, added), status: 'published' }, author.token);
    expect(withNew.body.result.data.data.moderationStatus).toBe('review');
    expect(await queueEntry(id)).toMatchObject({ heldImages: [added] });
  });

  it('pictures a moderator corrected and approved count as seen too (edit-approve, then a draft published over tRPC)', async () => {
    const { id, url } = await draftWithUpload();
    const body = { ...publishedIdeaBody('改后通过的带图创意'), detailedAnalysis: analysisWith(url) };
    expect((await app.api('PUT', `/api/ideas/${id}`, { token: author.token, body })).body.data.moderation_status).toBe('review');
    const corrected = await app.api('POST', `/api/admin/ideas/${id}/edit-approve`, { token: admin.token, body: { title: '改后通过的带图创意（管理员改了标题）' } });
    expect(corrected.status).toBe(200);

    expect((await trpcCall(app, 'mutation', 'ideas.update', { id, status: 'draft' }, author.token)).status).toBe(200);
    const again = await trpcCall(app, 'mutation', 'ideas.publishDraft', { id }, author.token);
    expect(again.body.result.data.data.moderationStatus).toBe('approved');
    expect(await guestSees(id)).toBe(200);
    expect(await approvalsTold(id)).toBe(1);
  });

  it('a rejection does not make a picture seen', async () => {
    const { id, url } = await draftWithUpload();
    const body = { ...publishedIdeaBody('被驳回的带图创意'), detailedAnalysis: analysisWith(url) };
    await app.api('PUT', `/api/ideas/${id}`, { token: author.token, body });
    expect((await app.api('POST', `/api/admin/ideas/${id}/reject`, { token: admin.token, body: { reason: '图片不合适' } })).status).toBe(200);
    const seen = await app.deps.db.selectFrom('idea_images').select('seen_at').where('idea_id', '=', id).execute();
    expect(seen).toEqual([{ seen_at: null }]);
  });
});
