/**
 * Staying in touch: follow updates, messages with announcements, feedback and the admin
 * console's paths — on REST and tRPC, each member confined to their own messages, admins only where
 * docs/architecture.md §10 says so.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DIALECTS } from '../helpers/dialects.ts';
import { trpcCall as trpcWire } from '../helpers/api.ts';
import { serveTestApp } from '../helpers/serve.ts';
import { createIdea, createUser, type FixtureUser } from '../helpers/fixtures.ts';
import { walkPages, type CursorPage } from '../helpers/pages.ts';
import { messageRow } from '../../src/server/messages/send.ts';

const DAY = 24 * 3600 * 1000;

async function trpcCall(...args: Parameters<typeof trpcWire>) {
  const res = await trpcWire(...args);
  return { ...res, body: res.body.result?.data ?? res.body };
}

describe.each(DIALECTS)('follow updates, messages, feedback and the admin console, on %s', (dialect) => {
  const app = serveTestApp(dialect);
  let admin: FixtureUser;
  let a: FixtureUser;
  let b: FixtureUser;

  const unread = async (u: FixtureUser) => (await app.api('GET', '/api/messages/unread-count', { token: u.token })).body.count as number;
  const messages = async (u: FixtureUser) =>
    (await app.api('GET', '/api/messages', { token: u.token })).body.data as {
      id: number;
      type: string;
      title: string;
      content: string;
      is_read: boolean;
      sender: string;
      original_feedback: string | null;
    }[];

  beforeAll(async () => {
    admin = await createUser(app.deps, { role: 'admin' });
    a = await createUser(app.deps, { nickname: '作者A' });
    b = await createUser(app.deps, { nickname: '读者B' });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  describe('follow updates', () => {
    it('lists followed members with ideas made public in the last 7 days, with the spec fields', async () => {
      const writer = await createUser(app.deps, { nickname: '写作者' });
      const reader = await createUser(app.deps);
      const quiet = await createUser(app.deps);
      await createIdea(app.deps, writer, { ageMs: 8 * DAY, title: '八天前的创意' });
      const recent = await createIdea(app.deps, writer, { ageMs: 2 * DAY, title: '两天前的创意', tags: ['近期'] });
      const newest = await createIdea(app.deps, writer, { ageMs: 1 * DAY, title: '一天前的创意' });
      await createIdea(app.deps, writer, { stage: 'review' });
      await createIdea(app.deps, quiet, { ageMs: 9 * DAY });
      for (const u of [writer, quiet]) await app.api('POST', `/api/follows/${u.registrationNumber}`, { token: reader.token, body: { follow: true } });

      const updates = await app.api('GET', '/api/follows/updates', { token: reader.token });
      expect(updates.status).toBe(200);
      expect(updates.body.data).toEqual([
        { registration_number: writer.registrationNumber, nickname: '写作者', avatar_url: expect.any(String), recent_ideas_count: 2, latest_idea_time: expect.any(String) },
      ]);
      expect((await trpcCall(app, 'query', 'follows.updates', undefined, reader.token)).body.data).toHaveLength(1);
      expect((await app.api('GET', '/api/follows/updates-count', { token: reader.token })).body.count).toBe(1);

      const ideas = (await app.api('GET', `/api/follows/user/${writer.registrationNumber}/recent`, { token: reader.token })).body.data;
      expect(ideas.map((i: { id: number }) => i.id)).toEqual([newest, recent]);
      expect(ideas[1]).toMatchObject({ title: '两天前的创意', tags: ['近期'], price: 0, view_count: 0, favorite_count: 0, nickname: '写作者' });
      expect(ideas[1]).not.toHaveProperty('detailedAnalysis');

      // Five days on, both are past the 7-day window: the update is gone.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 6 * DAY + 60_000);
      expect((await app.api('GET', '/api/follows/updates', { token: reader.token })).body.data).toEqual([]);
      expect((await app.api('GET', '/api/follows/updates')).status).toBe(401);
    });

    it('tells a member about a new follower once while the message is unread', async () => {
      const star = await createUser(app.deps);
      const fan = await createUser(app.deps, { nickname: '粉丝一号' });
      for (const follow of [true, false, true]) await app.api('POST', `/api/follows/${star.registrationNumber}`, { token: fan.token, body: { follow } });
      const list = await messages(star);
      expect(list.filter((m) => m.content.includes('粉丝一号'))).toHaveLength(1);
      expect(list[0]).toMatchObject({ type: 'system', title: '新的关注者', is_read: false });
      // Addressed as every other notice in the list is (您), not 你.
      expect(list[0].content).toBe(`粉丝一号（${fan.registrationNumber}）关注了您。`);
    });
  });

  describe('messages', () => {
    it('lists, counts, reads and deletes only the caller’s own messages (others get 404)', async () => {
      const owner = await createUser(app.deps);
      const other = await createUser(app.deps);
      await app.api('POST', `/api/follows/${owner.registrationNumber}`, { token: other.token, body: { follow: true } });
      const [m] = await messages(owner);
      expect(await unread(owner)).toBe(1);
      expect((await trpcCall(app, 'query', 'messages.unreadCount', undefined, owner.token)).body.data.count).toBe(1);

      expect((await app.api('PUT', `/api/messages/${m.id}/read`, { token: other.token, body: {} })).status).toBe(404);
      expect((await app.api('DELETE', `/api/messages/${m.id}`, { token: other.token })).status).toBe(404);
      expect((await trpcCall(app, 'mutation', 'messages.remove', { id: m.id }, other.token)).status).toBe(404);
      expect(await messages(other)).not.toContainEqual(expect.objectContaining({ id: m.id }));
      expect(await unread(owner)).toBe(1);

      const read = await app.api('PUT', `/api/messages/${m.id}/read`, { token: owner.token, body: {} });
      expect(read.status).toBe(200);
      expect(await unread(owner)).toBe(0);
      expect((await messages(owner))[0]).toMatchObject({ id: m.id, is_read: true });
      expect((await app.api('DELETE', `/api/messages/${m.id}`, { token: owner.token })).body.message).toBe('消息已删除');
      expect(await messages(owner)).toEqual([]);
      expect((await app.api('DELETE', `/api/messages/${m.id}`, { token: owner.token })).status).toBe(404);
      expect((await app.api('GET', '/api/messages')).status).toBe(401);
      expect((await app.api('GET', '/api/messages/unread-count')).status).toBe(401);
    });

    it('pages the messages 50 at a time, newest first, each once, to the last unread one, on both transports', async () => {
      const owner = await createUser(app.deps);
      // 120 messages, three to a second (ties in time are ordered by id), the oldest 10 unread.
      const base = Date.parse('2026-11-01T00:00:00Z');
      await app.deps.db
        .insertInto('messages')
        .values(
          Array.from({ length: 120 }, (_, i) => ({
            ...messageRow({ userId: owner.id, title: `第${i}条`, content: '分页', createdAt: new Date(base + Math.floor(i / 3) * 1000).toISOString().slice(0, 19).replace('T', ' ') }),
            is_read: i < 10 ? 0 : 1,
          })),
        )
        .execute();
      expect(await unread(owner)).toBe(10);
      const walk = (page: (cursor?: string) => Promise<CursorPage<{ title: string }>>) => walkPages(page, (m) => m.title);
      const expected = Array.from({ length: 120 }, (_, i) => `第${119 - i}条`);
      const viaRest = await walk(async (cursor) => (await app.api('GET', `/api/messages${cursor ? `?cursor=${cursor}` : ''}`, { token: owner.token })).body);
      expect(viaRest).toEqual({ seen: expected, sizes: [50, 50, 20] });
      const viaTrpc = await walk(async (cursor) => (await trpcCall(app, 'query', 'messages.list', cursor ? { cursor } : {}, owner.token)).body);
      expect(viaTrpc).toEqual(viaRest);
      // Another list's cursor, or none of ours, is refused.
      const market = (await app.api('GET', '/api/marketplace/ideas?limit=1')).body.nextCursor;
      for (const bad of ['x', market].filter(Boolean)) expect((await app.api('GET', `/api/messages?cursor=${bad}`, { token: owner.token })).status).toBe(400);
    });

    it('names who commented or replied and leads to the comment, summed to the latest, on both transports', async () => {
      const owner = await createUser(app.deps, { nickname: '创意主人' });
      const first = await createUser(app.deps, { nickname: '第一位读者' });
      const second = await createUser(app.deps, { nickname: '第二位读者' });
      const idea = await createIdea(app.deps, owner, { title: '带链接的消息' });
      const comment = (await app.api('POST', '/api/comments', { token: first.token, body: { ideaId: idea, content: '想试试' } })).body.data;
      const actorOf = (u: FixtureUser, nickname: string) => ({ registrationNumber: u.registrationNumber, nickname, avatarUrl: expect.stringMatching(/^\/avatars\//) });

      const [notice] = await messages(owner);
      expect(notice).toMatchObject({ type: 'system', title: '收到新评论', sender: 'other', idea_id: idea, comment_id: comment.id, actor: actorOf(first, '第一位读者'), is_read: false });
      // tRPC sends the same message in camelCase.
      const {
        idea_id: ideaId,
        comment_id: commentId,
        is_read: isRead,
        read_at: readAt,
        created_at: createdAt,
        original_feedback: originalFeedback,
        ...same
      } = notice as typeof notice & Record<string, unknown>;
      expect((await trpcCall(app, 'query', 'messages.list', undefined, owner.token)).body.data[0]).toEqual({ ...same, ideaId, commentId, isRead, readAt, createdAt, originalFeedback });

      // A reply reaches the comment's writer with the replier and the reply.
      const reply = (await app.api('POST', '/api/comments', { token: owner.token, body: { ideaId: idea, content: '欢迎', parentId: comment.id } })).body.data;
      expect((await messages(first))[0]).toMatchObject({ title: '收到新回复', sender: 'other', idea_id: idea, comment_id: reply.id, actor: actorOf(owner, '创意主人') });

      // Summed while unread: the message names the latest writer and leads to the latest comment.
      const later = (await trpcCall(app, 'mutation', 'comments.create', { ideaId: idea, content: '我也想试试' }, second.token)).body.data;
      const summed = (await messages(owner)).filter((m) => m.title === '收到新评论');
      expect(summed).toHaveLength(1);
      expect(summed[0]).toMatchObject({ id: notice.id, comment_id: later.id, actor: actorOf(second, '第二位读者'), content: expect.stringContaining('等 2 人') });

      // The comment deleted: the message stays and leads to the idea; a deactivated writer names no one.
      expect((await app.api('DELETE', `/api/comments/${later.id}`, { token: second.token })).status).toBe(200);
      await app.deps.db.updateTable('users').set({ status: 'deactivated' }).where('id', '=', second.id).execute();
      expect((await messages(owner)).find((m) => m.id === notice.id)).toMatchObject({
        idea_id: idea,
        comment_id: null,
        actor: { registrationNumber: '', nickname: '已注销用户', avatarUrl: expect.stringMatching(/^\/avatars\//) },
      });

      // A new follower is named too.
      await app.api('POST', `/api/follows/${owner.registrationNumber}`, { token: first.token, body: { follow: true } });
      expect((await messages(owner)).find((m) => m.title === '新的关注者')).toMatchObject({ sender: 'other', actor: actorOf(first, '第一位读者'), comment_id: null, idea_id: null });
    });

    it('marks read the messages the page showed, only the caller’s own, and answers the unread left, on both transports', async () => {
      const owner = await createUser(app.deps);
      const other = await createUser(app.deps);
      const fans = await Promise.all([createUser(app.deps), createUser(app.deps), createUser(app.deps)]);
      for (const fan of fans) await app.api('POST', `/api/follows/${owner.registrationNumber}`, { token: fan.token, body: { follow: true } });
      await app.api('POST', `/api/follows/${other.registrationNumber}`, { token: fans[0].token, body: { follow: true } });
      const [newest, middle, oldest] = await messages(owner);
      const [othersMessage] = await messages(other);
      expect(await unread(owner)).toBe(3);

      const rest = await app.api('PUT', '/api/messages/read', { token: owner.token, body: { ids: [newest.id, middle.id] } });
      expect(rest.status).toBe(200);
      expect(rest.body).toMatchObject({ success: true, data: { count: 1 }, count: 1 });
      expect((await messages(owner)).map((m) => m.is_read)).toEqual([true, true, false]);

      // Another member's id, a deleted one and one already read are passed over.
      const viaTrpc = await trpcCall(app, 'mutation', 'messages.markShownRead', { ids: [oldest.id, othersMessage.id, newest.id, 99_999_999] }, owner.token);
      expect(viaTrpc.status).toBe(200);
      expect(viaTrpc.body.data).toEqual({ count: 0 });
      expect(await unread(owner)).toBe(0);
      expect(await unread(other)).toBe(1);

      expect((await app.api('PUT', '/api/messages/read', { token: owner.token, body: { ids: [] } })).status).toBe(400);
      expect((await app.api('PUT', '/api/messages/read', { token: owner.token, body: { ids: ['1e1'] } })).status).toBe(400);
      expect((await trpcCall(app, 'mutation', 'messages.markShownRead', { ids: [] }, owner.token)).status).toBe(400);
      expect((await app.api('PUT', '/api/messages/read', { body: { ids: [oldest.id] } })).status).toBe(401);
    });

    it('sends an announcement as one row that reaches every existing member once, read-all included', async () => {
      const before = await createUser(app.deps);
      const also = await createUser(app.deps);
      const countBefore = await unread(before);
      const rowsBefore = Number(
        (
          await app.deps.db
            .selectFrom('messages')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

      const sent = await app.api('POST', '/api/messages/announcement', { token: admin.token, body: { title: '平台维护通知', content: '今晚 23:00 维护一小时。', priority: 'high' } });
      expect(sent.status).toBe(201);
      expect(sent.body.message).toBe('公告已发布');
      // Sending wrote no message rows.
      expect(
        Number(
          (
            await app.deps.db
              .selectFrom('messages')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ).toBe(rowsBefore);
      expect(await unread(before)).toBe(countBefore + 1);
      expect(await unread(also)).toBe(1);

      // Two tabs listing at once store it once.
      const [l1, l2] = await Promise.all([messages(before), messages(before)]);
      expect(l1.filter((m) => m.title === '平台维护通知')).toHaveLength(1);
      expect(l2.filter((m) => m.title === '平台维护通知')).toHaveLength(1);
      expect((await messages(before)).find((m) => m.title === '平台维护通知')).toMatchObject({ type: 'announcement', sender: 'admin', is_read: false });
      expect(await unread(before)).toBe(countBefore + 1);

      // read-all also covers an announcement not listed yet.
      const all = await app.api('PUT', '/api/messages/read-all', { token: also.token, body: {} });
      expect(all.status).toBe(200);
      expect(await unread(also)).toBe(0);
      const [copy] = await messages(also);
      expect(copy).toMatchObject({ title: '平台维护通知', is_read: true });
      // A deleted announcement does not come back.
      await app.api('DELETE', `/api/messages/${copy.id}`, { token: also.token });
      expect(await messages(also)).toEqual([]);
      expect(await unread(also)).toBe(0);

      // Who joins later does not get earlier announcements.
      await new Promise((r) => setTimeout(r, 5));
      const later = await createUser(app.deps);
      expect(await unread(later)).toBe(0);
      // Not in their messages either, on either transport (the list is where announcements are delivered).
      expect(await messages(later)).toEqual([]);
      expect((await trpcCall(app, 'query', 'messages.list', undefined, later.token)).body.data).toEqual([]);
      expect(await unread(later)).toBe(0);
    });

    it('refuses announcements and every admin path to members (403) and guests (401)', async () => {
      const paths: [string, string, unknown?][] = [
        ['POST', '/api/messages/announcement', { title: '冒充公告', content: '内容' }],
        ['GET', '/api/admin/feedback'],
        ['POST', '/api/admin/feedback/1/reply', { content: '回复' }],
        ['GET', '/api/admin/log'],
        ['GET', '/api/admin/review'],
        ['POST', '/api/admin/ideas/1/approve', {}],
        ['POST', '/api/admin/ideas/1/reject', { reason: '不行' }],
      ];
      for (const [method, path, body] of paths) {
        expect((await app.api(method, path, { token: b.token, body })).status, path).toBe(403);
        expect((await app.api(method, path, { body })).status, path).toBe(401);
      }
      for (const [kind, proc, input] of [
        ['mutation', 'messages.announce', { title: 't', content: 'c' }],
        ['query', 'feedback.inbox', undefined],
        ['mutation', 'feedback.reply', { id: 1, content: 'x' }],
        ['query', 'admin.log', undefined],
      ] as const) {
        expect((await trpcCall(app, kind, proc, input, b.token)).status, proc).toBe(403);
      }
      const bad = await app.api('POST', '/api/messages/announcement', { token: admin.token, body: { title: '  ', content: '内容' } });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('请输入公告标题');
    });
  });

  describe('feedback', () => {
    it('takes 1–1000 trimmed characters; an admin reply reaches the member with the original text', async () => {
      for (const content of ['   ', '反'.repeat(1001)]) {
        const res = await app.api('POST', '/api/feedback', { token: b.token, body: { content, userAgent: 'UA', url: 'http://x/marketplace' } });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(content.trim() ? '反馈内容不能超过1000个字' : '请输入反馈内容');
      }
      expect((await trpcCall(app, 'mutation', 'feedback.submit', { content: '' }, b.token)).status).toBe(400);
      expect((await app.api('POST', '/api/feedback', { body: { content: '游客反馈' } })).status).toBe(401);

      const ok = await app.api('POST', '/api/feedback', { token: b.token, body: { content: '  希望能按标签筛选创意  ', userAgent: 'Mozilla/5.0', url: 'http://localhost/marketplace' } });
      expect(ok.status).toBe(201);
      const exact = await app.api('POST', '/api/feedback', { token: b.token, body: { content: '满'.repeat(1000) } });
      expect(exact.status).toBe(201);
      // Characters, not UTF-16 units: 1000 emoji are 1000 characters, as the dialog counts them.
      expect((await app.api('POST', '/api/feedback', { token: b.token, body: { content: '👍'.repeat(1000) } })).status).toBe(201);
      expect((await app.api('POST', '/api/feedback', { token: b.token, body: { content: '👍'.repeat(1001) } })).status).toBe(400);

      const inbox = await app.api('GET', '/api/admin/feedback', { token: admin.token });
      const item = inbox.body.data.find((f: { id: number }) => f.id === ok.body.data.id);
      expect(item).toMatchObject({
        content: '希望能按标签筛选创意',
        userAgent: 'Mozilla/5.0',
        url: 'http://localhost/marketplace',
        status: 'open',
        user: { registrationNumber: b.registrationNumber },
      });

      const before = await unread(b);
      const reply = await app.api('POST', `/api/admin/feedback/${item.id}/reply`, { token: admin.token, body: { content: '已加入计划，谢谢！' } });
      expect(reply.status).toBe(200);
      expect(await unread(b)).toBe(before + 1);
      const msg = (await messages(b)).find((m) => m.type === 'feedback_reply');
      expect(msg).toMatchObject({ sender: 'admin', content: '已加入计划，谢谢！', original_feedback: '希望能按标签筛选创意' });
      expect((await app.api('GET', '/api/admin/feedback', { token: admin.token })).body.data.find((f: { id: number }) => f.id === item.id).status).toBe('replied');
      expect((await app.api('POST', '/api/admin/feedback/999999/reply', { token: admin.token, body: { content: '回复' } })).status).toBe(404);
    });
  });

  describe('moderation log', () => {
    it('records review decisions, feedback replies and announcements with who and when', async () => {
      const idea = await createIdea(app.deps, a, { stage: 'review' });
      await app.api('POST', `/api/admin/ideas/${idea}/approve`, { token: admin.token, body: {} });
      await app.api('POST', '/api/messages/announcement', { token: admin.token, body: { title: '日志里的公告', content: '内容' } });
      const log = (await app.api('GET', '/api/admin/log', { token: admin.token })).body.data;
      expect(log[0]).toMatchObject({ action: 'send_announcement', targetType: 'announcement', detail: '日志里的公告', admin: { registrationNumber: admin.registrationNumber } });
      expect(log[1]).toMatchObject({ action: 'approve_idea', targetType: 'idea', targetId: idea });
      expect(log.some((e: { action: string }) => e.action === 'reply_feedback')).toBe(true);
      expect(typeof log[0].createdAt).toBe('string');
      expect((await trpcCall(app, 'query', 'admin.log', undefined, admin.token)).body.data.length).toBe(log.length);
    });

    it('marks an admin approving their own idea as a self-approval, on both transports', async () => {
      const other = await createIdea(app.deps, a, { stage: 'review' });
      const ownRest = await createIdea(app.deps, admin, { stage: 'review' });
      const ownTrpc = await createIdea(app.deps, admin, { stage: 'review' });

      const queue = (await app.api('GET', '/api/admin/review', { token: admin.token })).body.data as { id: number; isOwner: boolean }[];
      expect(queue.find((i) => i.id === ownRest)?.isOwner).toBe(true);
      expect(queue.find((i) => i.id === other)?.isOwner).toBe(false);

      const viaRest = await app.api('POST', `/api/admin/ideas/${ownRest}/approve`, { token: admin.token, body: {} });
      expect(viaRest.status).toBe(200);
      expect(viaRest.body.message).toBe('已通过审核。这是你自己的创意，操作记录中已标为自审通过');
      const viaTrpc = await trpcCall(app, 'mutation', 'admin.approve', { id: ownTrpc }, admin.token);
      expect(viaTrpc.body.message).toBe('已通过审核。这是你自己的创意，操作记录中已标为自审通过');
      const plain = await app.api('POST', `/api/admin/ideas/${other}/approve`, { token: admin.token, body: {} });
      expect(plain.body.message).toBe('已通过审核');

      for (const log of [(await app.api('GET', '/api/admin/log', { token: admin.token })).body.data, (await trpcCall(app, 'query', 'admin.log', undefined, admin.token)).body.data] as {
        action: string;
        targetId: number;
        admin: { registrationNumber: string };
      }[][]) {
        expect(log.slice(0, 3).map((e) => [e.action, e.targetId])).toEqual([
          ['approve_idea', other],
          ['approve_own_idea', ownTrpc],
          ['approve_own_idea', ownRest],
        ]);
        expect(log[1].admin.registrationNumber).toBe(admin.registrationNumber);
      }
      // Rejecting one's own idea hides it: nothing to flag.
      const ownRejected = await createIdea(app.deps, admin, { stage: 'review' });
      await app.api('POST', `/api/admin/ideas/${ownRejected}/reject`, { token: admin.token, body: { reason: '内容不完整' } });
      expect((await app.api('GET', '/api/admin/log', { token: admin.token })).body.data[0]).toMatchObject({ action: 'reject_idea', targetId: ownRejected });
    });

    it('records an admin dismissing a report and removing a reported comment, not an author deleting their own', async () => {
      const idea = await createIdea(app.deps, a);
      const post = async (content: string) => (await app.api('POST', '/api/comments', { token: b.token, body: { ideaId: idea, content } })).body.data.id as number;
      const [kept, removed, own] = [await post('第一条评论'), await post('第二条评论'), await post('第三条评论')];
      const report = async (id: number) => (await app.api('POST', `/api/comments/${id}/report`, { token: a.token, body: { reason: '广告' } })).body.data.id as number;
      const dismissed = await report(kept);
      await report(removed);
      expect((await app.api('POST', `/api/admin/reports/${dismissed}/dismiss`, { token: admin.token, body: {} })).status).toBe(200);
      expect((await app.api('DELETE', `/api/comments/${removed}`, { token: admin.token })).status).toBe(200);
      expect((await app.api('DELETE', `/api/comments/${own}`, { token: b.token })).status).toBe(200);
      const log = (await app.api('GET', '/api/admin/log', { token: admin.token })).body.data;
      expect(log[0]).toMatchObject({ action: 'delete_comment', targetType: 'comment', targetId: removed, detail: '内容不符合社区规范｜第二条评论' }); // the reason first, as a rejected comment's
      expect(log[1]).toMatchObject({ action: 'dismiss_report', targetType: 'report', targetId: dismissed });
      expect(log.some((e: { targetId: number; targetType: string }) => e.targetType === 'comment' && e.targetId === own)).toBe(false);
    });
  });
});
