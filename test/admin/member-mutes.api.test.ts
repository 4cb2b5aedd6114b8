/**
 * Muting members (docs/product-rules.md, "Muted members") through REST and tRPC, on each dialect: a
 * muted member's publishes (directly, a draft, an edit of a published idea), comments, replies, reports
 * and feedback are 403 with the end in China time, while reading, favourites and follows go on; the
 * lift and the mute's own end (a controlled clock) let them write again at once, also through a second
 * app instance on the same database; who may mute whom, the input's refusals, the member's messages and
 * the moderation log.
 */
import { createServer, type Server } from 'node:http';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/connection.ts';
import { createApp } from '../../src/server/app.ts';
import { createDeps } from '../../src/server/create-deps.ts';
import { createRequestListener } from '../../src/server/fast-lane/fast-lane.ts';
import { mutedMessage } from '../../src/shared/mute-rules.ts';
import { trpcCall, type TestApp } from '../helpers/api.ts';
import { DIALECTS } from '../helpers/dialects.ts';
import { createIdea, createUser, type FixtureUser } from '../helpers/fixtures.ts';
import { uniqueIdea } from '../helpers/idea-bodies.ts';
import { serveTestApp } from '../helpers/serve.ts';

type Via = 'rest' | 'trpc';
const VIAS: Via[] = ['rest', 'trpc'];
const PERMANENT = '你已被永久禁言，不能发布、评论、举报或反馈';

/** Another app instance (its own pool, caches and server) on the test app's database, as a second process would be. */
async function secondInstance(app: TestApp): Promise<{ url: string; close(): Promise<void> }> {
  const handle: DatabaseHandle = await openDatabase(app.db.url);
  const deps = createDeps(handle, app.deps.config, app.deps.sms);
  const server = await new Promise<Server>((resolve) => {
    const s = createServer(createRequestListener(deps, createApp(deps)));
    s.listen(0, '127.0.0.1', () => resolve(s));
  });
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await handle.close();
    },
  };
}

