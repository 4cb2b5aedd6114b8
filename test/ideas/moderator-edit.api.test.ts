/**
 * Edit before approval, on both transports and every dialect: a moderator corrects an
 * idea's title, description, tags or analysis in the review queue and approves it; the author is
 * told what changed; the log keeps both versions; the correction passes the word check.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects.ts';
import { trpcCall } from '../helpers/api.ts';
import { serveTestApp } from '../helpers/serve.ts';
import { createUser, type FixtureUser } from '../helpers/fixtures.ts';

let n = 0;
const unique = () => `${++n}${Math.random().toString(36).slice(2, 6)}`;

describe.each(DIALECTS)('moderator edit before approval on %s', (dialect) => {
  const app = serveTestApp(dialect, { moderation: 'manual' });
  let admin: FixtureUser;
  let author: FixtureUser;
  beforeAll(async () => {
    admin = await createUser(app.deps, { role: 'admin', nickname: '审核员' });
    author = await createUser(app.deps, { nickname: '作者' });
  });

  const publish = async (fields: Record<string, unknown> = {}) => {
    const res = await app.api('POST', '/api/ideas', {
      token: author.token,
      body: { title: `社区旧物交换${unique()}`, description: `邻里之间交换闲置${unique()}`, detailedAnalysis: `<p>第一段分析${unique()}</p>`, tags: '社区 闲置', status: 'published', ...fields },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.moderation_status).toBe('review');
    return res.body.data as { id: number; title: string; description: string; detailedAnalysis: string };
  };
  const messagesOf = async () => app.deps.db.selectFrom('messages').select(['title', 'content', 'idea_id']).where('user_id', '=', author.id).orderBy('id', 'desc').execute();
  const lastLog = async () => (await app.api('GET', '/api/admin/log', { token: admin.token })).body.data[0];

  it('corrects the title and tags and approves over REST: public as corrected, the author told what changed, the log keeps both versions', async () => {
    const idea = await publish();
    const newTitle = `邻里闲置交换站${unique()}`;
    const res = await app.api('POST', `/api/admin/ideas/${idea.id}/edit-approve`, { token: admin.token, body: { title: newTitle, tags: '社区 二手 环保', note: '标题改得更清楚一些' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: '已修改并通过审核，作者会收到说明修改内容的消息', data: null });

    const seen = await app.api('GET', `/api/ideas/${idea.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.data).toMatchObject({ title: newTitle, tags: ['社区', '二手', '环保'], description: idea.description, moderation_status: 'approved' });
    // The search index follows the corrected title.
    const found = await app.api('GET', `/api/marketplace/search?q=${encodeURIComponent('交换站')}`);
    expect(found.body.data.map((i: { id: number }) => i.id)).toContain(idea.id);

    const [message] = await messagesOf();
    expect(message.title).toBe('创意审核通过（内容有修改）');
    expect(message.idea_id).toBe(idea.id);
    expect(message.content).toContain(`标题：「${idea.title}」改为「${newTitle}」`);
    expect(message.content).toContain('标签：「社区 闲置」改为「社区 二手 环保」');
    expect(message.content).toContain('审核员说明：标题改得更清楚一些');
    expect(message.content).not.toContain('简介');

    const entry = await lastLog();
    expect(entry).toMatchObject({ action: 'edit_approve_idea', targetType: 'idea', targetId: idea.id, admin: { nickname: '审核员' } });
    expect(entry.detail).toContain('修改了标题、标签后通过');
    expect(entry.edits).toEqual([
      { field: 'title', before: idea.title, after: newTitle },
      { field: 'tags', before: '社区 闲置', after: '社区 二手 环保' },
    ]);
    // No longer in the queue; a second decision is refused.
    expect((await app.api('POST', `/api/admin/ideas/${idea.id}/edit-approve`, { token: admin.token, body: { title: '再改一次' } })).status).toBe(400);
  });

  it('corrects the description and analysis over tRPC: the analysis sanitized, both HTML versions in the log', async () => {
    const idea = await publish();
    const res = await trpcCall(
      app,
      'mutation',
      'admin.editApprove',
      { id: idea.id, description: '邻里之间交换闲置物品', detailedAnalysis: '<p>改写后的分析<script>alert(1)</script></p><h2>市场</h2>' },
      admin.token,
    );
    expect(res.status).toBe(200);
    const seen = (await app.api('GET', `/api/ideas/${idea.id}`, { token: author.token })).body.data;
    expect(seen.description).toBe('邻里之间交换闲置物品');
    expect(seen.detailedAnalysis).toBe('<p>改写后的分析</p><h2>市场</h2>');
    const entry = (await trpcCall(app, 'query', 'admin.log', undefined, admin.token)).body.result.data.data[0];
    expect(entry.edits).toEqual([
      { field: 'description', before: idea.description, after: '邻里之间交换闲置物品' },
      { field: 'detailedAnalysis', before: idea.detailedAnalysis, after: '<p>改写后的分析</p><h2>市场</h2>' },
    ]);
    expect((await messagesOf())[0].content).toContain('详细分析：已修改，请在创意页查看');
  });

  it('refuses a correction that changes nothing, an empty title, a block word (403), members; replace words become **', async () => {
    const idea = await publish();
    expect((await app.api('POST', `/api/admin/ideas/${idea.id}/edit-approve`, { token: admin.token, body: { title: idea.title } })).body.message).toBe('没有修改任何内容；无需修改请直接点「通过」');
    expect((await app.api('POST', `/api/admin/ideas/${idea.id}/edit-approve`, { token: admin.token, body: { title: '  ' } })).status).toBe(400);
    const blocked = await app.api('POST', `/api/admin/ideas/${idea.id}/edit-approve`, { token: admin.token, body: { description: '其实是赌.博' } });
    expect(blocked.status).toBe(403);
    expect(blocked.body.moderationResult).toMatchObject({ matchedWords: ['赌博'], fields: ['description'] });
    expect((await app.api('POST', `/api/admin/ideas/${idea.id}/edit-approve`, { token: author.token, body: { title: '作者自己' } })).status).toBe(403);
    expect((await trpcCall(app, 'mutation', 'admin.editApprove', { id: idea.id, title: '作者自己' }, author.token)).status).toBe(403);
    // Still in review after all of that.
    expect((await app.api('GET', `/api/ideas/${idea.id}`)).status).toBe(404);

    await app.api('POST', '/api/admin/watched-words', { token: admin.token, body: { word: '联系方式', action: 'replace' } });
    expect((await app.api('POST', `/api/admin/ideas/${idea.id}/edit-approve`, { token: admin.token, body: { description: '联系方式见主页' } })).status).toBe(200);
    expect((await app.api('GET', `/api/ideas/${idea.id}`)).body.data.description).toBe('**见主页');
    expect((await app.api('POST', '/api/admin/ideas/999999/edit-approve', { token: admin.token, body: { title: '不存在' } })).status).toBe(404);
  });
});
