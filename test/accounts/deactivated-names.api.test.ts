/**
 * A deactivated account names no one (docs/architecture.md §10), in the messages others hold about it too: the
 * follow, comment and reply notices named the member in their text (an outside review), and a new
 * account on the same phone gets the same default nickname, so the old messages seemed to come from
 * it. Both databases; the messages read over REST and tRPC.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects.ts';
import { trpcCall } from '../helpers/api.ts';
import { serveTestApp } from '../helpers/serve.ts';
import { createIdea, createUser, type FixtureUser } from '../helpers/fixtures.ts';

describe.each(DIALECTS)("others' messages about a deactivated member on %s", (dialect) => {
  const app = serveTestApp(dialect);
  let leaver: FixtureUser;
  let author: FixtureUser;
  let bystander: FixtureUser;
  beforeAll(async () => {
    leaver = await createUser(app.deps, { nickname: '将要离开的猎人' });
    author = await createUser(app.deps, { nickname: '创意作者' });
    bystander = await createUser(app.deps, { nickname: '旁观者' });
  });
  const contents = async (who: FixtureUser) => {
    const rest = (await app.api('GET', '/api/messages', { token: who.token })).body.data as { content: string }[];
    const trpc = (await trpcCall(app, 'query', 'messages.list', {}, who.token)).body.result.data.data as { content: string }[];
    expect(trpc.map((m) => m.content)).toEqual(rest.map((m) => m.content));
    return rest.map((m) => m.content);
  };

  it('name it 已注销用户 once it deactivates: follows, comments, replies, summed notices', async () => {
    const ideaId = await createIdea(app.deps, author, { title: '雨天自动收衣架' });
    const authorsComment = await app.api('POST', '/api/comments', { token: author.token, body: { ideaId, content: '欢迎提意见' } });
    expect((await app.api('POST', `/api/follows/${author.registrationNumber}`, { token: leaver.token, body: { follow: true } })).status).toBe(200);
    expect((await app.api('POST', '/api/comments', { token: leaver.token, body: { ideaId, parentId: authorsComment.body.data.id, content: '下雨天真的需要' } })).status).toBe(201);
    expect((await app.api('POST', '/api/comments', { token: bystander.token, body: { ideaId, content: '我也想要一个' } })).status).toBe(201);
    // The latest commenter leads the summed notice: the leaver, then.
    expect((await app.api('POST', '/api/comments', { token: leaver.token, body: { ideaId, content: '能接晾衣杆吗' } })).status).toBe(201);
    // Someone else's messages, which must stay as they are.
    expect((await app.api('POST', `/api/follows/${author.registrationNumber}`, { token: bystander.token, body: { follow: true } })).status).toBe(200);
    const otherIdea = await createIdea(app.deps, author, { title: '只有旁观者评论的创意' });
    expect((await app.api('POST', '/api/comments', { token: bystander.token, body: { ideaId: otherIdea, content: '旁观者的评论' } })).status).toBe(201);

    const before = (await contents(author)).join('\n');
    expect(before).toContain(`将要离开的猎人（${leaver.registrationNumber}）关注了您。`);
    expect(before).toContain('将要离开的猎人 回复了您在「雨天自动收衣架」下的评论');
    expect(before).toContain('将要离开的猎人 等 2 人评论了您的创意「雨天自动收衣架」');

    expect((await app.api('POST', '/api/users/deactivate', { token: leaver.token, body: { password: leaver.password, reason: '不再使用' } })).status).toBe(200);
    const after = await contents(author);
    expect(after.join('\n')).not.toContain('将要离开的猎人');
    expect(after.join('\n')).not.toContain(leaver.registrationNumber);
    expect(after).toEqual(
      expect.arrayContaining([
        `旁观者（${bystander.registrationNumber}）关注了您。`,
        '旁观者 评论了您的创意「只有旁观者评论的创意」：旁观者的评论',
        '已注销用户关注了您。',
        expect.stringMatching(/^已注销用户 回复了您在「雨天自动收衣架」下的评论/),
        expect.stringMatching(/^已注销用户 等 2 人评论了您的创意「雨天自动收衣架」，共 2 条新评论，最新一条：能接晾衣杆吗$/),
      ]),
    );
  });
});
