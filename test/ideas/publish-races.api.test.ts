/**
 * Publishes at the same moment (an outside review on MariaDB, two processes, 2026-11-27):
 * - the publish limit held one at a time but not for publishes sent at once: it was checked before the
 *   write and counted after it, so 12 sent together all got through. Now the allowance is taken in one
 *   atomic step once every check passed, and given back when the write then fails;
 * - one text sent twice at once (a double tap answered by two processes, two members pasting it) was
 *   published twice: both passed the exact check before either was written. Now each publish's
 *   transaction first takes its text's slot and looks again.
 * Both transports, both databases. On SQLite one process's requests do not interleave (the driver
 * answers without waiting on I/O), so the requests sent at once race only on MariaDB; the tests that
 * put another publish between the checks and the write race on both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/types.ts';
import { createIdea, publishDraft, updateIdea } from '../../src/server/ideas/service.ts';
import { DIALECTS } from '../helpers/dialects.ts';
import { racing } from '../helpers/racing.ts';
import { startTestApp, trpcCall, type TestApp } from '../helpers/api.ts';
import { createUser, type FixtureUser } from '../helpers/fixtures.ts';
import { publishedIdeaBody } from '../helpers/idea-bodies.ts';

const LIMIT = 5;
let seq = 0;
const uniqueBody = () => publishedIdeaBody(`同时发布${++seq}-${Math.random().toString(36).slice(2, 8)}`);
/** The body as the operation hands it to the service (tags parsed). */
const parsed = (body: ReturnType<typeof uniqueBody>) => ({ ...body, tags: [body.tags] }) as never;

