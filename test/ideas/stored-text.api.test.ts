/**
 * One rule for every text the site stores: control characters and NUL bytes are
 * refused with the same 400 and the same Chinese message, on both transports — feedback, replies,
 * announcements, comments, reports, ideas (title, introduction, analysis, tags, extensions), reject
 * reasons and deactivation reasons. Line breaks and tabs are text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects.ts';
import { startTestApp, trpcCall, type TestApp } from '../helpers/api.ts';
import { createIdea, createUser, type FixtureUser } from '../helpers/fixtures.ts';

const REFUSED = '内容包含无法显示的控制字符，请删除后重试';
/** NUL, BEL, ESC, DEL and a C1 control (NEL). */
const CONTROLS = ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085'];

interface Case {
  name: string;
  rest: (bad: string) => { method: string; path: string; body: unknown };
  trpc: (bad: string) => { procedure: string; input: unknown };
  /** Who sends it: the member, or the admin. */
  as?: 'admin';
}

describe.each(DIALECTS)('stored text on %s', (dialect) => {
  let app: TestApp;
  let member: FixtureUser;
  let admin: FixtureUser;
  let ideaId: number;
  let inReview: number;
  let commentId: number;
  let feedbackId: number;

  beforeAll(async () => {
    app = await startTestApp(dialect);
    member = await createUser(app.deps);
    admin = await createUser(app.deps);
    await app.makeAdmin(admin.id);
    ideaId = await createIdea(app.deps, member);
    inReview = await createIdea(app.deps, member, { stage: 'review' });
    commentId = (await app.api('POST', '/api/comments', { token: member.token, body: { ideaId, content: '一条正常的评论' } })).body.data.id;
    feedbackId = (await app.api('POST', '/api/feedback', { token: member.token, body: { content: '一条正常的反馈' } })).body.data.id;
  });
  afterAll(async () => {
    await app?.close();
  });

  const cases: Case[] = [
    {
      name: 'feedback',
      rest: (t) => ({ method: 'POST', path: '/api/feedback', body: { content: `反馈${t}内容` } }),
      trpc: (t) => ({ procedure: 'feedback.submit', input: { content: `反馈${t}内容` } }),
    },
    {
      name: 'feedback page address',
      rest: (t) => ({ method: 'POST', path: '/api/feedback', body: { content: '反馈', url: `/x${t}` } }),
      trpc: (t) => ({ procedure: 'feedback.submit', input: { content: '反馈', userAgent: `UA${t}` } }),
    },
    {
      name: 'feedback reply',
      as: 'admin',
      rest: (t) => ({ method: 'POST', path: `/api/admin/feedback/${feedbackId}/reply`, body: { content: `回复${t}` } }),
      trpc: (t) => ({ procedure: 'feedback.reply', input: { id: feedbackId, content: `回复${t}` } }),
    },
    {
      name: 'announcement title',
      as: 'admin',
      rest: (t) => ({ method: 'POST', path: '/api/messages/announcement', body: { title: `公告${t}`, content: '内容' } }),
      trpc: (t) => ({ procedure: 'messages.announce', input: { title: `公告${t}`, content: '内容' } }),
    },
    {
      name: 'announcement content',
      as: 'admin',
      rest: (t) => ({ method: 'POST', path: '/api/messages/announcement', body: { title: '公告', content: `内容${t}` } }),
      trpc: (t) => ({ procedure: 'messages.announce', input: { title: '公告', content: `内容${t}` } }),
    },
    {
      name: 'comment',
      rest: (t) => ({ method: 'POST', path: '/api/comments', body: { ideaId, content: `评论${t}` } }),
      trpc: (t) => ({ procedure: 'comments.create', input: { ideaId, content: `评论${t}` } }),
    },
    {
      name: 'report reason',
      rest: (t) => ({ method: 'POST', path: `/api/comments/${commentId}/report`, body: { reason: `举报${t}` } }),
      trpc: (t) => ({ procedure: 'comments.report', input: { id: commentId, reason: `举报${t}` } }),
    },
    { name: 'idea title', rest: (t) => ({ method: 'POST', path: '/api/ideas', body: { title: `标题${t}` } }), trpc: (t) => ({ procedure: 'ideas.create', input: { title: `标题${t}` } }) },
    {
      name: 'idea introduction',
      rest: (t) => ({ method: 'PUT', path: `/api/ideas/${ideaId}`, body: { description: `简介${t}` } }),
      trpc: (t) => ({ procedure: 'ideas.update', input: { id: ideaId, description: `简介${t}` } }),
    },
    {
      name: 'idea analysis',
      rest: (t) => ({ method: 'POST', path: '/api/ideas', body: { detailedAnalysis: `<p>分析${t}</p>` } }),
      trpc: (t) => ({ procedure: 'ideas.create', input: { detailedAnalysis: `<p>分析${t}</p>` } }),
    },
    { name: 'tags as a list', rest: (t) => ({ method: 'POST', path: '/api/ideas', body: { tags: [`标签${t}`] } }), trpc: (t) => ({ procedure: 'ideas.create', input: { tags: [`标签${t}`] } }) },
    { name: 'tags as text', rest: (t) => ({ method: 'POST', path: '/api/ideas', body: { tags: `标签${t} 其他` } }), trpc: (t) => ({ procedure: 'ideas.create', input: { tags: `标签${t}` } }) },
    {
      name: 'extension',
      rest: (t) => ({ method: 'PUT', path: `/api/ideas/${ideaId}/expansions`, body: { expansions: [`扩展${t}`] } }),
      trpc: (t) => ({ procedure: 'ideas.updateExpansions', input: { id: ideaId, expansions: [{ content: `扩展${t}` }] } }),
    },
    {
      name: 'reject reason',
      as: 'admin',
      rest: (t) => ({ method: 'POST', path: `/api/admin/ideas/${inReview}/reject`, body: { reason: `原因${t}` } }),
      trpc: (t) => ({ procedure: 'admin.reject', input: { id: inReview, reason: `原因${t}` } }),
    },
    {
      name: 'deactivation reason',
      rest: (t) => ({ method: 'POST', path: '/api/users/deactivate', body: { reason: `原因${t}` } }),
      trpc: (t) => ({ procedure: 'users.deactivate', input: { reason: `原因${t}` } }),
    },
  ];

  it.each(cases)('refuses control characters in the $name on REST and tRPC', async ({ rest, trpc, as }) => {
    const token = as === 'admin' ? admin.token : member.token;
    for (const control of CONTROLS) {
      const r = rest(control);
      const viaRest = await app.api(r.method, r.path, { token, body: r.body });
      expect(viaRest.status, JSON.stringify(control)).toBe(400);
      expect(viaRest.body.message).toBe(REFUSED);
      const t = trpc(control);
      const viaTrpc = await trpcCall(app, 'mutation', t.procedure, t.input, token);
      expect(viaTrpc.status, JSON.stringify(control)).toBe(400);
      expect(viaTrpc.body.error.message).toBe(REFUSED);
    }
  });

  it('stored nothing of the refused texts, and the member is still there', async () => {
    expect((await app.api('GET', '/api/auth/me', { token: member.token })).status).toBe(200);
    const tables = [
      ['feedback', 'content'],
      ['comments', 'content'],
      ['ideas', 'title'],
      ['ideas', 'description'],
      ['announcements', 'title'],
    ] as const;
    for (const [table, column] of tables) {
      const rows = (await app.deps.db.selectFrom(table).select(column).execute()) as Record<string, string | null>[];
      for (const row of rows) expect(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/.test(row[column] ?? ''), `${table}.${column}`).toBe(false);
    }
  });

  /**
   * Zero-width space, non-joiner, joiner, word joiner, BOM, the bidi overrides and isolates, and the
   * blank letters a hostile review stored as a comment and a title (Hangul fillers, the combining
   * grapheme joiner, Khmer's inherent vowel, the blank Braille pattern): text nobody sees.
   */
  const INVISIBLE = ' \u200b\u200c\u200d\u2060\ufeff\u202e\u2066\u2069\u3164\u115f\u1160\uffa0\u034f\u17b4\u2800 ';
  const required: Case[] = [
    { name: 'feedback', rest: (t) => ({ method: 'POST', path: '/api/feedback', body: { content: t } }), trpc: (t) => ({ procedure: 'feedback.submit', input: { content: t } }) },
    {
      name: 'feedback reply',
      as: 'admin',
      rest: (t) => ({ method: 'POST', path: `/api/admin/feedback/${feedbackId}/reply`, body: { content: t } }),
      trpc: (t) => ({ procedure: 'feedback.reply', input: { id: feedbackId, content: t } }),
    },
    {
      name: 'announcement title',
      as: 'admin',
      rest: (t) => ({ method: 'POST', path: '/api/messages/announcement', body: { title: t, content: '内容' } }),
      trpc: (t) => ({ procedure: 'messages.announce', input: { title: t, content: '内容' } }),
    },
    {
      name: 'announcement content',
      as: 'admin',
      rest: (t) => ({ method: 'POST', path: '/api/messages/announcement', body: { title: '公告', content: t } }),
      trpc: (t) => ({ procedure: 'messages.announce', input: { title: '公告', content: t } }),
    },
    { name: 'comment', rest: (t) => ({ method: 'POST', path: '/api/comments', body: { ideaId, content: t } }), trpc: (t) => ({ procedure: 'comments.create', input: { ideaId, content: t } }) },
    {
      name: 'report reason',
      rest: (t) => ({ method: 'POST', path: `/api/comments/${commentId}/report`, body: { reason: t } }),
      trpc: (t) => ({ procedure: 'comments.report', input: { id: commentId, reason: t } }),
    },
    {
      name: 'title of a published idea',
      rest: (t) => ({ method: 'POST', path: '/api/ideas', body: { title: t, description: '简介', status: 'published' } }),
      trpc: (t) => ({ procedure: 'ideas.create', input: { title: t, description: '简介', status: 'published' } }),
    },
    {
      name: 'extension',
      rest: (t) => ({ method: 'PUT', path: `/api/ideas/${ideaId}/expansions`, body: { expansions: [t] } }),
      trpc: (t) => ({ procedure: 'ideas.updateExpansions', input: { id: ideaId, expansions: [{ content: t }] } }),
    },
    {
      name: 'reject reason',
      as: 'admin',
      rest: (t) => ({ method: 'POST', path: `/api/admin/ideas/${inReview}/reject`, body: { reason: t } }),
      trpc: (t) => ({ procedure: 'admin.reject', input: { id: inReview, reason: t } }),
    },
    { name: 'deactivation reason', rest: (t) => ({ method: 'POST', path: '/api/users/deactivate', body: { reason: t } }), trpc: (t) => ({ procedure: 'users.deactivate', input: { reason: t } }) },
  ];

  it.each(required)('answers a $name of invisible characters only as an empty one, on REST and tRPC', async ({ rest, trpc, as }) => {
    const token = as === 'admin' ? admin.token : member.token;
    const [empty, invisible] = [rest(''), rest(INVISIBLE)];
    const emptyAnswer = await app.api(empty.method, empty.path, { token, body: empty.body });
    expect(emptyAnswer.status).toBe(400);
    const viaRest = await app.api(invisible.method, invisible.path, { token, body: invisible.body });
    expect([viaRest.status, viaRest.body.message]).toEqual([400, emptyAnswer.body.message]);
    const viaTrpc = await trpcCall(app, 'mutation', trpc(INVISIBLE).procedure, trpc(INVISIBLE).input, token);
    expect([viaTrpc.status, viaTrpc.body.error.message]).toEqual([400, emptyAnswer.body.message]);
  });

  it('keeps invisible characters inside a text: an emoji family is joined by them', async () => {
    const comment = await trpcCall(app, 'mutation', 'comments.create', { ideaId, content: '\u200b 👨\u200d👩\u200d👧 全家支持\u200b' }, member.token);
    expect(comment.status).toBe(200);
    expect(comment.body.result.data.data.content).toBe('👨\u200d👩\u200d👧 全家支持');
  });

  // A hostile review showed 欢迎来赌博玩 from 欢迎来\u202e博赌\u202c玩: the check read 博赌.
  it('takes bidi controls out of the inside of a text too: they show characters in another order than the checks read', async () => {
    const comment = await trpcCall(app, 'mutation', 'comments.create', { ideaId, content: '欢迎来\u202e博赌\u202c玩\u2066呀\u2069' }, member.token);
    expect([comment.status, comment.body.result.data.data.content]).toEqual([200, '欢迎来博赌玩呀']);
    const idea = await app.api('POST', '/api/ideas', { token: member.token, body: { title: '欢迎\u202d场赌\u202c', detailedAnalysis: '<p>来&#x202e;玩&#8238;一\u202e下</p>' } });
    expect(idea.status).toBe(201);
    const stored = await app.deps.db.selectFrom('ideas').select(['title', 'detailed_analysis']).where('id', '=', idea.body.data.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ title: '欢迎场赌', detailed_analysis: '<p>来玩一下</p>' });
  });

  // A review stored two blank tags, and a comment of variation selectors only.
  it('drops blank tags, and answers a comment of variation selectors or marks only as an empty one', async () => {
    const idea = await trpcCall(app, 'mutation', 'ideas.create', { title: '标签测试', tags: '创意 \u3164 \u200b 测试 x\u3164 #\u200b' }, member.token);
    expect(idea.body.result.data.data.tags).toEqual(['创意', '测试', 'x']);
    for (const content of ['\ufe0f\ufe0f', '\u180b\u180b', '\u{E0100}', '\u0301\u0301']) {
      const res = await app.api('POST', '/api/comments', { token: member.token, body: { ideaId, content } });
      expect([res.status, res.body.message], JSON.stringify(content)).toEqual([400, '评论内容不能为空']);
    }
  });

  it('keeps line breaks and tabs, which are text', async () => {
    const feedback = await app.api('POST', '/api/feedback', { token: member.token, body: { content: '第一行\n\t第二行\r\n第三行' } });
    expect(feedback.status).toBe(201);
    const comment = await trpcCall(app, 'mutation', 'comments.create', { ideaId, content: '第一行\n第二行' }, member.token);
    expect(comment.status).toBe(200);
    expect(comment.body.result.data.data.content).toBe('第一行\n第二行');
  });
});
