/**
 * The author's message after publishing says what happened: in automatic mode the idea is
 * public at once and the approval message comes with the publish, by every way of publishing and both
 * transports; in manual mode nothing is said until an admin decides.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects.ts';
import { registerAndLogin, startTestApp, trpcCall, type TestApp } from '../helpers/api.ts';

type Member = Awaited<ReturnType<typeof registerAndLogin>>;

let seq = 0;
function uniqueIdea(status: 'draft' | 'published') {
  seq += 1;
  const n = `${seq}-${Math.random().toString(36).slice(2, 8)}`;
  return { title: `消息测试创意${n}`, description: `第${n}号创意的简介`, detailedAnalysis: `<p>第${n}号创意的分析${'痛点与方案'.repeat(3)}</p>`, tags: '效率', status };
}

describe.each(DIALECTS)('the publish message on %s (MODERATION=auto)', (dialect) => {
  let app: TestApp;
  let author: Member;
  beforeAll(async () => {
    app = await startTestApp(dialect, { moderation: 'auto' });
    author = await registerAndLogin(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  /** The author's messages about one idea, read from the database (the list's shape is not this test's subject). */
  const aboutIdea = (ideaId: number) => app.deps.db.selectFrom('messages').selectAll().where('user_id', '=', author.user.id).where('idea_id', '=', ideaId).execute();

  it('REST POST /api/ideas (published): public at once, one approval message naming the idea', async () => {
    // The welcome letter from registration read first: the count below is the approval's alone.
    expect((await app.api('PUT', '/api/messages/read-all', { token: author.token })).status).toBe(200);
    const body = uniqueIdea('published');
    const res = await app.api('POST', '/api/ideas', { token: author.token, body });
    expect(res.status).toBe(201);
    expect(res.body.data.moderation_status).toBe('approved');
    const messages = await aboutIdea(res.body.data.id);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ title: '创意审核通过', sender: 'system', type: 'system', is_read: 0 });
    expect(messages[0].content).toBe(`您的创意「${body.title}」已通过自动审核，现已在创意市场展示，所有人都能看到。`);
    // And the member sees it: unread count and list.
    expect((await app.api('GET', '/api/messages/unread-count', { token: author.token })).body.count).toBe(1);
    const list = await app.api('GET', '/api/messages', { token: author.token });
    expect(JSON.stringify(list.body)).toContain(body.title);
  });

  it('REST PUT /api/ideas/{id}/publish and PUT /api/ideas/{id}: a draft published gets the message; a draft save does not', async () => {
    const draft = await app.api('POST', '/api/ideas', { token: author.token, body: uniqueIdea('draft') });
    expect(draft.status).toBe(201);
    expect(await aboutIdea(draft.body.data.id)).toHaveLength(0);
    const published = await app.api('PUT', `/api/ideas/${draft.body.data.id}/publish`, { token: author.token });
    expect(published.status).toBe(200);
    expect((await aboutIdea(draft.body.data.id)).map((m) => m.title)).toEqual(['创意审核通过']);

    const other = await app.api('POST', '/api/ideas', { token: author.token, body: uniqueIdea('draft') });
    const updated = await app.api('PUT', `/api/ideas/${other.body.data.id}`, { token: author.token, body: uniqueIdea('published') });
    expect(updated.status).toBe(200);
    expect((await aboutIdea(other.body.data.id)).map((m) => m.title)).toEqual(['创意审核通过']);
  });

  it('tRPC ideas.create and ideas.publishDraft send the same message', async () => {
    const created = await trpcCall(app, 'mutation', 'ideas.create', uniqueIdea('published'), author.token);
    expect(created.status).toBe(200);
    const createdId = created.body.result.data.data.id as number;
    expect((await aboutIdea(createdId)).map((m) => m.title)).toEqual(['创意审核通过']);

    const draft = await trpcCall(app, 'mutation', 'ideas.create', uniqueIdea('draft'), author.token);
    const draftId = draft.body.result.data.data.id as number;
    const published = await trpcCall(app, 'mutation', 'ideas.publishDraft', { id: draftId }, author.token);
    expect(published.status).toBe(200);
    expect((await aboutIdea(draftId)).map((m) => m.title)).toEqual(['创意审核通过']);
  });

  it('a failed publish sends nothing', async () => {
    const before = await app.deps.db.selectFrom('messages').select('id').where('user_id', '=', author.user.id).execute();
    const res = await app.api('POST', '/api/ideas', { token: author.token, body: { ...uniqueIdea('published'), title: '  ' } });
    expect(res.status).toBe(400);
    const after = await app.deps.db.selectFrom('messages').select('id').where('user_id', '=', author.user.id).execute();
    expect(after.length).toBe(before.length);
  });
});

describe.each(DIALECTS)('the publish message on %s (MODERATION=manual)', (dialect) => {
  let app: TestApp;
  let author: Member;
  let admin: Member;
  beforeAll(async () => {
    app = await startTestApp(dialect, { moderation: 'manual' });
    author = await registerAndLogin(app);
    admin = await registerAndLogin(app);
    await app.makeAdmin(admin.user.id);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('says nothing while the idea waits, then the admin’s decision', async () => {
    const body = uniqueIdea('published');
    const res = await app.api('POST', '/api/ideas', { token: author.token, body });
    expect(res.body.data.moderation_status).toBe('review');
    const aboutIdea = () => app.deps.db.selectFrom('messages').selectAll().where('user_id', '=', author.user.id).where('idea_id', '=', res.body.data.id).execute();
    expect(await aboutIdea()).toHaveLength(0);
    expect((await app.api('POST', `/api/admin/ideas/${res.body.data.id}/approve`, { token: admin.token })).status).toBe(200);
    const messages = await aboutIdea();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ title: '创意审核通过', sender: 'admin' });
    expect(messages[0].content).toBe(`您的创意「${body.title}」已通过审核，现已在创意市场展示，所有人都能看到。`);
  });
});
