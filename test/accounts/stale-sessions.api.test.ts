/**
 * A session another process ended (a hostile review, 2026-11-27: an account deactivated through one
 * process published, followed and favourited with its token through another). Sessions are remembered
 * per process for CACHE_TTL_MS; reads keep that window, but every write asks the database first. Here
 * "another process" is the database changed past this process's memory of the session, as a second
 * process's write would leave it. Both transports, both databases; and the housekeeping job's sweep
 * removes what a write that raced a deactivation could still leave.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowDb } from '../../db/time.ts';
import { runHousekeeping } from '../../src/server/jobs/index.ts';
import { authenticate, changePassword, updateProfileFields } from '../../src/server/accounts/service.ts';
import { PRESET_AVATARS } from '../../src/shared/constants.ts';
import { DIALECTS } from '../helpers/dialects.ts';
import { startTestApp, trpcCall, type TestApp } from '../helpers/api.ts';
import { createIdea, createUser, type FixtureUser } from '../helpers/fixtures.ts';
import { publishedIdeaBody } from '../helpers/idea-bodies.ts';

const EXPIRED = '登录已过期，请重新登录';

describe.each(DIALECTS)('sessions ended in another process, on %s', (dialect) => {
  let app: TestApp;
  let author: FixtureUser;
  let ideaId: number;
  beforeAll(async () => {
    app = await startTestApp(dialect, { moderation: 'auto' });
    author = await createUser(app.deps);
    ideaId = await createIdea(app.deps, author);
  });
  afterAll(async () => {
    await app?.close();
  });

  /** What a member writes, on both transports: each answer's status and message. */
  const writes = (member: FixtureUser) => [
    () => app.api('POST', '/api/ideas', { token: member.token, body: publishedIdeaBody(`注销后发布${Math.random()}`) }),
    () => trpcCall(app, 'mutation', 'ideas.create', publishedIdeaBody(`注销后发布${Math.random()}`), member.token),
    () => app.api('POST', `/api/follows/${author.registrationNumber}`, { token: member.token, body: {} }),
    () => trpcCall(app, 'mutation', 'follows.set', { registrationNumber: author.registrationNumber }, member.token),
    () => app.api('POST', `/api/favorites/${ideaId}`, { token: member.token, body: {} }),
    () => trpcCall(app, 'mutation', 'favorites.set', { ideaId }, member.token),
    () => app.api('POST', '/api/comments', { token: member.token, body: { ideaId, content: '注销之后的评论' } }),
    () => trpcCall(app, 'mutation', 'comments.create', { ideaId, content: '注销之后的评论' }, member.token),
  ];
  const messageOf = (res: { body: { message?: string; error?: { message?: string } } }) => res.body.message ?? res.body.error?.message;

  /** What the member holds: nothing must be written after their session ended. */
  const holdings = async (userId: number) => {
    const count = async (table: 'ideas' | 'favorites' | 'comments', column: 'user_id') =>
      Number(
        (
          await app.deps.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where(column, '=', userId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const follows = Number(
      (
        await app.deps.db
          .selectFrom('follows')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('follower_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );
    return { ideas: await count('ideas', 'user_id'), favorites: await count('favorites', 'user_id'), comments: await count('comments', 'user_id'), follows };
  };

  it('refuses every write of an account deactivated elsewhere, though this process still remembers its session', async () => {
    const member = await createUser(app.deps);
    expect((await app.api('GET', '/api/auth/me', { token: member.token })).status).toBe(200);
    // The other process's deactivation, as the database has it afterwards.
    await app.deps.db.updateTable('users').set({ status: 'deactivated', deactivated_at: nowDb() }).where('id', '=', member.id).execute();
    await app.deps.db.deleteFrom('sessions').where('user_id', '=', member.id).execute();
    expect(app.deps.sessionCache.get(member.token)).toBeDefined();

    for (const send of writes(member)) {
      const res = await send();
      expect([res.status, messageOf(res)]).toEqual([401, EXPIRED]);
    }
    expect(await holdings(member.id)).toEqual({ ideas: 0, favorites: 0, comments: 0, follows: 0 });
    // The refused write forgot the session here: reads end at once too.
    expect((await app.api('GET', '/api/auth/me', { token: member.token })).status).toBe(401);
  });

  it('refuses every write of a session logged out elsewhere, and admin writes of an admin demoted elsewhere', async () => {
    const member = await createUser(app.deps);
    expect((await app.api('GET', '/api/auth/me', { token: member.token })).status).toBe(200);
    // The other process's logout.
    await app.deps.db.deleteFrom('sessions').where('user_id', '=', member.id).execute();
    for (const send of writes(member)) expect((await send()).status).toBe(401);
    expect(await holdings(member.id)).toEqual({ ideas: 0, favorites: 0, comments: 0, follows: 0 });
    // A public write with the ended token goes on as a guest's: signing in again works.
    const again = await createUser(app.deps);
    expect((await app.api('GET', '/api/auth/me', { token: again.token })).status).toBe(200);
    await app.deps.db.deleteFrom('sessions').where('user_id', '=', again.id).execute();
    const login = await app.api('POST', '/api/auth/login', { token: again.token, body: { loginType: 'phone', phone: again.phone, password: again.password } });
    expect(login.status).toBe(200);

    const admin = await createUser(app.deps);
    await app.makeAdmin(admin.id);
    expect((await app.api('GET', '/api/auth/me', { token: admin.token })).body.data.user.role).toBe('admin');
    await app.deps.db.updateTable('users').set({ role: 'member' }).where('id', '=', admin.id).execute();
    const announce = { title: '降级后的公告', content: '不应发出' };
    expect((await app.api('POST', '/api/messages/announcement', { token: admin.token, body: announce })).status).toBe(403);
    expect((await trpcCall(app, 'mutation', 'messages.announce', announce, admin.token)).status).toBe(403);
    expect(await app.deps.db.selectFrom('announcements').select('id').where('title', '=', announce.title).executeTakeFirst()).toBeUndefined();
  });

  it("decides a member write's admin branch on the role as it is now, on both transports", async () => {
    const writer = await createUser(app.deps);
    const comment = async () => (await app.api('POST', '/api/comments', { token: writer.token, body: { ideaId, content: `一条普通的评论${Math.random()}` } })).body.data.id as number;
    const removals = (id: number, token: string) => [() => app.api('DELETE', `/api/comments/${id}`, { token }), () => trpcCall(app, 'mutation', 'comments.remove', { id }, token)];
    const exists = async (id: number) => !!(await app.deps.db.selectFrom('comments').select('id').where('id', '=', id).executeTakeFirst());

    // Demoted elsewhere while this process remembers an admin: another's comment is not theirs to delete.
    const demoted = await createUser(app.deps);
    await app.makeAdmin(demoted.id);
    expect((await app.api('GET', '/api/auth/me', { token: demoted.token })).body.data.user.role).toBe('admin');
    await app.deps.db.updateTable('users').set({ role: 'member' }).where('id', '=', demoted.id).execute();
    for (const via of [0, 1]) {
      const id = await comment();
      expect((await removals(id, demoted.token)[via]()).status).toBe(403);
      expect(await exists(id)).toBe(true);
    }
    // The next read shows the role as it is now, not the remembered one.
    expect((await app.api('GET', '/api/auth/me', { token: demoted.token })).body.data.user.role).toBe('member');

    // Promoted elsewhere while this process remembers a member: the admin's delete goes through.
    const promoted = await createUser(app.deps);
    expect((await app.api('GET', '/api/auth/me', { token: promoted.token })).body.data.user.role).toBe('member');
    await app.deps.db.updateTable('users').set({ role: 'admin' }).where('id', '=', promoted.id).execute();
    for (const via of [0, 1]) {
      const id = await comment();
      expect((await removals(id, promoted.token)[via]()).status).toBe(200);
      expect(await exists(id)).toBe(false);
    }
  });

  it('leaves the account row alone when a change passed its check just before a deactivation committed', async () => {
    const member = await createUser(app.deps);
    const auth = (await authenticate(app.deps, member.token))!;
    await app.deps.db.updateTable('users').set({ status: 'deactivated', deactivated_at: nowDb(), phone: null }).where('id', '=', member.id).execute();
    const expired = { code: 'UNAUTHORIZED', message: EXPIRED };
    await expect(updateProfileFields(app.deps, auth.user, { avatarUrl: PRESET_AVATARS[1] })).rejects.toMatchObject(expired);
    await expect(changePassword(app.deps, auth, { currentPassword: member.password, newPassword: 'another-pass-1' })).rejects.toMatchObject(expired);
    const row = await app.deps.db.selectFrom('users').select(['avatar_url', 'password_hash', 'phone']).where('id', '=', member.id).executeTakeFirstOrThrow();
    expect(row.avatar_url).not.toBe(PRESET_AVATARS[1]);
    expect(row.phone).toBeNull();
  });

  it('sweeps what a write that raced a deactivation left behind: its favourite, follow and public idea', async () => {
    const member = await createUser(app.deps);
    const before = await app.deps.db.selectFrom('ideas').select('favorite_count').where('id', '=', ideaId).executeTakeFirstOrThrow();
    const followersBefore = await app.deps.db.selectFrom('users').select('follower_count').where('id', '=', author.id).executeTakeFirstOrThrow();
    await app.deps.db.updateTable('users').set({ status: 'deactivated', deactivated_at: nowDb() }).where('id', '=', member.id).execute();
    // Written a moment after the deactivation's clean-up committed.
    await app.deps.db.insertInto('favorites').values({ user_id: member.id, idea_id: ideaId, created_at: nowDb() }).execute();
    await app.deps.db
      .updateTable('ideas')
      .set({ favorite_count: before.favorite_count + 1 })
      .where('id', '=', ideaId)
      .execute();
    await app.deps.db.insertInto('follows').values({ follower_id: member.id, followee_id: author.id, created_at: nowDb() }).execute();
    await app.deps.db
      .updateTable('users')
      .set({ follower_count: followersBefore.follower_count + 1 })
      .where('id', '=', author.id)
      .execute();
    const leftIdea = await createIdea(app.deps, member);

    const report = await runHousekeeping(app.deps);
    expect(report.deactivated).toBeGreaterThanOrEqual(1);
    expect(await holdings(member.id)).toMatchObject({ favorites: 0, follows: 0 });
    expect((await app.deps.db.selectFrom('ideas').select('favorite_count').where('id', '=', ideaId).executeTakeFirstOrThrow()).favorite_count).toBe(before.favorite_count);
    expect((await app.deps.db.selectFrom('users').select('follower_count').where('id', '=', author.id).executeTakeFirstOrThrow()).follower_count).toBe(followersBefore.follower_count);
    expect((await app.deps.db.selectFrom('ideas').select('is_deleted').where('id', '=', leftIdea).executeTakeFirstOrThrow()).is_deleted).toBe(1);
  });
});
