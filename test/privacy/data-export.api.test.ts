/**
 * People's own data (PIPL access): a member with one of everything downloads one archive
 * (JSON files and the image files of their ideas) and finds all of it there; another member's own
 * data (phone, drafts, feedback, comments, messages, who follows whom) is never in it. The download
 * is limited per member; a guest is refused. Another member's idea is named only while it is public
 * (unpublished, binned, taken down, its author gone: its number alone), and others' favourites stay out.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { readZip } from '../../src/server/infrastructure/zip.ts';
import { DIALECTS } from '../helpers/dialects.ts';
import { trpcCall, uploadForm } from '../helpers/api.ts';
import { serveTestApp } from '../helpers/serve.ts';
import { approveAsModerator, createUser, FIXTURE_PASSWORD, type FixtureUser } from '../helpers/fixtures.ts';
import { dbTimeToIso } from '../../db/time.ts';

describe.each(DIALECTS)("a member's data export on %s", (dialect) => {
  const app = serveTestApp(dialect, { moderation: 'auto', rateLimits: { exportsPerDay: 3 } });
  let me: FixtureUser;
  let other: FixtureUser;
  const mine = { ideaId: 0, draftId: 0, binnedId: 0, imageName: '', otherIdeaId: 0, otherDraftId: 0 };

  const ok = (res: { status: number; body: unknown }) => {
    if (res.status >= 300) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
    return res.body as any;
  };
  const download = async (token?: string) => {
    const res = await fetch(`${app.url}/api/account/export`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  };

  beforeAll(async () => {
    me = await createUser(app.deps, { nickname: '导出者甲' });
    other = await createUser(app.deps, { nickname: '旁人乙' });

    // The other member's own things, some of them private.
    mine.otherIdeaId = ok(await app.api('POST', '/api/ideas', { token: other.token, body: { title: '乙公开的创意', description: '乙的简介', status: 'published' } })).data.id;
    mine.otherDraftId = ok(await app.api('POST', '/api/ideas', { token: other.token, body: { title: '乙的秘密草稿XYZ', description: '乙草稿正文QQQ' } })).data.id;
    ok(await app.api('POST', '/api/feedback', { token: other.token, body: { content: '乙的私人反馈ABC' } }));
    ok(await app.api('POST', '/api/comments', { token: other.token, body: { ideaId: mine.otherIdeaId, content: '乙在自己创意下的评论DEF' } }));
    ok(await app.api('POST', `/api/follows/${me.registrationNumber}`, { token: other.token, body: { follow: true } }));

    // One of everything of mine.
    const idea = ok(await app.api('POST', '/api/ideas', { token: me.token, body: { title: '甲的创意', description: '甲的简介', tags: '甲标签', status: 'draft' } })).data;
    mine.ideaId = idea.id;
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const up = ok(await app.api('POST', '/api/upload/idea-image', { token: me.token, body: uploadForm(idea.id, png, 'a.png') }));
    mine.imageName = up.fileName;
    ok(await app.api('PUT', `/api/ideas/${idea.id}`, { token: me.token, body: { detailedAnalysis: `<p>甲的分析</p><img src="${up.url}">`, status: 'published' } }));
    await approveAsModerator(app, idea.id);
    ok(await app.api('PUT', `/api/ideas/${idea.id}/expansions`, { token: me.token, body: { expansions: ['甲的扩展'] } }));
    mine.draftId = ok(await app.api('POST', '/api/ideas', { token: me.token, body: { title: '甲的草稿', description: '甲草稿正文' } })).data.id;
    mine.binnedId = ok(await app.api('POST', '/api/ideas', { token: me.token, body: { title: '甲回收站里的创意', status: 'published' } })).data.id;
    ok(await app.api('DELETE', `/api/ideas/${mine.binnedId}`, { token: me.token }));
    const comment = ok(await app.api('POST', '/api/comments', { token: me.token, body: { ideaId: mine.otherIdeaId, content: '甲的评论' } })).data;
    ok(await app.api('POST', `/api/comments/${comment.id}/like`, { token: other.token }));
    const othersComment = (await app.api('GET', `/api/comments/idea/${mine.otherIdeaId}`)).body.data.find((c: { content: string }) => c.content.startsWith('乙在'));
    ok(await app.api('POST', `/api/comments/${othersComment.id}/dislike`, { token: me.token }));
    ok(await app.api('POST', `/api/comments/${othersComment.id}/report`, { token: me.token, body: { reason: '甲的举报理由' } }));
    ok(await app.api('POST', `/api/favorites/${mine.otherIdeaId}`, { token: me.token, body: { favorite: true } }));
    ok(await app.api('POST', `/api/follows/${other.registrationNumber}`, { token: me.token, body: { follow: true } }));
    ok(await app.api('POST', `/api/ideas/${mine.otherIdeaId}/purchase`, { token: me.token }));
    ok(await app.api('POST', '/api/feedback', { token: me.token, body: { content: '甲的反馈' } }));
  });

  it('holds everything of the member: profile, ideas with images, drafts, comments, favourites, follows, messages, feedback, activity', async () => {
    const { res, bytes } = await download(me.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="hunter-data-${me.registrationNumber}-\\d{8}\\.zip"`));
    expect(res.headers.get('cache-control')).toContain('no-store');
    const files = readZip(bytes);
    const json = (name: string) => JSON.parse(files.get(name)!.toString('utf8'));
    expect([...files.keys()].sort()).toEqual(
      [
        'README.txt',
        'activity.json',
        'comments.json',
        'drafts.json',
        'favorites.json',
        'feedback.json',
        'follows.json',
        'ideas.json',
        'messages.json',
        'profile.json',
        'unsaved-uploads.json',
        `images/idea-${mine.ideaId}/${mine.imageName}`,
      ].sort(),
    );

    expect(json('profile.json')).toMatchObject({
      registrationNumber: me.registrationNumber,
      nickname: '导出者甲',
      phone: me.phone,
      followerCount: 1,
      role: 'member',
      notificationSettings: { comments: true, replies: true, followers: true },
    });

    const ideas = json('ideas.json');
    expect(ideas.map((i: { id: number }) => i.id).sort()).toEqual([mine.ideaId, mine.binnedId].sort());
    const idea = ideas.find((i: { id: number }) => i.id === mine.ideaId);
    expect(idea).toMatchObject({ title: '甲的创意', description: '甲的简介', tags: ['甲标签'], moderationStatus: 'approved', inRecycleBin: false, expansions: [{ content: '甲的扩展' }] });
    expect(idea.detailedAnalysis).toContain('甲的分析');
    expect(idea.images).toEqual([expect.objectContaining({ file: `images/idea-${mine.ideaId}/${mine.imageName}` })]);
    expect(ideas.find((i: { id: number }) => i.id === mine.binnedId)).toMatchObject({ inRecycleBin: true });
    // The image in the archive is the stored file, byte for byte.
    expect(files.get(`images/idea-${mine.ideaId}/${mine.imageName}`)!.equals((await app.deps.storage.read(mine.imageName))!)).toBe(true);

    expect(json('unsaved-uploads.json')).toEqual([]);
    expect(json('drafts.json')).toEqual([expect.objectContaining({ id: mine.draftId, title: '甲的草稿', description: '甲草稿正文', status: 'draft' })]);
    expect(json('comments.json')).toEqual([expect.objectContaining({ ideaId: mine.otherIdeaId, ideaTitle: '乙公开的创意', content: '甲的评论', likeCount: 1 })]);
    expect(json('favorites.json')).toEqual([expect.objectContaining({ ideaId: mine.otherIdeaId, ideaTitle: '乙公开的创意' })]);
    expect(json('follows.json')).toEqual({ following: [expect.objectContaining({ registrationNumber: other.registrationNumber, nickname: '旁人乙' })], followerCount: 1 });
    const messages = json('messages.json');
    expect(messages.map((m: { title: string }) => m.title)).toContain('创意审核通过');
    expect(json('feedback.json')).toEqual([expect.objectContaining({ content: '甲的反馈', status: 'open' })]);
    const activity = json('activity.json');
    expect(activity.unlockedAnalyses).toEqual([expect.objectContaining({ ideaId: mine.otherIdeaId })]);
    expect(activity.commentReactions).toEqual([expect.objectContaining({ kind: 'dislike' })]);
    expect(activity.reportsFiled).toEqual([expect.objectContaining({ reason: '甲的举报理由', status: 'open' })]);
    expect(activity.loginSessions.length).toBeGreaterThanOrEqual(1);
    const readme = files.get('README.txt')!.toString('utf8');
    expect(readme).toContain(me.registrationNumber);
    expect(readme).toContain('第四十五条');
    expect(readme).toContain('注销账号');
  });

  it("never holds another member's data", async () => {
    const { bytes } = await download(me.token);
    const all = [...readZip(bytes).values()].map((b) => b.toString('utf8')).join('\n');
    for (const secret of [other.phone, '乙的秘密草稿XYZ', '乙草稿正文QQQ', '乙的私人反馈ABC', '乙在自己创意下的评论DEF']) {
      expect(all, secret).not.toContain(secret);
    }
    // Who follows the member is the follower's data: a count, no name.
    expect(JSON.stringify(JSON.parse(readZip(bytes).get('follows.json')!.toString()).followerCount)).toBe('1');
    // The other member's own archive has none of the member's.
    const theirs = [...readZip((await download(other.token)).bytes).values()].map((b) => b.toString('utf8')).join('\n');
    for (const secret of [me.phone, '甲的草稿', '甲草稿正文', '甲的反馈', '甲的举报理由', mine.imageName]) expect(theirs, secret).not.toContain(secret);
    expect(theirs).toContain('乙的秘密草稿XYZ');
  });

  it('refuses a guest (401) and a member past the daily allowance (429 with Retry-After); it is not on tRPC', async () => {
    const guest = await app.api('GET', '/api/account/export');
    expect(guest.status).toBe(401);
    // Two downloads so far by `me`, one more allowed.
    expect((await download(me.token)).res.status).toBe(200);
    const refused = await app.api('GET', '/api/account/export', { token: me.token });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ success: false, message: '导出过于频繁，请明天再试' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3600);
    expect((await trpcCall(app, 'query', 'account.exportData', undefined, me.token)).status).toBe(404);
  });

  it('names another member\u2019s idea only while it is public, and holds the member\u2019s own favourites alone', async () => {
    const reader = await createUser(app.deps, { nickname: '导出者丁' });
    const hider = await createUser(app.deps, { nickname: '收起创意的丙' });
    const leaver = await createUser(app.deps, { nickname: '将注销的戊' });
    const admin = await createUser(app.deps, { role: 'admin' });
    const publish = async (who: FixtureUser, title: string): Promise<number> =>
      ok(await app.api('POST', '/api/ideas', { token: who.token, body: { title, description: `${title}的简介`, status: 'published' } })).data.id;
    const stays = await publish(hider, '丙一直公开的创意');
    const unpublished = await publish(hider, '丙撤回成草稿的创意');
    const binned = await publish(hider, '丙删进回收站的创意');
    const takenDown = await publish(hider, '丙被下架的创意');
    const authorLeft = await publish(leaver, '戊注销前的创意');
    const readersOwn = await publish(reader, '丁自己的创意');
    const pointedAt = [stays, unpublished, binned, takenDown, authorLeft, readersOwn];
    const commentIds = new Map<number, number>();
    for (const id of pointedAt) {
      ok(await app.api('POST', `/api/favorites/${id}`, { token: reader.token, body: { favorite: true } }));
      commentIds.set(id, ok(await app.api('POST', '/api/comments', { token: reader.token, body: { ideaId: id, content: `丁对${id}号的评论` } })).data.id);
      if (id !== readersOwn) ok(await app.api('POST', `/api/ideas/${id}/purchase`, { token: reader.token }));
    }
    // Others' favourites, of the same ideas and of the reader's own: theirs, not the reader's.
    for (const who of [hider, other]) {
      for (const id of [stays, readersOwn, mine.otherIdeaId]) ok(await app.api('POST', `/api/favorites/${id}`, { token: who.token, body: { favorite: true } }));
    }
    ok(await app.api('POST', `/api/favorites/${mine.ideaId}`, { token: hider.token, body: { favorite: true } }));
    // Then each of them leaves public view its own way.
    ok(await app.api('PUT', `/api/ideas/${unpublished}`, { token: hider.token, body: { status: 'draft' } }));
    ok(await app.api('DELETE', `/api/ideas/${binned}`, { token: hider.token }));
    ok(await app.api('POST', `/api/admin/ideas/${takenDown}/take-down`, { token: admin.token, body: { reason: '测试下架' } }));
    ok(await app.api('POST', '/api/users/deactivate', { token: leaver.token, body: { reason: '测试注销', password: FIXTURE_PASSWORD } }));

    const files = readZip((await download(reader.token)).bytes);
    const json = (name: string) => JSON.parse(files.get(name)!.toString('utf8'));
    const titleShown: Record<number, string | null> = { [stays]: '丙一直公开的创意', [unpublished]: null, [binned]: null, [takenDown]: null, [authorLeft]: null, [readersOwn]: '丁自己的创意' };
    const favouritedAt = new Map(
      (await app.deps.db.selectFrom('favorites').select(['idea_id', 'created_at']).where('user_id', '=', reader.id).execute()).map((f) => [f.idea_id, dbTimeToIso(f.created_at)]),
    );
    const byIdea = (a: { ideaId: number }, b: { ideaId: number }) => a.ideaId - b.ideaId;
    expect(json('favorites.json').sort(byIdea)).toEqual(pointedAt.map((id) => ({ ideaId: id, ideaTitle: titleShown[id], favoritedAt: favouritedAt.get(id) })).sort(byIdea));
    expect(json('comments.json').map(({ createdAt: _, ...c }: { createdAt: string }) => c)).toEqual(
      pointedAt.map((id) => ({
        id: commentIds.get(id),
        ideaId: id,
        ideaTitle: titleShown[id],
        parentId: null,
        replyTo: null,
        content: `丁对${id}号的评论`,
        likeCount: 0,
        dislikeCount: 0,
        heldForReview: false,
      })),
    );
    expect(
      json('activity.json')
        .unlockedAnalyses.map((u: { ideaId: number; ideaTitle: string | null; price: number }) => [u.ideaId, u.ideaTitle, u.price])
        .sort((a: number[], b: number[]) => a[0] - b[0]),
    ).toEqual(pointedAt.filter((id) => id !== readersOwn).map((id) => [id, titleShown[id], 0]));
    const all = [...files.values()].map((b) => b.toString('utf8')).join('\n');
    for (const hidden of ['丙撤回成草稿的创意', '丙删进回收站的创意', '丙被下架的创意', '戊注销前的创意']) expect(all, hidden).not.toContain(hidden);
  });
});
