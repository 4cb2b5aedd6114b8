/**
 * Favourites, follows, view counts and similar ideas: every path on REST and tRPC, the
 * counters under concurrency, the once-a-day view rule with a controlled clock, and what
 * deactivation takes away.
 */
import { createHash, createHmac } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { purgeOldViews, recordView } from '../../src/server/ideas/view-counts.ts';
import { runHousekeeping } from '../../src/server/jobs/index.ts';
import { DIALECTS } from '../helpers/dialects.ts';
import { trpcCall as trpcWire } from '../helpers/api.ts';
import { serveTestApp } from '../helpers/serve.ts';
import { createIdea, createUser, type FixtureUser } from '../helpers/fixtures.ts';
import { walkPages, type CursorPage } from '../helpers/pages.ts';

/** A tRPC call with its answer unwrapped from the wire format (`{ result: { data } }`). */
async function trpcCall(...args: Parameters<typeof trpcWire>) {
  const res = await trpcWire(...args);
  return { ...res, body: res.body.result?.data ?? res.body };
}

describe.each(DIALECTS)('favourites, follows, views and similar ideas, on %s', (dialect) => {
  const app = serveTestApp(dialect);
  let author: FixtureUser;
  let fan: FixtureUser;
  let idea: number;

  const favoriteCount = async (id: number) => (await app.deps.db.selectFrom('ideas').select('favorite_count').where('id', '=', id).executeTakeFirstOrThrow()).favorite_count;
  const favoriteRows = async (id: number) =>
    Number(
      (
        await app.deps.db
          .selectFrom('favorites')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('idea_id', '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const followerCount = async (userId: number) => (await app.deps.db.selectFrom('users').select('follower_count').where('id', '=', userId).executeTakeFirstOrThrow()).follower_count;

  beforeAll(async () => {
    author = await createUser(app.deps, { nickname: '作者甲' });
    fan = await createUser(app.deps);
    idea = await createIdea(app.deps, author, { title: '城市夜跑路线推荐', tags: ['运动', '城市'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  describe('favourites', () => {
    it('toggles through both REST paths and tRPC with the spec fields, never counting twice', async () => {
      const add = await app.api('POST', `/api/favorites/${idea}`, { token: fan.token, body: { favorite: true } });
      expect(add.status).toBe(200);
      expect(add.body).toMatchObject({ success: true, favorited: true, favoriteCount: 1, message: '收藏成功', data: { favorited: true, favoriteCount: 1 } });
      const again = await app.api('POST', `/api/ideas/${idea}/favorite`, { token: fan.token, body: { favorite: true } });
      expect(again.body).toMatchObject({ favorited: true, favoriteCount: 1 });
      expect((await app.api('GET', `/api/favorites/check/${idea}`, { token: fan.token })).body.data).toEqual({ isFavorite: true, favoriteCount: 1 });
      expect((await app.api('GET', `/api/ideas/${idea}/favorite`, { token: fan.token })).body.data.isFavorite).toBe(true);
      expect((await app.api('GET', `/api/ideas/${idea}/favorite`)).body.data).toEqual({ isFavorite: false, favoriteCount: 1 });

      const off = await trpcCall(app, 'mutation', 'favorites.set', { ideaId: idea, favorite: false }, fan.token);
      // tRPC answers one name, `isFavorite`, in `data` alone; REST the spec's `favorited`, also beside `data`.
      expect(off.body).toEqual({ message: '已取消收藏', data: { isFavorite: false, favoriteCount: 0 } });
      const offAgain = await app.api('POST', `/api/ideas/${idea}/favorite`, { token: fan.token, body: { favorite: false } });
      expect(offAgain.body.favoriteCount).toBe(0);
      expect((await trpcCall(app, 'query', 'favorites.check', { ideaId: idea }, fan.token)).body.data.isFavorite).toBe(false);
      expect(await favoriteCount(idea)).toBe(0);
    });

    it('refuses guests with the favourite login text, and ideas that are not public with 404', async () => {
      for (const res of [
        await app.api('POST', `/api/favorites/${idea}`, { body: { favorite: true } }),
        await app.api('POST', `/api/ideas/${idea}/favorite`, { body: { favorite: true } }),
        await trpcCall(app, 'mutation', 'favorites.set', { ideaId: idea, favorite: true }),
      ]) {
        expect(res.status).toBe(401);
        expect(JSON.stringify(res.body)).toContain('请先登录后再收藏');
      }
      for (const stage of ['draft', 'review', 'rejected', 'deleted'] as const) {
        const hidden = await createIdea(app.deps, author, { stage });
        const res = await app.api('POST', `/api/favorites/${hidden}`, { token: fan.token, body: { favorite: true } });
        expect(res.status, stage).toBe(404);
        expect(res.body.message).toBe('创意不存在或已被删除');
        expect((await app.api('GET', `/api/favorites/check/${hidden}`, { token: fan.token })).status, stage).toBe(404);
        // Its author still sees its state on their own idea page.
        expect((await app.api('GET', `/api/favorites/check/${hidden}`, { token: author.token })).body.data, stage).toEqual({ isFavorite: false, favoriteCount: 0 });
      }
      expect((await app.api('POST', '/api/favorites/abc', { token: fan.token, body: {} })).status).toBe(400);
    });

    it('keeps the count equal to the rows under 20 concurrent toggles by one user and 10 users at once', async () => {
      // The row lock is exercised on MariaDB only; on SQLite writes run one at a time (test/database/row-locks.test.ts).
      const target = await createIdea(app.deps, author);
      await Promise.all(Array.from({ length: 20 }, (_, i) => app.api('POST', `/api/favorites/${target}`, { token: fan.token, body: { favorite: i % 2 === 0 } })));
      const rows = await favoriteRows(target);
      expect(rows).toBeLessThanOrEqual(1);
      expect(await favoriteCount(target)).toBe(rows);
      const check = (await app.api('GET', `/api/favorites/check/${target}`, { token: fan.token })).body.data;
      expect(check).toEqual({ isFavorite: rows === 1, favoriteCount: rows });

      const crowd = await Promise.all(Array.from({ length: 10 }, () => createUser(app.deps)));
      const results = await Promise.all(crowd.map((u) => app.api('POST', `/api/favorites/${target}`, { token: u.token, body: { favorite: true } })));
      expect(results.every((r) => r.status === 200)).toBe(true);
      expect(await favoriteCount(target)).toBe(rows + 10);
      expect(await favoriteRows(target)).toBe(rows + 10);
    });

    it('lists favourites newest first; a deleted idea is { id, title, isDeleted } only and can be cleared; DELETE without a record is 404', async () => {
      const reader = await createUser(app.deps);
      const first = await createIdea(app.deps, author, { title: '先收藏的创意' });
      const second = await createIdea(app.deps, author, { title: '后收藏的创意' });
      await app.api('POST', `/api/favorites/${first}`, { token: reader.token, body: { favorite: true } });
      await new Promise((r) => setTimeout(r, 5));
      await app.api('POST', `/api/favorites/${second}`, { token: reader.token, body: { favorite: true } });
      await app.api('DELETE', `/api/ideas/${first}`, { token: author.token });

      const list = await app.api('GET', '/api/favorites', { token: reader.token });
      expect(list.body.data.map((i: { id: number }) => i.id)).toEqual([second, first]);
      expect(list.body.data[0]).toMatchObject({ id: second, title: '后收藏的创意', is_deleted: 0 });
      expect(list.body.data[1]).toEqual({ id: first, title: '先收藏的创意', isDeleted: true });
      expect((await trpcCall(app, 'query', 'favorites.list', undefined, reader.token)).body.data).toHaveLength(2);

      const cleared = await app.api('DELETE', `/api/favorites/${first}`, { token: reader.token });
      expect(cleared.status).toBe(200);
      expect(cleared.body).toMatchObject({ favorited: false, favoriteCount: 0 });
      expect((await app.api('DELETE', `/api/favorites/${first}`, { token: reader.token })).status).toBe(404);
      expect((await trpcCall(app, 'mutation', 'favorites.remove', { ideaId: first }, reader.token)).status).toBe(404);
      expect((await app.api('GET', '/api/favorites')).status).toBe(401);
    });

    it('un-favouriting an idea the caller cannot see and never favourited is 404 without a count, on every path', async () => {
      const leaver = await createUser(app.deps);
      const hidden: Record<string, number> = {};
      for (const stage of ['draft', 'review', 'rejected', 'deleted'] as const) hidden[stage] = await createIdea(app.deps, author, { stage, favorites: 7 });
      hidden.deactivatedAuthor = await createIdea(app.deps, leaver, { favorites: 7 });
      expect((await app.api('POST', '/api/users/deactivate', { token: leaver.token, body: { reason: '不再使用', password: leaver.password } })).status).toBe(200);

      const stranger = await createUser(app.deps);
      for (const [stage, id] of Object.entries(hidden)) {
        for (const res of [
          await app.api('POST', `/api/favorites/${id}`, { token: stranger.token, body: { favorite: false } }),
          await app.api('POST', `/api/ideas/${id}/favorite`, { token: stranger.token, body: { favorite: false } }),
          await trpcCall(app, 'mutation', 'favorites.set', { ideaId: id, favorite: false }, stranger.token),
          await app.api('DELETE', `/api/favorites/${id}`, { token: stranger.token }),
          await trpcCall(app, 'mutation', 'favorites.remove', { ideaId: id }, stranger.token),
        ]) {
          expect(res.status, stage).toBe(404);
          expect(JSON.stringify(res.body), stage).not.toContain('favoriteCount');
        }
      }
      // The same answer as for an idea that never existed.
      expect((await app.api('POST', '/api/favorites/999999', { token: stranger.token, body: { favorite: false } })).status).toBe(404);
      // A public idea without a record: un-favouriting is a no-op, as before.
      expect((await app.api('POST', `/api/favorites/${idea}`, { token: stranger.token, body: { favorite: false } })).status).toBe(200);
    });

    it('lets a member clear the favourite of an idea hidden since, without telling its count; a deactivated author’s idea is listed without its title', async () => {
      const leaver = await createUser(app.deps);
      const reader = await createUser(app.deps);
      const theirs = await createIdea(app.deps, leaver, { title: '注销作者的私人标题' });
      const inReview = await createIdea(app.deps, author, { title: '会被改回审核的创意' });
      for (const id of [theirs, inReview]) expect((await app.api('POST', `/api/favorites/${id}`, { token: reader.token, body: { favorite: true } })).status).toBe(200);
      await app.api('POST', `/api/favorites/${theirs}`, { token: fan.token, body: { favorite: true } });
      expect((await app.api('POST', '/api/users/deactivate', { token: leaver.token, body: { reason: '不再使用', password: leaver.password } })).status).toBe(200);
      await app.deps.db.updateTable('ideas').set({ moderation_status: 'review' }).where('id', '=', inReview).execute();
      app.deps.publicCache.invalidate();

      const list = await app.api('GET', '/api/favorites', { token: reader.token });
      expect(list.status).toBe(200);
      expect(JSON.stringify(list.body)).not.toContain('注销作者的私人标题');
      expect(list.body.data.find((i: { id: number }) => i.id === theirs)).toEqual({ id: theirs, title: '未命名创意', isDeleted: true });
      const viaTrpc = await trpcCall(app, 'query', 'favorites.list', undefined, reader.token);
      expect(JSON.stringify(viaTrpc.body)).not.toContain('注销作者的私人标题');

      const cleared = await app.api('POST', `/api/favorites/${theirs}`, { token: reader.token, body: { favorite: false } });
      expect(cleared.status).toBe(200);
      expect(cleared.body).toMatchObject({ favorited: false, favoriteCount: 0 });
      const clearedTrpc = await trpcCall(app, 'mutation', 'favorites.remove', { ideaId: inReview }, reader.token);
      expect(clearedTrpc.status).toBe(200);
      expect(clearedTrpc.body.data).toEqual({ isFavorite: false, favoriteCount: 0 });
      // The rows and the stored count stay exact: the fan's favourite remains.
      expect(await favoriteRows(theirs)).toBe(1);
      expect(await favoriteCount(theirs)).toBe(1);
    });

    it('shows the new count on the cached public page within the cache window, without emptying the cache', async () => {
      const target = await createIdea(app.deps, author, { title: '缓存里的收藏数' });
      const guestCount = async () => (await app.api('GET', '/api/ideas/guest?limit=50')).body.data.find((i: { id: number }) => i.id === target).favorite_count;
      expect(await guestCount()).toBe(0);
      const cached = app.deps.publicCache.size.entries;
      await app.api('POST', `/api/favorites/${target}`, { token: fan.token, body: { favorite: true } });
      // A count may lag (a toggling member must not empty every guest's cache)…
      expect(app.deps.publicCache.size.entries).toBe(cached);
      expect(await guestCount()).toBe(0);
      // …but no longer than the window the cache keeps an answer.
      const now = Date.now();
      const clock = vi.spyOn(Date, 'now').mockReturnValue(now + app.deps.config.cacheTtlMs + 1);
      try {
        expect(await guestCount()).toBe(1);
      } finally {
        clock.mockRestore();
      }
    });
  });

  describe('follows', () => {
    it('follows and unfollows by registration number on REST and tRPC, with counts on the hunter page', async () => {
      const follower = await createUser(app.deps);
      const res = await app.api('POST', `/api/follows/${author.registrationNumber}`, { token: follower.token, body: { follow: true } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, message: '已关注', data: { isFollowing: true } });
      expect((await app.api('GET', `/api/follows/check/${author.registrationNumber}`, { token: follower.token })).body.data.isFollowing).toBe(true);
      expect((await app.api('GET', `/api/follows/check/${author.registrationNumber}`)).body.data.isFollowing).toBe(false);
      const following = await app.api('GET', '/api/follows/following', { token: follower.token });
      expect(following.body.data).toEqual([expect.objectContaining({ registrationNumber: author.registrationNumber, nickname: '作者甲' })]);
      const profile = await app.api('GET', `/api/auth/user/${author.registrationNumber}`);
      expect(profile.body.data.user.followerCount).toBe(await followerCount(author.id));

      const off = await trpcCall(app, 'mutation', 'follows.set', { registrationNumber: author.registrationNumber, follow: false }, follower.token);
      expect(off.body).toMatchObject({ message: '已取消关注', data: { isFollowing: false } });
      expect((await trpcCall(app, 'query', 'follows.check', { registrationNumber: author.registrationNumber }, follower.token)).body.data.isFollowing).toBe(false);
      expect((await trpcCall(app, 'query', 'follows.following', undefined, follower.token)).body.data).toEqual([]);
    });

    it('needs login (请先登录后再关注用户) and refuses self-follow (不能关注自己) and unknown users', async () => {
      for (const res of [
        await app.api('POST', `/api/follows/${author.registrationNumber}`, { body: { follow: true } }),
        await trpcCall(app, 'mutation', 'follows.set', { registrationNumber: author.registrationNumber, follow: true }),
      ]) {
        expect(res.status).toBe(401);
        expect(JSON.stringify(res.body)).toContain('请先登录后再关注用户');
      }
      const self = await app.api('POST', `/api/follows/${author.registrationNumber}`, { token: author.token, body: { follow: true } });
      expect(self.status).toBe(400);
      expect(self.body.message).toBe('不能关注自己');
      expect((await trpcCall(app, 'mutation', 'follows.set', { registrationNumber: author.registrationNumber, follow: true }, author.token)).status).toBe(400);
      expect((await app.api('POST', '/api/follows/bx999999', { token: fan.token, body: { follow: true } })).status).toBe(404);
    });

    it('keeps the follower count exact under concurrent follows and toggles', async () => {
      // The row lock is exercised on MariaDB only; on SQLite writes run one at a time (test/database/row-locks.test.ts).
      const star = await createUser(app.deps);
      const crowd = await Promise.all(Array.from({ length: 12 }, () => createUser(app.deps)));
      await Promise.all(crowd.map((u) => app.api('POST', `/api/follows/${star.registrationNumber}`, { token: u.token, body: { follow: true } })));
      expect(await followerCount(star.id)).toBe(12);
      await Promise.all(Array.from({ length: 20 }, (_, i) => app.api('POST', `/api/follows/${star.registrationNumber}`, { token: crowd[0].token, body: { follow: i % 2 === 1 } })));
      const rows = Number(
        (
          await app.deps.db
            .selectFrom('follows')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('followee_id', '=', star.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
      expect(await followerCount(star.id)).toBe(rows);
    });
  });

  describe('follow races', () => {
    it('lets two members follow each other at the same moment, many times over, without an error', async () => {
      const x = await createUser(app.deps);
      const y = await createUser(app.deps);
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          i % 2 === 0
            ? app.api('POST', `/api/follows/${y.registrationNumber}`, { token: x.token, body: { follow: i % 4 === 0 } })
            : app.api('POST', `/api/follows/${x.registrationNumber}`, { token: y.token, body: { follow: i % 4 === 1 } }),
        ),
      );
      expect(results.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
      for (const [who, whom] of [
        [x, y],
        [y, x],
      ] as const) {
        const rows = Number(
          (
            await app.deps.db
              .selectFrom('follows')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('follower_id', '=', who.id)
              .where('followee_id', '=', whom.id)
              .executeTakeFirstOrThrow()
          ).n,
        );
        expect(await followerCount(whom.id)).toBe(rows);
      }
    });
  });

  describe('views', () => {
    it('counts a viewer once per community day, on REST and tRPC, and not the author', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-22T10:00:00+08:00'));
      const target = await createIdea(app.deps, author);
      const viewer = await createUser(app.deps);
      const first = await app.api('POST', '/api/ideas/view', { token: viewer.token, body: { ideaId: target, userId: 123 } });
      expect(first.body.data).toEqual({ viewCount: 1, counted: true });
      const second = await trpcCall(app, 'mutation', 'ideas.recordView', { ideaId: target }, viewer.token);
      expect(second.body.data).toEqual({ viewCount: 1, counted: false });
      expect((await app.api('POST', '/api/ideas/view', { token: author.token, body: { ideaId: target } })).body.data.counted).toBe(false);
      // A guest counts by address, once a day too.
      expect((await app.api('POST', '/api/ideas/view', { body: { ideaId: target } })).body.data).toEqual({ viewCount: 2, counted: true });
      expect((await app.api('POST', '/api/ideas/view', { body: { ideaId: target } })).body.data.counted).toBe(false);
      // The guest's address is stored keyed, not as a plain hash anyone could reverse by trying addresses.
      const stored = (await app.deps.db.selectFrom('idea_views').select('viewer').where('idea_id', '=', target).where('viewer', 'like', 'ip:%').executeTakeFirstOrThrow()).viewer;
      for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect(stored).not.toBe(`ip:${createHash('sha256').update(ip).digest('base64url').slice(0, 32)}`);
      const key = (await app.deps.db.selectFrom('app_secrets').select('value').where('name', '=', 'view_key').executeTakeFirstOrThrow()).value;
      expect(['127.0.0.1', '::1', '::ffff:127.0.0.1'].map((ip) => `ip:${createHmac('sha256', key).update(ip).digest('base64url').slice(0, 32)}`)).toContain(stored);

      // 23:59 China time is still the same day; 00:00 the next day counts again.
      vi.setSystemTime(new Date('2026-11-22T23:59:00+08:00'));
      expect((await app.api('POST', '/api/ideas/view', { token: viewer.token, body: { ideaId: target } })).body.data.counted).toBe(false);
      vi.setSystemTime(new Date('2026-11-23T00:00:30+08:00'));
      expect((await app.api('POST', '/api/ideas/view', { token: viewer.token, body: { ideaId: target } })).body.data).toEqual({ viewCount: 3, counted: true });

      expect((await app.api('GET', `/api/ideas/${target}/view-count`)).body.data).toEqual({ viewCount: 3 });
      expect((await trpcCall(app, 'query', 'ideas.viewCount', { id: target })).body.data.viewCount).toBe(3);
    });

    it('counts concurrent views by one viewer once, and refuses ideas that are not public', async () => {
      // The row lock is exercised on MariaDB only; on SQLite writes run one at a time (test/database/row-locks.test.ts).
      const target = await createIdea(app.deps, author);
      const viewer = await createUser(app.deps);
      const results = await Promise.all(Array.from({ length: 10 }, () => app.api('POST', '/api/ideas/view', { token: viewer.token, body: { ideaId: target } })));
      expect(results.filter((r) => r.body.data.counted)).toHaveLength(1);
      expect((await app.api('GET', `/api/ideas/${target}/view-count`)).body.data.viewCount).toBe(1);
      const hidden = await createIdea(app.deps, author, { stage: 'review' });
      expect((await app.api('POST', '/api/ideas/view', { token: viewer.token, body: { ideaId: hidden } })).status).toBe(404);
      expect((await app.api('GET', `/api/ideas/${hidden}/view-count`)).status).toBe(404);
      expect((await app.api('POST', '/api/ideas/view', { body: {} })).status).toBe(400);
    });

    it('forgets view records older than yesterday, so the table stays small', async () => {
      const target = await createIdea(app.deps, author);
      const viewer = await createUser(app.deps);
      const user = await app.deps.db.selectFrom('users').selectAll().where('id', '=', viewer.id).executeTakeFirstOrThrow();
      await recordView(app.deps, user, '1.2.3.4', target, new Date('2026-11-01T12:00:00+08:00'));
      await recordView(app.deps, user, '1.2.3.4', target, new Date('2026-11-21T12:00:00+08:00'));
      await purgeOldViews(app.deps.db, new Date('2026-11-22T12:00:00+08:00'));
      const days = (await app.deps.db.selectFrom('idea_views').select('day').where('idea_id', '=', target).execute()).map((r) => r.day);
      expect(days).toEqual(['2026-11-21']);
      await runHousekeeping(app.deps);
    });
  });

  describe('similar ideas', () => {
    it('ranks ideas sharing tags and title words, never the idea itself or one that is not public', async () => {
      const base = await createIdea(app.deps, author, { title: '社区共享工具箱', tags: ['共享', '邻里'] });
      const both = await createIdea(app.deps, fan, { title: '共享工具箱小程序', tags: ['共享', '邻里'] });
      const tagOnly = await createIdea(app.deps, fan, { title: '楼道读书角', tags: ['邻里'] });
      const unrelated = await createIdea(app.deps, fan, { title: '深海潜水装备', tags: ['潜水'] });
      const hidden = await createIdea(app.deps, fan, { title: '社区共享工具箱二代', tags: ['共享', '邻里'], stage: 'review' });

      const res = await app.api('GET', `/api/ideas/${base}/similar?limit=6`);
      const ids = res.body.data.map((i: { id: number }) => i.id);
      expect(ids.slice(0, 2)).toEqual([both, tagOnly]);
      expect(ids).not.toContain(base);
      expect(ids).not.toContain(unrelated);
      expect(ids).not.toContain(hidden);
      expect(res.body.data[0]).not.toHaveProperty('detailedAnalysis');
      expect((await trpcCall(app, 'query', 'ideas.similar', { id: base, limit: 1 })).body.data.map((i: { id: number }) => i.id)).toEqual([both]);
      expect((await app.api('GET', `/api/ideas/${hidden}/similar`)).status).toBe(404);
    });

    it('leaves out an idea whose author is deactivated, however similar (the one public rule)', async () => {
      const base = await createIdea(app.deps, author, { title: '阳台雨水收集器', tags: ['雨水', '阳台'] });
      const kept = await createIdea(app.deps, fan, { title: '阳台雨水收集桶', tags: ['雨水'] });
      const gone = await createUser(app.deps);
      const byGone = await createIdea(app.deps, gone, { title: '阳台雨水收集器二代', tags: ['雨水', '阳台'] });
      // Approved, published, not deleted: only the author's status hides it.
      await app.deps.db.updateTable('users').set({ status: 'deactivated' }).where('id', '=', gone.id).execute();
      app.deps.publicCache.invalidate();
      const rest = (await app.api('GET', `/api/ideas/${base}/similar?limit=6`)).body.data.map((i: { id: number }) => i.id);
      const trpc = (await trpcCall(app, 'query', 'ideas.similar', { id: base, limit: 6 })).body.data.map((i: { id: number }) => i.id);
      for (const ids of [rest, trpc]) {
        expect(ids).toContain(kept);
        expect(ids).not.toContain(byGone);
      }
    });

    it('answers an empty list when the author turned similar ideas off', async () => {
      const off = await createIdea(app.deps, author, { title: '社区共享工具箱之三', tags: ['共享'] });
      await app.deps.db.updateTable('ideas').set({ show_similar: 0 }).where('id', '=', off).execute();
      expect((await app.api('GET', `/api/ideas/${off}/similar`)).body.data).toEqual([]);
    });
  });

  describe('deactivation', () => {
    it('removes the account’s favourites and follows, and the counts they fed drop with them', async () => {
      const leaver = await createUser(app.deps);
      const star = await createUser(app.deps);
      const liked = await createIdea(app.deps, star);
      await app.api('POST', `/api/favorites/${liked}`, { token: leaver.token, body: { favorite: true } });
      await app.api('POST', `/api/follows/${star.registrationNumber}`, { token: leaver.token, body: { follow: true } });
      await app.api('POST', `/api/follows/${leaver.registrationNumber}`, { token: star.token, body: { follow: true } });
      const stats = await app.api('GET', '/api/users/deactivation-stats', { token: leaver.token });
      expect(stats.body.data).toMatchObject({ favorites: 1, following: 1, followers: 1 });
      expect(await favoriteCount(liked)).toBe(1);
      expect(await followerCount(star.id)).toBe(1);

      const res = await app.api('POST', '/api/users/deactivate', { token: leaver.token, body: { reason: '不再使用', password: leaver.password } });
      expect(res.status).toBe(200);
      expect(await favoriteCount(liked)).toBe(0);
      expect(await followerCount(star.id)).toBe(0);
      expect((await app.api('GET', '/api/follows/following', { token: star.token })).body.data).toEqual([]);
      expect((await app.api('GET', `/api/follows/check/${leaver.registrationNumber}`, { token: star.token })).status).toBe(404);
    });
  });
});

/**
 * A favourite of an idea that stops being public (its author's edit sends it back to review, or a
 * moderator rejects it): the list leaves it out until it is public again, as the spec names only the
 * deleted case (greyed, `{ id, title, isDeleted }`) and nothing else may be shown of an unreviewed
 * version. The record stays, so it comes back once approved and can still be cleared.
 */
describe.each(DIALECTS)('favourites of ideas that are no longer public, on %s', (dialect) => {
  const app = serveTestApp(dialect, { moderation: 'manual' });

  it('leaves out an idea back in review or rejected, on both transports, and lists it again once approved', async () => {
    const author = await createUser(app.deps);
    const reader = await createUser(app.deps);
    const admin = await createUser(app.deps, { role: 'admin' });
    const kept = await createIdea(app.deps, author, { title: '一直公开的创意' });
    const backInReview = await createIdea(app.deps, author, { title: '改过之后待审的创意' });
    const rejected = await createIdea(app.deps, author, { title: '改过之后被驳回的创意' });
    for (const id of [kept, backInReview, rejected]) expect((await app.api('POST', `/api/favorites/${id}`, { token: reader.token, body: { favorite: true } })).status).toBe(200);

    for (const id of [backInReview, rejected]) {
      const edit = await app.api('PUT', `/api/ideas/${id}`, { token: author.token, body: { description: `第${id}号改写后的介绍，等待审核`, status: 'published' } });
      expect(edit.body.data.moderation_status).toBe('review');
    }
    expect((await app.api('POST', `/api/admin/ideas/${rejected}/reject`, { token: admin.token, body: { reason: '内容不完整' } })).status).toBe(200);

    const listed = async () => [
      (await app.api('GET', '/api/favorites', { token: reader.token })).body.data as { id: number }[],
      (await trpcCall(app, 'query', 'favorites.list', undefined, reader.token)).body.data as { id: number }[],
    ];
    for (const list of await listed()) expect(list.map((i) => i.id)).toEqual([kept]);

    expect((await app.api('POST', `/api/admin/ideas/${backInReview}/approve`, { token: admin.token, body: {} })).status).toBe(200);
    for (const list of await listed()) expect(list.map((i) => i.id).sort()).toEqual([kept, backInReview].sort());
    // The hidden one's record is still there: it can be cleared.
    expect((await app.api('DELETE', `/api/favorites/${rejected}`, { token: reader.token })).status).toBe(200);
  });

  it('never answers an empty page beside a cursor: a page of favourites all back in review is skipped', async () => {
    const author = await createUser(app.deps);
    const reader = await createUser(app.deps);
    const ideas: number[] = [];
    for (let i = 0; i < 60; i++) ideas.push(await createIdea(app.deps, author, { title: `待审收藏${i}` }));
    const base = Date.parse('2026-11-01T00:00:00Z');
    await app.deps.db
      .insertInto('favorites')
      .values(ideas.map((idea_id, i) => ({ user_id: reader.id, idea_id, created_at: new Date(base + i * 1000).toISOString().slice(0, 19).replace('T', ' ') })))
      .execute();
    // The newest 55 went back to review: the first page of 50 and part of the next hold nothing public.
    await app.deps.db.updateTable('ideas').set({ moderation_status: 'review' }).where('id', 'in', ideas.slice(5)).execute();
    app.deps.publicCache.invalidate();
    for (const answer of [(await app.api('GET', '/api/favorites', { token: reader.token })).body, (await trpcCall(app, 'query', 'favorites.list', {}, reader.token)).body]) {
      expect(answer.data.map((f: { id: number }) => f.id)).toEqual(ideas.slice(0, 5).reverse());
      expect(answer.nextCursor).toBeNull();
    }
  });

  it('never answers a cursor to an empty page: a full page followed only by favourites back in review is the last', async () => {
    const author = await createUser(app.deps);
    const base = Date.parse('2026-11-01T00:00:00Z');
    /** A reader whose favourites are these ideas, oldest first, a second apart. */
    const readerOf = async (ideas: number[]) => {
      const reader = await createUser(app.deps);
      await app.deps.db
        .insertInto('favorites')
        .values(ideas.map((idea_id, i) => ({ user_id: reader.id, idea_id, created_at: new Date(base + i * 1000).toISOString().slice(0, 19).replace('T', ' ') })))
        .execute();
      return reader;
    };
    const ideas: number[] = [];
    for (let i = 0; i < 53; i++) ideas.push(await createIdea(app.deps, author, { title: `整页之后待审${i}` }));
    // The oldest two went back to review.
    await app.deps.db.updateTable('ideas').set({ moderation_status: 'review' }).where('id', 'in', ideas.slice(0, 2)).execute();
    app.deps.publicCache.invalidate();
    const walk = (reader: FixtureUser) => ({
      rest: walkPages(
        async (cursor) => (await app.api('GET', `/api/favorites${cursor ? `?cursor=${cursor}` : ''}`, { token: reader.token })).body,
        (f: { id: number }) => f.id,
      ),
      trpc: walkPages(
        async (cursor) => (await trpcCall(app, 'query', 'favorites.list', cursor ? { cursor } : {}, reader.token)).body,
        (f: { id: number }) => f.id,
      ),
    });
    // 50 public after 2 in review: one page, no cursor.
    const full = walk(await readerOf(ideas.slice(0, 52)));
    for (const pages of [await full.rest, await full.trpc]) expect(pages).toEqual({ seen: ideas.slice(2, 52).reverse(), sizes: [50] });
    // A public one older than those in review: the cursor leads to it.
    const oneMore = walk(await readerOf([ideas[52], ...ideas.slice(0, 52)]));
    for (const pages of [await oneMore.rest, await oneMore.trpc]) expect(pages).toEqual({ seen: [...ideas.slice(2, 52).reverse(), ideas[52]], sizes: [50, 1] });
  });

  it('pages the favourites 50 at a time, newest first, each once, past ideas left out, on both transports', async () => {
    const author = await createUser(app.deps);
    const reader = await createUser(app.deps);
    // 110 favourites, three to a second (ties in time are ordered by idea id); the 7th newest was
    // deleted by its author (listed as deleted), the 60th newest is back in review (left out).
    const ideas: number[] = [];
    for (let i = 0; i < 110; i++) ideas.push(await createIdea(app.deps, author, { title: `收藏分页${i}` }));
    const base = Date.parse('2026-11-01T00:00:00Z');
    const savedAt = (i: number) => new Date(base + Math.floor(i / 3) * 1000).toISOString().slice(0, 19).replace('T', ' ');
    await app.deps.db
      .insertInto('favorites')
      .values(ideas.map((idea_id, i) => ({ user_id: reader.id, idea_id, created_at: savedAt(i) })))
      .execute();
    const newestFirst = [...ideas].reverse();
    const [deleted, inReview] = [newestFirst[6], newestFirst[59]];
    await app.deps.db
      .updateTable('ideas')
      .set({ is_deleted: 1, deleted_at: savedAt(0) })
      .where('id', '=', deleted)
      .execute();
    await app.deps.db.updateTable('ideas').set({ moderation_status: 'review' }).where('id', '=', inReview).execute();
    app.deps.publicCache.invalidate();

    type Favorite = { id: number; isDeleted?: boolean };
    const walk = (page: (cursor?: string) => Promise<CursorPage<Favorite>>) =>
      walkPages(
        page,
        (f) => f.id,
        (items) => items.filter((f) => f.isDeleted).forEach((f) => expect(f.id).toBe(deleted)),
      );
    const viaRest = await walk(async (cursor) => (await app.api('GET', `/api/favorites${cursor ? `?cursor=${cursor}` : ''}`, { token: reader.token })).body);
    expect(viaRest).toEqual({ seen: newestFirst.filter((id) => id !== inReview), sizes: [50, 49, 10] });
    const viaTrpc = await walk(async (cursor) => (await trpcCall(app, 'query', 'favorites.list', cursor ? { cursor } : {}, reader.token)).body);
    expect(viaTrpc).toEqual(viaRest);
    // Another list's cursor, or none of ours, is refused.
    const market = (await app.api('GET', '/api/marketplace/ideas?limit=1')).body.nextCursor;
    for (const bad of ['x', market]) expect((await app.api('GET', `/api/favorites?cursor=${bad}`, { token: reader.token })).body).toMatchObject({ success: false, message: '分页参数无效' });
  });
});
