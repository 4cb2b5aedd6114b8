import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { dbTimeAgo } from '../../db/time.ts';
import { purgeRecycleBin } from '../../src/server/ideas/service.ts';
import { DIALECTS } from '../helpers/dialects.ts';
import { registerAndLogin, trpcCall, type TestApp } from '../helpers/api.ts';
import { createIdea, createUser } from '../helpers/fixtures.ts';
import { walkPages, type CursorPage } from '../helpers/pages.ts';
import { serveTestApp } from '../helpers/serve.ts';

type Member = Awaited<ReturnType<typeof registerAndLogin>>;

let seq = 0;
/** Content no other test publishes, so the duplicate checks stay out of the way. */
function uniqueIdea(overrides: Record<string, unknown> = {}) {
  seq += 1;
  const n = `${seq}-${Math.random().toString(36).slice(2, 8)}`;
  return {
    title: `测试创意${n}`,
    description: `一句话介绍第${n}号创意`,
    detailedAnalysis: `<p>第${n}号创意的详细分析：${'用户痛点与解决方案'.repeat(2)}${n}</p>`,
    tags: '效率 生活',
    status: 'published',
    ...overrides,
  };
}

async function publish(app: TestApp, member: Member, overrides: Record<string, unknown> = {}) {
  const res = await app.api('POST', '/api/ideas', { token: member.token, body: uniqueIdea(overrides) });
  if (res.status !== 201) throw new Error(`publish ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

describe.each(DIALECTS)('ideas over REST on %s (MODERATION=auto)', (dialect) => {
  const app = serveTestApp(dialect, { moderation: 'auto' });
  let alice: Member;
  let bob: Member;
  beforeAll(async () => {
    alice = await registerAndLogin(app);
    bob = await registerAndLogin(app);
  });

  it('saves a draft without a title under the default title, tags split on whitespace', async () => {
    const res = await app.api('POST', '/api/ideas', { token: alice.token, body: { title: '', tags: '  设计  AI\t生活 ', status: 'draft', price: 99 } });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('草稿已保存');
    const idea = res.body.data;
    expect(idea).toMatchObject({
      title: '未命名创意',
      status: 'draft',
      moderation_status: 'none',
      price: 0,
      tags: ['设计', 'AI', '生活'],
      marketIdentifier: 'market_exists',
      allow_comments: 1,
      show_similar: 1,
    });
    const drafts = await app.api('GET', '/api/ideas/my?status=draft', { token: alice.token });
    expect(drafts.body.data.map((i: { id: number }) => i.id)).toContain(idea.id);
  });

  it('keeps the first 5 tags and refuses a tag that is too long', async () => {
    const many = await app.api('POST', '/api/ideas', { token: alice.token, body: { title: '标签测试', tags: 'a b c d e f g', status: 'draft' } });
    expect(many.body.data.tags).toEqual(['a', 'b', 'c', 'd', 'e']);
    const cjk = await app.api('POST', '/api/ideas', { token: alice.token, body: { title: '标签测试', tags: '这是一个很长的标签', status: 'draft' } });
    expect(cjk.status).toBe(400);
    expect(cjk.body.message).toBe('请修正标签错误：标签「这是一个很长的标签」超过6个字符限制');
    const latin = await app.api('POST', '/api/ideas', { token: alice.token, body: { title: '标签测试', tags: 'abcdefghijklm', status: 'draft' } });
    expect(latin.status).toBe(400);
    expect(latin.body.message).toContain('超过12个字符限制');
  });

  it('requires a title to publish and a login to write', async () => {
    const res = await app.api('POST', '/api/ideas', { token: alice.token, body: { ...uniqueIdea(), title: '  ' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('请填写创意标题');
    expect((await app.api('POST', '/api/ideas', { body: uniqueIdea() })).status).toBe(401);
  });

  it('approves at once in auto mode and locks the analysis for others until unlocked', async () => {
    const idea = await publish(app, alice);
    expect(idea.moderation_status).toBe('approved');
    expect(idea.detailedAnalysis).toContain('详细分析');

    const asBob = await app.api('GET', `/api/ideas/${idea.id}`, { token: bob.token });
    expect(asBob.status).toBe(200);
    expect(asBob.body.data).not.toHaveProperty('detailedAnalysis');
    expect(asBob.body.data).not.toHaveProperty('detailed_analysis');
    expect(asBob.body.data).not.toHaveProperty('expansions');
    expect(asBob.body.data.isLocked).toBe(true);
    const asGuest = await app.api('GET', `/api/ideas/${idea.id}`);
    expect(asGuest.body.data).not.toHaveProperty('detailedAnalysis');

    const bought = await app.api('POST', `/api/ideas/${idea.id}/purchase`, { token: bob.token, body: { userId: alice.user.id } });
    expect(bought.status).toBe(200);
    expect(bought.body.data).toBe(true);
    const unlocked = await app.api('GET', `/api/ideas/${idea.id}`, { token: bob.token });
    expect(unlocked.body.data.detailedAnalysis).toBe(idea.detailedAnalysis);
    const purchases = await app.api('GET', '/api/ideas/purchases', { token: bob.token });
    expect(purchases.body.data.map((i: { id: number }) => i.id)).toContain(idea.id);
    expect((await app.api('GET', '/api/ideas/purchases')).status).toBe(401);
  });

  it('refuses sensitive words with 403 and moderationResult, also in extensions', async () => {
    const res = await app.api('POST', '/api/ideas', { token: alice.token, body: uniqueIdea({ description: '线上 赌博 平台的推广方案' }) });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, errorType: 'content_moderation', moderationResult: { passed: false, matchedWords: ['赌博'], fields: ['description'] } });
    expect(res.body.message).toBe('内容包含敏感词，未能通过审核，请修改后重新提交');
    const idea = await publish(app, alice);
    const ext = await app.api('PUT', `/api/ideas/${idea.id}/expansions`, { token: alice.token, body: { expansions: ['补充：可以做成 代开发票 服务'] } });
    expect(ext.status).toBe(403);
    expect(ext.body.errorType).toBe('content_moderation');
  });

  it('answers each duplicate type with 409 and duplicateInfo', async () => {
    const original = await publish(app, alice, {
      title: '会提醒喝水的智能水杯',
      description: '根据体重和天气提醒补水',
      detailedAnalysis: '<p>杯底有重量传感器，记录每一口的饮水量，配合手机应用给出每日饮水计划和提醒。</p>',
    });

    const exact = await app.api('POST', '/api/ideas', {
      token: bob.token,
      body: {
        title: '会提醒喝水的智能水杯！',
        description: '根据体重和天气，提醒补水',
        detailedAnalysis: '<p>杯底有重量传感器，记录每一口的饮水量，配合手机应用给出每日饮水计划和提醒</p>',
        status: 'published',
      },
    });
    expect(exact.status).toBe(409);
    expect(exact.body).toMatchObject({ errorType: 'duplicate_content', duplicateInfo: { type: 'exact', existingIdeaId: original.id } });

    const similarTitle = await app.api('POST', '/api/ideas', { token: alice.token, body: uniqueIdea({ title: '会提醒喝水的智能水杯2' }) });
    expect(similarTitle.status).toBe(409);
    expect(similarTitle.body.duplicateInfo).toMatchObject({ type: 'similar_title', existingIdeaId: original.id });
    expect(similarTitle.body.message).toBe('你在24小时内已发布过标题相同或相近的创意');

    const highly = await app.api('POST', '/api/ideas', {
      token: bob.token,
      body: {
        title: '提醒喝水的智能水杯',
        description: '根据体重和天气提醒补水',
        detailedAnalysis: '<p>杯底有重量传感器，记录每一口的饮水量，配合手机应用给出每日的饮水计划和提醒。</p>',
        status: 'published',
      },
    });
    expect(highly.status).toBe(409);
    expect(highly.body.duplicateInfo.type).toBe('highly_similar');
    expect(highly.body.duplicateInfo.similarity).toBeGreaterThanOrEqual(0.85);

    // The same words as a draft are fine: checks run on publish.
    expect((await app.api('POST', '/api/ideas', { token: bob.token, body: { title: '会提醒喝水的智能水杯', status: 'draft' } })).status).toBe(201);
  });

  it('lets only the author change, delete, restore or attach to an idea', async () => {
    const idea = await publish(app, alice);
    expect((await app.api('PUT', `/api/ideas/${idea.id}`, { token: bob.token, body: uniqueIdea() })).status).toBe(403);
    expect((await app.api('PUT', `/api/ideas/${idea.id}/publish`, { token: bob.token })).status).toBe(403);
    expect((await app.api('PUT', `/api/ideas/${idea.id}/expansions`, { token: bob.token, body: { expansions: ['x'] } })).status).toBe(403);
    expect((await app.api('DELETE', `/api/ideas/${idea.id}`, { token: bob.token })).status).toBe(403);
    const form = new FormData();
    form.append('ideaId', String(idea.id));
    form.append(
      'file',
      new Blob([
        await sharp({ create: { width: 20, height: 20, channels: 3, background: '#f60' } })
          .png()
          .toBuffer(),
      ]),
      'a.png',
    );
    expect((await app.api('POST', '/api/upload/idea-image', { token: bob.token, body: form })).status).toBe(403);

    const draft = (await app.api('POST', '/api/ideas', { token: alice.token, body: { title: '私人草稿', status: 'draft' } })).body.data;
    // What others cannot see is 404, not 403: its existence is not told.
    expect((await app.api('GET', `/api/ideas/${draft.id}`, { token: bob.token })).status).toBe(404);
    expect((await app.api('PUT', `/api/ideas/${draft.id}`, { token: bob.token, body: uniqueIdea() })).status).toBe(404);
    expect((await app.api('DELETE', `/api/ideas/${draft.id}`, { token: bob.token })).status).toBe(404);
    await app.api('DELETE', `/api/ideas/${draft.id}`, { token: alice.token });
    expect((await app.api('POST', `/api/ideas/${draft.id}/restore`, { token: bob.token })).status).toBe(404);
  });

  it('keeps extensions for the owner only, and refuses empty ones', async () => {
    const idea = await publish(app, alice);
    const empty = await app.api('PUT', `/api/ideas/${idea.id}/expansions`, { token: alice.token, body: { expansions: ['  '] } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('请输入扩展内容');
    const saved = await app.api('PUT', `/api/ideas/${idea.id}/expansions`, { token: alice.token, body: { expansions: ['第一条补充', { content: '第二条补充' }] } });
    expect(saved.status).toBe(200);
    expect(saved.body.data.expansions.map((e: { content: string }) => e.content)).toEqual(['第一条补充', '第二条补充']);
    expect((await app.api('GET', `/api/ideas/${idea.id}`, { token: bob.token })).body.data).not.toHaveProperty('expansions');
  });

  it('moves to the recycle bin, restores within 7 days, answers 410 after, and deletes for good', async () => {
    const idea = await publish(app, alice);
    const soft = await app.api('DELETE', `/api/ideas/${idea.id}`, { token: alice.token });
    expect(soft.status).toBe(200);
    expect(soft.body.deletionType).toBe('soft');
    expect(soft.body.data.deletionType).toBe('soft');
    expect((await app.api('GET', `/api/ideas/${idea.id}`, { token: bob.token })).status).toBe(404);
    const bin = await app.api('GET', '/api/ideas/my?status=deleted', { token: alice.token });
    expect(bin.body.data.find((i: { id: number }) => i.id === idea.id)).toMatchObject({ is_deleted: 1 });

    const restored = await app.api('POST', `/api/ideas/${idea.id}/restore`, { token: alice.token });
    expect(restored.status).toBe(200);
    expect(restored.body.data.is_deleted).toBe(0);
    expect((await app.api('GET', `/api/ideas/${idea.id}`, { token: bob.token })).status).toBe(200);

    await app.api('DELETE', `/api/ideas/${idea.id}`, { token: alice.token });
    await app.deps.db
      .updateTable('ideas')
      .set({ deleted_at: dbTimeAgo(8 * 24 * 3600 * 1000) })
      .where('id', '=', idea.id)
      .execute();
    const expired = await app.api('POST', `/api/ideas/${idea.id}/restore`, { token: alice.token });
    expect(expired.status).toBe(410);
    expect(expired.body.message).toBe('已超过7天恢复期限，无法恢复');

    // The purge job removes it; running it again (or on a second server) is harmless.
    expect(await purgeRecycleBin(app.deps)).toBeGreaterThanOrEqual(1);
    expect(await purgeRecycleBin(app.deps)).toBe(0);
    expect((await app.api('POST', `/api/ideas/${idea.id}/restore`, { token: alice.token })).status).toBe(404);

    const other = await publish(app, alice);
    // A live idea is not in the recycle bin: said so, on both transports.
    const live = await app.api('POST', `/api/ideas/${other.id}/restore`, { token: alice.token });
    expect([live.status, live.body.message]).toEqual([400, '这条创意不在回收站里，无需恢复']);
    const liveTrpc = await trpcCall(app, 'mutation', 'ideas.restore', { id: other.id }, alice.token);
    expect([liveTrpc.status, liveTrpc.body.error?.message]).toEqual([400, '这条创意不在回收站里，无需恢复']);
    const hard = await app.api('DELETE', `/api/ideas/${other.id}?force=true`, { token: alice.token });
    expect(hard.body.deletionType).toBe('permanent');
    const gone = await app.api('POST', `/api/ideas/${other.id}/restore`, { token: alice.token });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('创意不存在或已被永久删除');
  });

  it('sanitizes the analysis: no script ever comes back, links get rel', async () => {
    const res = await app.api('POST', '/api/ideas', {
      token: alice.token,
      body: uniqueIdea({
        detailedAnalysis:
          '<p onclick="alert(1)">正文<script>alert(1)</script></p><img src="x" onerror="alert(1)"><img src="/uploads/someone-elses.jpg" alt="图"><img src="/uploads/../api/auth/me"><a href="javascript:alert(1)">坏链接</a><a href="https://example.com/a">好链接</a><iframe src="https://evil.example"></iframe><svg><script>alert(2)</script></svg>',
      }),
    });
    expect(res.status).toBe(201);
    const stored = (await app.api('GET', `/api/ideas/${res.body.data.id}`, { token: alice.token })).body.data.detailedAnalysis as string;
    expect(stored).not.toMatch(/script|onerror|onclick|javascript:|iframe|svg/i);
    expect(stored).toContain('<a href="https://example.com/a" rel="nofollow ugc noopener" target="_blank">好链接</a>');
    // Only the idea's own uploads may appear; this new idea has none.
    expect(stored).not.toContain('<img');
    expect(stored).toContain('<p>正文</p>');
  });

  it('serves the list reads of §7', async () => {
    const carol = await registerAndLogin(app);
    const mine = [];
    for (let i = 0; i < 7; i++) mine.push(await publish(app, carol));
    await app.deps.db.updateTable('ideas').set({ favorite_count: 5 }).where('id', '=', mine[2].id).execute();

    const hot = await app.api('GET', '/api/ideas/hot');
    expect(hot.body.data).toHaveLength(3);
    expect(hot.body.data[0].id).toBe(mine[2].id);
    expect((await app.api('GET', '/api/ideas/user/latest', { token: carol.token })).body.data).toHaveLength(6);
    expect((await app.api('GET', '/api/ideas/user/latest')).status).toBe(401);

    const byNumber = await app.api('GET', `/api/ideas/user/${carol.user.registrationNumber}?category=any`);
    expect(byNumber.body.data.map((i: { id: number }) => i.id).sort()).toEqual(mine.map((i) => i.id).sort());
    expect(byNumber.body.data[0]).not.toHaveProperty('detailedAnalysis');
    expect((await app.api('GET', `/api/ideas/user/${carol.user.id}`)).body.data).toHaveLength(7);

    // Keyset pages walk every public idea once.
    const seen: number[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page: { status: number; body: { data: { id: number }[]; nextCursor: string | null } } = await app.api('GET', `/api/ideas/all?limit=4${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.data.map((i) => i.id));
      cursor = page.body.nextCursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    for (const idea of mine) expect(seen).toContain(idea.id);
    expect((await app.api('GET', '/api/ideas?status=published&limit=2')).body.data).toHaveLength(2);
    expect((await app.api('GET', '/api/ideas/recent?limit=5')).body.data).toHaveLength(5);
    expect((await app.api('GET', '/api/ideas/guest')).body.data.every((i: object) => !('detailedAnalysis' in i))).toBe(true);
    expect((await app.api('GET', '/api/ideas/all-versions')).status).toBe(200);
  });

  it('takes a deactivated author’s ideas out of every public place', async () => {
    const dave = await registerAndLogin(app);
    const idea = await publish(app, dave);
    expect((await app.api('GET', '/api/users/deactivation-stats', { token: dave.token })).body.data.ideas).toBe(1);
    await app.api('POST', '/api/users/deactivate', { token: dave.token, body: { reason: '其他', confirmation: '注销', password: dave.password } });
    expect((await app.api('GET', `/api/ideas/${idea.id}`)).status).toBe(404);
    expect((await app.api('GET', `/api/ideas/user/${dave.user.registrationNumber}`)).body.data).toEqual([]);
  });

  it('updates only the fields sent, keeping status, text and tags', async () => {
    const idea = await publish(app, alice);
    const res = await app.api('PUT', `/api/ideas/${idea.id}`, { token: alice.token, body: { marketIdentifier: 'market_not_exists' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'published', title: idea.title, description: idea.description, tags: idea.tags, marketIdentifier: 'market_not_exists' });
    expect(res.body.data.detailedAnalysis).toBe(idea.detailedAnalysis);
  });

  it('answers odd requests with a Chinese 4xx, never a 500', async () => {
    const badLimit = await app.api('GET', '/api/ideas?limit=abc');
    expect(badLimit.status).toBe(400);
    expect(badLimit.body.message).toMatch(/[\u4e00-\u9fff]/);
    expect((await app.api('GET', '/uploads/%E0%A4%A')).status).toBe(400);
    expect((await app.api('GET', '/uploads/nothing-here.jpg')).status).toBe(404);
    // The uploads folder itself: a 404 in Chinese, not serve-static's English redirect page (a hostile review).
    for (const folder of ['/uploads', '/uploads/%2e', '/uploads/']) {
      const res = await fetch(app.url + folder, { redirect: 'manual' });
      expect([res.status, await res.text()], folder).toEqual([404, JSON.stringify({ success: false, message: '文件不存在' })]);
    }
    const unknownCharset = await app.api('POST', '/api/auth/login', { body: '{}', headers: { 'content-type': 'application/json; charset=klingon' } });
    expect(unknownCharset.status).toBe(415);
    expect(unknownCharset.body.success).toBe(false);
    const noProcedure = await fetch(`${app.url}/trpc/nope.nothing`);
    expect(noProcedure.status).toBe(404);
    expect((await noProcedure.json()).error.message).toBe('接口不存在');
    const anonymousUpload = await app.api('POST', '/api/upload/idea-image', { body: new FormData() });
    expect(anonymousUpload.status).toBe(401);
    const malformed = await app.api('POST', '/api/upload/idea-image', { token: alice.token, body: '--x\r\nbroken', headers: { 'content-type': 'multipart/form-data; boundary=x' } });
    expect(malformed.status).toBe(400);
  });

  it('describes the idea paths in /api/openapi.json', async () => {
    const doc = (await app.api('GET', '/api/openapi.json')).body;
    for (const path of ['/api/ideas', '/api/ideas/{id}', '/api/ideas/{id}/restore', '/api/upload/idea-image', '/api/admin/ideas/{id}/reject']) expect(doc.paths).toHaveProperty([path]);
    expect(doc.paths['/api/ideas/{id}'].delete.parameters.map((p: { name: string }) => p.name)).toEqual(['id', 'force']);
  });
});