describe.each(DIALECTS)('publishes at the same moment on %s', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect, { moderation: 'auto', rateLimits: { publishesPer10Minutes: LIMIT } });
  });
  afterAll(async () => {
    await app?.close();
  });

  const rowOf = (user: FixtureUser) => app.deps.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow() as Promise<UserRow>;
  const liveCopies = async (body: ReturnType<typeof uniqueBody>) =>
    (await app.deps.db.selectFrom('ideas').select('id').where('title', '=', body.title).where('status', '=', 'published').where('is_deleted', '=', 0).execute()).length;
  const publishedBy = async (user: FixtureUser) => (await app.deps.db.selectFrom('ideas').select('id').where('user_id', '=', user.id).where('status', '=', 'published').execute()).length;
  // Another member's publish of the same text, just ahead of this publish's write.
  const meanwhile = (publish: () => Promise<unknown>) => racing(app.deps, publish, { once: true });

  it(`lets through ${LIMIT} of 12 publishes sent at once by one member, on both transports`, async () => {
    const member = await createUser(app.deps);
    const sent = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 2 ? app.api('POST', '/api/ideas', { token: member.token, body: uniqueBody() }) : trpcCall(app, 'mutation', 'ideas.create', uniqueBody(), member.token),
      ),
    );
    // Created: 201 over REST, 200 over tRPC.
    expect(sent.filter((r) => r.status === 201 || r.status === 200)).toHaveLength(LIMIT);
    expect(sent.filter((r) => r.status === 409)).toHaveLength(12 - LIMIT);
    expect(await publishedBy(member)).toBe(LIMIT);
  });

  it('publishes one text once when two members send it at the same moment', async () => {
    for (let round = 0; round < 3; round++) {
      const [a, b] = [await createUser(app.deps), await createUser(app.deps)];
      const body = uniqueBody();
      const sent = await Promise.all([app.api('POST', '/api/ideas', { token: a.token, body }), trpcCall(app, 'mutation', 'ideas.create', body, b.token)]);
      const created = sent.filter((r) => r.status === 201 || r.status === 200);
      expect([created.length, sent.filter((r) => r.status === 409).length], `round ${round}: ${sent.map((r) => r.status)}`).toEqual([1, 1]);
      expect(await liveCopies(body)).toBe(1);
    }
  });

  it('refuses a new idea, an edit and a draft published with a text another member published meanwhile, and gives the allowance back', async () => {
    const member = await createUser(app.deps);
    const other = await createUser(app.deps);
    const [memberRow, otherRow] = [await rowOf(member), await rowOf(other)];
    // Four of the five spent; each refused publish below must give its allowance back.
    for (let i = 0; i < LIMIT - 1; i++) expect((await app.api('POST', '/api/ideas', { token: member.token, body: uniqueBody() })).status).toBe(201);

    const fresh = uniqueBody();
    await expect(
      createIdea(
        meanwhile(() => createIdea(app.deps, otherRow, parsed(fresh))),
        memberRow,
        parsed(fresh),
      ),
    ).rejects.toMatchObject({ code: 'CONFLICT', extra: { duplicateInfo: { type: 'exact' } } });
    expect(await liveCopies(fresh)).toBe(1);

    const draftId = (await app.api('POST', '/api/ideas', { token: member.token, body: { ...uniqueBody(), status: 'draft' } })).body.data.id as number;
    const edited = uniqueBody();
    await expect(
      updateIdea(
        meanwhile(() => createIdea(app.deps, otherRow, parsed(edited))),
        memberRow,
        draftId,
        parsed(edited),
      ),
    ).rejects.toMatchObject({ code: 'CONFLICT', extra: { duplicateInfo: { type: 'exact' } } });
    expect(await liveCopies(edited)).toBe(1);
    expect((await app.deps.db.selectFrom('ideas').select('status').where('id', '=', draftId).executeTakeFirstOrThrow()).status).toBe('draft');

    const drafted = uniqueBody();
    await app.api('PUT', `/api/ideas/${draftId}`, { token: member.token, body: { ...drafted, status: 'draft' } });
    await expect(
      publishDraft(
        meanwhile(() => createIdea(app.deps, otherRow, parsed(drafted))),
        memberRow,
        draftId,
      ),
    ).rejects.toMatchObject({ code: 'CONFLICT', extra: { duplicateInfo: { type: 'exact' } } });
    expect(await liveCopies(drafted)).toBe(1);

    // The fifth publish is still there.
    expect((await app.api('POST', '/api/ideas', { token: member.token, body: uniqueBody() })).status).toBe(201);
    expect((await app.api('POST', '/api/ideas', { token: member.token, body: uniqueBody() })).body.duplicateInfo?.type).toBe('rate_limit');
  });

  it('keeps a deleted idea in the bin when a live copy of its text was published meanwhile, on both transports', async () => {
    const [member, other] = [await createUser(app.deps), await createUser(app.deps)];
    for (const [transport, restore] of [
      ['REST', (id: number) => app.api('POST', `/api/ideas/${id}/restore`, { token: member.token })],
      ['tRPC', (id: number) => trpcCall(app, 'mutation', 'ideas.restore', { id }, member.token)],
    ] as const) {
      const body = uniqueBody();
      const id = (await app.api('POST', '/api/ideas', { token: member.token, body })).body.data.id as number;
      expect((await app.api('DELETE', `/api/ideas/${id}`, { token: member.token })).status).toBe(200);
      expect((await app.api('POST', '/api/ideas', { token: other.token, body })).status).toBe(201);
      const res = await restore(id);
      expect(res.status, transport).toBe(409);
      expect((await app.deps.db.selectFrom('ideas').select('is_deleted').where('id', '=', id).executeTakeFirstOrThrow()).is_deleted, transport).toBe(1);
      expect(await liveCopies(body), transport).toBe(1);
    }
  });

  it('refuses a moderator’s correction that would make a second live copy of a text', async () => {
    const [member, other, admin] = [await createUser(app.deps), await createUser(app.deps), await createUser(app.deps)];
    await app.makeAdmin(admin.id);
    const body = uniqueBody();
    expect((await app.api('POST', '/api/ideas', { token: other.token, body })).status).toBe(201);
    const held = await createIdea(app.deps, await rowOf(member), parsed(uniqueBody()));
    await app.deps.db.updateTable('ideas').set({ moderation_status: 'review' }).where('id', '=', held.id).execute();
    const correction = { title: body.title, description: body.description, detailedAnalysis: body.detailedAnalysis };
    const rest = await app.api('POST', `/api/admin/ideas/${held.id}/edit-approve`, { token: admin.token, body: correction });
    const trpc = await trpcCall(app, 'mutation', 'admin.editApprove', { id: held.id, ...correction }, admin.token);
    expect([rest.status, trpc.status]).toEqual([409, 409]);
    expect((await app.deps.db.selectFrom('ideas').select('moderation_status').where('id', '=', held.id).executeTakeFirstOrThrow()).moderation_status).toBe('review');
    expect(await liveCopies(body)).toBe(1);
  });

  it('still takes turns when a slot row is missing: the publish puts it back', async () => {
    const member = await createUser(app.deps);
    await app.deps.db.deleteFrom('publish_slots').execute();
    expect((await app.api('POST', '/api/ideas', { token: member.token, body: uniqueBody() })).status).toBe(201);
    expect((await app.deps.db.selectFrom('publish_slots').select('slot').execute()).length).toBe(1);
  });
});
