/**
 * Publishing again (a review of the whole product, 2026-11-27): in automatic mode a publish is its own
 * review, so what a moderator decided must not be undone by the author publishing once more.
 * - `PUT /ideas/{id}/publish` publishes a draft only: an approved or rejected idea is refused, and of two
 *   publishes of one draft at once only one gets through (one approval message, not four).
 * - An idea a moderator rejected goes back to the queue when it is published again, changed or not,
 *   until a moderator approves it; after that, edits are reviewed automatically again.
 * - A draft whose stored expansion holds a hold word is held when published (the check used to read
 *   only the title, introduction, analysis and tags).
 * - Editing a public idea keeps its date in the newest order: an edit cannot bump it to the top, nor
 *   can a spell as a draft; an idea that was never public is dated when it is first published.
 * Both transports, both databases, MODERATION=auto.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects.ts';
import { startTestApp, trpcCall, type TestApp } from '../helpers/api.ts';
import { createUser, type FixtureUser } from '../helpers/fixtures.ts';
import { publishedIdeaBody } from '../helpers/idea-bodies.ts';
import * as OpenCC from 'opencc-js/cn2t';

const toTraditional = OpenCC.Converter({ from: 'cn', to: 't' });
const fullWidth = (c: string) => String.fromCharCode(c.charCodeAt(0) + 0xfee0);

const NOT_DRAFT = '只有草稿可以直接发布；已发布或被驳回的创意请编辑后再提交';

let seq = 0;
const ideaBody = (status: 'draft' | 'published') => publishedIdeaBody(`再次发布测试${++seq}-${Math.random().toString(36).slice(2, 8)}`, { status });

describe.each(DIALECTS)('publishing again on %s (MODERATION=auto)', (dialect) => {
  let app: TestApp;
  let author: FixtureUser;
  let admin: FixtureUser;
  beforeAll(async () => {
    app = await startTestApp(dialect, { moderation: 'auto' });
    author = await createUser(app.deps);
    admin = await createUser(app.deps);
    await app.makeAdmin(admin.id);
  });
  afterAll(async () => {
    await app?.close();
  });

  const idea = async (id: number) => app.deps.db.selectFrom('ideas').select(['status', 'moderation_status', 'published_at']).where('id', '=', id).executeTakeFirstOrThrow();
  const approvals = async (id: number) => (await app.deps.db.selectFrom('messages').select('title').where('idea_id', '=', id).where('title', '=', '创意审核通过').execute()).length;
  const publishOnce = async (status: 'draft' | 'published') => {
    const res = await app.api('POST', '/api/ideas', { token: author.token, body: ideaBody(status) });
    expect(res.status).toBe(201);
    return res.body.data.id as number;
  };
  const publishBoth = async (id: number) => [await app.api('PUT', `/api/ideas/${id}/publish`, { token: author.token }), await trpcCall(app, 'mutation', 'ideas.publishDraft', { id }, author.token)];

  it('refuses to publish an approved idea again: no new date, no second message, on both transports', async () => {
    const id = await publishOnce('published');
    const before = await idea(id);
    expect(before.moderation_status).toBe('approved');
    const [viaRest, viaTrpc] = await publishBoth(id);
    expect([viaRest.status, viaRest.body.message]).toEqual([400, NOT_DRAFT]);
    expect([viaTrpc.status, viaTrpc.body.error?.message]).toEqual([400, NOT_DRAFT]);
    expect(await idea(id)).toEqual(before);
    expect(await approvals(id)).toBe(1);
  });

  it('publishes a draft once when it is published twice at the same moment', async () => {
    const id = await publishOnce('draft');
    const answers = await Promise.all([
      app.api('PUT', `/api/ideas/${id}/publish`, { token: author.token }),
      app.api('PUT', `/api/ideas/${id}/publish`, { token: author.token }),
      trpcCall(app, 'mutation', 'ideas.publishDraft', { id }, author.token),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400]);
    // It says what happened: public at once, not 待审核中.
    const published = answers.find((a) => a.status === 200)!;
    expect(published.body.message ?? published.body.result?.data.message).toBe('发布成功！已通过自动审核，所有人可见');
    expect(await approvals(id)).toBe(1);
  });

  it('sends an idea a moderator rejected back to the queue when it is published again, changed or not, until a moderator approves it', async () => {
    const id = await publishOnce('published');
    // Sent back to review by a report or a word, then rejected by a person.
    await app.deps.db.updateTable('ideas').set({ moderation_status: 'review', reviewed_at: null }).where('id', '=', id).execute();
    expect((await app.api('POST', `/api/admin/ideas/${id}/reject`, { token: admin.token, body: { reason: '内容与标题不符' } })).status).toBe(200);
    expect((await app.deps.db.selectFrom('messages').select('content').where('idea_id', '=', id).where('title', '=', '创意未通过审核').executeTakeFirstOrThrow()).content).toContain(
      '原因：内容与标题不符。您可以',
    );

    // Published again as it is: refused as a publish, and held for a person as an edit.
    const [viaRest, viaTrpc] = await publishBoth(id);
    expect([viaRest.status, viaTrpc.status]).toEqual([400, 400]);
    expect((await idea(id)).moderation_status).toBe('rejected');
    const unchanged = await app.api('PUT', `/api/ideas/${id}`, { token: author.token, body: { status: 'published' } });
    expect(unchanged.status).toBe(200);
    expect((await idea(id)).moderation_status).toBe('review');
    expect(await approvals(id)).toBe(1);

    // A moderator rejects it again; the author edits it into a draft, changes it, and publishes the draft (tRPC).
    expect((await app.api('POST', `/api/admin/ideas/${id}/reject`, { token: admin.token, body: { reason: '仍然不符' } })).status).toBe(200);
    expect((await trpcCall(app, 'mutation', 'ideas.update', { id, status: 'draft', description: '补充了实现方式' }, author.token)).status).toBe(200);
    const resubmitted = await trpcCall(app, 'mutation', 'ideas.publishDraft', { id }, author.token);
    expect([resubmitted.status, resubmitted.body.result.data.message]).toEqual([200, '发布成功！待审核中...']);
    expect((await idea(id)).moderation_status).toBe('review');

    // A person approves it: from then on an edit is reviewed automatically again.
    expect((await app.api('POST', `/api/admin/ideas/${id}/approve`, { token: admin.token })).status).toBe(200);
    const edited = await app.api('PUT', `/api/ideas/${id}`, { token: author.token, body: { description: '又补充了一些细节', status: 'published' } });
    expect(edited.status).toBe(200);
    expect((await idea(id)).moderation_status).toBe('approved');
  });

  it('tells the moderator why an idea is back: a public past, a rejection or a take-down and its reason, on both transports', async () => {
    const queued = async (id: number) => {
      const rest = await app.api('GET', '/api/admin/review', { token: admin.token });
      const trpc = await trpcCall(app, 'query', 'admin.reviewQueue', undefined, admin.token);
      expect([rest.status, trpc.status]).toEqual([200, 200]);
      const [viaRest, viaTrpc] = [rest.body.data, trpc.body.result.data.data].map((items: { id: number; wasPublic: boolean; previousDecision: unknown }[]) => items.find((i) => i.id === id));
      // The same queue entry (each transport spells the idea's other fields its own way).
      const decisionOf = (i: typeof viaRest) => i && { id: i.id, wasPublic: i.wasPublic, previousDecision: i.previousDecision };
      expect(decisionOf(viaTrpc)).toEqual(decisionOf(viaRest));
      return { wasPublic: viaRest!.wasPublic, previousDecision: viaRest!.previousDecision as { outcome: string; reason: string | null; admin: { nickname: string } | null; decidedAt: string } | null };
    };
    const adminName = (await app.deps.db.selectFrom('users').select('nickname').where('id', '=', admin.id).executeTakeFirstOrThrow()).nickname;

    // Never public, never decided: a draft held by a report or a word.
    const fresh = await publishOnce('draft');
    await app.deps.db.updateTable('ideas').set({ status: 'published', moderation_status: 'review', reviewed_at: null }).where('id', '=', fresh).execute();
    expect(await queued(fresh)).toEqual({ wasPublic: false, previousDecision: null });

    // Approved automatically, then held: public before, no moderator's decision.
    const id = await publishOnce('published');
    await app.deps.db.updateTable('ideas').set({ moderation_status: 'review', reviewed_at: null }).where('id', '=', id).execute();
    expect(await queued(id)).toEqual({ wasPublic: true, previousDecision: null });

    // Rejected with a reason and published again: the reason, who and when.
    expect((await app.api('POST', `/api/admin/ideas/${id}/reject`, { token: admin.token, body: { reason: '内容与标题不符' } })).status).toBe(200);
    expect((await app.api('PUT', `/api/ideas/${id}`, { token: author.token, body: { description: '改了简介', status: 'published' } })).status).toBe(200);
    const rejected = await queued(id);
    expect(rejected.previousDecision).toMatchObject({ outcome: 'rejected', reason: '内容与标题不符', admin: { nickname: adminName } });
    expect(Date.now() - Date.parse(rejected.previousDecision!.decidedAt)).toBeLessThan(60_000);

    // Approved, taken down with a reason, published again: the take-down is the last word.
    expect((await app.api('POST', `/api/admin/ideas/${id}/approve`, { token: admin.token })).status).toBe(200);
    expect((await app.api('POST', `/api/admin/ideas/${id}/take-down`, { token: admin.token, body: { reason: '夸大功效' } })).status).toBe(200);
    expect((await app.api('PUT', `/api/ideas/${id}`, { token: author.token, body: { status: 'published' } })).status).toBe(200);
    expect((await queued(id)).previousDecision).toMatchObject({ outcome: 'taken_down', reason: '夸大功效' });

    // Approved by a moderator, then held again: an approval carries no reason (its log detail is the title).
    expect((await app.api('POST', `/api/admin/ideas/${id}/approve`, { token: admin.token })).status).toBe(200);
    await app.deps.db.updateTable('ideas').set({ moderation_status: 'review', reviewed_at: null }).where('id', '=', id).execute();
    expect(await queued(id)).toMatchObject({ wasPublic: true, previousDecision: { outcome: 'approved', reason: null, admin: { nickname: adminName } } });
  });

  // A review found the rejected text approved at once when published as a new idea.
  it('holds a new idea whose text a moderator rejected in another idea, by its author or anyone, on both transports', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const body = {
      ...ideaBody('published'),
      title: `海外代购返利平台${tag}`,
      description: `帮大家低价买到海外的名牌包，邀请好友还能拿返利${tag}`,
      detailedAnalysis: `<p>${'用户下单时支付定金，平台在海外集中采购后直邮到家；每邀请一位好友下单，邀请人获得一笔返利，好友再邀请他人时上一级也能分成。'.repeat(3)}${tag}</p>`,
    };
    const first = await app.api('POST', '/api/ideas', { token: author.token, body });
    const rejected = first.body.data.id as number;
    await app.deps.db.updateTable('ideas').set({ moderation_status: 'review', reviewed_at: null }).where('id', '=', rejected).execute();
    expect((await app.api('POST', `/api/admin/ideas/${rejected}/reject`, { token: admin.token, body: { reason: '拉人头模式' } })).status).toBe(200);

    const other = await createUser(app.deps);
    const attempts = [
      // The same text under a new title, by its author (REST).
      () => app.api('POST', '/api/ideas', { token: author.token, body: { ...body, title: `${body.title}（新版）` } }),
      // Nearly the same text, a word changed, by someone else (tRPC).
      () => trpcCall(app, 'mutation', 'ideas.create', { ...body, title: `另一个账号的${body.title}`, description: body.description.replace(/.$/, '！') }, other.token),
      // The same text with an invisible letter between each character (a hostile review's way past).
      () =>
        app.api('POST', '/api/ideas', {
          token: other.token,
          body: { ...body, title: [...body.title].join('\u3164'), description: [...body.description].join('\u3164'), detailedAnalysis: body.detailedAnalysis.replace(/。/g, '\u200b。\u3164') },
        }),
      // Padded: a new title and a paragraph added after it, diluting the whole text's likeness (an outside review's way past a take-down).
      () =>
        app.api('POST', '/api/ideas', {
          token: author.token,
          body: { ...body, title: `毕业季特惠${tag}`, detailedAnalysis: `${body.detailedAnalysis}<p>${'另外本周新增了简历润色、留学文书和课程作业辅导三项服务，欢迎了解。'.repeat(2)}</p>` },
        }),
      // The same text in traditional characters, its letters full-width (tRPC): folded, it is the rejected text.
      () =>
        trpcCall(
          app,
          'mutation',
          'ideas.create',
          { ...body, title: toTraditional(body.title).replace(/[a-z0-9]/g, fullWidth), description: toTraditional(body.description), detailedAnalysis: toTraditional(body.detailedAnalysis) },
          other.token,
        ),
      // Pushed past the first 1000 characters by a long paragraph in front of it (tRPC).
      () =>
        trpcCall(
          app,
          'mutation',
          'ideas.create',
          { ...body, title: `社区共享花园${tag}`, detailedAnalysis: `<p>${Array.from({ length: 60 }, (_, i) => `第${i}周邻居们一起在屋顶种菜并交换收成`).join('，')}</p>${body.detailedAnalysis}` },
          other.token,
        ),
    ];
    for (const attempt of attempts) {
      const res = await attempt();
      const answered = 'result' in (res.body ?? {}) ? res.body.result.data : res.body;
      expect([res.status, answered.message]).toEqual([res.status === 201 ? 201 : 200, '发布成功！待审核中...']);
      expect((await idea(answered.data.id)).moderation_status).toBe('review');
      // Out of the way of the next attempt (each would be a duplicate of the other).
      await app.deps.db.updateTable('ideas').set({ is_deleted: 1 }).where('id', '=', answered.data.id).execute();
    }
    // Text no one rejected is still approved at once.
    expect((await idea(await publishOnce('published'))).moderation_status).toBe('approved');

    // The rejected idea's own text changed afterwards (a draft of other words): what was rejected is
    // still what counts (a review found this way round the check).
    expect((await trpcCall(app, 'mutation', 'ideas.update', { id: rejected, status: 'draft', description: '完全换了一个说法', detailedAnalysis: '<p>改成了别的内容</p>' }, author.token)).status).toBe(
      200,
    );
    const again = await app.api('POST', '/api/ideas', { token: author.token, body: { ...body, title: `${body.title}（第三版）` } });
    expect([again.status, again.body.message]).toEqual([201, '发布成功！待审核中...']);
    expect((await idea(again.body.data.id)).moderation_status).toBe('review');

    // A moderator approving it lets its text go; an approved idea's edits are not compared with
    // rejected texts (a near-copy someone else had rejected would hold each of them).
    expect((await app.api('POST', `/api/admin/ideas/${again.body.data.id}/approve`, { token: admin.token })).status).toBe(200);
    const edited = await app.api('PUT', `/api/ideas/${again.body.data.id}`, { token: author.token, body: { description: `${body.description}，补充一句`, status: 'published' } });
    expect([edited.status, (await idea(again.body.data.id)).moderation_status]).toEqual([200, 'approved']);
  });

  it('compares a short rejected text only as a whole: a long, honest idea that quotes it is approved', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    // About 60 characters once normalised: under the 100 that containment needs.
    const short = { title: `夜跑团${tag}`, description: '每周三晚上在河边一起夜跑五公里', detailedAnalysis: '<p>跑完一起拉伸，新人也能跟上。</p>', status: 'published' as const };
    const first = await app.api('POST', '/api/ideas', { token: author.token, body: short });
    await app.deps.db.updateTable('ideas').set({ moderation_status: 'review', reviewed_at: null }).where('id', '=', first.body.data.id).execute();
    expect((await app.api('POST', `/api/admin/ideas/${first.body.data.id}/reject`, { token: admin.token, body: { reason: '活动信息不完整' } })).status).toBe(200);
    const other = await createUser(app.deps);
    const long = await app.api('POST', '/api/ideas', {
      token: other.token,
      body: {
        title: `城市夜跑路线地图${tag}`,
        description: '把各个城市适合夜跑的路线、照明和补给点整理成地图',
        detailedAnalysis: `<p>${Array.from({ length: 30 }, (_, i) => `第${i + 1}条路线标注了路灯密度和饮水点`).join('，')}。比如有人${short.description}，${'跑完一起拉伸，新人也能跟上'}，地图会把这类活动列在路线旁边。</p>`,
        status: 'published',
      },
    });
    expect([long.status, long.body.data.moderation_status]).toEqual([201, 'approved']);
  });

  it('publishes a draft whose stored expansion (its author’s private note) has a hold word', async () => {
    expect((await app.api('POST', '/api/admin/watched-words', { token: admin.token, body: { word: '扩展送审词', action: 'hold' } })).status).toBeLessThan(300);
    const id = await publishOnce('draft');
    expect((await app.api('PUT', `/api/ideas/${id}/expansions`, { token: author.token, body: { expansions: ['这里写着扩展送审词'] } })).status).toBe(200);
    expect((await app.api('PUT', `/api/ideas/${id}/publish`, { token: author.token })).status).toBe(200);
    expect((await idea(id)).moderation_status).toBe('approved');
    expect(await app.deps.db.selectFrom('idea_held_words').select(['field', 'word']).where('idea_id', '=', id).execute()).toEqual([]);
  });

  it('keeps an edited public idea where it was in the newest order', async () => {
    const id = await publishOnce('published');
    const first = (await idea(id)).published_at;
    await app.deps.db.updateTable('ideas').set({ published_at: '2026-01-02 03:04:05' }).where('id', '=', id).execute();
    const edited = await trpcCall(app, 'mutation', 'ideas.update', { id, description: '改了改简介', status: 'published' }, author.token);
    expect(edited.status).toBe(200);
    const after = await idea(id);
    expect(after.moderation_status).toBe('approved');
    expect(String(after.published_at)).toMatch(/^2026-01-02/);
    expect(first).not.toBeNull();
    // Still public after each edit: one approval message, from its first publish (each fix used to send another).
    expect((await app.api('PUT', `/api/ideas/${id}`, { token: author.token, body: { description: '又改了一次', status: 'published' } })).status).toBe(200);
    expect(await approvals(id)).toBe(1);
  });

  // A review found the detour: save the public idea as a draft, publish the draft, and it was dated now.
  it('keeps a public idea’s date through a spell as a draft, whichever way the draft is published', async () => {
    const republish = [
      (id: number) => app.api('PUT', `/api/ideas/${id}/publish`, { token: author.token }),
      (id: number) => trpcCall(app, 'mutation', 'ideas.publishDraft', { id }, author.token),
      (id: number) => app.api('PUT', `/api/ideas/${id}`, { token: author.token, body: { status: 'published' } }),
      (id: number) => trpcCall(app, 'mutation', 'ideas.update', { id, status: 'published' }, author.token),
    ];
    for (const [i, publish] of republish.entries()) {
      const id = await publishOnce('published');
      await app.deps.db.updateTable('ideas').set({ published_at: '2026-01-02 03:04:05' }).where('id', '=', id).execute();
      const toDraft =
        i % 2 ? await trpcCall(app, 'mutation', 'ideas.update', { id, status: 'draft' }, author.token) : await app.api('PUT', `/api/ideas/${id}`, { token: author.token, body: { status: 'draft' } });
      expect(toDraft.status, `#${i}`).toBe(200);
      expect((await publish(id)).status, `#${i}`).toBe(200);
      const after = await idea(id);
      expect([after.status, after.moderation_status], `#${i}`).toEqual(['published', 'approved']);
      expect(String(after.published_at), `#${i}`).toMatch(/^2026-01-02/);
      // Told once, when it was first approved, not again for each return from a draft.
      expect(await approvals(id), `#${i}`).toBe(1);
    }
  });

  // A review found the date lost once an approved idea went back to the queue and was rejected: its
  // next save read it as never public and dated it now.
  it('keeps a public idea’s date through a return to the review queue, a rejection and the publishes after it', async () => {
    expect((await app.api('POST', '/api/admin/watched-words', { token: admin.token, body: { word: '回队列送审词', action: 'hold' } })).status).toBeLessThan(300);
    const dated = async (id: number) => String((await idea(id)).published_at);
    const republish = [
      // As a draft, then the draft published (REST, tRPC).
      async (id: number) => {
        expect((await app.api('PUT', `/api/ideas/${id}`, { token: author.token, body: { status: 'draft', description: '改成了草稿' } })).status).toBe(200);
        expect(await dated(id)).toMatch(/^2026-01-02/);
        return app.api('PUT', `/api/ideas/${id}/publish`, { token: author.token });
      },
      (id: number) => trpcCall(app, 'mutation', 'ideas.update', { id, description: '按意见改好了', status: 'published' }, author.token),
    ];
    // The third first waits for a moderator (a hold word in its title), who approves it.
    for (const [i, publish] of [...republish.entries(), [2, republish[1]] as const]) {
      const id =
        i < 2 ? await publishOnce('published') : (await app.api('POST', '/api/ideas', { token: author.token, body: { ...ideaBody('published'), title: `标题里有回队列送审词${seq}` } })).body.data.id;
      if (i === 2) {
        expect((await idea(id)).moderation_status).toBe('review');
        expect((await app.api('POST', `/api/admin/ideas/${id}/approve`, { token: admin.token })).status).toBe(200);
      }
      await app.deps.db.updateTable('ideas').set({ published_at: '2026-01-02 03:04:05' }).where('id', '=', id).execute();
      // An edit with a hold word sends it back to the queue, where a moderator rejects it.
      expect((await app.api('PUT', `/api/ideas/${id}`, { token: author.token, body: { description: '简介里写了回队列送审词', status: 'published' } })).status, `#${i}`).toBe(200);
      expect((await idea(id)).moderation_status, `#${i}`).toBe('review');
      expect((await app.api('POST', `/api/admin/ideas/${id}/reject`, { token: admin.token, body: { reason: '请删除敏感内容' } })).status, `#${i}`).toBe(200);
      // Published again, it waits for a moderator with its old date, and keeps it when approved.
      expect((await publish(id)).status, `#${i}`).toBe(200);
      expect([(await idea(id)).moderation_status, await dated(id)], `#${i}`).toEqual(['review', expect.stringMatching(/^2026-01-02/)]);
      expect((await app.api('POST', `/api/admin/ideas/${id}/approve`, { token: admin.token })).status, `#${i}`).toBe(200);
      expect([(await idea(id)).moderation_status, await dated(id)], `#${i}`).toEqual(['approved', expect.stringMatching(/^2026-01-02/)]);
    }
  });

  it('dates an idea that was never public when it is first public: a new draft, or one a moderator rejected and the author kept as a draft', async () => {
    const draft = await publishOnce('draft');
    expect((await idea(draft)).published_at).toBeNull();
    expect((await app.api('PUT', `/api/ideas/${draft}/publish`, { token: author.token })).status).toBe(200);
    expect(String((await idea(draft)).published_at) > '2026-01-02').toBe(true);

    // Held for a moderator (as a hold word would), dated back, then rejected: it was never public.
    const rejected = await publishOnce('published');
    await app.deps.db.updateTable('ideas').set({ moderation_status: 'review', reviewed_at: null, ever_public: 0, published_at: '2026-01-02 03:04:05' }).where('id', '=', rejected).execute();
    expect((await app.api('POST', `/api/admin/ideas/${rejected}/reject`, { token: admin.token, body: { reason: '内容不完整。' } })).status).toBe(200);
    const told = await app.deps.db.selectFrom('messages').select('content').where('idea_id', '=', rejected).where('title', '=', '创意未通过审核').executeTakeFirstOrThrow();
    // The reason's own full stop, not a second one (。。).
    expect(told.content).toMatch(/原因：内容不完整。您可以在灵感库中修改后重新发布。$/);
    expect((await trpcCall(app, 'mutation', 'ideas.update', { id: rejected, status: 'draft' }, author.token)).status).toBe(200);
    expect((await idea(rejected)).published_at).toBeNull();
    expect((await trpcCall(app, 'mutation', 'ideas.publishDraft', { id: rejected }, author.token)).status).toBe(200);
    const resubmitted = await idea(rejected);
    expect(resubmitted.moderation_status).toBe('review');
    expect(String(resubmitted.published_at) > '2026-01-02 03:04:05').toBe(true);
  });
});