describe.each(DIALECTS)("an author's library in pages on %s", (dialect) => {
  const app = serveTestApp(dialect, { moderation: 'auto' });

  it('pages each tab 50 at a time, latest change first, each idea once, a cursor bound to its tab, on both transports', async () => {
    const author = await createUser(app.deps);
    // Three to a second (ties in time are ordered by id): 55 published, 52 drafts, 3 in the bin.
    const made = async (n: number, stage: 'public' | 'draft' | 'deleted') => {
      const ids: number[] = [];
      for (let i = 0; i < n; i++) ids.push(await createIdea(app.deps, author, { title: `书库${stage}${i}`, stage, ageMs: 3600_000 - Math.floor(i / 3) * 1000, deletedAgoMs: 3600_000 - i * 1000 }));
      return ids.reverse();
    };
    const published = await made(55, 'public');
    const drafts = await made(52, 'draft');
    const bin = await made(3, 'deleted');

    const walk = (page: (cursor?: string) => Promise<CursorPage<{ id: number }>>) => walkPages(page, (i) => i.id);
    const rest = (status: string) => walk(async (cursor) => (await app.api('GET', `/api/ideas/my?status=${status}${cursor ? `&cursor=${cursor}` : ''}`, { token: author.token })).body);
    const trpc = (status: string) => walk(async (cursor) => (await trpcCall(app, 'query', 'ideas.my', { status, ...(cursor ? { cursor } : {}) }, author.token)).body.result.data);
    const ageOf = new Map([...published].reverse().map((id, i) => [id, 3600_000 - Math.floor(i / 3) * 1000] as const));
    [...drafts].reverse().forEach((id, i) => ageOf.set(id, 3600_000 - Math.floor(i / 3) * 1000));
    const expected = {
      published: { seen: published, sizes: [50, 5] },
      draft: { seen: drafts, sizes: [50, 2] },
      deleted: { seen: bin, sizes: [3] },
      // Newest change first across both, ties by id.
      all: { seen: [...published, ...drafts].sort((a, b) => ageOf.get(a)! - ageOf.get(b)! || b - a), sizes: [50, 50, 7] },
    };
    for (const [status, want] of Object.entries(expected)) {
      expect(await rest(status)).toEqual(want);
      expect(await trpc(status)).toEqual(want);
    }
    // A cursor of another tab, or of another list, is refused.
    const publishedCursor = (await app.api('GET', '/api/ideas/my?status=published', { token: author.token })).body.nextCursor;
    const market = (await app.api('GET', '/api/marketplace/ideas?limit=1')).body.nextCursor;
    for (const bad of [publishedCursor, market, 'x'])
      expect((await app.api('GET', `/api/ideas/my?status=draft&cursor=${bad}`, { token: author.token })).body).toMatchObject({ success: false, message: '分页参数无效' });
  });
});

