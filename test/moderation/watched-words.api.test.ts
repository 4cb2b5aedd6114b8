/**
 * Watched words run by moderators, on both transports and every dialect: admins add,
 * search, import and remove words; each action — block, hold, replace — on ideas and on comments;
 * the built-in list as the starting set an entry overrides; a change is in force at once in the
 * process that made it and in another within the cache window; every change is in the log.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { nowDb } from '../../db/time.ts';
import { bumpWatchedWordsVersion, WatchedWords } from '../../src/server/moderation/words.ts';
import { DIALECTS } from '../helpers/dialects.ts';
import { trpcCall } from '../helpers/api.ts';
import { serveTestApp } from '../helpers/serve.ts';
import { createIdea, createUser, type FixtureUser } from '../helpers/fixtures.ts';
import { publishedIdeaBody } from '../helpers/idea-bodies.ts';

const SENSITIVE = '内容包含敏感词，未能通过审核，请修改后重新提交';

let n = 0;
const unique = () => `${++n}${Math.random().toString(36).slice(2, 6)}`;

describe.each(DIALECTS)('watched words on %s', (dialect) => {
  const app = serveTestApp(dialect, { moderation: 'auto' });
  let admin: FixtureUser;
  let member: FixtureUser;
  let other: FixtureUser;
  let ideaId: number;
  beforeAll(async () => {
    admin = await createUser(app.deps, { role: 'admin', nickname: '管理员甲' });
    member = await createUser(app.deps, { nickname: '会员乙' });
    other = await createUser(app.deps, { nickname: '会员丙' });
    ideaId = await createIdea(app.deps, other, { title: '评论区开放的创意' });
  });

  const idea = publishedIdeaBody;
  const watch = (word: string, action: 'block' | 'hold' | 'replace') => app.api('POST', '/api/admin/watched-words', { token: admin.token, body: { word, action } });
  const logActions = async () => (await app.api('GET', '/api/admin/log', { token: admin.token })).body.data as { action: string; targetType: string; detail: string }[];

  describe('the console', () => {
    it('adds a word, changes its action, keeps an equal one, and logs each change, over REST and tRPC', async () => {
      const added = await watch('代写论文', 'block');
      expect(added.status).toBe(200);
      expect(added.body).toMatchObject({
        success: true,
        message: '已添加，立即生效',
        data: { change: 'added', item: { word: '代写论文', action: 'block', source: 'admin', overrides: null, createdBy: { nickname: '管理员甲' } } },
      });
      expect(added.body.data.item.id).toBeGreaterThan(0);
      // The same word as matching sees it (traditional, spaced): one entry, its action changed.
      const changed = await trpcCall(app, 'mutation', 'admin.addWatchedWord', { word: '代 寫 論 文', action: 'hold' }, admin.token);
      expect(changed.status).toBe(200);
      expect(changed.body.result.data).toMatchObject({ message: '已更新处理方式，立即生效', data: { change: 'changed', item: { id: added.body.data.item.id, word: '代写论文', action: 'hold' } } });
      const same = await watch('代写论文', 'hold');
      expect(same.body).toMatchObject({ message: '该词已在监控中，处理方式未变', data: { change: 'unchanged' } });
      const log = await logActions();
      expect(log.slice(0, 2).map((l) => [l.action, l.targetType, l.detail])).toEqual([
        ['change_watched_word', 'watched_word', '代写论文：拦截 → 送审'],
        ['add_watched_word', 'watched_word', '代写论文（拦截）'],
      ]);
    });

    it("lists the moderators' words first, then the starting set, and finds words as typed or as matching sees them", async () => {
      const page = await app.api('GET', '/api/admin/watched-words?limit=200', { token: admin.token });
      expect(page.status).toBe(200);
      const words = page.body.data as { id: number | null; word: string; action: string; source: string }[];
      expect(page.body.total).toBeGreaterThanOrEqual(words.length);
      expect(words[0]).toMatchObject({ word: '代写论文', source: 'admin' });
      expect(words).toContainEqual(expect.objectContaining({ id: null, word: '赌博', action: 'block', source: 'builtin', createdBy: null }));
      // `賭` is `赌` to matching.
      const found = await app.api('GET', `/api/admin/watched-words?q=${encodeURIComponent('賭')}`, { token: admin.token });
      expect(found.body.data.map((w: { word: string }) => w.word)).toContain('赌博');
      const held = await trpcCall(app, 'query', 'admin.watchedWords', { action: 'hold' }, admin.token);
      expect(held.body.result.data.data.map((w: { word: string }) => w.word)).toEqual(['代写论文']);
      expect(held.body.result.data.total).toBe(1);
      const paged = await app.api('GET', '/api/admin/watched-words?limit=2&offset=1', { token: admin.token });
      expect(paged.body.data).toEqual(words.slice(1, 3));
    });

    it('imports one word a line, skipping blanks, comments, duplicates and what cannot be a word', async () => {
      const text = ['# 一批广告词', '刷单返利', '', '  代写论文  ', '刷 单 返 利', '***', '超'.repeat(51), '兼职日结'].join('\n');
      const res = await app.api('POST', '/api/admin/watched-words/import', { token: admin.token, body: { text, action: 'replace' } });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('已导入：新增 2 个，更新 1 个，立即生效');
      expect(res.body.data).toMatchObject({ added: 2, changed: 1, unchanged: 1 });
      expect(res.body.data.skipped.map((s: { line: number }) => s.line)).toEqual([6, 7]);
      const [entry] = await logActions();
      expect(entry).toMatchObject({ action: 'import_watched_words', targetType: 'watched_word' });
      expect(entry.detail).toContain('新增 2，更新 1');
      const trpc = await trpcCall(app, 'mutation', 'admin.importWatchedWords', { text: '刷单返利\n兼职日结', action: 'replace' }, admin.token);
      expect(trpc.body.result.data.data).toMatchObject({ added: 0, changed: 0, unchanged: 2 });
      // Nothing changed, nothing logged.
      expect((await logActions())[0].detail).toBe(entry.detail);
    });

    it("removes a moderator's word on both transports; an unknown id is 404; members are refused", async () => {
      const a = (await watch('临时词一', 'block')).body.data.item.id;
      const b = (await watch('临时词二', 'block')).body.data.item.id;
      expect((await app.api('DELETE', `/api/admin/watched-words/${a}`, { token: admin.token })).body).toMatchObject({ success: true, message: '已删除，立即生效' });
      expect((await trpcCall(app, 'mutation', 'admin.removeWatchedWord', { id: b }, admin.token)).status).toBe(200);
      expect((await app.api('DELETE', `/api/admin/watched-words/${a}`, { token: admin.token })).status).toBe(404);
      expect((await logActions()).slice(0, 2).map((l) => l.action)).toEqual(['remove_watched_word', 'remove_watched_word']);
      expect((await app.api('GET', '/api/admin/watched-words', { token: member.token })).status).toBe(403);
      expect((await app.api('POST', '/api/admin/watched-words', { token: member.token, body: { word: '任何词', action: 'block' } })).status).toBe(403);
      expect((await trpcCall(app, 'mutation', 'admin.addWatchedWord', { word: '任何词', action: 'block' }, member.token)).status).toBe(403);
      expect((await app.api('POST', '/api/admin/watched-words', { token: admin.token, body: { word: '!!!', action: 'block' } })).status).toBe(400);
      expect((await app.api('POST', '/api/admin/watched-words', { token: admin.token, body: { word: '好词', action: 'delete' } })).status).toBe(400);
    });
  });

  describe('on ideas', () => {
    it("block: a moderator's word is refused at once like a built-in one, on both transports", async () => {
      await watch('刷信誉', 'block');
      const rest = await app.api('POST', '/api/ideas', { token: member.token, body: idea(`帮商家刷.信.誉${unique()}`) });
      expect(rest.status).toBe(403);
      expect(rest.body).toMatchObject({ message: SENSITIVE, moderationResult: { matchedWords: ['刷信誉'], fields: ['title'] } });
      const trpc = await trpcCall(app, 'mutation', 'ideas.create', idea(`标题${unique()}`, { tags: '刷信誉' }), member.token);
      expect(trpc.status).toBe(403);
      expect(trpc.body.error.data.extra.moderationResult).toMatchObject({ matchedWords: ['刷信誉'], fields: ['tags'] });
    });

    it('hold: published into the review queue even in automatic mode, with the words shown to the moderator; approval makes it public', async () => {
      await watch('代购', 'hold');
      const rest = await app.api('POST', '/api/ideas', { token: member.token, body: idea(`海外代-购平台${unique()}`, { detailedAnalysis: '<p>专做<b>代</b>购</p>' }) });
      expect(rest.status).toBe(201);
      expect(rest.body.data.moderation_status).toBe('review');
      const trpc = await trpcCall(app, 'mutation', 'ideas.create', idea(`正常标题${unique()}`, { description: '顺便代購' }), member.token);
      expect(trpc.status).toBe(200);
      expect(trpc.body.result.data.data.moderationStatus).toBe('review');
      const ids = [rest.body.data.id, trpc.body.result.data.data.id];
      // Not public: a guest gets 404, no approval message went out.
      expect((await app.api('GET', `/api/ideas/${ids[0]}`)).status).toBe(404);
      const messages = await app.deps.db.selectFrom('messages').select('idea_id').where('user_id', '=', member.id).where('title', '=', '创意审核通过').execute();
      expect(messages.map((m) => m.idea_id)).not.toContain(ids[0]);

      const queue = await app.api('GET', '/api/admin/review', { token: admin.token });
      const items = queue.body.data.filter((i: { id: number }) => ids.includes(i.id));
      expect(items.map((i: { heldWords: unknown }) => i.heldWords)).toEqual([
        [
          { field: 'detailedAnalysis', word: '代购' },
          { field: 'title', word: '代购' },
        ],
        [{ field: 'description', word: '代购' }],
      ]);
      const trpcQueue = await trpcCall(app, 'query', 'admin.reviewQueue', undefined, admin.token);
      expect(trpcQueue.body.result.data.data.find((i: { id: number }) => i.id === ids[1]).heldWords).toEqual([{ field: 'description', word: '代购' }]);

      expect((await app.api('POST', `/api/admin/ideas/${ids[0]}/approve`, { token: admin.token })).status).toBe(200);
      expect((await app.api('GET', `/api/ideas/${ids[0]}`)).status).toBe(200);
      expect(await app.deps.db.selectFrom('idea_held_words').select('word').where('idea_id', '=', ids[0]).execute()).toEqual([]);
    });

    it('hold: a Latin word written with Cyrillic look-alike letters is held too, and named as listed', async () => {
      await watch('casino', 'hold');
      const res = await app.api('POST', '/api/ideas', { token: member.token, body: idea(`线上саsinо攻略${unique()}`) });
      expect([res.status, res.body.data.moderation_status]).toEqual([201, 'review']);
      const queue = await app.api('GET', '/api/admin/review', { token: admin.token });
      expect(queue.body.data.find((i: { id: number }) => i.id === res.body.data.id)?.heldWords).toEqual([{ field: 'title', word: 'casino' }]);
    });

    it('hold in an extension, a note only its author reads, leaves a public idea public (REST and tRPC)', async () => {
      await watch('私下交易', 'hold');
      const created = await app.api('POST', '/api/ideas', { token: member.token, body: idea(`扩展测试${unique()}`) });
      expect(created.body.data.moderation_status).toBe('approved');
      const res = await trpcCall(app, 'mutation', 'ideas.updateExpansions', { id: created.body.data.id, expansions: ['可以私下交.易'] }, member.token);
      expect(res.status).toBe(200);
      expect(res.body.result.data.data.moderationStatus).toBe('approved');
      const rest = await app.api('PUT', `/api/ideas/${created.body.data.id}/expansions`, { token: member.token, body: { expansions: ['还是可以私下交易'] } });
      expect([rest.status, rest.body.data.moderation_status]).toEqual([200, 'approved']);
      expect((await app.api('GET', `/api/ideas/${created.body.data.id}`)).status).toBe(200);
      // Nobody else reads the note: not a guest, not the moderators' queue.
      expect((await app.api('GET', `/api/ideas/${created.body.data.id}`)).body.data.expansions).toBeUndefined();
      const queue = await app.api('GET', '/api/admin/review', { token: admin.token });
      expect(queue.body.data.find((i: { id: number }) => i.id === created.body.data.id)).toBeUndefined();
    });

    it("replace: stored with ** in its place, in plain fields, tags and inside the analysis's HTML, on both transports", async () => {
      await watch('加微信', 'replace');
      const rest = await app.api('POST', '/api/ideas', {
        token: member.token,
        body: idea(`欢迎加.微.信咨询${unique()}`, { detailedAnalysis: '<p>详情请<b>加微</b>信，<i>谢谢</i></p>', tags: '加微信 创业' }),
      });
      expect(rest.status).toBe(201);
      const stored = rest.body.data;
      expect(stored.moderation_status).toBe('approved');
      expect(stored.title).toMatch(/^欢迎\*\*咨询/);
      expect(stored.detailedAnalysis).toBe('<p>详情请<b>**</b>，<i>谢谢</i></p>');
      expect(stored.tags).toEqual(['**', '创业']);
      const trpc = await trpcCall(app, 'mutation', 'ideas.create', idea(`标题${unique()}`, { description: '想合作就加微信吧，加 微 信也行' }), member.token);
      expect(trpc.body.result.data.data.description).toBe('想合作就**吧，**也行');
    });

    it("a moderator's entry overrides the built-in list; removing it restores the block", async () => {
      const entry = (await watch('賭博', 'replace')).body.data.item;
      expect(entry).toMatchObject({ word: '賭博', action: 'replace', overrides: 'builtin' });
      const res = await app.api('POST', '/api/ideas', { token: member.token, body: idea(`远离赌博${unique()}`) });
      expect(res.status).toBe(201);
      expect(res.body.data.title).toMatch(/^远离\*\*/);
      await app.api('DELETE', `/api/admin/watched-words/${entry.id}`, { token: admin.token });
      expect((await app.api('POST', '/api/ideas', { token: member.token, body: idea(`远离赌博${unique()}`) })).status).toBe(403);
    });
  });

  describe('on comments', () => {
    it('block: 403 on both transports', async () => {
      await watch('刷好评', 'block');
      expect((await app.api('POST', '/api/comments', { token: member.token, body: { ideaId, content: '可以帮你刷…好评' } })).status).toBe(403);
      expect((await trpcCall(app, 'mutation', 'comments.create', { ideaId, content: '刷好評' }, member.token)).status).toBe(403);
    });

    it('replace: stored with **, on both transports', async () => {
      await watch('二维码', 'replace');
      const rest = await app.api('POST', '/api/comments', { token: member.token, body: { ideaId, content: '扫我的二.维.码' } });
      expect(rest.body.data.content).toBe('扫我的**');
      const trpc = await trpcCall(app, 'mutation', 'comments.create', { ideaId, content: '二维碼见主页' }, member.token);
      expect(trpc.body.result.data.data.content).toBe('**见主页');
    });

    it('replace: a word nested deeper than the replacing goes is refused, not stored whole; two levels are replaced', async () => {
      await watch('加微信', 'replace');
      // Each pass of the replacing removes one level; five levels are replaced, the sixth is left whole.
      const nested = (levels: number) => '加微'.repeat(levels) + '信'.repeat(levels);
      const rest = await app.api('POST', '/api/comments', { token: member.token, body: { ideaId, content: nested(6) } });
      expect(rest.status).toBe(403);
      expect(rest.body.moderationResult).toMatchObject({ passed: false, reason: 'sensitive_words', matchedWords: ['加微信'] });
      expect((await trpcCall(app, 'mutation', 'comments.create', { ideaId, content: nested(6) }, member.token)).status).toBe(403);
      const idea6 = await app.api('POST', '/api/ideas', { token: member.token, body: idea(`标题${unique()}`, { description: `${nested(6)}，欢迎合作交流` }) });
      expect(idea6.status).toBe(403);
      const deep = await app.api('POST', '/api/comments', { token: member.token, body: { ideaId, content: nested(5) } });
      expect(deep.status).toBe(201);
      expect(deep.body.data.content).not.toMatch(/加微信/);
      expect((await app.api('POST', '/api/comments', { token: member.token, body: { ideaId, content: `请${nested(2)}` } })).body.data.content).toBe('请**');
    });

    it('hold: only its author sees it, uncounted and untold, until a moderator approves it; a rejected one goes with a message', async () => {
      await watch('兼职', 'hold');
      const before = (await app.api('GET', `/api/ideas/${ideaId}`)).body.data.commentCount;
      const rest = await app.api('POST', '/api/comments', { token: member.token, body: { ideaId, content: '招兼 职，日结' } });
      expect(rest.status).toBe(201);
      expect(rest.body).toMatchObject({ message: '评论已提交，管理员审核通过后其他人才能看到', commentCount: before, data: { held: true } });
      const trpc = await trpcCall(app, 'mutation', 'comments.create', { ideaId, content: '兼職也行' }, member.token);
      expect(trpc.body.result.data).toMatchObject({ commentCount: before, data: { held: true } });
      const [heldId, secondId] = [rest.body.data.id, trpc.body.result.data.data.id];

      const seenBy = async (token?: string) => ((await app.api('GET', `/api/comments/idea/${ideaId}`, { token })).body.data as { id: number }[]).map((c) => c.id);
      expect(await seenBy()).not.toContain(heldId);
      expect(await seenBy(other.token)).not.toContain(heldId);
      expect(await seenBy(member.token)).toEqual(expect.arrayContaining([heldId, secondId]));
      expect((await app.api('GET', `/api/ideas/${ideaId}`, { token: other.token })).body.data.comments.map((c: { id: number }) => c.id)).not.toContain(heldId);
      // The author's own views (served beside the shared cache): the comment list and the idea page, on both transports.
      expect((await app.api('GET', `/api/ideas/${ideaId}`, { token: member.token })).body.data.comments.map((c: { id: number }) => c.id)).toEqual(expect.arrayContaining([heldId, secondId]));
      expect((await trpcCall(app, 'query', 'comments.list', { ideaId }, member.token)).body.result.data.data.map((c: { id: number }) => c.id)).toEqual(expect.arrayContaining([heldId, secondId]));
      // Nobody can answer, like or report what they cannot see.
      expect((await app.api('POST', '/api/comments', { token: other.token, body: { ideaId, parentId: heldId, content: '回复' } })).status).toBe(404);
      expect((await app.api('POST', `/api/comments/${heldId}/like`, { token: other.token })).status).toBe(404);
      // Nor is told it exists by a delete: a stranger hears 404 like for a missing comment, not 403.
      const stranger = await createUser(app.deps);
      expect((await app.api('DELETE', `/api/comments/${heldId}`, { token: stranger.token })).status).toBe(404);
      expect((await trpcCall(app, 'mutation', 'comments.remove', { id: heldId }, stranger.token)).status).toBe(404);
      // Nor the idea's author, who may delete the comments on their idea, but not one they cannot see
      // (a hostile review deleted it so, taking it out of the moderators' queue, and learned it was there).
      expect((await app.api('DELETE', `/api/comments/${heldId}`, { token: other.token })).status).toBe(404);
      expect((await trpcCall(app, 'mutation', 'comments.remove', { id: secondId }, other.token)).status).toBe(404);
      expect(await seenBy(member.token)).toEqual(expect.arrayContaining([heldId, secondId]));
      // The idea's author was told nothing of either (notices are summed up in one message while unread).
      const notices = async () =>
        (await app.deps.db.selectFrom('messages').select('content').where('user_id', '=', other.id).where('title', '=', '收到新评论').execute()).map((m) => m.content).join('');
      expect(await notices()).not.toContain('兼');

      const list = await app.api('GET', '/api/admin/held-comments', { token: admin.token });
      expect(list.body.data.filter((h: { comment: { id: number } }) => [heldId, secondId].includes(h.comment.id))).toEqual([
        expect.objectContaining({ words: ['兼职'], idea: { id: ideaId, title: '评论区开放的创意' }, comment: expect.objectContaining({ id: heldId, held: true }) }),
        expect.objectContaining({ words: ['兼职'], comment: expect.objectContaining({ id: secondId }) }),
      ]);
      expect((await trpcCall(app, 'query', 'admin.heldComments', undefined, admin.token)).body.result.data.data.length).toBe(list.body.data.length);

      expect((await app.api('POST', `/api/admin/held-comments/${heldId}/approve`, { token: admin.token })).body).toMatchObject({ success: true, message: '已通过，评论现已公开' });
      expect(await seenBy()).toContain(heldId);
      expect((await app.api('GET', `/api/ideas/${ideaId}`)).body.data.commentCount).toBe(before + 1);
      expect(await notices()).toMatch(/最新一条：招/);
      expect((await app.api('POST', `/api/admin/held-comments/${heldId}/approve`, { token: admin.token })).status).toBe(400);

      const rejected = await trpcCall(app, 'mutation', 'admin.rejectComment', { id: secondId, reason: '招聘信息请走官方渠道。' }, admin.token);
      expect(rejected.status).toBe(200);
      expect(await seenBy(member.token)).not.toContain(secondId);
      const told = await app.deps.db.selectFrom('messages').select('content').where('user_id', '=', member.id).where('title', '=', '评论未通过审核').executeTakeFirstOrThrow();
      // The reason's own full stop, not a second one (。。).
      expect(told.content).toContain('已被移除。原因：招聘信息请走官方渠道。评论内容：');
      expect((await logActions()).slice(0, 2).map((l) => l.action)).toEqual(['reject_comment', 'approve_comment']);
      expect((await app.api('GET', '/api/admin/held-comments', { token: member.token })).status).toBe(403);
    });

    it('publishes a held comment only where a comment written now could go: not into the bin, a closed idea or from a writer who left', async () => {
      await watch('对个暗号', 'hold');
      const writer = await createUser(app.deps);
      const owner = await createUser(app.deps);
      const target = await createIdea(app.deps, owner, { title: `会被删除的创意${unique()}` });
      const hold = async (who: FixtureUser) => {
        const res = await app.api('POST', '/api/comments', { token: who.token, body: { ideaId: target, content: `来对个暗号${unique()}` } });
        expect(res.status).toBe(201);
        return res.body.data.id as number;
      };
      const queued = async () => ((await app.api('GET', '/api/admin/held-comments', { token: admin.token })).body.data as { comment: { id: number } }[]).map((h) => h.comment.id);
      const approveRest = (id: number) => app.api('POST', `/api/admin/held-comments/${id}/approve`, { token: admin.token });
      const approveTrpc = (id: number) => trpcCall(app, 'mutation', 'admin.approveComment', { id }, admin.token);
      const CANNOT = '这条评论已不能公开：所在创意已删除、不再公开或已关闭评论，它回复的评论已删除，或作者已注销。请驳回它';
      const commentCount = async () => (await app.deps.db.selectFrom('ideas').select('comment_count').where('id', '=', target).executeTakeFirstOrThrow()).comment_count;

      const first = await hold(writer);
      const before = await commentCount();
      // The idea goes to the bin: its held comments leave the queue and cannot be approved.
      expect((await app.api('DELETE', `/api/ideas/${target}`, { token: owner.token })).status).toBe(200);
      expect(await queued()).not.toContain(first);
      expect([(await approveRest(first)).status, (await approveRest(first)).body.message]).toEqual([400, CANNOT]);
      expect((await approveTrpc(first)).body.error.message).toBe(CANNOT);
      // Restored with comments closed: back in the queue, still not approvable.
      expect((await app.api('POST', `/api/ideas/${target}/restore`, { token: owner.token })).status).toBe(200);
      expect((await app.api('PUT', `/api/ideas/${target}`, { token: owner.token, body: { allowComments: false } })).status).toBe(200);
      expect(await queued()).toContain(first);
      expect((await approveRest(first)).status).toBe(400);
      expect(await commentCount()).toBe(before);
      // Open again: approved, counted.
      expect((await app.api('PUT', `/api/ideas/${target}`, { token: owner.token, body: { allowComments: true } })).status).toBe(200);
      expect((await approveTrpc(first)).status).toBe(200);
      expect(await commentCount()).toBe(before + 1);

      // A writer who deactivated: gone from the queue, refused, the idea's author told nothing.
      const leaver = await createUser(app.deps);
      const second = await hold(leaver);
      expect((await app.api('POST', '/api/users/deactivate', { token: leaver.token, body: { password: leaver.password, reason: '不再使用' } })).status).toBe(200);
      expect(await queued()).not.toContain(second);
      // Never public, and now never approvable: deleted with the account.
      expect((await approveRest(second)).status).toBe(404);
      expect(await app.deps.db.selectFrom('comments').select('id').where('id', '=', second).executeTakeFirst()).toBeUndefined();
      expect(await commentCount()).toBe(before + 1);

      // A held reply to a reply deleted since (the thread stays): it answers nothing, so it is refused.
      const top = await app.api('POST', '/api/comments', { token: owner.token, body: { ideaId: target, content: `楼主${unique()}` } });
      const middle = await app.api('POST', '/api/comments', { token: owner.token, body: { ideaId: target, parentId: top.body.data.id, content: `二楼${unique()}` } });
      const reply = await app.api('POST', '/api/comments', { token: writer.token, body: { ideaId: target, parentId: middle.body.data.id, content: `回复二楼，对个暗号${unique()}` } });
      expect(reply.status).toBe(201);
      expect((await app.api('DELETE', `/api/comments/${middle.body.data.id}`, { token: owner.token })).status).toBe(200);
      expect([(await approveRest(reply.body.data.id)).status, (await approveTrpc(reply.body.data.id)).body.error?.message]).toEqual([400, CANNOT]);
    });

    it('feedback and report reasons: replace applies, a hold word is accepted as it is (the team reads them anyway)', async () => {
      await watch('拼多多', 'replace');
      await watch('返现', 'hold');
      const fb = await app.api('POST', '/api/feedback', { token: member.token, body: { content: '建议支持拼多多链接和返现' } });
      expect(fb.status).toBe(201);
      const row = await app.deps.db.selectFrom('feedback').select('content').where('id', '=', fb.body.data.id).executeTakeFirstOrThrow();
      expect(row.content).toBe('建议支持**链接和返现');
    });
  });

  describe('words stored before the fold changed', () => {
    // The fold learnt to drop ー, 々 and the Hangul fillers (a hostile review); a word stored folded
    // the old way kept them, and texts no longer fold to it (a review of the change).
    it('match as they are written now', async () => {
      await app.deps.db.insertInto('watched_words').values({ word: '刷ー单', folded: '刷ー单', action: 'block', created_by: admin.id, created_at: nowDb() }).execute();
      await bumpWatchedWordsVersion(app.deps.db);
      app.deps.words.changed();
      const res = await app.api('POST', '/api/comments', { token: member.token, body: { ideaId, content: `帮忙刷ー单，私聊${unique()}` } });
      expect(res.status).toBe(403);
      expect(res.body.moderationResult.matchedWords).toEqual(['刷ー单']);
    });

    it('store their new fold once loaded, so the console finds them and knows them as the same word', async () => {
      // Stored with a fold from before look-alike letters were read as Latin (Cyrillic р, о, е).
      await app.deps.db.insertInto('watched_words').values({ word: 'роkеr', folded: 'роkеr', action: 'hold', created_by: admin.id, created_at: nowDb() }).execute();
      await bumpWatchedWordsVersion(app.deps.db);
      app.deps.words.changed();
      await app.deps.words.list();
      expect((await app.deps.db.selectFrom('watched_words').select('folded').where('word', '=', 'роkеr').executeTakeFirstOrThrow()).folded).toBe('poker');
      const listed = await app.api('GET', '/api/admin/watched-words?q=poker', { token: admin.token });
      expect((listed.body.data as { word: string }[]).map((i) => i.word)).toContain('роkеr');
      const again = await watch('poker', 'block');
      expect([again.status, again.body.data.change]).toEqual([200, 'changed']);
      // Folded from the word, not from its old fold: a Cyrillic word once stored as Latin is Cyrillic again.
      await app.deps.db.insertInto('watched_words').values({ word: 'ав', folded: 'ab', action: 'block', created_by: admin.id, created_at: nowDb() }).execute();
      await bumpWatchedWordsVersion(app.deps.db);
      app.deps.words.changed();
      const english = await app.api('POST', '/api/comments', { token: member.token, body: { ideaId, content: `About this table ${unique()}` } });
      expect(english.status).toBe(201);
    });
  });

  describe('every process', () => {
    it('sees a change within the cache window: another process keeps its list until the window passes, then reloads', async () => {
      let clock = 1_000_000;
      const elsewhere = new WatchedWords(app.deps.db, 2000, () => clock);
      const has = async (word: string) => (await elsewhere.list()).words.some((w) => w.word === word);
      expect(await has('跨进程词')).toBe(false);
      await watch('跨进程词', 'block');
      // This process at once (the publish right after the change is refused).
      expect((await app.api('POST', '/api/ideas', { token: member.token, body: idea(`跨进程词${unique()}`) })).status).toBe(403);
      clock += 1999;
      expect(await has('跨进程词')).toBe(false);
      clock += 2;
      expect(await has('跨进程词')).toBe(true);
      // Within the window it asks nothing of the database; past it, the version only, while nothing changed.
      const before = await elsewhere.list();
      clock += 5000;
      expect(await elsewhere.list()).toBe(before);
    });

    it('an import that only changes actions is in force at once here, and in another process past the window', async () => {
      const imported = (action: 'hold' | 'replace') => app.api('POST', '/api/admin/watched-words/import', { token: admin.token, body: { text: '改动作甲\n改动作乙', action } });
      expect((await imported('hold')).body.data).toMatchObject({ added: 2, changed: 0 });
      let clock = 1_000_000;
      const elsewhere = new WatchedWords(app.deps.db, 2000, () => clock);
      const actionElsewhere = async () => (await elsewhere.list()).words.filter((w) => w.word.startsWith('改动作')).map((w) => w.action);
      expect(await actionElsewhere()).toEqual(['hold', 'hold']);
      const held = await app.api('POST', '/api/ideas', { token: member.token, body: idea(`改动作甲${unique()}`) });
      expect(held.body.data.moderation_status).toBe('review');
      // No word added: the list in force changes all the same.
      expect((await imported('replace')).body.data).toMatchObject({ added: 0, changed: 2 });
      const replaced = await app.api('POST', '/api/ideas', { token: member.token, body: idea(`改动作甲${unique()}`) });
      expect([replaced.status, replaced.body.data.moderation_status]).toEqual([201, 'approved']);
      expect(replaced.body.data.title).toMatch(/^\*\*/);
      const trpc = await trpcCall(app, 'mutation', 'comments.create', { ideaId, content: `改动作乙${unique()}` }, member.token);
      expect(trpc.body.result.data.data.content).toMatch(/^\*\*/);
      clock += 2001;
      expect(await actionElsewhere()).toEqual(['replace', 'replace']);
    });
  });
});
