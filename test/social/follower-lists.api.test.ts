/**
 * Who follows whom: `GET /api/users/{registrationNumber}/followers|following` and the tRPC queries
 * `follows.followersOf|followingOf`, on every dialect and both transports. Newest follow first, keyset
 * pages with the one cursor codec, the caller's own follow state per entry (never shared through a
 * cache), deactivated members left out, 404 for no such member, 400 for a bad cursor or limit.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { toDbTime } from '../../db/time.ts';
import { findUserById } from '../../src/server/accounts/users.ts';
import { setFollow } from '../../src/server/social/follows.ts';
import { DIALECTS } from '../helpers/dialects.ts';
import { trpcCall } from '../helpers/api.ts';
import { serveTestApp } from '../helpers/serve.ts';
import { createUser, type FixtureUser } from '../helpers/fixtures.ts';
import { walkPages } from '../helpers/pages.ts';

type Side = 'followers' | 'following';
type Transport = 'rest' | 'trpc';
interface Entry {
  registrationNumber: string;
  nickname: string;
  avatarUrl: string;
  isFollowing: boolean;
}
interface Listed {
  status: number;
  data: Entry[];
  nextCursor: string | null;
  message: string;
  cacheControl: string | null;
}

const TRANSPORTS: Transport[] = ['rest', 'trpc'];
const PROCEDURE: Record<Side, string> = { followers: 'follows.followersOf', following: 'follows.followingOf' };

describe.each(DIALECTS)('who follows whom, on %s', (dialect) => {
  const app = serveTestApp(dialect);
  let star: FixtureUser;
  let viewer: FixtureUser;
  /** Star's followers, the order they followed in (the last is the newest). */
  const fans: FixtureUser[] = [];
  /** Whom star follows, the order star followed them in. */
  const idols: FixtureUser[] = [];
  const FAN_COUNT = 23;
  const base = Date.UTC(2026, 0, 1);

  /** `from` follows `to` at `at` (ms): through the service, then the time set so the order is known. */
  async function follow(from: FixtureUser, to: FixtureUser, at: number) {
    await setFollow(app.deps, (await findUserById(app.deps.db, from.id))!, to.registrationNumber, true);
    await app.deps.db
      .updateTable('follows')
      .set({ created_at: toDbTime(new Date(at)) })
      .where('follower_id', '=', from.id)
      .where('followee_id', '=', to.id)
      .execute();
  }

  async function list(transport: Transport, side: Side, number: string, query: { limit?: number; cursor?: string } = {}, token?: string): Promise<Listed> {
    if (transport === 'rest') {
      const params = new URLSearchParams();
      if (query.limit !== undefined) params.set('limit', String(query.limit));
      if (query.cursor !== undefined) params.set('cursor', query.cursor);
      const res = await app.api('GET', `/api/users/${number}/${side}${params.size ? `?${params}` : ''}`, { token });
      return { status: res.status, data: res.body.data, nextCursor: res.body.nextCursor, message: res.body.message, cacheControl: res.headers.get('cache-control') };
    }
    const res = await trpcCall(app, 'query', PROCEDURE[side], { registrationNumber: number, ...query }, token);
    const answer = res.body.result?.data;
    return { status: res.status, data: answer?.data, nextCursor: answer?.nextCursor, message: answer?.message ?? res.body.error?.message, cacheControl: res.headers.get('cache-control') };
  }
  const numbers = (entries: Entry[]) => entries.map((e) => e.registrationNumber);

  beforeAll(async () => {
    star = await createUser(app.deps, { nickname: '明星猎人' });
    viewer = await createUser(app.deps, { nickname: '路人' });
    for (let i = 0; i < FAN_COUNT; i++) fans.push(await createUser(app.deps, { nickname: `粉丝${i}` }));
    for (let i = 0; i < 3; i++) idols.push(await createUser(app.deps, { nickname: `偶像${i}` }));
    // Fans 8 and 9 followed in the same millisecond, either side of a 7-entry page's end: the later id
    // comes first, and the cursor (time and id) neither repeats nor skips one.
    for (const [i, fan] of fans.entries()) await follow(fan, star, base + (i === 9 ? 8 : i) * 1000);
    for (const [i, idol] of idols.entries()) await follow(star, idol, base + i * 1000);
    await follow(viewer, star, base - 1000);
  });

  /** Star's followers newest first: the fans from the last (fans 9 and 8 tie, the later id first), then the viewer. */
  const expectedFollowers = () => [...[...fans].reverse().map((f) => f.registrationNumber), viewer.registrationNumber];

  for (const transport of TRANSPORTS) {
    describe(`through ${transport}`, () => {
      it('lists a hunter’s followers newest first, 20 a page by default, paged by nextCursor to the end', async () => {
        const first = await list(transport, 'followers', star.registrationNumber);
        expect(first.status).toBe(200);
        expect(first.data).toHaveLength(20);
        expect(first.nextCursor).toEqual(expect.any(String));
        expect(first.data[0]).toEqual({ registrationNumber: fans[FAN_COUNT - 1].registrationNumber, nickname: `粉丝${FAN_COUNT - 1}`, avatarUrl: expect.any(String), isFollowing: false });

        const walked = await walkPages(
          async (cursor) => {
            const page = await list(transport, 'followers', star.registrationNumber, { limit: 7, cursor });
            expect(page.status).toBe(200);
            return page;
          },
          (e: Entry) => e.registrationNumber,
        );
        expect(walked.seen).toEqual(expectedFollowers());
        expect(walked.sizes).toEqual([7, 7, 7, 3]);

        const whole = await list(transport, 'followers', star.registrationNumber, { limit: 50 });
        expect(numbers(whole.data)).toEqual(expectedFollowers());
        expect(whole.nextCursor).toBeNull();
      });

      it('lists whom a hunter follows, newest first', async () => {
        const following = await list(transport, 'following', star.registrationNumber);
        expect(following.status).toBe(200);
        expect(numbers(following.data)).toEqual([...idols].reverse().map((i) => i.registrationNumber));
        expect(following.nextCursor).toBeNull();
        const ofViewer = await list(transport, 'following', viewer.registrationNumber);
        expect(numbers(ofViewer.data)).toEqual([star.registrationNumber]);
        // Nobody follows the viewer: an empty list, not an error.
        expect(await list(transport, 'followers', viewer.registrationNumber)).toMatchObject({ status: 200, data: [], nextCursor: null });
      });

      it('says per entry whether the caller follows that member: never for a guest, never the caller themself', async () => {
        await follow(viewer, fans[0], base + 100_000);
        await follow(viewer, idols[1], base + 100_000);
        const asGuest = await list(transport, 'followers', star.registrationNumber, { limit: 50 });
        expect(asGuest.data.every((e) => !e.isFollowing)).toBe(true);

        const asViewer = await list(transport, 'followers', star.registrationNumber, { limit: 50 }, viewer.token);
        const followed = asViewer.data.filter((e) => e.isFollowing).map((e) => e.registrationNumber);
        expect(followed).toEqual([fans[0].registrationNumber]);
        expect(asViewer.data.find((e) => e.registrationNumber === viewer.registrationNumber)?.isFollowing).toBe(false);
        // Personal: no browser or proxy keeps it.
        expect(asViewer.cacheControl).toContain('no-store');

        const idolsAsViewer = await list(transport, 'following', star.registrationNumber, {}, viewer.token);
        expect(idolsAsViewer.data.map((e) => e.isFollowing)).toEqual([false, true, false]);
        // Asked again as a guest after the member: the guest's answer is still the guest's (nothing shared).
        expect((await list(transport, 'following', star.registrationNumber)).data.map((e) => e.isFollowing)).toEqual([false, false, false]);

        // Star sees the fans they follow back, and never themself.
        await follow(star, fans[5], base + 200_000);
        const asStar = await list(transport, 'followers', star.registrationNumber, { limit: 50 }, star.token);
        expect(asStar.data.filter((e) => e.isFollowing).map((e) => e.registrationNumber)).toEqual([fans[5].registrationNumber]);
        // Fan 5 on the list of whom star follows: their own entry is not one they follow.
        const asFan = await list(transport, 'following', star.registrationNumber, {}, fans[5].token);
        expect(asFan.data.map((e) => [e.registrationNumber, e.isFollowing])).toEqual([[fans[5].registrationNumber, false], ...[...idols].reverse().map((i) => [i.registrationNumber, false])]);
        // And fan 5 follows star: star's entry on fan 5's following list says so to fan 5.
        expect((await list(transport, 'following', fans[5].registrationNumber, {}, fans[5].token)).data).toMatchObject([{ registrationNumber: star.registrationNumber, isFollowing: true }]);

        for (const [who, whom] of [
          [viewer, fans[0]],
          [viewer, idols[1]],
          [star, fans[5]],
        ] as const) {
          await setFollow(app.deps, (await findUserById(app.deps.db, who.id))!, whom.registrationNumber, false);
        }
      });

      it('answers 404 for no such member, 400 for a bad cursor, another list’s cursor or a limit past 50', async () => {
        const unknown = await list(transport, 'followers', 'bx999999');
        expect(unknown.status).toBe(404);
        expect(unknown.message).toBe('用户不存在');
        expect((await list(transport, 'following', 'bx999999')).status).toBe(404);

        for (const cursor of ['not-a-cursor', Buffer.from(JSON.stringify({ s: 'followers', t: 1, i: 'x' })).toString('base64url')]) {
          const bad = await list(transport, 'followers', star.registrationNumber, { cursor });
          expect(bad.status).toBe(400);
          expect(bad.message).toBe('分页参数无效');
        }
        const { nextCursor } = await list(transport, 'followers', star.registrationNumber, { limit: 2 });
        expect((await list(transport, 'following', star.registrationNumber, { cursor: nextCursor! })).status).toBe(400);
        expect((await list(transport, 'followers', star.registrationNumber, { limit: 51 })).status).toBe(400);
        expect((await list(transport, 'followers', star.registrationNumber, { limit: 0 })).status).toBe(400);
      });
    });
  }

  describe('deactivated members', () => {
    it('leaves a member who deactivated out of both lists, on both transports', async () => {
      const leaver = await createUser(app.deps, { nickname: '要走的人' });
      const other = await createUser(app.deps);
      await follow(leaver, star, base + 500_000);
      await follow(other, leaver, base + 500_000);
      expect(numbers((await list('rest', 'followers', star.registrationNumber)).data)[0]).toBe(leaver.registrationNumber);
      expect(numbers((await list('rest', 'following', other.registrationNumber)).data)).toEqual([leaver.registrationNumber]);

      expect((await app.api('POST', '/api/users/deactivate', { token: leaver.token, body: { reason: '不再使用', password: leaver.password } })).status).toBe(200);
      for (const transport of TRANSPORTS) {
        expect(numbers((await list(transport, 'followers', star.registrationNumber, { limit: 50 })).data)).toEqual(expectedFollowers());
        expect((await list(transport, 'following', other.registrationNumber)).data).toEqual([]);
      }
    });

    it('leaves out a member marked deactivated even while their follow rows remain', async () => {
      // The list's own rule, not only deactivation's clean-up: the rows stay, the status alone hides them.
      const ghost = await createUser(app.deps, { nickname: '幽灵' });
      await follow(ghost, star, base + 600_000);
      await follow(star, ghost, base + 600_000);
      await app.deps.db.updateTable('users').set({ status: 'deactivated' }).where('id', '=', ghost.id).execute();
      for (const transport of TRANSPORTS) {
        expect(numbers((await list(transport, 'followers', star.registrationNumber, { limit: 50 })).data)).not.toContain(ghost.registrationNumber);
        expect(numbers((await list(transport, 'following', star.registrationNumber)).data)).toEqual([...idols].reverse().map((i) => i.registrationNumber));
      }
    });
  });
});
