/**
 * The duplicate check is no oracle for texts a member may not read (src/server/ideas/publish-checks.ts):
 * a copy, exact or near, of another member's idea still waiting in the queue is answered as if there
 * were no match — no 409, no type, no similarity — and waits for a moderator, whose queue names the
 * idea it copies. A copy of a public idea or of one's own is refused as before, and a rejected text
 * of another member holds the copy in the same silence. New ideas, edits and drafts published, on
 * REST and tRPC, with MODERATION=auto and manual.
 */
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects.ts';
import { trpcCall, type TestApp } from '../helpers/api.ts';
import { createIdea, createUser, type FixtureUser } from '../helpers/fixtures.ts';
import { serveTestApp } from '../helpers/serve.ts';

type Texts = { title: string; description: string; detailedAnalysis: string };
type Answer = { status: number; body: any; id?: number; moderationStatus?: string };

/** A run of common characters drawn at random: texts that share next to no bigrams. */
function randomHan(length: number): string {
  return Array.from({ length }, () => String.fromCodePoint(0x4e00 + Math.floor(Math.random() * 0x5000))).join('');
}
/** A text of its own, long enough for the highly_similar measure. */
function freshTexts(): Texts {
  return { title: `创意${randomHan(8)}`, description: `邻居${randomHan(30)}`, detailedAnalysis: `<p>${randomHan(40)}</p>` };
}
/** The same text with one word changed: highly similar, not exact. */
const nearCopy = (t: Texts): Texts => ({ ...t, description: t.description.replace('邻居', '楼里') });

/** Publishing a text one of three ways, over one transport. */
type Way = (app: TestApp, user: FixtureUser, texts: Texts) => Promise<Answer>;

function restAnswer(res: { status: number; body: any }): Answer {
  return { status: res.status, body: res.body, id: res.body.data?.id, moderationStatus: res.body.data?.moderation_status };
}
function trpcAnswer(res: { status: number; body: any }): Answer {
  const data = res.body.result?.data?.data;
  return {
    status: res.status,
    body: res.body.error ? { ...res.body.error.data?.extra, message: res.body.error.message } : res.body.result.data,
    id: data?.id,
    moderationStatus: data?.moderationStatus,
  };
}

const WAYS: Record<string, Record<string, Way>> = {
  REST: {
    create: async (app, u, t) => restAnswer(await app.api('POST', '/api/ideas', { token: u.token, body: { ...t, status: 'published' } })),
    edit: async (app, u, t) => {
      const draft = await app.api('POST', '/api/ideas', { token: u.token, body: { ...freshTexts(), status: 'published' } });
      return restAnswer(await app.api('PUT', `/api/ideas/${draft.body.data.id}`, { token: u.token, body: { ...t, status: 'published' } }));
    },
    publishDraft: async (app, u, t) => {
      const draft = await app.api('POST', '/api/ideas', { token: u.token, body: { ...t, status: 'draft' } });
      return restAnswer(await app.api('PUT', `/api/ideas/${draft.body.data.id}/publish`, { token: u.token }));
    },
  },
  tRPC: {
    create: async (app, u, t) => trpcAnswer(await trpcCall(app, 'mutation', 'ideas.create', { ...t, status: 'published' }, u.token)),
    edit: async (app, u, t) => {
      const draft = await trpcCall(app, 'mutation', 'ideas.create', { ...freshTexts(), status: 'published' }, u.token);
      return trpcAnswer(await trpcCall(app, 'mutation', 'ideas.update', { id: draft.body.result.data.data.id, ...t, status: 'published' }, u.token));
    },
    publishDraft: async (app, u, t) => {
      const draft = await trpcCall(app, 'mutation', 'ideas.create', { ...t, status: 'draft' }, u.token);
      return trpcAnswer(await trpcCall(app, 'mutation', 'ideas.publishDraft', { id: draft.body.result.data.data.id }, u.token));
    },
  },
};
const CASES = Object.entries(WAYS).flatMap(([transport, ways]) => Object.entries(ways).map(([way, run]) => ({ transport, way, run })));

/** An answer that says nothing of a match: success, held for the queue, no duplicate fields anywhere. */
function expectSilentHold(a: Answer, what: string) {
  expect(a.status, what).toBeLessThan(300);
  expect(a.moderationStatus, what).toBe('review');
  expect(JSON.stringify(a.body), what).not.toMatch(/duplicate|similarity|existingIdea|existingTitle/i);
}

async function queueItem(app: TestApp, admin: FixtureUser, id: number) {
  const queue = await app.api('GET', '/api/admin/review', { token: admin.token });
  return (queue.body.data as any[]).find((i) => i.id === id);
}

