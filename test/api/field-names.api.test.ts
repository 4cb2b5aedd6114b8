/**
 * One spelling per transport (docs/api.md, "Field names"): tRPC answers in camelCase only; REST
 * answers the spec's names once, without their camelCase twins, and copies the fields the spec
 * reads beside `data` there. Checked on every kind of answer that has REST names: an idea card, an
 * idea page, a message, a follow update and its recent ideas, the signed-in user, the favourite toggle.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects.ts';
import { trpcCall } from '../helpers/api.ts';
import { serveTestApp } from '../helpers/serve.ts';
import { createIdea, createUser, type FixtureUser } from '../helpers/fixtures.ts';

/** Every object key in an answer, except the keys of records keyed by id (a comment's marks). */
function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysOf(v, into);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (!/^\d+$/.test(k)) into.add(k);
      keysOf(v, into);
    }
  }
  return into;
}

const snakeKeys = (value: unknown) => [...keysOf(value)].filter((k) => k.includes('_'));

/** The camelCase twins REST no longer sends beside the spec's names. */
const IDEA_TWINS = [
  'moderationStatus',
  'isDeleted',
  'deletedAt',
  'createdAt',
  'updatedAt',
  'allowComments',
  'showSimilar',
  'favoriteCount',
  'authorId',
  'authorRegistrationNumber',
  'authorAvatar',
  'market_identifier',
  'detailed_analysis',
];

describe.each(DIALECTS)('field names on %s', (dialect) => {
  const app = serveTestApp(dialect);
  let author: FixtureUser;
  let reader: FixtureUser;
  let idea: number;

  const rest = async (path: string, token?: string) => (await app.api('GET', path, { token })).body;
  const trpc = async (name: string, input: unknown, token?: string) => (await trpcCall(app, 'query', name, input, token)).body.result.data;

  beforeAll(async () => {
    author = await createUser(app.deps, { nickname: '拼写作者' });
    reader = await createUser(app.deps, { nickname: '拼写读者' });
    idea = await createIdea(app.deps, author, { title: '一种拼写的创意', tags: ['拼写'] });
    await app.api('POST', `/api/follows/${author.registrationNumber}`, { token: reader.token, body: { follow: true } });
    await app.api('POST', '/api/comments', { token: reader.token, body: { ideaId: idea, content: '留一条评论，作者会收到消息' } });
  });

  it('an idea card and an idea page: camelCase on tRPC, the spec’s names once on REST', async () => {
    const card = (await trpc('marketplace.ideas', { sort: 'newest', limit: 50 })).data.find((i: { id: number }) => i.id === idea);
    const page = (await trpc('ideas.byId', { id: idea }, author.token)).data;
    for (const answer of [card, page]) {
      expect(snakeKeys(answer)).toEqual([]);
      expect(answer).toMatchObject({ moderationStatus: 'approved', isDeleted: false, allowComments: true, authorName: '拼写作者', authorRegistrationNumber: author.registrationNumber });
    }
    expect(page.detailedAnalysis).toEqual(expect.any(String));

    const restCard = (await rest('/api/marketplace/ideas?limit=50')).data.find((i: { id: number }) => i.id === idea);
    const restPage = (await rest(`/api/ideas/${idea}`, author.token)).data;
    for (const answer of [restCard, restPage]) {
      expect(answer).toMatchObject({
        moderation_status: 'approved',
        is_deleted: 0,
        allow_comments: 1,
        show_similar: 1,
        user_id: author.id,
        user_nickname: '拼写作者',
        authorName: '拼写作者',
        user_registration_number: author.registrationNumber,
        marketIdentifier: 'market_exists',
      });
      expect(answer.created_at).toEqual(card.createdAt);
      for (const twin of IDEA_TWINS) expect(answer, twin).not.toHaveProperty(twin);
    }
    expect(restPage.detailedAnalysis).toEqual(page.detailedAnalysis);
  });

  it('a message, a follow update and its recent ideas, the signed-in user', async () => {
    const message = (await trpc('messages.list', undefined, author.token)).data[0];
    expect(snakeKeys(message)).toEqual([]);
    expect(message).toMatchObject({ ideaId: idea, isRead: false, commentId: expect.any(Number) });
    const restMessage = (await rest('/api/messages', author.token)).data[0];
    expect(restMessage).toMatchObject({ idea_id: idea, is_read: false, comment_id: message.commentId, created_at: message.createdAt, original_feedback: null });
    for (const twin of ['ideaId', 'isRead', 'commentId', 'createdAt', 'readAt']) expect(restMessage).not.toHaveProperty(twin);

    const update = (await trpc('follows.updates', undefined, reader.token)).data[0];
    expect(snakeKeys(update)).toEqual([]);
    expect(update).toMatchObject({ registrationNumber: author.registrationNumber, recentIdeasCount: 1, latestIdeaTime: expect.any(String), avatarUrl: expect.any(String) });
    expect((await rest('/api/follows/updates', reader.token)).data[0]).toEqual({
      registration_number: update.registrationNumber,
      nickname: update.nickname,
      avatar_url: update.avatarUrl,
      recent_ideas_count: 1,
      latest_idea_time: update.latestIdeaTime,
    });
    const recent = (await trpc('follows.recentOf', { registrationNumber: author.registrationNumber }, reader.token)).data[0];
    expect(snakeKeys(recent)).toEqual([]);
    expect((await rest(`/api/follows/user/${author.registrationNumber}/recent`, reader.token)).data[0]).toMatchObject({
      id: idea,
      created_at: recent.createdAt,
      view_count: recent.viewCount,
      favorite_count: 0,
      avatar_url: recent.avatarUrl,
    });

    const me = (await trpc('auth.me', undefined, reader.token)).data.user;
    expect(snakeKeys(me)).toEqual([]);
    const restMe = (await rest('/api/auth/me', reader.token)).data.user;
    expect(restMe).toMatchObject({ id: reader.id, internal_id: reader.id, registrationNumber: reader.registrationNumber });
    expect(restMe).not.toHaveProperty('registration_number');
  });

  it('the favourite toggle: isFavorite in data alone on tRPC; favorited in and beside data on REST', async () => {
    const viaTrpc = await trpcCall(app, 'mutation', 'favorites.set', { ideaId: idea, favorite: true }, reader.token);
    expect(viaTrpc.body.result.data).toEqual({ message: '收藏成功', data: { isFavorite: true, favoriteCount: 1 } });
    const viaRest = await app.api('POST', `/api/favorites/${idea}`, { token: reader.token, body: { favorite: false } });
    expect(viaRest.body).toEqual({ success: true, message: '已取消收藏', favorited: false, favoriteCount: 0, data: { favorited: false, favoriteCount: 0 } });
    // A count: beside data on REST only.
    const count = await trpcCall(app, 'query', 'messages.unreadCount', undefined, author.token);
    expect(Object.keys(count.body.result.data)).toEqual(['data']);
    expect(await rest('/api/messages/unread-count', author.token)).toMatchObject({ count: expect.any(Number), data: { count: expect.any(Number) } });
  });
});