describe.each(DIALECTS)('review and rate limits on %s (MODERATION=manual)', (dialect) => {
  const app = serveTestApp(dialect, { moderation: 'manual', rateLimits: { publishesPer10Minutes: 4 } });
  let author: Member;
  let reader: Member;
  let admin: Member;
  beforeAll(async () => {
    author = await registerAndLogin(app);
    reader = await registerAndLogin(app);
    admin = await registerAndLogin(app);
    await app.makeAdmin(admin.user.id);
  });

  it('holds a publish for review: private until an admin approves, then a message', async () => {
    const draft = (await app.api('POST', '/api/ideas', { token: author.token, body: uniqueIdea({ status: 'draft' }) })).body.data;
    const published = await app.api('PUT', `/api/ideas/${draft.id}/publish`, { token: author.token });
    expect(published.status).toBe(200);
    expect(published.body.data).toMatchObject({ status: 'published', moderation_status: 'review' });
    const edit = await app.api('PUT', `/api/ideas/${draft.id}`, { token: author.token, body: uniqueIdea({ status: 'draft' }) });
    expect(edit.status).toBe(400);
    expect(edit.body.message).toBe('审核中的创意暂时不能修改');
    expect((await app.api('GET', `/api/ideas/${draft.id}`, { token: reader.token })).status).toBe(404);
    expect((await app.api('GET', `/api/ideas/${draft.id}`, { token: author.token })).status).toBe(200);
    expect((await app.api('GET', '/api/ideas/all')).body.data.map((i: { id: number }) => i.id)).not.toContain(draft.id);

    expect((await app.api('GET', '/api/admin/review', { token: reader.token })).status).toBe(403);
    expect((await app.api('POST', `/api/admin/ideas/${draft.id}/approve`, { token: author.token })).status).toBe(403);
    const queue = await app.api('GET', '/api/admin/review', { token: admin.token });
    expect(queue.body.data.map((i: { id: number }) => i.id)).toContain(draft.id);
    expect(queue.body.data[0].detailedAnalysis).toBeTruthy();

    expect((await app.api('POST', `/api/admin/ideas/${draft.id}/approve`, { token: admin.token })).status).toBe(200);
    expect((await app.api('POST', `/api/admin/ideas/${draft.id}/approve`, { token: admin.token })).status).toBe(400);
    expect((await app.api('GET', `/api/ideas/${draft.id}`, { token: reader.token })).status).toBe(200);
    const messages = await app.deps.db.selectFrom('messages').selectAll().where('user_id', '=', author.user.id).execute();
    expect(messages.some((m) => m.title === '创意审核通过' && m.idea_id === draft.id)).toBe(true);
  });

  it('rejects with a reason the author sees, and a rejected idea can be published again', async () => {
    const idea = await publish(app, author);
    const noReason = await app.api('POST', `/api/admin/ideas/${idea.id}/reject`, { token: admin.token, body: { reason: ' ' } });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe('请填写驳回原因');
    expect((await app.api('POST', `/api/admin/ideas/${idea.id}/reject`, { token: admin.token, body: { reason: '描述过于简单' } })).status).toBe(200);
    const mine = await app.api('GET', '/api/ideas/my?status=published', { token: author.token });
    expect(mine.body.data.find((i: { id: number }) => i.id === idea.id)).toMatchObject({ moderation_status: 'rejected', rejectionReason: '描述过于简单' });
    const message = await app.deps.db.selectFrom('messages').selectAll().where('user_id', '=', author.user.id).where('idea_id', '=', idea.id).executeTakeFirstOrThrow();
    expect(message.content).toContain('描述过于简单');
    expect((await app.api('GET', `/api/ideas/${idea.id}`, { token: reader.token })).status).toBe(404);

    const again = await app.api('PUT', `/api/ideas/${idea.id}`, { token: author.token, body: { ...uniqueIdea(), status: 'published' } });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ moderation_status: 'review', rejectionReason: null });
  });

  it('never tells of another member’s unreviewed idea: a copy of it waits in the queue like any new idea', async () => {
    const [first, second] = [await registerAndLogin(app), await registerAndLogin(app)];
    const body = uniqueIdea();
    await publish(app, first, body);
    const copy = await app.api('POST', '/api/ideas', { token: second.token, body: { ...body, title: `${body.title}！` } });
    expect(copy.status).toBe(201);
    expect(copy.body.data.moderation_status).toBe('review');
    expect(copy.body).not.toHaveProperty('duplicateInfo');
  });

  it('keeps an idea in review as the reviewer sees it: no edits, no new images', async () => {
    const writer = await registerAndLogin(app);
    const idea = await publish(app, writer);
    const form = new FormData();
    form.append('ideaId', String(idea.id));
    form.append(
      'file',
      new Blob([
        new Uint8Array(
          await sharp({ create: { width: 20, height: 20, channels: 3, background: '#369' } })
            .png()
            .toBuffer(),
        ),
      ]),
      'a.png',
    );
    const upload = await app.api('POST', '/api/upload/idea-image', { token: writer.token, body: form });
    expect(upload.status).toBe(400);
    expect(upload.body.message).toBe('审核中的创意暂时不能修改');
    expect((await app.api('PUT', `/api/ideas/${idea.id}/publish`, { token: writer.token })).status).toBe(400);
  });

  it('answers too many publishes with 409 rate_limit and Retry-After', async () => {
    const eve = await registerAndLogin(app);
    for (let i = 0; i < 4; i++) await publish(app, eve);
    const fifth = await app.api('POST', '/api/ideas', { token: eve.token, body: uniqueIdea() });
    expect(fifth.status).toBe(409);
    expect(fifth.body.duplicateInfo.type).toBe('rate_limit');
    expect(Number(fifth.headers.get('retry-after'))).toBeGreaterThan(0);
    // Drafts are still saved.
    expect((await app.api('POST', '/api/ideas', { token: eve.token, body: uniqueIdea({ status: 'draft' }) })).status).toBe(201);
  });
});

