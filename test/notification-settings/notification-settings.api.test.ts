/**
 * A say over notices: GET/PUT /api/notification-settings (notificationSettings.get|update) hold one
 * switch per kind a member may turn off — comments on their ideas, replies to their comments, new
 * followers — all on by default. A switched-off kind writes no message at all (the comment, reply or
 * follow still happens); turned on again, messages resume. Review results, take-downs, moderators'
 * messages, feedback replies and announcements arrive whatever the switches say.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects.ts';
import { trpcCall } from '../helpers/api.ts';
import { serveTestApp } from '../helpers/serve.ts';
import { createIdea, createUser, type FixtureUser } from '../helpers/fixtures.ts';

type Transport = 'rest' | 'trpc';
const TRANSPORTS: Transport[] = ['rest', 'trpc'];
const ALL_ON = { comments: true, replies: true, followers: true };
const ALL_OFF = { comments: false, replies: false, followers: false };

describe.each(DIALECTS)('notification settings on %s', (dialect) => {
  const app = serveTestApp(dialect);
  let admin: FixtureUser;
  beforeAll(async () => {
    admin = await createUser(app.deps, { role: 'admin' });
  });

  /** The member's settings by one transport: status, message and data. */
  async function read(via: Transport, token?: string) {
    if (via === 'rest') {
      const res = await app.api('GET', '/api/notification-settings', { token });
      return { status: res.status, message: res.body.message as string | undefined, data: res.body.data };
    }
    const res = await trpcCall(app, 'query', 'notificationSettings.get', undefined, token);
    return { status: res.status, message: (res.body.error?.message ?? res.body.result?.data?.message) as string | undefined, data: res.body.result?.data?.data };
  }
  async function save(via: Transport, body: unknown, token?: string) {
    if (via === 'rest') {
      const res = await app.api('PUT', '/api/notification-settings', { token, body });
      return { status: res.status, message: res.body.message as string, data: res.body.data };
    }
    const res = await trpcCall(app, 'mutation', 'notificationSettings.update', body, token);
    return { status: res.status, message: (res.body.error?.message ?? res.body.result?.data?.message) as string, data: res.body.result?.data?.data };
  }

  /** The member's messages as stored: the write path, not the list. */
  const stored = (u: FixtureUser) => app.deps.db.selectFrom('messages').select(['id', 'title', 'content', 'type', 'sender']).where('user_id', '=', u.id).orderBy('id').execute();
  const comment = async (by: FixtureUser, ideaId: number, content: string, parentId?: number) => {
    const res = await app.api('POST', '/api/comments', { token: by.token, body: { ideaId, content, ...(parentId ? { parentId } : {}) } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.id as number;
  };
  const follow = async (by: FixtureUser, whom: FixtureUser, on = true) => {
    const res = await app.api('POST', `/api/follows/${whom.registrationNumber}`, { token: by.token, body: { follow: on } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  for (const via of TRANSPORTS) {
    describe(`over ${via}`, () => {
      it('a guest is refused with 401, reading and saving alike', async () => {
        const r = await read(via);
        expect(r.status).toBe(401);
        expect(r.message).toMatch(/登录/);
        const w = await save(via, { comments: false });
        expect(w.status).toBe(401);
        expect(w.message).toMatch(/登录/);
      });

      it('everything is on by default; a partial change answers the whole settings, and it stays', async () => {
        const member = await createUser(app.deps);
        expect(await read(via, member.token)).toMatchObject({ status: 200, data: ALL_ON });
        const off = await save(via, { replies: false }, member.token);
        expect(off).toMatchObject({ status: 200, message: '通知设置已保存', data: { comments: true, replies: false, followers: true } });
        expect((await read(via, member.token)).data).toEqual({ comments: true, replies: false, followers: true });
        expect((await save(via, { followers: false, comments: false }, member.token)).data).toEqual(ALL_OFF);
        expect((await save(via, { replies: true }, member.token)).data).toEqual({ comments: false, replies: true, followers: false });
        // Nothing to change: the settings as they are.
        expect((await save(via, {}, member.token)).data).toEqual({ comments: false, replies: true, followers: false });
        // One's own only.
        const other = await createUser(app.deps);
        expect((await read(via, other.token)).data).toEqual(ALL_ON);
      });

      it('an unknown key or a value that is not true or false is a 400 in Chinese, and nothing changes', async () => {
        const member = await createUser(app.deps);
        const unknown = await save(via, { comments: false, likes: false }, member.token);
        expect(unknown.status).toBe(400);
        expect(unknown.message).toBe('请求内容含有不认识的字段：「likes」');
        const notBoolean = await save(via, { followers: 'off' }, member.token);
        expect(notBoolean.status).toBe(400);
        expect(notBoolean.message).toBe('「followers」只能是 true（开启）或 false（关闭）');
        const zero = await save(via, { comments: 0 }, member.token);
        expect(zero.status).toBe(400);
        expect(zero.message).toBe('「comments」只能是 true（开启）或 false（关闭）');
        expect((await read(via, member.token)).data).toEqual(ALL_ON);
      });
    });
  }

  describe('a switched-off kind writes no message; switched on, they resume', () => {
    it('comments on my ideas', async () => {
      const author = await createUser(app.deps);
      const reader = await createUser(app.deps);
      const ideaId = await createIdea(app.deps, author);
      expect((await save('rest', { comments: false }, author.token)).status).toBe(200);
      const before = (await stored(author)).length;
      await comment(reader, ideaId, '关掉之后的评论');
      // The comment is there; the author has no new message.
      const list = await app.api('GET', `/api/comments/idea/${ideaId}`);
      expect(JSON.stringify(list.body.data)).toContain('关掉之后的评论');
      expect((await stored(author)).length).toBe(before);
      expect((await save('trpc', { comments: true }, author.token)).status).toBe(200);
      await comment(reader, ideaId, '打开之后的评论');
      const after = await stored(author);
      expect(after.length).toBe(before + 1);
      expect(after.at(-1)).toMatchObject({ title: '收到新评论' });
      expect(after.at(-1)!.content).toContain('打开之后的评论');
    });

    it('replies to my comments', async () => {
      const owner = await createUser(app.deps);
      const writer = await createUser(app.deps);
      const answerer = await createUser(app.deps);
      const ideaId = await createIdea(app.deps, owner);
      const mine = await comment(writer, ideaId, '我的评论');
      expect((await save('trpc', { replies: false }, writer.token)).status).toBe(200);
      const before = (await stored(writer)).length;
      await comment(answerer, ideaId, '关掉之后的回复', mine);
      expect((await stored(writer)).length).toBe(before);
      // The idea's author still hears of it: the switch is the writer's alone.
      expect((await stored(owner)).some((m) => m.title === '收到新评论')).toBe(true);
      expect((await save('rest', { replies: true }, writer.token)).status).toBe(200);
      await comment(answerer, ideaId, '打开之后的回复', mine);
      const after = await stored(writer);
      expect(after.length).toBe(before + 1);
      expect(after.at(-1)).toMatchObject({ title: '收到新回复' });
      expect(after.at(-1)!.content).toContain('打开之后的回复');
    });

    it('new followers', async () => {
      const followed = await createUser(app.deps);
      const first = await createUser(app.deps);
      const second = await createUser(app.deps);
      expect((await save('rest', { followers: false }, followed.token)).status).toBe(200);
      const before = (await stored(followed)).length;
      await follow(first, followed);
      // The follow is there (the count went up); no message.
      expect((await app.api('GET', `/api/auth/user/${followed.registrationNumber}`)).body.data.user.followerCount).toBe(1);
      expect((await stored(followed)).length).toBe(before);
      expect((await save('trpc', { followers: true }, followed.token)).status).toBe(200);
      await follow(second, followed);
      const after = await stored(followed);
      expect(after.length).toBe(before + 1);
      expect(after.at(-1)).toMatchObject({ title: '新的关注者' });
    });
  });

  it('with everything off, review results, take-downs, moderators’ messages, feedback replies and announcements still arrive', async () => {
    const member = await createUser(app.deps);
    expect((await save('rest', ALL_OFF, member.token)).data).toEqual(ALL_OFF);
    const titles = async () => (await stored(member)).map((m) => m.title);

    // A review decision.
    const held = await createIdea(app.deps, member, { stage: 'review' });
    expect((await app.api('POST', `/api/admin/ideas/${held}/reject`, { token: admin.token, body: { reason: '描述过于简单' } })).status).toBe(200);
    expect(await titles()).toContain('创意未通过审核');
    // A take-down.
    const shown = await createIdea(app.deps, member);
    expect((await app.api('POST', `/api/admin/ideas/${shown}/take-down`, { token: admin.token, body: { reason: '内容与标题不符' } })).status).toBe(200);
    expect(await titles()).toContain('创意已被下架');
    // A moderator removing the member's comment.
    const other = await createUser(app.deps);
    const elsewhere = await createIdea(app.deps, other);
    const said = await comment(member, elsewhere, '会被删除的评论');
    const before = (await stored(member)).length;
    expect((await app.api('DELETE', `/api/comments/${said}`, { token: admin.token })).status).toBe(200);
    expect((await stored(member)).length).toBe(before + 1);
    expect(await titles()).toContain('您的评论已被删除');
    // A feedback reply.
    expect((await app.api('POST', '/api/feedback', { token: member.token, body: { content: '希望能按标签筛选' } })).status).toBe(201);
    const fb = await app.deps.db.selectFrom('feedback').select('id').where('user_id', '=', member.id).executeTakeFirstOrThrow();
    expect((await app.api('POST', `/api/admin/feedback/${fb.id}/reply`, { token: admin.token, body: { content: '已经在做了' } })).status).toBe(200);
    expect((await stored(member)).some((m) => m.type === 'feedback_reply')).toBe(true);
    // An announcement.
    expect((await app.api('POST', '/api/messages/announcement', { token: admin.token, body: { title: '设置无关的公告', content: '人人都收到。' } })).status).toBe(201);
    const list = await app.api('GET', '/api/messages', { token: member.token });
    expect(list.body.data.some((m: { title: string; type: string }) => m.title === '设置无关的公告' && m.type === 'announcement')).toBe(true);
  });

  it('go with a deactivated account', async () => {
    const member = await createUser(app.deps);
    expect((await save('rest', { followers: false }, member.token)).status).toBe(200);
    const row = () => app.deps.db.selectFrom('notification_settings').selectAll().where('user_id', '=', member.id).executeTakeFirst();
    expect(await row()).toMatchObject({ comments: 1, replies: 1, followers: 0 });
    const ok = await app.api('POST', '/api/users/deactivate', { token: member.token, body: { reason: '不用了', password: member.password } });
    expect(ok.status).toBe(200);
    expect(await row()).toBeUndefined();
  });
});
