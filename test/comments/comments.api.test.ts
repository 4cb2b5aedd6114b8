/**
 * Comments (docs/spec/accounts-and-people.md §2–§9, docs/spec/publishing-and-browsing.md §7, docs/architecture.md §2/§10) through REST and tRPC, on each dialect:
 * writing and replying, the limits and checks, likes and dislikes under concurrency, deletion with
 * its counts, reports for admins, deactivated authors, system messages, and the idea page's
 * bounded number of queries.
 */
import type { KyselyPlugin } from 'kysely';
import { createComment, reportComment } from '../../src/server/comments/service.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { deleteIdea } from '../../src/server/ideas/service.ts';
import { getIdea } from '../../src/server/ideas/reads.ts';
import { DIALECTS } from '../helpers/dialects.ts';
import { racing } from '../helpers/racing.ts';
import { trpcCall } from '../helpers/api.ts';
import { serveTestApp } from '../helpers/serve.ts';
import { createIdea, createUser, type FixtureUser } from '../helpers/fixtures.ts';

describe.each(DIALECTS)('comments on %s', (dialect) => {
  const app = serveTestApp(dialect);
  let author: FixtureUser;
  let reader: FixtureUser;
  let ideaId: number;

  beforeAll(async () => {
    author = await createUser(app.deps, { nickname: '作者甲' });
    reader = await createUser(app.deps, { nickname: '读者乙' });
    ideaId = await createIdea(app.deps, author);
  });

  const post = (user: FixtureUser | null, body: unknown) => app.api('POST', '/api/comments', { token: user?.token, body });
  const commentCount = async (id: number) => (await app.deps.db.selectFrom('ideas').select('comment_count').where('id', '=', id).executeTakeFirstOrThrow()).comment_count;

  it('takes no comment on an idea deleted, hidden or closed to comments between the check and the write', async () => {
    const readerRow = await app.deps.db.selectFrom('users').selectAll().where('id', '=', reader.id).executeTakeFirstOrThrow();
    const authorRow = await app.deps.db.selectFrom('users').selectAll().where('id', '=', author.id).executeTakeFirstOrThrow();
    const cases: [string, (id: number) => Promise<unknown>, string][] = [
      ['deleted by its author', (id) => deleteIdea(app.deps, authorRow, id, false), '创意不存在'],
      ['sent back to review', (id) => app.deps.db.updateTable('ideas').set({ moderation_status: 'review' }).where('id', '=', id).execute(), '创意不存在'],
      ['closed to comments', (id) => app.deps.db.updateTable('ideas').set({ allow_comments: 0 }).where('id', '=', id).execute(), '该创意未开放评论'],
    ];
    for (const [what, change, message] of cases) {
      const idea = await createIdea(app.deps, author);
      const write = createComment(
        racing(app.deps, () => change(idea)),
        readerRow,
        { ideaId: idea, content: `${what}的一刻写下的评论`, parentId: null } as never,
      );
      await expect(write, what).rejects.toMatchObject({ message: expect.stringContaining(message) });
      expect(await app.deps.db.selectFrom('comments').select('id').where('idea_id', '=', idea).execute(), what).toEqual([]);
      expect(await commentCount(idea), what).toBe(0);
      expect(await app.deps.db.selectFrom('messages').select('id').where('idea_id', '=', idea).where('title', 'like', '%评论%').execute(), what).toEqual([]);
    }
  });

  it('creates a comment and a reply, lists them flat with parentId and replyTo, and counts them', async () => {
    const idea = await createIdea(app.deps, author);
    const top = await post(reader, { ideaId: idea, content: '  <b>好点子</b>，我想试试  ', parentId: null });
    expect(top.status).toBe(201);
    expect(top.body).toMatchObject({ success: true, message: '评论成功', commentCount: 1 });
    // Plain text, trimmed, stored as sent: the page renders it as text, never as HTML.
    expect(top.body.data).toMatchObject({
      ideaId: idea,
      parentId: null,
      replyTo: null,
      content: '<b>好点子</b>，我想试试',
      userId: reader.id,
      userName: '读者乙',
      userRegistrationNumber: reader.registrationNumber,
      likeCount: 0,
      dislikeCount: 0,
    });
    expect(top.body.data.userAvatar).toMatch(/^\/avatars\//);

    const reply = await post(author, { ideaId: idea, content: '@读者乙 欢迎', parentId: top.body.data.id });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ success: true, message: '回复成功', commentCount: 2 });
    expect(reply.body.data).toMatchObject({ parentId: top.body.data.id, replyTo: top.body.data.id });
    // A reply to a reply hangs under the same top-level comment and remembers what it answered.
    const deeper = await trpcCall(app, 'mutation', 'comments.create', { ideaId: idea, content: '@作者甲 谢谢', parentId: reply.body.data.id }, reader.token);
    expect(deeper.status).toBe(200);
    expect(deeper.body.result.data.data).toMatchObject({ parentId: top.body.data.id, replyTo: reply.body.data.id });

    const list = await app.api('GET', `/api/comments/idea/${idea}`);
    expect(list.status).toBe(200);
    expect(list.body.data.map((c: { id: number }) => c.id)).toEqual([top.body.data.id, reply.body.data.id, deeper.body.result.data.data.id]);
    const viaTrpc = await trpcCall(app, 'query', 'comments.list', { ideaId: idea });
    expect(viaTrpc.body.result.data.data).toEqual(list.body.data);
    expect(await commentCount(idea)).toBe(3);

    const detail = await app.api('GET', `/api/ideas/${idea}`);
    expect(detail.body.data.commentCount).toBe(3);
    expect(detail.body.data.comments).toEqual(list.body.data);
  });

  it('refuses 501 characters and blank text with 400, sensitive words with 403, guests with 401', async () => {
    const tooLong = await post(reader, { ideaId, content: '长'.repeat(501) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ success: false, message: '评论不能超过500个字' });
    expect((await post(reader, { ideaId, content: '长'.repeat(500) })).status).toBe(201);
    // Counted in characters: 500 emoji are 500, not 1000 UTF-16 units.
    expect((await post(reader, { ideaId, content: '😀'.repeat(500) })).status).toBe(201);
    const blank = await post(reader, { ideaId, content: ' \n\t ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('评论内容不能为空');
    const sensitive = await post(reader, { ideaId, content: '一起去赌博吧' });
    expect(sensitive.status).toBe(403);
    expect(sensitive.body.message).toBe('内容包含敏感词，未能通过审核，请修改后重新提交');
    expect(sensitive.body.moderationResult).toMatchObject({ passed: false, matchedWords: ['赌博'] });
    const guest = await post(null, { ideaId, content: '路过' });
    expect(guest.status).toBe(401);
    expect(guest.body.message).toBe('请先登录后再评论');
    const guestTrpc = await trpcCall(app, 'mutation', 'comments.create', { ideaId, content: '路过' });
    expect(guestTrpc.status).toBe(401);
    expect(JSON.stringify(guestTrpc.body)).toContain('请先登录后再评论');
    // A guest's like, dislike and report are asked to log in for what they tried (they read 请先登录后再评论).
    const top = await post(reader, { ideaId, content: '给游客点的评论' });
    for (const [path, procedure, input, message] of [
      [`/api/comments/${top.body.data.id}/like`, 'comments.like', { id: top.body.data.id }, '请先登录后再点赞或点踩'],
      [`/api/comments/${top.body.data.id}/dislike`, 'comments.dislike', { id: top.body.data.id }, '请先登录后再点赞或点踩'],
      [`/api/comments/${top.body.data.id}/report`, 'comments.report', { id: top.body.data.id, reason: '广告' }, '请先登录后再举报'],
    ] as const) {
      const rest = await app.api('POST', path, { body: { reason: '广告' } });
      expect([rest.status, rest.body.message], path).toEqual([401, message]);
      const trpc = await trpcCall(app, 'mutation', procedure, input);
      expect([trpc.status, trpc.body.error?.message], procedure).toEqual([401, message]);
    }
  });

  it('hides comments of an idea that is not public (404) and refuses them where they are not allowed (403)', async () => {
    for (const stage of ['review', 'draft', 'deleted', 'rejected'] as const) {
      const hidden = await createIdea(app.deps, author, { stage });
      expect((await app.api('GET', `/api/comments/idea/${hidden}`, { token: reader.token })).status).toBe(404);
      expect((await post(reader, { ideaId: hidden, content: '看不见的创意' })).status).toBe(404);
    }
    expect((await app.api('GET', '/api/comments/idea/999999')).status).toBe(404);

    const closed = await createIdea(app.deps, author);
    const c = (await post(reader, { ideaId: closed, content: '关闭前的评论' })).body.data;
    await app.deps.db.updateTable('ideas').set({ allow_comments: 0 }).where('id', '=', closed).execute();
    const refused = await post(reader, { ideaId: closed, content: '还能评论吗' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('该创意未开放评论');
    expect((await app.api('GET', `/api/comments/idea/${closed}`)).status).toBe(403);
    expect((await app.api('POST', `/api/comments/${c.id}/like`, { token: author.token })).status).toBe(403);
    const detail = await app.api('GET', `/api/ideas/${closed}`);
    expect(detail.body.data.comments).toBeUndefined();
    expect(detail.body.data.commentCount).toBe(1);

    // A parent must be a comment of the same idea.
    const other = await createIdea(app.deps, author);
    const wrongParent = await post(reader, { ideaId: other, content: '串台了', parentId: c.id });
    expect(wrongParent.status).toBe(404);
    expect(wrongParent.body.message).toBe('回复的评论不存在或已被删除');
  });

  it('keeps like and dislike exclusive, and a second click removes the mark', async () => {
    const c = (await post(author, { ideaId, content: '点赞测试' })).body.data;
    const like = await app.api('POST', `/api/comments/${c.id}/like`, { token: reader.token });
    expect(like.body.data).toEqual({ id: c.id, interaction: 'like', likeCount: 1, dislikeCount: 0 });
    const dislike = await app.api('POST', `/api/comments/${c.id}/dislike`, { token: reader.token });
    expect(dislike.body.data).toMatchObject({ interaction: 'dislike', likeCount: 0, dislikeCount: 1 });
    const map = await app.api('GET', `/api/comments/interactions?commentIds=${c.id},999999`, { token: reader.token });
    expect(map.body.data).toEqual({ [c.id]: 'dislike' });
    const off = await trpcCall(app, 'mutation', 'comments.dislike', { id: c.id }, reader.token);
    expect(off.body.result.data.data).toMatchObject({ interaction: null, likeCount: 0, dislikeCount: 0 });
    expect((await trpcCall(app, 'query', 'comments.interactions', { commentIds: [c.id] }, reader.token)).body.result.data.data).toEqual({});
    // A guest has no marks, and cannot make one.
    expect((await app.api('GET', `/api/comments/interactions?commentIds=${c.id}`)).body.data).toEqual({});
    expect((await app.api('POST', `/api/comments/${c.id}/like`)).status).toBe(401);
    expect((await app.api('POST', '/api/comments/999999/like', { token: reader.token })).status).toBe(404);
    expect((await app.api('GET', '/api/comments/interactions?commentIds=1,abc', { token: reader.token })).status).toBe(400);
  });

  it('keeps counts exact under 20 concurrent likes by different people and a burst of clicks by one', async () => {
    // The row lock is exercised on MariaDB only; on SQLite writes run one at a time (test/database/row-locks.test.ts).
    const c = (await post(author, { ideaId, content: '并发点赞' })).body.data;
    const people = await Promise.all(Array.from({ length: 20 }, () => createUser(app.deps)));
    const likes = await Promise.all(people.map((p) => app.api('POST', `/api/comments/${c.id}/like`, { token: p.token })));
    expect(likes.map((r) => r.status)).toEqual(Array(20).fill(200));
    let row = await app.deps.db.selectFrom('comments').select(['like_count', 'dislike_count']).where('id', '=', c.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ like_count: 20, dislike_count: 0 });

    // One person clicks like and dislike 20 times at once: whatever the order, one mark at most, and the counts agree with it.
    const clicks = await Promise.all(Array.from({ length: 20 }, (_, i) => app.api('POST', `/api/comments/${c.id}/${i % 2 ? 'dislike' : 'like'}`, { token: reader.token })));
    expect(clicks.map((r) => r.status)).toEqual(Array(20).fill(200));
    const marks = await app.deps.db.selectFrom('comment_reactions').select(['kind']).where('comment_id', '=', c.id).execute();
    row = await app.deps.db.selectFrom('comments').select(['like_count', 'dislike_count']).where('id', '=', c.id).executeTakeFirstOrThrow();
    expect(row.like_count).toBe(marks.filter((m) => m.kind === 'like').length);
    expect(row.dislike_count).toBe(marks.filter((m) => m.kind === 'dislike').length);
    expect(row.like_count).toBeGreaterThanOrEqual(20);
    expect(row.like_count + row.dislike_count).toBeLessThanOrEqual(21);
  });

  it('lets the comment author, the idea author and admins delete; others get 403', async () => {
    const stranger = await createUser(app.deps);
    const c = (await post(reader, { ideaId, content: '别人删不掉' })).body.data;
    const refused = await app.api('DELETE', `/api/comments/${c.id}`, { token: stranger.token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('只有评论作者、创意作者或管理员可以删除该评论');
    expect((await trpcCall(app, 'mutation', 'comments.remove', { id: c.id }, stranger.token)).status).toBe(403);
    expect((await app.api('DELETE', `/api/comments/${c.id}`)).status).toBe(401);

    const byIdeaAuthor = await app.api('DELETE', `/api/comments/${c.id}`, { token: author.token });
    expect(byIdeaAuthor.status).toBe(200);
    expect(byIdeaAuthor.body).toMatchObject({ message: '评论已删除', data: { isMainComment: true } });
    expect((await app.api('DELETE', `/api/comments/${c.id}`, { token: author.token })).status).toBe(404);

    const own = (await post(stranger, { ideaId, content: '我自己删' })).body.data;
    expect((await app.api('DELETE', `/api/comments/${own.id}`, { token: stranger.token })).status).toBe(200);
  });

  it('deletes a top-level comment with its replies, dropping the count by 1 + replies, never below 0', async () => {
    const idea = await createIdea(app.deps, author);
    const top = (await post(reader, { ideaId: idea, content: '顶层评论' })).body.data;
    const keep = (await post(reader, { ideaId: idea, content: '另一条' })).body.data;
    const r1 = (await post(author, { ideaId: idea, content: '回复一', parentId: top.id })).body.data;
    await post(reader, { ideaId: idea, content: '回复二', parentId: r1.id });
    await app.api('POST', `/api/comments/${r1.id}/like`, { token: reader.token });
    expect(await commentCount(idea)).toBe(4);

    const reply = (await post(author, { ideaId: idea, content: '单独删的回复', parentId: keep.id })).body.data;
    const replyGone = await app.api('DELETE', `/api/comments/${reply.id}`, { token: author.token });
    expect(replyGone.body.data).toEqual({ isMainComment: false, commentCount: 4 });

    const gone = await app.api('DELETE', `/api/comments/${top.id}`, { token: reader.token });
    expect(gone.body.data).toEqual({ isMainComment: true, commentCount: 1 });
    const left = (await app.api('GET', `/api/comments/idea/${idea}`)).body.data;
    expect(left.map((c: { id: number }) => c.id)).toEqual([keep.id]);
    expect(await app.deps.db.selectFrom('comment_reactions').select('comment_id').where('comment_id', '=', r1.id).execute()).toEqual([]);

    // A count already lower than the rows (an older drift) stops at 0.
    await app.deps.db.updateTable('ideas').set({ comment_count: 0 }).where('id', '=', idea).execute();
    const floor = await app.api('DELETE', `/api/comments/${keep.id}`, { token: reader.token });
    expect(floor.body.data.commentCount).toBe(0);
    expect(await commentCount(idea)).toBe(0);
  });

  it('stores one open report however quickly one member clicks', async () => {
    // The row lock is exercised on MariaDB only; on SQLite writes run one at a time (test/database/row-locks.test.ts).
    const c = (await post(reader, { ideaId, content: '被连点举报的评论' })).body.data;
    const clicks = await Promise.all(Array.from({ length: 6 }, () => app.api('POST', `/api/comments/${c.id}/report`, { token: author.token, body: { reason: '广告' } })));
    expect(clicks.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(new Set(clicks.map((r) => r.body.data.id)).size).toBe(1);
    // The service itself, many at once (interleaving on the pool's connections, as several processes would).
    const third = await createUser(app.deps);
    const member = await app.deps.db.selectFrom('users').selectAll().where('id', '=', third.id).executeTakeFirstOrThrow();
    await Promise.all(Array.from({ length: 20 }, () => reportComment(app.deps, member, c.id, '广告')));
    for (const reporter of [author.id, third.id]) {
      const rows = await app.deps.db.selectFrom('comment_reports').select('id').where('comment_id', '=', c.id).where('reporter_id', '=', reporter).execute();
      expect(rows).toHaveLength(1);
    }
  });

  it('refuses a report of one’s own comment, on REST and tRPC', async () => {
    const c = (await post(reader, { ideaId, content: '自己写的评论' })).body.data;
    const rest = await app.api('POST', `/api/comments/${c.id}/report`, { token: reader.token, body: { reason: '广告' } });
    expect(rest.status).toBe(400);
    expect(rest.body).toMatchObject({ success: false, message: '不能举报自己的评论，如需删除请使用「删除」' });
    const viaTrpc = await trpcCall(app, 'mutation', 'comments.report', { id: c.id, reason: '广告' }, reader.token);
    expect(viaTrpc.status).toBe(400);
    expect(viaTrpc.body.error.message).toBe('不能举报自己的评论，如需删除请使用「删除」');
    const rows = await app.deps.db.selectFrom('comment_reports').select('id').where('comment_id', '=', c.id).execute();
    expect(rows).toHaveLength(0);
  });

  it('stores reports for admins; dismiss closes one, an admin delete closes the rest', async () => {
    const admin = await createUser(app.deps, { role: 'admin' });
    const c = (await post(author, { ideaId, content: '被举报的评论' })).body.data;
    const report = await app.api('POST', `/api/comments/${c.id}/report`, { token: reader.token, body: { reason: '广告' } });
    expect(report.status).toBe(200);
    expect(report.body.message).toBe('已收到你的举报，我们会尽快处理');
    expect((await app.api('POST', `/api/comments/${c.id}/report`, { token: reader.token, body: { reason: ' ' } })).status).toBe(400);
    expect((await app.api('POST', `/api/comments/${c.id}/report`, { body: { reason: '广告' } })).status).toBe(401);
    const second = await trpcCall(app, 'mutation', 'comments.report', { id: c.id, reason: '骚扰' }, admin.token);
    expect(second.body.result.data.message).toBe('已收到你的举报，我们会尽快处理');

    expect((await app.api('GET', '/api/admin/reports', { token: reader.token })).status).toBe(403);
    const list = await app.api('GET', '/api/admin/reports', { token: admin.token });
    const mine = list.body.data.filter((r: { commentId: number }) => r.commentId === c.id);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({ reason: '广告', commentContent: '被举报的评论', status: 'open', ideaId, reporterRegistrationNumber: reader.registrationNumber, commentExists: true });

    const dismissed = await app.api('POST', `/api/admin/reports/${mine[0].id}/dismiss`, { token: admin.token });
    expect(dismissed.status).toBe(200);
    expect((await app.api('POST', `/api/admin/reports/${mine[0].id}/dismiss`, { token: admin.token })).status).toBe(400);
    expect((await trpcCall(app, 'mutation', 'admin.dismissReport', { id: 999999 }, admin.token)).status).toBe(404);

    expect((await app.api('DELETE', `/api/comments/${c.id}`, { token: admin.token })).status).toBe(200);
    const after = (await trpcCall(app, 'query', 'admin.reports', undefined, admin.token)).body.result.data.data.filter((r: { commentId: number }) => r.commentId === c.id);
    expect(after.map((r: { status: string }) => r.status).sort()).toEqual(['dismissed', 'removed']);
    expect(after.every((r: { commentExists: boolean }) => !r.commentExists)).toBe(true);
    // The admin's own idea page still works: their review routes sit beside the reports.
    expect((await trpcCall(app, 'query', 'admin.reviewQueue', undefined, admin.token)).status).toBe(200);
  });

  it('shows a deactivated author as 已注销用户 with the default avatar', async () => {
    const leaver = await createUser(app.deps, { nickname: '将要注销' });
    await app.deps.db.updateTable('users').set({ avatar_url: '/avatars/3.png' }).where('id', '=', leaver.id).execute();
    const c = (await post(leaver, { ideaId, content: '注销前写的' })).body.data;
    expect(c.userName).toBe('将要注销');
    expect((await app.api('GET', '/api/users/deactivation-stats', { token: leaver.token })).body.data.comments).toBe(1);
    const res = await app.api('POST', '/api/users/deactivate', { token: leaver.token, body: { reason: '不再使用', password: leaver.password } });
    expect(res.status).toBe(200);
    // Read time, from users.status: even a nickname left in place would not show.
    await app.deps.db.updateTable('users').set({ nickname: '将要注销' }).where('id', '=', leaver.id).execute();
    const shown = (await app.api('GET', `/api/comments/idea/${ideaId}`)).body.data.find((x: { id: number }) => x.id === c.id);
    expect(shown.userName).toBe('已注销用户');
    expect(shown.userAvatar).toMatch(/^\/avatars\//);
    expect(shown.userAvatar).not.toBe('/avatars/3.png');
    // Nor who it was: no id, no registration number, in the list or embedded in the idea.
    expect(shown).toMatchObject({ userId: 0, userRegistrationNumber: '' });
    const embedded = (await app.api('GET', `/api/ideas/${ideaId}`)).body.data.comments.find((x: { id: number }) => x.id === c.id);
    expect(embedded).toMatchObject({ userName: '已注销用户', userId: 0, userRegistrationNumber: '' });
  });

  it('tells the idea author of a new comment and a comment author of a reply, never oneself', async () => {
    const idea = await createIdea(app.deps, author);
    const third = await createUser(app.deps, { nickname: '丙' });
    const messages = async (userId: number) =>
      app.deps.db.selectFrom('messages').select(['title', 'content', 'idea_id']).where('user_id', '=', userId).where('idea_id', '=', idea).orderBy('id').execute();
    const top = (await post(reader, { ideaId: idea, content: '第一条评论' })).body.data;
    expect(await messages(author.id)).toEqual([{ title: '收到新评论', content: expect.stringContaining('读者乙 评论了您的创意'), idea_id: idea }]);
    await post(author, { ideaId: idea, content: '作者自己回复', parentId: top.id });
    expect((await messages(author.id)).length).toBe(1);
    expect(await messages(reader.id)).toEqual([{ title: '收到新回复', content: expect.stringContaining('作者甲 回复了您'), idea_id: idea }]);
    // Read first: while unread, later ones are summed up in the same message (the next test).
    await app.deps.db.updateTable('messages').set({ is_read: 1 }).where('user_id', 'in', [author.id, reader.id]).execute();
    await post(third, { ideaId: idea, content: '丙的回复', parentId: top.id });
    expect((await messages(reader.id)).length).toBe(2);
    expect((await messages(author.id)).map((m) => m.title)).toEqual(['收到新评论', '收到新评论']);
    await post(reader, { ideaId: idea, content: '自己回复自己', parentId: top.id });
    expect((await messages(reader.id)).length).toBe(2);
  });

  it('sums up new comments and replies in one unread message per idea, so a burst cannot flood an author', async () => {
    const idea = await createIdea(app.deps, author, { title: '被围观的创意' });
    const [a, b, c] = await Promise.all(['甲乙', '丙丁', '戊己'].map((nickname) => createUser(app.deps, { nickname })));
    const unread = async (user: FixtureUser) => (await app.api('GET', '/api/messages/unread-count', { token: user.token })).body.count as number;
    const messages = async (userId: number, title: string) =>
      app.deps.db.selectFrom('messages').select(['id', 'content', 'is_read']).where('user_id', '=', userId).where('idea_id', '=', idea).where('title', '=', title).orderBy('id').execute();
    const authorBefore = await unread(author);

    const first = (await post(a, { ideaId: idea, content: '第一条' })).body.data;
    await post(a, { ideaId: idea, content: '第二条' });
    expect(await messages(author.id, '收到新评论')).toEqual([expect.objectContaining({ content: '甲乙 评论了您的创意「被围观的创意」，共 2 条新评论，最新一条：第二条', is_read: 0 })]);
    await trpcCall(app, 'mutation', 'comments.create', { ideaId: idea, content: '我也来' }, b.token);
    await post(c, { ideaId: idea, content: '还有我' });
    expect(await messages(author.id, '收到新评论')).toEqual([expect.objectContaining({ content: '戊己 等 3 人评论了您的创意「被围观的创意」，共 4 条新评论，最新一条：还有我' })]);
    expect(await unread(author)).toBe(authorBefore + 1);

    // Replies to one comment: one unread message for its writer too.
    await post(b, { ideaId: idea, content: '回复一', parentId: first.id });
    await post(c, { ideaId: idea, content: '回复二', parentId: first.id });
    expect(await messages(a.id, '收到新回复')).toEqual([expect.objectContaining({ content: '戊己 等 2 人回复了您在「被围观的创意」下的评论，共 2 条新回复，最新一条：回复二' })]);
    // The author hears of those replies too (a comment on their idea), in the same sum.
    expect(await messages(author.id, '收到新评论')).toEqual([expect.objectContaining({ content: '戊己 等 3 人评论了您的创意「被围观的创意」，共 6 条新评论，最新一条：回复二' })]);
    expect(await unread(a)).toBe(1);

    // Once read, the next comment is a new message that counts from there.
    const [summed] = await messages(author.id, '收到新评论');
    expect((await app.api('PUT', `/api/messages/${summed.id}/read`, { token: author.token })).status).toBe(200);
    await post(b, { ideaId: idea, content: '读过之后的新评论' });
    const after = await messages(author.id, '收到新评论');
    expect(after).toHaveLength(2);
    expect(after[1]).toMatchObject({ content: '丙丁 评论了您的创意「被围观的创意」：读过之后的新评论', is_read: 0 });
    expect(await unread(author)).toBe(authorBefore + 1);
  });

  it('answers the idea page with its comments in a fixed number of queries, 1 or 30 comments', async () => {
    let queries = 0;
    const counter: KyselyPlugin = {
      transformQuery: (args) => {
        queries += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const counted = { ...app.deps, db: app.deps.db.withPlugin(counter) };
    const viewer = await app.deps.db.selectFrom('users').selectAll().where('id', '=', reader.id).executeTakeFirstOrThrow();
    const measure = async (n: number) => {
      const idea = await createIdea(app.deps, author);
      const people = await Promise.all(Array.from({ length: Math.min(n, 5) }, () => createUser(app.deps)));
      for (let i = 0; i < n; i++) await post(people[i % people.length], { ideaId: idea, content: `第${i}条` });
      queries = 0;
      const dto = await getIdea(counted, viewer, idea);
      expect(dto.comments).toHaveLength(n);
      return queries;
    };
    const one = await measure(1);
    const thirty = await measure(30);
    expect(thirty).toBe(one);
    expect(one).toBeLessThanOrEqual(8);
  });

  it('documents the paths in /api/openapi.json', async () => {
    const doc = (await app.api('GET', '/api/openapi.json')).body;
    for (const p of [
      '/comments',
      '/comments/idea/{ideaId}',
      '/comments/interactions',
      '/comments/{id}',
      '/comments/{id}/like',
      '/comments/{id}/dislike',
      '/comments/{id}/report',
      '/admin/reports',
      '/admin/reports/{id}/dismiss',
    ]) {
      expect(
        Object.keys(doc.paths).some((k) => k.endsWith(p)),
        p,
      ).toBe(true);
    }
  });
});

/**
 * A comment write changes the comment count on every card: a guest's cached list (the fast lane's
 * shared cache) shows the new count at once, on both transports, whichever transport wrote. The TTL
 * is long here, so only the write's own invalidation (changes: ['comments']) can refresh the answer.
 */
describe.each(DIALECTS)('a guest\u2019s cached cards after a comment write, on %s', (dialect) => {
  const app = serveTestApp(dialect, { cacheTtlMs: 10 * 60_000 });

  type Card = { id: number; title: string; commentCount: number };
  const guestCards = async () => [
    (await app.api('GET', '/api/ideas/guest?limit=50')).body.data as Card[],
    (await trpcCall(app, 'query', 'ideas.guestPage', { limit: 50 })).body.result.data.data as Card[],
  ];
  const cardsOf = async (id: number) => (await guestCards()).map((cards) => cards.find((c) => c.id === id)!);

  it('shows the new comment count at once after a comment is written or removed, by REST or tRPC', async () => {
    const author = await createUser(app.deps);
    const reader = await createUser(app.deps);
    const idea = await createIdea(app.deps, author, { title: '缓存里的评论数' });
    for (const card of await cardsOf(idea)) expect(card).toMatchObject({ title: '缓存里的评论数', commentCount: 0 });
    // Changed behind the operations' back: both answers now come from the cache.
    await app.deps.db.updateTable('ideas').set({ title: '缓存之外的标题' }).where('id', '=', idea).execute();
    for (const card of await cardsOf(idea)) expect(card.title).toBe('缓存里的评论数');

    const viaRest = await app.api('POST', '/api/comments', { token: reader.token, body: { ideaId: idea, content: '经由 REST 的评论' } });
    expect(viaRest.status).toBe(201);
    for (const card of await cardsOf(idea)) expect(card).toMatchObject({ title: '缓存之外的标题', commentCount: 1 });

    expect((await trpcCall(app, 'mutation', 'comments.remove', { id: viaRest.body.data.id }, reader.token)).status).toBe(200);
    for (const card of await cardsOf(idea)) expect(card.commentCount).toBe(0);

    const viaTrpc = await trpcCall(app, 'mutation', 'comments.create', { ideaId: idea, content: '经由 tRPC 的评论' }, reader.token);
    expect(viaTrpc.status).toBe(200);
    for (const card of await cardsOf(idea)) expect(card.commentCount).toBe(1);

    expect((await app.api('DELETE', `/api/comments/${viaTrpc.body.result.data.data.id}`, { token: reader.token })).status).toBe(200);
    for (const card of await cardsOf(idea)) expect(card.commentCount).toBe(0);
  });
});