describe.each(DIALECTS)('idea images on %s', (dialect) => {
  const app = serveTestApp(dialect, { rateLimits: { uploadsPer30Minutes: 30 } });
  let owner: Member;
  let other: Member;
  let ideaId: number;
  beforeAll(async () => {
    owner = await registerAndLogin(app);
    other = await registerAndLogin(app);
    ideaId = (await app.api('POST', '/api/ideas', { token: owner.token, body: { title: '带图的草稿', status: 'draft' } })).body.data.id;
  });

  function upload(token: string, data: Buffer, name: string, id = ideaId) {
    const form = new FormData();
    form.append('ideaId', String(id));
    form.append('file', new Blob([new Uint8Array(data)]), name);
    return app.api('POST', '/api/upload/idea-image', { token, body: form });
  }

  it('refuses 12 MB with 413 and a renamed text file with 415', async () => {
    const big = await upload(owner.token, Buffer.alloc(12 * 1024 * 1024, 7), 'huge.png');
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('图片大小不能超过10MB');
    const text = await upload(owner.token, Buffer.from('这不是图片，只是文字。'.repeat(50)), 'fake.png');
    expect(text.status).toBe(415);
    expect(text.body.success).toBe(false);
  });

  it('re-encodes a 4000×4000 photo under 1 MB with no EXIF, serves it, and lets only the owner delete it', async () => {
    const photo = await sharp({ create: { width: 4000, height: 4000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 20 } } })
      .jpeg({ quality: 75 })
      .withExif({ IFD0: { Copyright: 'secret-owner', Artist: 'gps-and-name' } })
      .toBuffer();
    expect(photo.length).toBeGreaterThan(2 * 1024 * 1024);
    expect(photo.length).toBeLessThan(10 * 1024 * 1024);
    expect((await sharp(photo).metadata()).exif).toBeTruthy();

    const res = await upload(owner.token, photo, 'photo.jpg');
    expect(res.status).toBe(201);
    expect(res.body.fileName).toMatch(/\.jpg$/);
    expect(res.body.url).toBe(`/uploads/${res.body.fileName}`);
    const served = await fetch(app.url + res.body.url);
    expect(served.status).toBe(200);
    const stored = Buffer.from(await served.arrayBuffer());
    expect(stored.length).toBeLessThan(1024 * 1024);
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(2048);

    expect((await app.api('DELETE', `/api/upload/idea-image/${res.body.fileName}`, { token: other.token })).status).toBe(404);
    expect((await app.api('DELETE', `/api/upload/idea-image/${res.body.fileName}`, { token: owner.token })).status).toBe(200);
    expect((await fetch(app.url + res.body.url)).status).toBe(404);
  });

  it('allows at most 3 images per idea and only on the owner’s idea', async () => {
    const small = await sharp({ create: { width: 64, height: 48, channels: 4, background: { r: 0, g: 120, b: 200, alpha: 0.5 } } })
      .png()
      .toBuffer();
    for (let i = 0; i < 3; i++) expect((await upload(owner.token, small, `s${i}.png`)).status).toBe(201);
    const fourth = await upload(owner.token, small, 's4.png');
    expect(fourth.status).toBe(400);
    expect(fourth.body.message).toBe('最多只能插入3张图片');
    expect((await upload(other.token, small, 'x.png')).status).toBe(404);
    expect((await upload(owner.token, small, 'x.png', 999999)).status).toBe(404);
    // Uploads show once the saved analysis shows them (so a public cover never skips review).
    const rows = await app.deps.db.selectFrom('idea_images').select('url').where('idea_id', '=', ideaId).orderBy('id').execute();
    expect(rows).toHaveLength(3);
    expect((await app.api('GET', `/api/ideas/${ideaId}`, { token: owner.token })).body.data.images).toEqual([]);
    const all = await app.api('PUT', `/api/ideas/${ideaId}`, { token: owner.token, body: { detailedAnalysis: rows.map((r) => `<img src="${r.url}">`).join('') } });
    expect(all.body.data.images).toEqual(rows.map((r) => r.url));

    // Saving an analysis that shows only one of them releases the other two.
    const keep = rows[0].url;
    const saved = await app.api('PUT', `/api/ideas/${ideaId}`, { token: owner.token, body: { title: '带图的草稿', detailedAnalysis: `<p>图：</p><img src="${keep}" alt="示意图">`, status: 'draft' } });
    expect(saved.status).toBe(200);
    expect(saved.body.data.images).toEqual([keep]);
    expect(saved.body.data.detailedAnalysis).toContain(keep);
    expect((await upload(owner.token, small, 'again.png')).status).toBe(201);
  });
});

