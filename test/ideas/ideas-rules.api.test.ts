/**
 * Ideas' rules that a planted fault once broke unnoticed: who may delete, the sensitive word in the
 * analysis, the recycle-bin purge, EXIF, the guest list's bytes; review by admins only; draft
 * limits and caps; ids that are plain decimal integers.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { dbTimeAgo } from '../../db/time.ts';
import { purgeRecycleBin } from '../../src/server/ideas/service.ts';
import { DIALECTS } from '../helpers/dialects.ts';
import { registerAndLogin, startTestApp, type TestApp, trpcCall } from '../helpers/api.ts';
import { serveTestApp } from '../helpers/serve.ts';
import { ideaCount } from '../helpers/fixtures.ts';
import { uniqueIdea, postIdea } from '../helpers/idea-bodies.ts';

const DAY = 24 * 3600 * 1000;
const CHINESE = /[\u4e00-\u9fff]/;

type Member = Awaited<ReturnType<typeof registerAndLogin>>;

async function ideaRow(app: TestApp, id: number) {
  return app.deps.db.selectFrom('ideas').select(['id', 'is_deleted', 'moderation_status', 'status']).where('id', '=', id).executeTakeFirst();
}

describe.each(DIALECTS)('ideas: ownership, review text, purge, EXIF, the guest list on %s', (dialect) => {
  const app = serveTestApp(dialect, { moderation: 'auto', sessionInactivityDays: 30, sessionMaxAgeDays: 90 });
  let alice: Member;
  let bob: Member;
  beforeAll(async () => {
    alice = await registerAndLogin(app);
    bob = await registerAndLogin(app);
  });

  it('1. another member cannot permanently delete an idea (published 403, draft 404) and it stays', async () => {
    const published = await postIdea(app, alice);
    const draft = await postIdea(app, alice, { status: 'draft' });

    const p = await app.api('DELETE', `/api/ideas/${published.id}?force=true`, { token: bob.token });
    expect(p.status).toBe(403);
    expect(p.body.success).toBe(false);
    const d = await app.api('DELETE', `/api/ideas/${draft.id}?force=true`, { token: bob.token });
    expect(d.status).toBe(404);
    expect(d.body.success).toBe(false);

    expect(await ideaRow(app, published.id)).toMatchObject({ is_deleted: 0 });
    expect(await ideaRow(app, draft.id)).toMatchObject({ is_deleted: 0 });
    expect((await app.api('GET', `/api/ideas/${published.id}`, { token: bob.token })).status).toBe(200);
    expect((await app.api('GET', `/api/ideas/${draft.id}`, { token: alice.token })).status).toBe(200);
  });

  it('10. a sensitive word in the detailed analysis alone refuses the publish with 403 and moderationResult', async () => {
    const author = await registerAndLogin(app);
    const res = await app.api('POST', '/api/ideas', { token: author.token, body: uniqueIdea({ detailedAnalysis: '<p>详细分析：我们提供 代开发票 的便利服务</p>' }) });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, errorType: 'content_moderation', moderationResult: { passed: false, matchedWords: ['代开发票'], fields: ['detailedAnalysis'] } });
    const published = await app.api('GET', '/api/ideas/my?status=published', { token: author.token });
    expect(published.body.data).toHaveLength(0);
    // Publishing a clean draft whose analysis holds the word is refused the same way.
    const draft = await postIdea(app, author, { status: 'draft', detailedAnalysis: '<p>加入 传销 团队</p>' });
    const pub = await app.api('PUT', `/api/ideas/${draft.id}/publish`, { token: author.token });
    expect(pub.status).toBe(403);
    expect(pub.body.moderationResult.fields).toEqual(['detailedAnalysis']);
  });

  it('11. the purge job keeps an idea deleted 6 days ago and removes one deleted 8 days ago', async () => {
    const recent = await postIdea(app, alice);
    const old = await postIdea(app, alice);
    for (const i of [recent, old]) expect((await app.api('DELETE', `/api/ideas/${i.id}`, { token: alice.token })).status).toBe(200);
    await app.deps.db
      .updateTable('ideas')
      .set({ deleted_at: dbTimeAgo(6 * DAY) })
      .where('id', '=', recent.id)
      .execute();
    await app.deps.db
      .updateTable('ideas')
      .set({ deleted_at: dbTimeAgo(8 * DAY) })
      .where('id', '=', old.id)
      .execute();

    await purgeRecycleBin(app.deps);
    expect(await ideaRow(app, recent.id)).toMatchObject({ id: recent.id, is_deleted: 1 });
    expect(await ideaRow(app, old.id)).toBeUndefined();
    const bin = (await app.api('GET', '/api/ideas/my?status=deleted', { token: alice.token })).body.data.map((i: { id: number }) => i.id);
    expect(bin).toContain(recent.id);
    expect(bin).not.toContain(old.id);
    expect((await app.api('POST', `/api/ideas/${recent.id}/restore`, { token: alice.token })).status).toBe(200);
  });

  it('12. EXIF is stripped from a small JPEG too', async () => {
    const draft = await postIdea(app, alice, { status: 'draft' });
    const photo = await sharp({ create: { width: 200, height: 150, channels: 3, background: '#4a7' } })
      .jpeg({ quality: 90 })
      .withExif({ IFD0: { Copyright: 'secret-owner', Artist: 'someone-private' } })
      .toBuffer();
    expect(photo.length).toBeLessThan(100 * 1024);
    expect((await sharp(photo).metadata()).exif).toBeTruthy();

    const form = new FormData();
    form.append('ideaId', String(draft.id));
    form.append('file', new Blob([new Uint8Array(photo)]), 'small.jpg');
    const up = await app.api('POST', '/api/upload/idea-image', { token: alice.token, body: form });
    expect(up.status).toBe(201);
    const served = await fetch(app.url + up.body.url);
    expect(served.status).toBe(200);
    const stored = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('secret-owner'))).toBe(false);
    expect(stored.includes(Buffer.from('someone-private'))).toBe(false);
  });

  it('14. the guest list is the same bytes whoever asks, and has no detailed analysis', async () => {
    const author = await registerAndLogin(app);
    const idea = await postIdea(app, author);
    // bob unlocks it, so a per-viewer leak would show for him.
    expect((await app.api('POST', `/api/ideas/${idea.id}/purchase`, { token: bob.token })).status).toBe(200);
    const read = async (token?: string) => {
      const res = await fetch(`${app.url}/api/ideas/guest?limit=100`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
      expect(res.status).toBe(200);
      return res.text();
    };
    const guest = await read();
    expect(await read(bob.token)).toBe(guest);
    expect(await read(author.token)).toBe(guest);
    const body = JSON.parse(guest);
    expect(body.data.map((i: { id: number }) => i.id)).toContain(idea.id);
    expect(guest).not.toContain('detailedAnalysis');
    expect(guest).not.toContain('detailed_analysis');
    expect(guest).not.toContain('详细分析');
  });
});

describe.each(DIALECTS)('regressions: review by admins only on %s (MODERATION=manual)', (dialect) => {
  const app = serveTestApp(dialect, { moderation: 'manual' });
  let author: Member;
  let member: Member;
  let admin: Member;
  beforeAll(async () => {
    author = await registerAndLogin(app);
    member = await registerAndLogin(app);
    admin = await registerAndLogin(app);
    await app.makeAdmin(admin.user.id);
  });

  it('2. a member cannot reject over REST (403) and the idea stays in review', async () => {
    const idea = await postIdea(app, author);
    expect(idea.moderation_status).toBe('review');
    const res = await app.api('POST', `/api/admin/ideas/${idea.id}/reject`, { token: member.token, body: { reason: '我不喜欢' } });
    expect(res.status).toBe(403);
    expect(res.body.success).toBe(false);
    expect(await ideaRow(app, idea.id)).toMatchObject({ moderation_status: 'review' });
  });

  it('2. tRPC admin.approve and admin.reject are FORBIDDEN for a member and work for an admin', async () => {
    const a = await postIdea(app, author);
    const b = await postIdea(app, author);

    const approve = await trpcCall(app, 'mutation', 'admin.approve', { id: a.id }, member.token);
    expect(approve.status).toBe(403);
    expect(approve.body.error.data.code).toBe('FORBIDDEN');
    const reject = await trpcCall(app, 'mutation', 'admin.reject', { id: b.id, reason: '我不喜欢' }, member.token);
    expect(reject.status).toBe(403);
    expect(reject.body.error.data.code).toBe('FORBIDDEN');
    expect(await ideaRow(app, a.id)).toMatchObject({ moderation_status: 'review' });
    expect(await ideaRow(app, b.id)).toMatchObject({ moderation_status: 'review' });
    expect((await app.api('GET', `/api/ideas/${a.id}`, { token: member.token })).status).toBe(404);

    expect((await trpcCall(app, 'mutation', 'admin.approve', { id: a.id }, admin.token)).status).toBe(200);
    expect((await trpcCall(app, 'mutation', 'admin.reject', { id: b.id, reason: '描述过于简单' }, admin.token)).status).toBe(200);
    expect(await ideaRow(app, a.id)).toMatchObject({ moderation_status: 'approved' });
    expect(await ideaRow(app, b.id)).toMatchObject({ moderation_status: 'rejected' });
    expect((await app.api('GET', `/api/ideas/${a.id}`, { token: member.token })).status).toBe(200);
    expect((await app.api('GET', `/api/ideas/${b.id}`, { token: member.token })).status).toBe(404);
  });
});

describe.each(DIALECTS)('e. draft creation is limited on %s', (dialect) => {
  it('answers the 4th draft in 10 minutes with 429, Retry-After and a Chinese message', async () => {
    const app = await startTestApp(dialect, { rateLimits: { draftsPer10Minutes: 3 }, maxDraftsPerUser: 0 });
    try {
      const u = await registerAndLogin(app);
      for (let i = 0; i < 3; i++) expect((await app.api('POST', '/api/ideas', { token: u.token, body: { title: `草稿${i}`, status: 'draft' } })).status).toBe(201);
      const fourth = await app.api('POST', '/api/ideas', { token: u.token, body: { title: '草稿4', status: 'draft' } });
      expect(fourth.status).toBe(429);
      expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(fourth.body.success).toBe(false);
      expect(fourth.body.message).toMatch(CHINESE);
      expect(await ideaCount(app, u.user.id)).toBe(3);
      // Per user: someone else still saves a draft.
      const other = await registerAndLogin(app);
      expect((await app.api('POST', '/api/ideas', { token: other.token, body: { title: '别人的草稿', status: 'draft' } })).status).toBe(201);
    } finally {
      await app.close();
    }
  });

  it('caps a user’s drafts: the 6th of 5 allowed is refused naming the cap', async () => {
    const app = await startTestApp(dialect, { rateLimits: { draftsPer10Minutes: 0 }, maxDraftsPerUser: 5 });
    try {
      const u = await registerAndLogin(app);
      for (let i = 0; i < 5; i++) expect((await app.api('POST', '/api/ideas', { token: u.token, body: { title: `草稿${i}`, status: 'draft' } })).status).toBe(201);
      const sixth = await app.api('POST', '/api/ideas', { token: u.token, body: { title: '草稿6', status: 'draft' } });
      expect([400, 409]).toContain(sixth.status);
      expect(sixth.body.success).toBe(false);
      expect(sixth.body.message).toMatch(CHINESE);
      expect(sixth.body.message).toContain('5');
      expect(await ideaCount(app, u.user.id)).toBe(5);
      const viaTrpc = await trpcCall(app, 'mutation', 'ideas.create', { title: '草稿7', status: 'draft' }, u.token);
      expect([400, 409]).toContain(viaTrpc.status);
      expect(await ideaCount(app, u.user.id)).toBe(5);
    } finally {
      await app.close();
    }
  });
});

describe.each(DIALECTS)('f. ids are plain decimal integers on %s', (dialect) => {
  const app = serveTestApp(dialect, { moderation: 'auto' });
  let author: Member;
  const ids = new Map<number, number>();
  beforeAll(async () => {
    author = await registerAndLogin(app);
    // Enough published ideas that ids 10 and 13 exist and are public.
    for (let i = 0; i < 40 && !(ids.has(10) && ids.has(13)); i++) {
      const idea = await postIdea(app, author);
      ids.set(idea.id, idea.id);
    }
    if (!ids.has(10) || !ids.has(13)) throw new Error(`ids 10 and 13 not created: ${[...ids.keys()]}`);
  });

  // `013` (a leading zero) is refused too: 400 or 404, never idea 13, so one id has one spelling.
  const FORMS: [string, number][] = [
    ['0x0d', 13],
    ['13.0', 13],
    ['%2013%20', 13],
    ['%2B13', 13],
    ['013', 13],
    ['1e1', 10],
    ['10.', 10],
    ['-1', -1],
  ];

  it('GET /api/ideas/{id} answers 400 or 404 for any other spelling', async () => {
    expect((await app.api('GET', '/api/ideas/13')).status).toBe(200);
    for (const [form, value] of FORMS) {
      const res = await app.api('GET', `/api/ideas/${form}`);
      expect([400, 404], form).toContain(res.status);
      expect(res.body.success, form).toBe(false);
      expect(res.body.data?.id, form).not.toBe(value);
    }
  });

  it('tRPC ideas.byId refuses any spelling but a plain decimal with 400', async () => {
    // The decimal text "13" is the same plain id a REST path carries.
    expect((await trpcCall(app, 'query', 'ideas.byId', { id: 13 })).status).toBe(200);
    expect((await trpcCall(app, 'query', 'ideas.byId', { id: '13' })).status).toBe(200);
    for (const id of [13.5, '13.0', '0x0d', ' 13', '1e1', -13, 0]) {
      const res = await trpcCall(app, 'query', 'ideas.byId', { id });
      expect(res.status, JSON.stringify(id)).toBe(400);
    }
  });

  // Last in this block: on code without the fix it deletes ideas 10 and 13.
  it('DELETE /api/ideas/{id} deletes nothing for another spelling', async () => {
    for (const [form] of FORMS) {
      const res = await app.api('DELETE', `/api/ideas/${form}`, { token: author.token });
      expect([400, 404], form).toContain(res.status);
    }
    const rows = await app.deps.db.selectFrom('ideas').select(['id', 'is_deleted']).where('id', 'in', [10, 13]).execute();
    expect(rows.map((r) => [r.id, r.is_deleted]).sort()).toEqual([
      [10, 0],
      [13, 0],
    ]);
  });
});
