/**
 * Taking a public idea down (`POST /api/admin/ideas/{id}/take-down`, tRPC `admin.takeDown`): what slipped
 * through review leaves public view at once, its author is told why, and publishing it again waits for
 * a moderator. Only admins, only a public idea, a reason required. Both transports, both databases,
 * MODERATION=auto (where an author's publish is otherwise approved at once).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects.ts';
import { startTestApp, trpcCall, type TestApp } from '../helpers/api.ts';
import { createUser, type FixtureUser } from '../helpers/fixtures.ts';
import { publishedIdeaBody } from '../helpers/idea-bodies.ts';
import { racing } from '../helpers/racing.ts';
import { purgeRecycleBin, replaceExpansions, updateIdea } from '../../src/server/ideas/service.ts';
import { takeDownIdea } from '../../src/server/ideas/review.ts';
import { dbTimeAgo } from '../../db/time.ts';
import { runHousekeeping } from '../../src/server/jobs/index.ts';

const NOT_PUBLIC = '该创意当前不是公开状态，无需下架';
const TAKEN_DOWN = '已下架，作者会收到说明原因的消息';
const DECIDED_MEANWHILE = '管理员刚刚处理了这条创意，请刷新页面查看它现在的状态后再修改';

describe.each(DIALECTS)('taking a public idea down on %s', (dialect) => {
  let app: TestApp;
  let author: FixtureUser;
  let member: FixtureUser;
  let admin: FixtureUser;
  beforeAll(async () => {
    app = await startTestApp(dialect, { moderation: 'auto' });
    author = await createUser(app.deps);
    member = await createUser(app.deps);
    admin = await createUser(app.deps);
    await app.makeAdmin(admin.id);
  });
  afterAll(async () => {
    await app?.close();
  });

  const publish = async (status: 'draft' | 'published' = 'published') => {
    const res = await app.api('POST', '/api/ideas', { token: author.token, body: publishedIdeaBody(`下架测试${Math.random().toString(36).slice(2, 8)}`, { status }) });
    expect(res.status).toBe(201);
    return res.body.data.id as number;
  };
  const row = (id: number) => app.deps.db.selectFrom('ideas').select(['moderation_status', 'rejection_reason', 'published_at', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
  const takeDownMessages = (id: number) => app.deps.db.selectFrom('messages').select(['content', 'priority']).where('idea_id', '=', id).where('title', '=', '创意已被下架').execute();
  const newestIds = async () => ((await app.api('GET', '/api/marketplace/ideas?sort=newest')).body.data as { id: number }[]).map((card) => card.id);
  const viaRest = (id: number, reason: unknown, token = admin.token) => app.api('POST', `/api/admin/ideas/${id}/take-down`, { token, body: { reason } });
  const viaTrpc = (id: number, reason: unknown, token = admin.token) => trpcCall(app, 'mutation', 'admin.takeDown', { id, reason }, token);
  /**
   * The author's row and services whose next transaction starts only once an admin's take-down of the
   * idea has committed: what a take-down landing between a save's checks and its write looks like.
   */
  const racingTakeDown = async (id: number, reason: string) => {
    const userRow = (userId: number) => app.deps.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    const [authorRow, adminRow] = [await userRow(author.id), await userRow(admin.id)];
    return [authorRow, racing(app.deps, () => takeDownIdea(app.deps, adminRow, id, reason))] as const;
  };

  it.each([
    ['REST', viaRest, (res: { body: any }) => res.body.message],
    ['tRPC', viaTrpc, (res: { body: any }) => res.body.result?.data.message],
  ] as const)('takes a public idea out of view through %s: gone for guests and from the cached list, the author told why, logged, its date kept', async (_transport, takeDown, messageOf) => {
    const id = await publish();
    const before = await row(id);
    expect(before.moderation_status).toBe('approved');
    expect(await newestIds()).toContain(id);
    expect((await app.api('GET', `/api/ideas/${id}`)).status).toBe(200);

    const res = await takeDown(id, '含有未经证实的医疗功效');
    expect([res.status, messageOf(res)]).toEqual([200, TAKEN_DOWN]);

    expect((await app.api('GET', `/api/ideas/${id}`)).status).toBe(404);
    expect((await app.api('GET', `/api/ideas/${id}`, { token: member.token })).status).toBe(404);
    expect(await newestIds()).not.toContain(id);
    const after = await row(id);
    expect(after).toMatchObject({ moderation_status: 'rejected', rejection_reason: '含有未经证实的医疗功效', status: 'published' });
    expect(after.published_at).toEqual(before.published_at);

    const own = await app.api('GET', `/api/ideas/${id}`, { token: author.token });
    expect([own.status, own.body.data.moderation_status, own.body.data.rejectionReason]).toEqual([200, 'rejected', '含有未经证实的医疗功效']);
    const told = await takeDownMessages(id);
    expect(told).toHaveLength(1);
    expect(told[0].priority).toBe('high');
    expect(told[0].content).toContain('已被管理员下架');
    expect(told[0].content).toContain('原因：含有未经证实的医疗功效。');

    const log = await app.api('GET', '/api/admin/log', { token: admin.token });
    expect(log.body.data.find((entry: { targetId: number; action: string }) => entry.targetId === id && entry.action === 'take_down_idea')?.detail).toBe('含有未经证实的医疗功效');
  });

  it('refuses members on both transports, and the idea stays public', async () => {
    const id = await publish();
    const rest = await viaRest(id, '我不喜欢', member.token);
    const trpc = await viaTrpc(id, '我不喜欢', author.token);
    expect([rest.status, trpc.status]).toEqual([403, 403]);
    expect((await app.api('POST', `/api/admin/ideas/${id}/take-down`, { body: { reason: '游客' } })).status).toBe(401);
    expect((await row(id)).moderation_status).toBe('approved');
    expect(await takeDownMessages(id)).toHaveLength(0);
  });

  it('takes down only a public idea, once, and answers a missing one with 404', async () => {
    const id = await publish();
    expect((await viaRest(id, '第一次')).status).toBe(200);
    const again = await viaRest(id, '第二次');
    const againTrpc = await viaTrpc(id, '第二次');
    expect([again.status, again.body.message, againTrpc.status, againTrpc.body.error?.message]).toEqual([400, NOT_PUBLIC, 400, NOT_PUBLIC]);
    expect(await takeDownMessages(id)).toHaveLength(1);

    const draft = await publish('draft');
    expect([(await viaRest(draft, '草稿')).status, (await row(draft)).moderation_status]).toEqual([400, 'none']);

    const inQueue = await publish();
    await app.deps.db.updateTable('ideas').set({ moderation_status: 'review' }).where('id', '=', inQueue).execute();
    expect((await viaRest(inQueue, '在队列中')).body.message).toBe(NOT_PUBLIC);
    expect((await row(inQueue)).moderation_status).toBe('review');

    const deleted = await publish();
    expect((await app.api('DELETE', `/api/ideas/${deleted}`, { token: author.token })).status).toBe(200);
    expect((await viaRest(deleted, '已删除')).status).toBe(400);

    const missing = await viaRest(99_999_999, '不存在');
    expect([missing.status, missing.body.message]).toEqual([404, '创意不存在']);
  });

  it('asks for a reason of at most 200 characters, in Chinese, on both transports', async () => {
    const id = await publish();
    const blank = await viaRest(id, '   ');
    const blankTrpc = await viaTrpc(id, '');
    expect([blank.status, blank.body.message, blankTrpc.status, blankTrpc.body.error?.message]).toEqual([400, '请填写下架原因', 400, '请填写下架原因']);
    const long = await viaRest(id, '长'.repeat(201));
    expect([long.status, long.body.message]).toEqual([400, '下架原因不能超过200个字']);
    expect((await viaRest(id, '长'.repeat(200))).status).toBe(200);
  });

  it('holds the idea for a moderator when its author publishes it again, changed or not', async () => {
    const id = await publish();
    expect((await viaRest(id, '标题党')).status).toBe(200);
    const unchanged = await app.api('PUT', `/api/ideas/${id}`, { token: author.token, body: { status: 'published' } });
    expect(unchanged.status).toBe(200);
    expect((await row(id)).moderation_status).toBe('review');
    expect((await app.api('GET', `/api/ideas/${id}`)).status).toBe(404);

    // Rejected from the queue, then changed and published as a draft (tRPC): still a moderator's call.
    expect((await app.api('POST', `/api/admin/ideas/${id}/reject`, { token: admin.token, body: { reason: '仍然是标题党' } })).status).toBe(200);
    expect((await trpcCall(app, 'mutation', 'ideas.update', { id, status: 'draft', title: '改过的标题' }, author.token)).status).toBe(200);
    expect((await trpcCall(app, 'mutation', 'ideas.publishDraft', { id }, author.token)).status).toBe(200);
    expect((await row(id)).moderation_status).toBe('review');
  });

  // A hostile review: the author's edit read the idea as approved, a take-down committed, then the
  // edit wrote its automatic approval over it and the idea was public again.
  it("keeps a take-down that lands between an edit's checks and its write: the edit is refused, nothing is approved", async () => {
    const id = await publish();
    const [authorRow, racing] = await racingTakeDown(id, '与事实不符');
    const edit = updateIdea(racing, authorRow, id, { description: '改了一句介绍', status: 'published' } as never);
    await expect(edit).rejects.toMatchObject({ message: DECIDED_MEANWHILE });
    expect(await row(id)).toMatchObject({ moderation_status: 'rejected', rejection_reason: '与事实不符' });
    expect((await app.api('GET', `/api/ideas/${id}`)).status).toBe(404);
    const titles = (await app.deps.db.selectFrom('messages').select('title').where('idea_id', '=', id).orderBy('id').execute()).map((m) => m.title);
    expect(titles).toEqual(['创意审核通过', '创意已被下架']);
    // Saved twice in the same second with nothing changed: not a conflict (MariaDB counts matched rows).
    const other = await publish();
    for (let i = 0; i < 2; i++) expect((await app.api('PUT', `/api/ideas/${other}`, { token: author.token, body: { status: 'published' } })).status).toBe(200);
  });

  it('keeps a take-down that lands while the author saves extensions', async () => {
    const id = await publish();
    const [authorRow, racing] = await racingTakeDown(id, '扩展内容不实');
    await expect(replaceExpansions(racing, authorRow, id, ['补充：已经有人做过了'])).rejects.toMatchObject({ message: DECIDED_MEANWHILE });
    expect(await row(id)).toMatchObject({ moderation_status: 'rejected', rejection_reason: '扩展内容不实' });
  });

  it.each([
    ['its author, over REST', async (id: number) => expect((await app.api('DELETE', `/api/ideas/${id}?force=true`, { token: author.token })).status).toBe(200)],
    ['its author, over tRPC', async (id: number) => expect((await trpcCall(app, 'mutation', 'ideas.remove', { id, force: true }, author.token)).status).toBe(200)],
    [
      "the recycle bin's purge",
      async (id: number) => {
        expect((await app.api('DELETE', `/api/ideas/${id}`, { token: author.token })).status).toBe(200);
        await app.deps.db
          .updateTable('ideas')
          .set({ deleted_at: dbTimeAgo(8 * 24 * 3600 * 1000) })
          .where('id', '=', id)
          .execute();
        expect(await purgeRecycleBin(app.deps)).toBe(1);
      },
    ],
  ] as const)('still holds a copy of the text taken down once that idea is deleted for good by %s', async (_by, deleteForGood) => {
    const body = publishedIdeaBody(`下架后永久删除${Math.random().toString(36).slice(2, 8)}`);
    const first = await app.api('POST', '/api/ideas', { token: author.token, body });
    expect((await viaRest(first.body.data.id, '广告推广')).status).toBe(200);
    await deleteForGood(first.body.data.id);
    expect(await app.deps.db.selectFrom('ideas').select('id').where('id', '=', first.body.data.id).executeTakeFirst()).toBeUndefined();
    const again = await app.api('POST', '/api/ideas', { token: author.token, body });
    expect(again.status).toBe(201);
    expect((await row(again.body.data.id)).moderation_status).toBe('review');
    expect((await app.api('GET', `/api/ideas/${again.body.data.id}`)).status).toBe(404);
    // And a draft published with it (compared with other ideas' rejected texts, and with these), once
    // the held copy is gone (a live copy would be refused as a duplicate first).
    expect((await app.api('DELETE', `/api/ideas/${again.body.data.id}?force=true`, { token: author.token })).status).toBe(200);
    const draft = await app.api('POST', '/api/ideas', { token: member.token, body: { ...body, status: 'draft' } });
    expect((await app.api('PUT', `/api/ideas/${draft.body.data.id}/publish`, { token: member.token })).status).toBe(200);
    expect((await row(draft.body.data.id)).moderation_status).toBe('review');
  });

  it('forgets the texts of ideas deleted for good once they are past the newest 500 compared (the housekeeping job)', async () => {
    const db = app.deps.db;
    await db.deleteFrom('rejected_texts').execute();
    const row = (n: number, ideaId: number | null) => ({ idea_id: ideaId, content_hash: String(n).padStart(64, '0'), match_text: `文字${n}`, created_at: '2026-11-27 00:00:00.000' });
    const live = await publish();
    // 10 of deleted ideas, then one of a live idea, then 500 more of deleted ideas.
    await db
      .insertInto('rejected_texts')
      .values(Array.from({ length: 10 }, (_, i) => row(i, null)))
      .execute();
    await db.insertInto('rejected_texts').values(row(10, live)).execute();
    await db
      .insertInto('rejected_texts')
      .values(Array.from({ length: 500 }, (_, i) => row(11 + i, null)))
      .execute();
    await runHousekeeping(app.deps);
    const left = await db.selectFrom('rejected_texts').select(['match_text', 'idea_id']).orderBy('id').execute();
    // The newest 500 stay, and the live idea's, older than them.
    expect(left).toHaveLength(501);
    expect(left[0]).toEqual({ match_text: '文字10', idea_id: live });
    expect(left[1].match_text).toBe('文字11');
  });

  it('holds a new idea that copies the text taken down', async () => {
    const body = publishedIdeaBody(`被下架的文字${Math.random().toString(36).slice(2, 8)}`);
    const first = await app.api('POST', '/api/ideas', { token: author.token, body });
    expect((await viaRest(first.body.data.id, '抄袭')).status).toBe(200);
    const copy = await app.api('POST', '/api/ideas', { token: member.token, body });
    expect(copy.status).toBe(201);
    expect((await row(copy.body.data.id)).moderation_status).toBe('review');
  });
});