describe.each(DIALECTS)('copies of hidden ideas on %s (MODERATION=auto)', (dialect) => {
  const app = serveTestApp(dialect, { moderation: 'auto' });

  it.each(CASES)('$transport $way: a copy of another member’s idea in the queue is held silently, and the queue names it', async ({ run }) => {
    const [c, d, admin] = [await createUser(app.deps), await createUser(app.deps), await createUser(app.deps, { role: 'admin' })];
    for (const copy of [(t: Texts) => t, nearCopy]) {
      const texts = freshTexts();
      const hidden = await createIdea(app.deps, c, { title: texts.title, description: texts.description, analysis: texts.detailedAnalysis, stage: 'review' });
      const answer = await run(app, d, copy(texts));
      expectSilentHold(answer, copy.name);
      const item = await queueItem(app, admin, answer.id!);
      expect(item.heldAsCopyOf).toEqual([{ id: hidden, title: texts.title }]);
      expect(item.heldWords).toEqual([]);
    }
  });

  it.each(CASES)('$transport $way: a copy of a public idea or of one’s own is refused and named as before', async ({ run }) => {
    const [c, d] = [await createUser(app.deps), await createUser(app.deps)];
    const publicTexts = freshTexts();
    const publicId = await createIdea(app.deps, c, { title: publicTexts.title, description: publicTexts.description, analysis: publicTexts.detailedAnalysis });
    const exact = await run(app, d, publicTexts);
    expect([exact.status, exact.body.duplicateInfo]).toEqual([409, { type: 'exact', existingIdeaId: publicId, existingTitle: publicTexts.title }]);
    const near = await run(app, d, nearCopy(publicTexts));
    expect(near.status).toBe(409);
    expect(near.body.duplicateInfo).toMatchObject({ type: 'highly_similar', existingIdeaId: publicId });

    const ownTexts = freshTexts();
    const ownHidden = await createIdea(app.deps, c, { title: ownTexts.title, description: ownTexts.description, analysis: ownTexts.detailedAnalysis, stage: 'review' });
    // (The author's own title within a day: similar_title comes first.)
    const own = await run(app, c, nearCopy(ownTexts));
    expect(own.status).toBe(409);
    expect(own.body.duplicateInfo).toMatchObject({ existingIdeaId: ownHidden });
  });

  it('a copy of another member’s rejected text says nothing either, and waits for a moderator', async () => {
    const [c, admin] = [await createUser(app.deps), await createUser(app.deps, { role: 'admin' })];
    const texts = freshTexts();
    const held = await createIdea(app.deps, c, { title: texts.title, description: texts.description, analysis: texts.detailedAnalysis, stage: 'review' });
    expect((await app.api('POST', `/api/admin/ideas/${held}/reject`, { token: admin.token, body: { reason: '内容不符合社区规范' } })).status).toBe(200);
    // One member each: a second copy by the same one would be a copy of their own (refused, as before).
    for (const run of [WAYS.REST.create, WAYS.tRPC.create]) expectSilentHold(await run(app, await createUser(app.deps), nearCopy(texts)), 'rejected');
  });

  it('a moderator is told which hidden idea it copies, and still refused a copy they can see', async () => {
    const [c, admin] = [await createUser(app.deps), await createUser(app.deps, { role: 'admin' })];
    const texts = freshTexts();
    const hidden = await createIdea(app.deps, c, { title: texts.title, description: texts.description, analysis: texts.detailedAnalysis, stage: 'review' });
    const copy = await WAYS.REST.create(app, admin, texts);
    expect([copy.status, copy.body.duplicateInfo]).toEqual([409, { type: 'exact', existingIdeaId: hidden, existingTitle: texts.title }]);
  });
});

describe.each(DIALECTS)('copies of hidden ideas on %s (MODERATION=manual)', (dialect) => {
  const app = serveTestApp(dialect, { moderation: 'manual' });

  it('a member’s new idea, in the queue as every new one is, cannot be confirmed by publishing a copy', async () => {
    const [c, d, admin] = [await createUser(app.deps), await createUser(app.deps), await createUser(app.deps, { role: 'admin' })];
    const texts = freshTexts();
    const original = await WAYS.REST.create(app, c, texts);
    expect([original.status, original.moderationStatus]).toEqual([201, 'review']);
    const [exact, near] = [await WAYS.tRPC.create(app, d, texts), await WAYS.REST.create(app, d, nearCopy(freshTexts()))];
    expectSilentHold(exact, 'exact');
    expectSilentHold(near, 'unrelated');
    expect((await queueItem(app, admin, exact.id!)).heldAsCopyOf).toEqual([{ id: original.id, title: texts.title }]);
    expect((await queueItem(app, admin, near.id!)).heldAsCopyOf).toEqual([]);
    // The moderator approves the original; now the copy is of a public idea, and refused so.
    expect((await app.api('POST', `/api/admin/ideas/${original.id}/approve`, { token: admin.token })).status).toBe(200);
    const later = await WAYS.REST.create(app, await createUser(app.deps), nearCopy(texts));
    expect(later.status).toBe(409);
    expect(later.body.duplicateInfo).toMatchObject({ type: 'highly_similar', existingIdeaId: original.id });
  });
});
