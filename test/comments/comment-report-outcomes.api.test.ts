/**
 * The admins' comment reports say whose words on what (the writer, the idea's title), and settling
 * one tells people: the reporter what came of it, the writer of a removed comment why. The console's
 * tabs count what waits (admin.pendingCounts). Over REST and tRPC, on each dialect; and migration
 * 2026_12_02_0006 (the writer kept with the report).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import * as reportAuthorMigration from '../../db/migrations/2026_12_02_0006_report_comment_author.ts';
import { nowDb } from '../../db/time.ts';
import { DIALECTS } from '../helpers/dialects.ts';
import { trpcCall } from '../helpers/api.ts';
import { serveTestApp } from '../helpers/serve.ts';
import { createIdea, createUser, type FixtureUser } from '../helpers/fixtures.ts';

describe.each(DIALECTS)('comment reports and their outcomes on %s', (dialect) => {
  const app = serveTestApp(dialect);
  let admin: FixtureUser;
  let ideaAuthor: FixtureUser;
  let writer: FixtureUser;
  let reporter: FixtureUser;
  let second: FixtureUser;
  let ideaId: number;
  const IDEA_TITLE = '社区共享工具柜';

  beforeAll(async () => {
    admin = await createUser(app.deps, { role: 'admin' });
    ideaAuthor = await createUser(app.deps, { nickname: '柜子作者' });
    writer = await createUser(app.deps, { nickname: '评论者丙' });
    reporter = await createUser(app.deps, { nickname: '举报人丁' });
    second = await createUser(app.deps, { nickname: '举报人戊' });
    ideaId = await createIdea(app.deps, ideaAuthor, { title: IDEA_TITLE });
  });

  const comment = async (content: string) => (await app.api('POST', '/api/comments', { token: writer.token, body: { ideaId, content } })).body.data.id as number;
  const report = async (by: FixtureUser, commentId: number, reason = '广告') => {
    const res = await app.api('POST', `/api/comments/${commentId}/report`, { token: by.token, body: { reason } });
    expect(res.status).toBe(200);
    return res.body.data.id as number;
  };
  const messagesOf = (user: FixtureUser) => app.deps.db.selectFrom('messages').select(['title', 'content', 'sender', 'idea_id']).where('user_id', '=', user.id).orderBy('id').execute();
  const reportsVia = async (via: 'rest' | 'trpc') =>
    via === 'rest' ? (await app.api('GET', '/api/admin/reports', { token: admin.token })).body.data : (await trpcCall(app, 'query', 'admin.reports', undefined, admin.token)).body.result.data.data;
  const counts = async (via: 'rest' | 'trpc') =>
    via === 'rest'
      ? (await app.api('GET', '/api/admin/pending-counts', { token: admin.token })).body.data
      : (await trpcCall(app, 'query', 'admin.pendingCounts', undefined, admin.token)).body.result.data.data;

  describe.each(['rest', 'trpc'] as const)('over %s', (via) => {
    it("a report names the comment's writer and the idea's title", async () => {
      const id = await comment(`写给${via}的一条很长的评论，`.repeat(6));
      const reportId = await report(reporter, id);
      const listed = (await reportsVia(via)).find((r: { id: number }) => r.id === reportId);
      expect(listed).toMatchObject({ commentId: id, ideaId, ideaTitle: IDEA_TITLE, commentAuthor: { name: '评论者丙', registrationNumber: writer.registrationNumber }, status: 'open' });
      expect(listed.commentContent).toContain(`写给${via}的一条很长的评论`);
    });

    it('dismissing tells the reporter the comment stays, and nothing to its writer', async () => {
      const id = await comment(`${via}：保留的评论`);
      const reportId = await report(reporter, id);
      const before = (await messagesOf(writer)).length;
      const res =
        via === 'rest'
          ? await app.api('POST', `/api/admin/reports/${reportId}/dismiss`, { token: admin.token })
          : await trpcCall(app, 'mutation', 'admin.dismissReport', { id: reportId }, admin.token);
      expect(res.status).toBe(200);
      const told = (await messagesOf(reporter)).at(-1)!;
      expect(told).toMatchObject({ title: '举报处理结果', sender: 'system', idea_id: ideaId });
      expect(told.content).toBe(`您对创意「${IDEA_TITLE}」下一条评论的举报已处理：经管理员核实，该评论未违反社区规范，予以保留。`);
      expect(await messagesOf(writer)).toHaveLength(before);
    });

    it('removing with a reason tells the writer why and every open reporter the outcome; the reason is required', async () => {
      const id = await comment(`${via}：要被删掉的评论`);
      const first = await report(reporter, id);
      await report(second, id, '骚扰');
      const remove = (reportId: number, reason: string, token = admin.token) =>
        via === 'rest'
          ? app.api('POST', `/api/admin/reports/${reportId}/remove-comment`, { token, body: { reason } })
          : trpcCall(app, 'mutation', 'admin.removeReportedComment', { id: reportId, reason }, token);

      const empty = await remove(first, '  ');
      expect(empty.status).toBe(400);
      expect(via === 'rest' ? empty.body.message : empty.body.error.message).toContain('请填写删除原因');
      expect((await remove(first, 'x'.repeat(201))).status).toBe(400);
      expect((await remove(first, '广告', reporter.token)).status).toBe(403);
      expect((await remove(999999, '广告')).status).toBe(404);

      expect((await remove(first, '含有广告链接')).status).toBe(200);
      expect(await app.deps.db.selectFrom('comments').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
      const toWriter = (await messagesOf(writer)).at(-1)!;
      expect(toWriter).toMatchObject({ title: '您的评论已被删除', sender: 'admin', idea_id: ideaId });
      expect(toWriter.content).toBe(`您在创意「${IDEA_TITLE}」下的评论已被管理员删除。原因：含有广告链接。评论内容：${via}：要被删掉的评论`);
      for (const person of [reporter, second]) {
        expect((await messagesOf(person)).at(-1)!.content).toBe(`您对创意「${IDEA_TITLE}」下一条评论的举报已处理：该评论已被删除。感谢您帮助维护社区环境。`);
      }
      const listed = (await reportsVia(via)).filter((r: { commentId: number }) => r.commentId === id);
      expect(listed.map((r: { status: string }) => r.status)).toEqual(['removed', 'removed']);
      // The writer is still named once the comment is gone.
      expect(listed[0].commentAuthor.name).toBe('评论者丙');
      expect((await remove(first, '再删一次')).status).toBe(400);
    });

    it('counts what waits on the console tabs, and only for admins', async () => {
      const start = await counts(via);
      expect(start).toEqual({ review: expect.any(Number), feedback: expect.any(Number), reports: expect.any(Number) });
      const id = await comment(`${via}：计数用的评论`);
      await report(reporter, id);
      await app.api('POST', '/api/feedback', { token: reporter.token, body: { content: `${via} 的反馈`, userAgent: 'test', url: '/marketplace' } });
      await createIdea(app.deps, ideaAuthor, { stage: 'review' });
      expect(await counts(via)).toEqual({ review: start.review + 1, feedback: start.feedback + 1, reports: start.reports + 1 });
      const refused = via === 'rest' ? await app.api('GET', '/api/admin/pending-counts', { token: reporter.token }) : await trpcCall(app, 'query', 'admin.pendingCounts', undefined, reporter.token);
      expect(refused.status).toBe(403);
    });
  });

  it("an admin deleting someone's comment from the idea page tells its writer, with the default reason", async () => {
    const id = await comment('在页面上被删的评论');
    await report(reporter, id);
    expect((await app.api('DELETE', `/api/comments/${id}`, { token: admin.token })).status).toBe(200);
    expect((await messagesOf(writer)).at(-1)!.content).toBe(`您在创意「${IDEA_TITLE}」下的评论已被管理员删除。原因：内容不符合社区规范。评论内容：在页面上被删的评论`);
    expect((await messagesOf(reporter)).at(-1)!.content).toContain('该评论已被删除');
  });

  it('the migration keeps the writer of reports on comments still there', async () => {
    const id = await comment('迁移前被举报的评论');
    const reportId = await report(second, id);
    await app.deps.db
      .insertInto('comment_reports')
      .values({
        comment_id: 987654,
        idea_id: ideaId,
        reporter_id: second.id,
        reason: '旧举报',
        comment_content: '早已删除',
        comment_author_id: null,
        status: 'open',
        created_at: nowDb(),
        resolved_at: null,
      })
      .execute();
    await reportAuthorMigration.down(app.deps.db);
    await reportAuthorMigration.up(app.deps.db);
    const rows = await app.deps.db.selectFrom('comment_reports').select(['id', 'comment_id', 'comment_author_id']).where('comment_id', 'in', [id, 987654]).execute();
    expect(rows.find((r) => r.id === reportId)!.comment_author_id).toBe(writer.id);
    expect(rows.find((r) => r.comment_id === 987654)!.comment_author_id).toBeNull();
  });
});
