/**
 * Limits and ownership under parallel requests, and where a write's input may come from: found by a
 * review of the request layer (each failed before its fix).
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects.ts';
import { registerAndLogin } from '../helpers/api.ts';
import { serveTestApp } from '../helpers/serve.ts';
import { createUser } from '../helpers/fixtures.ts';

describe.each(DIALECTS)('parallel requests and input sources on %s', (dialect) => {
  const app = serveTestApp(dialect, { maxDraftsPerUser: 5, rateLimits: { passwordChecksPerUserPerHour: 5, loginFailuresPerPhoneAndIpPerHour: 5 } });

  it('takes a POST or PUT body only: credentials in a query string are not read', async () => {
    const u = await registerAndLogin(app);
    const viaQuery = await app.api('POST', `/api/auth/login?loginType=phone&phone=${u.phone}&password=${u.password}`, { body: {} });
    expect(viaQuery.status).toBe(400);
    const change = await app.api('POST', `/api/auth/change-password?currentPassword=${u.password}&newPassword=another1`, { token: u.token, body: {} });
    expect(change.status).toBe(400);
    const idea = await app.api('POST', '/api/ideas?status=published', { token: u.token, body: { title: '查询串里的状态不算数' } });
    expect(idea.status).toBe(201);
    expect(idea.body.data.status).toBe('draft');
    // DELETE still reads its documented query (force=true).
    const gone = await app.api('DELETE', `/api/ideas/${idea.body.data.id}?force=true`, { token: u.token });
    expect(gone.body.data.deletionType).toBe('permanent');
  });

  it('evaluates at most the limit of current-password guesses, however many arrive at once', async () => {
    const u = await registerAndLogin(app);
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => app.api('POST', '/api/auth/change-password', { token: u.token, body: { currentPassword: 'wrong-guess', newPassword: 'another1' } })),
    );
    expect(burst.filter((r) => r.status === 400).length).toBeLessThanOrEqual(5);
    expect(burst.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(15);
    const right = await app.api('POST', '/api/auth/change-password', { token: u.token, body: { currentPassword: u.password, newPassword: 'another1' } });
    expect(right.status).toBe(429);
    expect(right.headers.get('retry-after')).toBeTruthy();
  });

  it('evaluates at most the limit of login guesses for one phone, however many arrive at once', async () => {
    const u = await registerAndLogin(app);
    const burst = await Promise.all(Array.from({ length: 20 }, () => app.api('POST', '/api/auth/login', { body: { loginType: 'phone', phone: u.phone, password: 'wrong-guess' } })));
    expect(burst.filter((r) => r.status === 400).length).toBeLessThanOrEqual(5);
    expect((await app.api('POST', '/api/auth/login', { body: { loginType: 'phone', phone: u.phone, password: u.password } })).status).toBe(429);
  });

  it('keeps the draft cap under parallel creates and counts drafts in the recycle bin', async () => {
    const u = await createUser(app.deps);
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => app.api('POST', '/api/ideas', { token: u.token, body: { title: `并发草稿${i}` } })));
    expect(burst.filter((r) => r.status === 201).length).toBeLessThanOrEqual(5);
    const stored = await app.deps.db.selectFrom('ideas').select('id').where('user_id', '=', u.id).execute();
    expect(stored.length).toBeLessThanOrEqual(5);
    // Fill up to the cap one by one, move them all to the recycle bin: they still count.
    for (let i = stored.length; i < 5; i++) expect((await app.api('POST', '/api/ideas', { token: u.token, body: { title: `补足${i}` } })).status).toBe(201);
    const all = await app.deps.db.selectFrom('ideas').select('id').where('user_id', '=', u.id).execute();
    for (const { id } of all) await app.api('DELETE', `/api/ideas/${id}`, { token: u.token });
    const afterDelete = await app.api('POST', '/api/ideas', { token: u.token, body: { title: '删了也占名额' } });
    expect(afterDelete.status).toBe(400);
    expect(afterDelete.body.message).toBe('草稿最多保存5篇，请先发布或删除一些草稿');
  });

  it('gives a held upload to one of two ideas saved at once, and answers both', async () => {
    const u = await createUser(app.deps);
    const a = (await app.api('POST', '/api/ideas', { token: u.token, body: { title: '甲' } })).body.data.id;
    const b = (await app.api('POST', '/api/ideas', { token: u.token, body: { title: '乙' } })).body.data.id;
    const form = new FormData();
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#36f' } })
      .png()
      .toBuffer();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'x.png');
    const upload = await app.api('POST', '/api/upload/idea-image', { token: u.token, body: form });
    const html = `<p>图</p><img src="${upload.body.url}">`;
    const saves = await Promise.all([a, b].map((id) => app.api('PUT', `/api/ideas/${id}`, { token: u.token, body: { detailedAnalysis: html } })));
    expect(saves.map((s) => s.status)).toEqual([200, 200]);
    const owners = await app.deps.db.selectFrom('idea_images').select('idea_id').where('file_name', '=', upload.body.fileName).execute();
    expect(owners.length).toBe(1);
  });
});