describe.each(DIALECTS)('publish attempts on %s', (dialect) => {
  const app = serveTestApp(dialect, { rateLimits: { publishAttemptsPer10Minutes: 3 } });

  it('counts failed attempts too, so the checks cannot be hammered', async () => {
    const member = await registerAndLogin(app);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await app.api('POST', '/api/ideas', { token: member.token, body: uniqueIdea({ title: `赌博${i}` }) })).status);
    expect(statuses).toEqual([403, 403, 403, 429]);
    // Drafts are not publish attempts.
    expect((await app.api('POST', '/api/ideas', { token: member.token, body: uniqueIdea({ status: 'draft' }) })).status).toBe(201);
  });
});

describe.each(DIALECTS)('the image upload rate limit on %s', (dialect) => {
  const LIMIT = 3;
  const app = serveTestApp(dialect, { rateLimits: { uploadsPer30Minutes: LIMIT } });
  let png: Buffer;
  beforeAll(async () => {
    png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#0a7' } })
      .png()
      .toBuffer();
  });

  const upload = (token: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'dot.png');
    return app.api('POST', '/api/upload/idea-image', { token, body: form });
  };
  const held = async (userId: number) => (await app.deps.db.selectFrom('pending_uploads').select('file_name').where('user_id', '=', userId).execute()).length;

  it(`allows ${LIMIT} uploads per member in 30 minutes, then answers 429 with Retry-After and a Chinese message, storing nothing`, async () => {
    const member = await createUser(app.deps);
    for (let i = 0; i < LIMIT; i++) expect((await upload(member.token)).status).toBe(201);
    const refused = await upload(member.token);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, message: '上传过于频繁，请稍后再试' });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(30 * 60);
    expect(await held(member.id)).toBe(LIMIT);
    // Per member: someone else still uploads.
    const other = await createUser(app.deps);
    expect((await upload(other.token)).status).toBe(201);
  });
});