describe.each(DIALECTS)('member mutes on %s', (dialect) => {
  const app = serveTestApp(dialect);
  let admin: FixtureUser;
  let otherAdmin: FixtureUser;
  let author: FixtureUser;
  let ideaId: number;

  beforeAll(async () => {
    admin = await createUser(app.deps, { role: 'admin', nickname: '管理员甲' });
    otherAdmin = await createUser(app.deps, { role: 'admin' });
    author = await createUser(app.deps, { nickname: '作者乙' });
    ideaId = await createIdea(app.deps, author);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  /** Status and message (and data) of a call through either transport. */
  async function call(via: Via, rest: [string, string, unknown?], trpc: ['query' | 'mutation', string, unknown?], token?: string, base?: string) {
    if (via === 'rest') {
      const [method, path, body] = rest;
      if (base) {
        const res = await fetch(base + path, {
          method,
          headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const json = await res.json();
        return { status: res.status, message: json.message as string | undefined, data: json.data };
      }
      const res = await app.api(method, path, { token, body });
      return { status: res.status, message: res.body.message as string | undefined, data: res.body.data };
    }
    const [kind, procedure, input] = trpc;
    const res = await trpcCall(base ? ({ url: base } as TestApp) : app, kind, procedure, input, token);
    return { status: res.status, message: (res.body.error?.message ?? res.body.result?.data?.message) as string | undefined, data: res.body.result?.data?.data };
  }

  const mute = (via: Via, who: { registrationNumber: string }, body: Record<string, unknown>, token = admin.token) =>
    call(via, ['POST', `/api/admin/users/${who.registrationNumber}/mute`, body], ['mutation', 'admin.mute', { registrationNumber: who.registrationNumber, ...body }], token);
  const unmute = (via: Via, who: { registrationNumber: string }, token = admin.token) =>
    call(via, ['DELETE', `/api/admin/users/${who.registrationNumber}/mute`], ['mutation', 'admin.unmute', { registrationNumber: who.registrationNumber }], token);

  /** A top-level comment by the author on the shared idea, to reply to and report. */
  async function authorComment(): Promise<number> {
    const res = await app.api('POST', '/api/comments', { token: author.token, body: { ideaId, content: `作者的评论${Math.random()}` } });
    expect(res.status).toBe(201);
    return res.body.data.id;
  }

  /** Every write a mute stops, each with fresh things to write on; `base` sends them to another instance. */
  function stoppedWrites(member: FixtureUser, via: Via, base?: string): [string, () => Promise<{ status: number; message?: string }>][] {
    const t = member.token;
    return [
      [
        'publish',
        async () => {
          const body = uniqueIdea();
          return call(via, ['POST', '/api/ideas', body], ['mutation', 'ideas.create', body], t, base);
        },
      ],
      [
        'publish a draft',
        async () => {
          const draft = await createIdea(app.deps, member, { stage: 'draft' });
          return call(via, ['PUT', `/api/ideas/${draft}/publish`], ['mutation', 'ideas.publishDraft', { id: draft }], t, base);
        },
      ],
      [
        'edit a published idea',
        async () => {
          const own = await createIdea(app.deps, member);
          const body = { title: `改过的标题${Math.random().toString(36).slice(2, 7)}` };
          return call(via, ['PUT', `/api/ideas/${own}`, body], ['mutation', 'ideas.update', { id: own, ...body }], t, base);
        },
      ],
      [
        'comment',
        async () => {
          const body = { ideaId, content: '禁言期间想说的话' };
          return call(via, ['POST', '/api/comments', body], ['mutation', 'comments.create', body], t, base);
        },
      ],
      [
        'reply',
        async () => {
          const body = { ideaId, content: '禁言期间的回复', parentId: await authorComment() };
          return call(via, ['POST', '/api/comments', body], ['mutation', 'comments.create', body], t, base);
        },
      ],
      [
        'report',
        async () => {
          const id = await authorComment();
          return call(via, ['POST', `/api/comments/${id}/report`, { reason: '广告' }], ['mutation', 'comments.report', { id, reason: '广告' }], t, base);
        },
      ],
      [
        'feedback',
        async () => {
          const body = { content: '禁言期间的反馈' };
          return call(via, ['POST', '/api/feedback', body], ['mutation', 'feedback.submit', body], t, base);
        },
      ],
    ];
  }

  async function expectAllRefused(member: FixtureUser, via: Via, message: string, base?: string) {
    for (const [what, write] of stoppedWrites(member, via, base)) {
      expect(await write(), `${via} ${what}`).toMatchObject({ status: 403, message });
    }
  }

  async function expectAllAllowed(member: FixtureUser, via: Via, base?: string) {
    for (const [what, write] of stoppedWrites(member, via, base)) {
      const res = await write();
      expect([200, 201], `${via} ${what}: ${res.status} ${res.message}`).toContain(res.status);
    }
  }

  it.each(VIAS)('refuses every publish, comment, reply, report and feedback with the end date through %s; reads, favourites and follows go on; a lift lets them write', async (via) => {
    const member = await createUser(app.deps);
    const muted = await mute(via, member, { days: 7, reason: '  多次发布广告  ' });
    expect(muted).toMatchObject({ status: 200, message: '已禁言', data: { registrationNumber: member.registrationNumber, mute: { reason: '多次发布广告' } } });
    const until = new Date(muted.data.mute.until);
    expect(until.getTime() - Date.now()).toBeGreaterThan(7 * 86400_000 - 60_000);
    const message = mutedMessage(until);
    expect(message).toMatch(/^你已被禁言至 \d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}，期间不能发布、评论、举报或反馈$/);
    await expectAllRefused(member, via, message);

    // Saving a draft stays allowed, as do reads, favourites and follows.
    const draft = uniqueIdea({ status: 'draft' });
    expect([200, 201]).toContain((await call(via, ['POST', '/api/ideas', draft], ['mutation', 'ideas.create', draft], member.token)).status);
    expect((await call(via, ['GET', `/api/ideas/${ideaId}`], ['query', 'ideas.byId', { id: ideaId }], member.token)).status).toBe(200);
    expect((await call(via, ['POST', `/api/favorites/${ideaId}`, { favorite: true }], ['mutation', 'favorites.set', { ideaId, favorite: true }], member.token)).status).toBe(200);
    const follow = { follow: true };
    expect(
      (await call(via, ['POST', `/api/follows/${author.registrationNumber}`, follow], ['mutation', 'follows.set', { registrationNumber: author.registrationNumber, ...follow }], member.token)).status,
    ).toBe(200);

    expect(await unmute(via, member)).toMatchObject({ status: 200, message: '已解除禁言', data: { mute: null } });
    await expectAllAllowed(member, via);
    // Lifted already: nothing to lift.
    expect(await unmute(via, member)).toMatchObject({ status: 400, message: '该用户没有被禁言' });
  });

  it.each(VIAS)('a permanent mute says so through %s', async (via) => {
    const member = await createUser(app.deps);
    expect(await mute(via, member, { days: null, reason: '辱骂他人' })).toMatchObject({ status: 200, data: { mute: { until: null, reason: '辱骂他人' } } });
    await expectAllRefused(member, via, PERMANENT);
  });

  it('ends on its own at its end, with no restart, in this instance and a second one on the same database', async () => {
    const second = await secondInstance(app);
    try {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-12-03T07:00:00Z'));
      const member = await createUser(app.deps);
      expect((await mute('rest', member, { days: 1, reason: '刷屏' })).data.mute.until).toBe('2026-12-04T07:00:00.000Z');
      const message = '你已被禁言至 2026年12月4日 15:00，期间不能发布、评论、举报或反馈';
      // The other instance sees the mute at once.
      await expectAllRefused(member, 'rest', message, second.url);
      await expectAllRefused(member, 'trpc', message, second.url);
      vi.setSystemTime(new Date('2026-12-04T06:59:00Z'));
      expect((await stoppedWrites(member, 'rest')[3][1]()).status).toBe(403);
      vi.setSystemTime(new Date('2026-12-04T07:00:01Z'));
      await expectAllAllowed(member, 'rest');
      await expectAllAllowed(member, 'trpc', second.url);

      // A lift made through one instance is seen by the other.
      expect((await mute('trpc', member, { days: 30, reason: '再次刷屏' })).status).toBe(200);
      expect((await stoppedWrites(member, 'trpc', second.url)[3][1]()).status).toBe(403);
      expect((await call('rest', ['DELETE', `/api/admin/users/${member.registrationNumber}/mute`], ['mutation', ''], admin.token, second.url)).status).toBe(200);
      expect((await stoppedWrites(member, 'trpc')[3][1]()).status).toBe(200);
    } finally {
      vi.useRealTimers();
      await second.close();
    }
  });

  it('re-muting replaces the end date', async () => {
    const member = await createUser(app.deps);
    await mute('rest', member, { days: 30, reason: '第一次' });
    const again = await mute('trpc', member, { days: 1, reason: '改为一天' });
    expect(new Date(again.data.mute.until).getTime() - Date.now()).toBeLessThan(86400_000 + 60_000);
    expect((await stoppedWrites(member, 'rest')[3][1]()).message).toBe(mutedMessage(new Date(again.data.mute.until)));
    expect(await app.deps.db.selectFrom('member_mutes').select('reason').where('user_id', '=', member.id).execute()).toEqual([{ reason: '改为一天' }]);
  });

  it.each(VIAS)('only admins mute, never an admin, only active members, with a length and a reason, through %s', async (via) => {
    const member = await createUser(app.deps);
    const ok = { days: 7, reason: '理由' };
    expect(await mute(via, member, ok, '')).toMatchObject({ status: 401, message: '请先登录' });
    expect(await mute(via, member, ok, member.token)).toMatchObject({ status: 403, message: '仅管理员可以访问' });
    expect(await unmute(via, member, member.token)).toMatchObject({ status: 403, message: '仅管理员可以访问' });
    expect(await mute(via, otherAdmin, ok)).toMatchObject({ status: 403, message: '不能禁言管理员' });
    expect(await mute(via, { registrationNumber: 'bx999999' }, ok)).toMatchObject({ status: 404, message: '用户不存在或已注销' });
    const gone = await createUser(app.deps);
    await app.deps.db.updateTable('users').set({ status: 'deactivated', phone: null }).where('id', '=', gone.id).execute();
    expect(await mute(via, gone, ok)).toMatchObject({ status: 404, message: '用户不存在或已注销' });
    for (const days of [3, 0, '7', undefined, 'forever']) {
      expect(await mute(via, member, { days, reason: '理由' }), String(days)).toMatchObject({ status: 400, message: '禁言时长只能是 1 天、7 天、30 天或永久' });
    }
    for (const reason of [undefined, '', '   ']) {
      expect(await mute(via, member, { days: 1, reason }), String(reason)).toMatchObject({ status: 400, message: '请填写禁言原因' });
    }
    expect(await mute(via, member, { days: 1, reason: '长'.repeat(201) })).toMatchObject({ status: 400, message: '禁言原因不能超过200个字' });
    expect(await app.deps.db.selectFrom('member_mutes').select('user_id').where('user_id', '=', member.id).execute()).toEqual([]);
    expect([200, 201]).toContain((await stoppedWrites(member, via)[3][1]()).status);
    // The path takes the internal id too, as every user path does.
    expect(await mute(via, { registrationNumber: String(member.id) }, ok)).toMatchObject({ status: 200, data: { registrationNumber: member.registrationNumber } });
    expect(await unmute(via, { registrationNumber: String(member.id) })).toMatchObject({ status: 200, data: { mute: null } });
  });

  it('tells the member, and logs the mute and the lift with the admin, the member, the length and the reason', async () => {
    const member = await createUser(app.deps, { nickname: '被禁言的丙' });
    const muted = await mute('rest', member, { days: 7, reason: '发布违规内容' });
    await unmute('trpc', member);
    const messages = await app.api('GET', '/api/messages', { token: member.token });
    const mine = (messages.body.data as { title: string; content: string }[]).map((m) => [m.title, m.content]);
    const end = mutedMessage(new Date(muted.data.mute.until))
      .slice('你已被禁言至 '.length, '你已被禁言至 '.length + 17)
      .replace(/，.*/, '');
    expect(mine).toEqual(
      expect.arrayContaining([
        ['您已被禁言', expect.stringMatching(new RegExp(`发布违规内容.*${end}`))],
        ['禁言已解除', expect.stringContaining('管理员已解除您的禁言')],
      ]),
    );
    for (const via of VIAS) {
      const log =
        via === 'rest' ? (await app.api('GET', '/api/admin/log', { token: admin.token })).body.data : (await trpcCall(app, 'query', 'admin.log', undefined, admin.token)).body.result.data.data;
      const entries = (log as { action: string; targetType: string; targetId: number; detail: string; admin: { registrationNumber: string } }[]).filter(
        (e) => e.targetType === 'user' && e.targetId === member.id,
      );
      expect(entries.map((e) => e.action)).toEqual(['unmute_member', 'mute_member']);
      expect(entries.every((e) => e.admin.registrationNumber === admin.registrationNumber)).toBe(true);
      expect(entries[1].detail).toContain(`${member.registrationNumber}（被禁言的丙）禁言7天，至 ${end}｜原因：发布违规内容`);
      expect(entries[0].detail).toContain('解除禁言');
      expect(entries[0].detail).toContain('发布违规内容');
    }
  });

  it.each(VIAS)('finds members by phone, 猎人编号 or nickname, with their state, for admins only, through %s', async (via) => {
    const nick = `找我${via}${Math.random().toString(36).slice(2, 6)}`;
    const member = await createUser(app.deps, { nickname: nick });
    await mute(via, member, { days: null, reason: '永久' });
    const search = (q: string, token = admin.token) => call(via, ['GET', `/api/admin/users?q=${encodeURIComponent(q)}`], ['query', 'admin.members', { q }], token);
    for (const q of [member.phone, member.registrationNumber, member.registrationNumber.toUpperCase(), nick.slice(0, 5)]) {
      const found = await search(q);
      expect(found.status, q).toBe(200);
      expect(found.data, q).toEqual([
        {
          id: member.id,
          registrationNumber: member.registrationNumber,
          nickname: nick,
          avatarUrl: expect.any(String),
          phone: member.phone,
          role: 'member',
          status: 'active',
          mute: { until: null, reason: '永久' },
        },
      ]);
    }
    // LIKE's wildcards are literal.
    expect((await search('%')).data.every((m: { nickname: string }) => m.nickname.includes('%'))).toBe(true);
    expect(await search('')).toMatchObject({ status: 400, message: '请输入手机号、猎人编号或昵称' });
    expect(await search(member.phone, member.token)).toMatchObject({ status: 403 });
    expect(await search(member.phone, '')).toMatchObject({ status: 401 });
  });
});
