/**
 * A member's timeline: `GET /api/follows/timeline` and the tRPC query `follows.timeline`, on every
 * dialect and both transports. The public ideas of everyone the member follows, newest first, keyset
 * pages with the timeline's own cursors; nothing of members they do not follow, nothing unpublished,
 * in review, rejected or deleted, nothing by a deactivated author; members only, never shared.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { findUserById } from '../../src/server/accounts/users.ts';
import { setFollow } from '../../src/server/social/follows.ts';
import { DIALECTS } from '../helpers/dialects.ts';
import { trpcCall } from '../helpers/api.ts';
import { serveTestApp } from '../helpers/serve.ts';
import { createIdea, createUser, type FixtureUser } from '../helpers/fixtures.ts';
import { walkPages } from '../helpers/pages.ts';

type Transport = 'rest' | 'trpc';
interface Card {
  id: number;
  title: string;
  authorRegistrationNumber?: string;
}
interface Listed {
  status: number;
  data: Card[];
  nextCursor: string | null;
  message: string;
  cacheControl: string | null;
}

const TRANSPORTS: Transport[] = ['rest', 'trpc'];
const MINUTE = 60_000;

describe.each(DIALECTS)('a member’s timeline, on %s', (dialect) => {
  const app = serveTestApp(dialect);
  let reader: FixtureUser;
  let alice: FixtureUser;
  let bob: FixtureUser;
  let stranger: FixtureUser;
  /** The public ideas of alice and bob, newest first. */
  const expected: number[] = [];

  async function timeline(transport: Transport, token: string | undefined, query: { limit?: number; cursor?: string } = {}): Promise<Listed> {
    if (transport === 'rest') {
      const params = new URLSearchParams();
      if (query.limit !== undefined) params.set('limit', String(query.limit));
      if (query.cursor !== undefined) params.set('cursor', query.cursor);
      const res = await app.api('GET', `/api/follows/timeline${params.size ? `?${params}` : ''}`, { token });
      return { status: res.status, data: res.body.data, nextCursor: res.body.nextCursor, message: res.body.message, cacheControl: res.headers.get('cache-control') };
    }
    const res = await trpcCall(app, 'query', 'follows.timeline', query, token);
    const answer = res.body.result?.data;
    return { status: res.status, data: answer?.data, nextCursor: answer?.nextCursor, message: answer?.message ?? res.body.error?.message, cacheControl: res.headers.get('cache-control') };
  }
  const ids = (cards: Card[]) => cards.map((c) => c.id);
  const follow = async (who: FixtureUser, whom: FixtureUser, on = true) => setFollow(app.deps, (await findUserById(app.deps.db, who.id))!, whom.registrationNumber, on);

  beforeAll(async () => {
    [reader, alice, bob, stranger] = [await createUser(app.deps), await createUser(app.deps, { nickname: '爱丽丝' }), await createUser(app.deps, { nickname: '鲍勃' }), await createUser(app.deps)];
    await follow(reader, alice);
    await follow(reader, bob);
    // Alternating authors, one minute apart (the oldest first), so the order is the time's, not the author's.
    const made: number[] = [];
    for (let i = 0; i < 9; i++) made.push(await createIdea(app.deps, i % 2 ? bob : alice, { title: `关注的创意${i}`, ageMs: (20 - i) * MINUTE }));
    expected.push(...made.reverse());
    // Neither shows: a stranger's idea, and the followed members' ideas in every other stage.
    await createIdea(app.deps, stranger, { title: '陌生人的创意' });
    for (const stage of ['draft', 'review', 'rejected', 'deleted'] as const) await createIdea(app.deps, alice, { title: `不公开的创意${stage}`, stage });
  });

  for (const transport of TRANSPORTS) {
    describe(`through ${transport}`, () => {
      it('lists the public ideas of the members one follows, newest first, paged by nextCursor to the end', async () => {
        const first = await timeline(transport, reader.token);
        expect(first.status).toBe(200);
        expect(ids(first.data)).toEqual(expected);
        expect(first.nextCursor).toBeNull();
        expect(first.data[0]).toMatchObject({ title: '关注的创意8', authorName: '爱丽丝' });
        // Personal: no browser or proxy keeps it.
        expect(first.cacheControl).toContain('no-store');

        const walked = await walkPages(
          async (cursor) => {
            const page = await timeline(transport, reader.token, { limit: 4, cursor });
            expect(page.status).toBe(200);
            return page;
          },
          (c: Card) => c.id,
        );
        expect(walked.seen).toEqual(expected);
        expect(walked.sizes).toEqual([4, 4, 1]);
      });

      it('is empty, not an error, for a member who follows no one; refuses a guest', async () => {
        expect(await timeline(transport, stranger.token)).toMatchObject({ status: 200, data: [], nextCursor: null });
        const guest = await timeline(transport, undefined);
        expect(guest.status).toBe(401);
        expect(guest.message).toMatch(/登录/);
      });

      it('answers 400 for a bad cursor, another list’s cursor, or a limit out of range', async () => {
        const marketplace = await app.api('GET', '/api/marketplace/ideas?sort=newest&limit=2');
        expect(marketplace.body.nextCursor).toEqual(expect.any(String));
        for (const cursor of ['not-a-cursor', marketplace.body.nextCursor as string]) {
          const bad = await timeline(transport, reader.token, { cursor });
          expect(bad.status).toBe(400);
          expect(bad.message).toBe('分页参数无效');
        }
        expect((await timeline(transport, reader.token, { limit: 101 })).status).toBe(400);
        expect((await timeline(transport, reader.token, { limit: 0 })).status).toBe(400);
      });
    });
  }

  it('follows the follows: an unfollowed member’s ideas leave, a deactivated author’s are never shown', async () => {
    const carol = await createUser(app.deps, { nickname: '卡罗尔' });
    const carols = await createIdea(app.deps, carol, { title: '卡罗尔的创意' });
    await follow(reader, carol);
    expect(ids((await timeline('rest', reader.token)).data)[0]).toBe(carols);

    await follow(reader, bob, false);
    const withoutBob = ids((await timeline('trpc', reader.token, { limit: 50 })).data);
    expect(withoutBob).toEqual([carols, ...expected.filter((_, i) => i % 2 === 0)]);

    // Deactivated while the follow row remains: the visibility rule alone leaves the ideas out.
    await app.deps.db.updateTable('users').set({ status: 'deactivated' }).where('id', '=', carol.id).execute();
    for (const transport of TRANSPORTS) expect(ids((await timeline(transport, reader.token, { limit: 50 })).data)).not.toContain(carols);
    await follow(reader, bob);
  });
});