describe.each(DIALECTS)('a published draft in search on %s', (dialect) => {
  const app = serveTestApp(dialect);

  const found = async (q: string) => [
    ((await app.api('GET', `/api/marketplace/search?q=${encodeURIComponent(q)}`)).body.data as { id: number }[]).map((i) => i.id),
    ((await trpcCall(app, 'query', 'marketplace.search', { q })).body.result.data.data as { id: number }[]).map((i) => i.id),
  ];

  it('finds a draft by its title, description and tags once it is published, by REST or tRPC', async () => {
    const author = await createUser(app.deps);
    const draft = async (title: string, description: string, tags: string) =>
      (await app.api('POST', '/api/ideas', { token: author.token, body: { title, description, tags, status: 'draft' } })).body.data.id as number;
    const viaRest = await draft('鲸歌翻译耳机', '把深海回声变成文字的潜水耳机', '海洋声学');
    const viaTrpc = await draft('苔藓墙体净化器', '用活体苔藓过滤楼道空气的墙板', '城市绿植');
    // A draft is not searchable.
    for (const q of ['鲸歌翻译', '深海回声', '海洋声学', '苔藓墙体', '楼道空气', '城市绿植']) for (const ids of await found(q)) expect(ids, q).toEqual([]);

    expect((await app.api('PUT', `/api/ideas/${viaRest}/publish`, { token: author.token, body: {} })).status).toBe(200);
    expect((await trpcCall(app, 'mutation', 'ideas.publishDraft', { id: viaTrpc }, author.token)).status).toBe(200);

    for (const q of ['鲸歌翻译', '深海回声', '海洋声学']) for (const ids of await found(q)) expect(ids, q).toEqual([viaRest]);
    for (const q of ['苔藓墙体', '楼道空气', '城市绿植']) for (const ids of await found(q)) expect(ids, q).toEqual([viaTrpc]);
  });
});
