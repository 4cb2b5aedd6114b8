/**
 * Disguised sensitive words through both transports: every form the outside probe
 * published — dots, stars, a zero-width character, an emoji between the characters, traditional
 * characters — is refused like the plain word in ideas (rich text split by tags too), comments,
 * feedback and report reasons; innocent texts holding the same characters apart still publish.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects.ts';
import { trpcCall } from '../helpers/api.ts';
import { serveTestApp } from '../helpers/serve.ts';
import { createIdea, createUser, type FixtureUser } from '../helpers/fixtures.ts';
import { publishedIdeaBody } from '../helpers/idea-bodies.ts';

/** The forms: plain, spaced, full-width spaced, dots, stars, zero-width, emoji between, traditional (HTML-split below). */
const DISGUISED = ['赌博', '赌 博', '赌\u3000博', '赌.博', '赌*博', '赌\u200b博', '赌🎲博', '賭博', '洗錢', '傳銷', '赌\u3164博', '赌ー博'];
const INNOCENT = ['赌场旁边新开的博物馆', '洗衣店也能赚钱', '传统门店的营销'];
const SENSITIVE = '内容包含敏感词，未能通过审核，请修改后重新提交';

let n = 0;
const unique = () => `${++n}-${Math.random().toString(36).slice(2, 7)}`;

describe.each(DIALECTS)('disguised sensitive words on %s', (dialect) => {
  const app = serveTestApp(dialect, { moderation: 'auto' });
  let member: FixtureUser;
  let ideaId: number;
  beforeAll(async () => {
    member = await createUser(app.deps);
    ideaId = await createIdea(app.deps, member, { title: '评论用的创意' });
  });

  const idea = publishedIdeaBody;

  it('refuses each disguised form in an idea title over REST and tRPC, naming the word and the field', async () => {
    for (const form of DISGUISED) {
      const rest = await app.api('POST', '/api/ideas', { token: member.token, body: idea(`周末${form}攻略${unique()}`) });
      expect(rest.status, form).toBe(403);
      expect(rest.body).toMatchObject({ success: false, message: SENSITIVE, moderationResult: { passed: false, fields: ['title'] } });
      expect(['赌博', '洗钱', '传销']).toContain(rest.body.moderationResult.matchedWords[0]);
      const trpc = await trpcCall(app, 'mutation', 'ideas.create', idea(`周末${form}攻略${unique()}`), member.token);
      expect(trpc.status, form).toBe(403);
      expect(trpc.text).toContain(SENSITIVE);
    }
  });

  it('refuses a word split by HTML tags in the detailed analysis, over REST and tRPC', async () => {
    const html = '<p>网上<b>赌</b><i>博</i>平台</p>';
    const res = await app.api('POST', '/api/ideas', { token: member.token, body: idea(`标题${unique()}`, { detailedAnalysis: html }) });
    expect(res.status).toBe(403);
    expect(res.body.moderationResult).toMatchObject({ matchedWords: ['赌博'], fields: ['detailedAnalysis'] });
    const trpc = await trpcCall(app, 'mutation', 'ideas.create', idea(`标题${unique()}`, { detailedAnalysis: html }), member.token);
    expect(trpc.status).toBe(403);
    expect(trpc.body.error.data.extra.moderationResult).toMatchObject({ matchedWords: ['赌博'], fields: ['detailedAnalysis'] });
  });

  // A hostile review linked to https://x.com/赌博: the addresses were never checked.
  it('checks the analysis’s link addresses, written plainly or percent-encoded, over REST and tRPC', async () => {
    for (const href of ['https://x.com/赌博', 'https://x.com/%E8%B5%8C%E5%8D%9A', 'https://x.com/?q=%E8%B5%8C%20%E5%8D%9A&amp;a=1', 'https://x.com/%E8%B5%8C%E5%8D%9A?%ZZ']) {
      const html = `<p>详情见<a href="${href}">这里</a></p>`;
      const res = await app.api('POST', '/api/ideas', { token: member.token, body: idea(`标题${unique()}`, { detailedAnalysis: html }) });
      expect(res.status, href).toBe(403);
      expect(res.body.moderationResult, href).toMatchObject({ matchedWords: ['赌博'], fields: ['links'] });
      const trpc = await trpcCall(app, 'mutation', 'ideas.update', { id: ideaId, detailedAnalysis: html, status: 'published' }, member.token);
      expect(trpc.status, href).toBe(403);
    }
    const innocent = await app.api('POST', '/api/ideas', { token: member.token, body: idea(`标题${unique()}`, { detailedAnalysis: '<p>详情见<a href="https://example.com/museum">这里</a></p>' }) });
    expect(innocent.status).toBe(201);
  });

  it('publishes innocent texts holding the same characters apart, over REST and tRPC', async () => {
    for (const text of INNOCENT) {
      const res = await app.api('POST', '/api/ideas', { token: member.token, body: idea(`${text}${unique()}`, { description: text }) });
      expect(res.status, text).toBe(201);
      const trpc = await trpcCall(app, 'mutation', 'ideas.create', idea(`${text}${unique()}`, { description: `${text}。` }), member.token);
      expect(trpc.status, text).toBe(200);
    }
    const comment = await app.api('POST', '/api/comments', { token: member.token, body: { ideaId, content: INNOCENT.join('，') } });
    expect(comment.status).toBe(201);
    const trpcComment = await trpcCall(app, 'mutation', 'comments.create', { ideaId, content: INNOCENT.join('；') }, member.token);
    expect(trpcComment.status).toBe(200);
  });

  it('refuses disguised words in comments and replies, feedback and report reasons, on both transports', async () => {
    // Someone else's comment: a member cannot report their own.
    const writer = await createUser(app.deps);
    const top = await app.api('POST', '/api/comments', { token: writer.token, body: { ideaId, content: '一条正常的评论' } });
    const commentId = top.body.data.id;
    for (const form of ['赌🎲博', '洗錢']) {
      expect((await app.api('POST', '/api/comments', { token: member.token, body: { ideaId, content: `一起${form}吧` } })).status, form).toBe(403);
      expect((await app.api('POST', '/api/comments', { token: member.token, body: { ideaId, parentId: commentId, content: `回复${form}` } })).status, form).toBe(403);
      expect((await trpcCall(app, 'mutation', 'comments.create', { ideaId, content: `一起${form}吧` }, member.token)).status, form).toBe(403);
      expect((await app.api('POST', '/api/feedback', { token: member.token, body: { content: `建议开放${form}板块` } })).status, form).toBe(403);
      expect((await trpcCall(app, 'mutation', 'feedback.submit', { content: `建议开放${form}板块` }, member.token)).status, form).toBe(403);
      expect((await app.api('POST', `/api/comments/${commentId}/report`, { token: member.token, body: { reason: `他在宣传${form}` } })).status, form).toBe(403);
      expect((await trpcCall(app, 'mutation', 'comments.report', { id: commentId, reason: `他在宣传${form}` }, member.token)).status, form).toBe(403);
    }
    // Nothing of it was stored.
    expect((await app.deps.db.selectFrom('feedback').select('id').where('user_id', '=', member.id).execute()).length).toBe(0);
    expect((await app.deps.db.selectFrom('comment_reports').select('id').execute()).length).toBe(0);
    // The plain texts go through.
    expect((await app.api('POST', '/api/feedback', { token: member.token, body: { content: '希望增加夜间模式' } })).status).toBe(201);
    expect((await app.api('POST', `/api/comments/${commentId}/report`, { token: member.token, body: { reason: '广告' } })).status).toBe(200);
  });
});
