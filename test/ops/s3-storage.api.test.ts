/**
 * Images in an S3-compatible bucket, against a real S3 protocol server the test starts
 * (s3rver, in a temporary folder): upload, serve with today's caching headers, replace, delete,
 * the purge job (recycle bin, deactivated accounts, stale pending uploads), S3_PUBLIC_URL, an
 * unreachable bucket; and an image uploaded through one server process served by a second one on
 * the same database and bucket.
 */
import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbTimeAgo } from '../../db/time.ts';
import { readZip } from '../../src/server/infrastructure/zip.ts';
import { runHousekeeping } from '../../src/server/jobs/index.ts';
import { startTestApp, trpcCall, type TestApp } from '../helpers/api.ts';
import { spawnServer, type ChildServer } from '../helpers/child-server.ts';
import { DIALECTS } from '../helpers/dialects.ts';
import { createUser, type FixtureUser } from '../helpers/fixtures.ts';
import { processDatabase } from '../helpers/process-db.ts';
import { startS3, type TestS3 } from '../helpers/s3-server.ts';
import { serveTestApp } from '../helpers/serve.ts';

const DAY = 24 * 3600 * 1000;
const CACHE_CONTROL_TODAY = 'public, max-age=2592000, immutable';

let pngSeq = 0;
/** A small image no other upload repeats (the server re-encodes it as JPEG). */
async function photo(): Promise<Buffer> {
  pngSeq += 1;
  return sharp({ create: { width: 40 + pngSeq, height: 30, channels: 3, background: { r: (pngSeq * 37) % 256, g: 90, b: 160 } } })
    .png()
    .toBuffer();
}

async function uploadTo(url: string, token: string, ideaId?: number) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await photo())], { type: 'image/png' }), 'photo.png');
  if (ideaId) form.append('ideaId', String(ideaId));
  const res = await fetch(`${url}/api/upload/idea-image`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: (await res.json()) as { fileName: string; url: string; message: string; success: boolean } };
}

const idea = (app: TestApp, token: string, body: object) => app.api('POST', '/api/ideas', { token, body: { description: '存储在对象存储里的图片', ...body } });

describe.each(DIALECTS)('images in an S3 bucket on %s', (dialect) => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(async () => {
    await s3.close();
  });
  const app = serveTestApp(dialect, () => ({ storage: s3.settings }));
  let author: FixtureUser;
  beforeAll(async () => {
    author = await createUser(app.deps);
  });

  it('stores an editor upload in the bucket, not on disk, and serves it from there with today’s caching headers', async () => {
    const sent = await uploadTo(app.url, author.token);
    expect(sent.status).toBe(201);
    expect(sent.body.url).toBe(`/uploads/${sent.body.fileName}`);
    expect(await s3.keys()).toContain(sent.body.fileName);
    expect(fs.existsSync(app.deps.config.uploadsDir) ? fs.readdirSync(app.deps.config.uploadsDir) : []).toEqual([]);
    const stored = await s3.storage.read(sent.body.fileName);
    expect((await sharp(stored!).metadata()).format).toBe('jpeg');

    const served = await fetch(app.url + sent.body.url);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(stored);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('cache-control')).toBe(CACHE_CONTROL_TODAY);
    expect(served.headers.get('content-length')).toBe(String(stored!.length));
    expect(served.headers.get('last-modified')).toBeTruthy();
    const etag = served.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    // Nothing served from there may run as a page.
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');

    // A browser asking again gets 304; a range, its part; HEAD, the headers alone.
    const again = await fetch(app.url + sent.body.url, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe(CACHE_CONTROL_TODAY);
    const part = await fetch(app.url + sent.body.url, { headers: { range: 'bytes=0-9' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(stored!.subarray(0, 10));
    expect(part.headers.get('content-range')).toBe(`bytes 0-9/${stored!.length}`);
    const head = await fetch(app.url + sent.body.url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(stored!.length));

    // Unknown and malformed names: the JSON 404 the folder gave.
    for (const path of ['/uploads/0123456789abcdef.jpg', '/uploads/..%2Fsecret.jpg', '/uploads/a.svg']) {
      const missing = await fetch(app.url + path);
      expect(missing.status, path).toBe(404);
      expect(await missing.json(), path).toEqual({ success: false, message: '文件不存在' });
    }
  });

  it('serves the same Cache-Control as the local folder does', async () => {
    const local = await startTestApp(dialect);
    try {
      const user = await createUser(local.deps);
      const sent = await uploadTo(local.url, user.token);
      const served = await fetch(local.url + sent.body.url);
      expect(served.status).toBe(200);
      expect(served.headers.get('cache-control')).toBe(CACHE_CONTROL_TODAY);
      expect(fs.readdirSync(local.deps.config.uploadsDir)).toEqual([sent.body.fileName]);
    } finally {
      await local.close();
    }
  });

  it('keeps an analysis’s images in the bucket: saved with the idea, replaced ones removed, deleted ones gone (REST and tRPC)', async () => {
    const first = await uploadTo(app.url, author.token);
    const second = await uploadTo(app.url, author.token);
    const created = await idea(app, author.token, { title: '对象存储里的图', detailedAnalysis: `<p>图：</p><img src="${first.body.url}"><img src="${second.body.url}">`, status: 'draft' });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    expect(created.body.data.images).toEqual([first.body.url, second.body.url]);

    // The analysis now shows a new image instead of the first: the first leaves the bucket.
    const third = await uploadTo(app.url, author.token, id);
    expect(third.status).toBe(201);
    const saved = await trpcCall(app, 'mutation', 'ideas.update', { id, detailedAnalysis: `<p>换图</p><img src="${third.body.url}"><img src="${second.body.url}">` }, author.token);
    expect(saved.status).toBe(200);
    const keys = await s3.keys();
    expect(keys).not.toContain(first.body.fileName);
    expect(keys).toEqual(expect.arrayContaining([second.body.fileName, third.body.fileName]));
    expect((await fetch(app.url + first.body.url)).status).toBe(404);

    // Deleting an image through the API.
    const removed = await app.api('DELETE', `/api/upload/idea-image/${third.body.fileName}`, { token: author.token });
    expect(removed.status).toBe(200);
    expect(await s3.keys()).not.toContain(third.body.fileName);
    expect((await fetch(app.url + third.body.url)).status).toBe(404);
    expect((await fetch(app.url + second.body.url)).status).toBe(200);
  });

  it('the purge job removes the images of ideas past the recycle bin, of a deactivated account’s ideas, and stale pending uploads', async () => {
    const writer = await createUser(app.deps);
    const binned = await uploadTo(app.url, writer.token);
    const binnedIdea = (await idea(app, writer.token, { title: '要删除的创意', detailedAnalysis: `<img src="${binned.body.url}">`, status: 'draft' })).body.data.id as number;
    expect((await app.api('DELETE', `/api/ideas/${binnedIdea}`, { token: writer.token })).status).toBe(200);

    const leaver = await createUser(app.deps);
    const leaverImage = await uploadTo(app.url, leaver.token);
    expect((await idea(app, leaver.token, { title: '注销用户的创意', detailedAnalysis: `<img src="${leaverImage.body.url}">`, status: 'draft' })).status).toBe(201);
    const deactivated = await app.api('POST', '/api/users/deactivate', { token: leaver.token, body: { reason: '不再使用', password: leaver.password } });
    expect(deactivated.status).toBe(200);

    const pending = await uploadTo(app.url, writer.token);
    const keep = await uploadTo(app.url, writer.token);
    for (const name of [binned.body.fileName, leaverImage.body.fileName, pending.body.fileName, keep.body.fileName]) expect(await s3.keys()).toContain(name);

    // Eight days later for the bin, two for the pending upload.
    await app.deps.db
      .updateTable('ideas')
      .set({ deleted_at: dbTimeAgo(8 * DAY) })
      .where('user_id', 'in', [writer.id, leaver.id])
      .where('is_deleted', '=', 1)
      .execute();
    await app.deps.db
      .updateTable('pending_uploads')
      .set({ created_at: dbTimeAgo(2 * DAY) })
      .where('file_name', '=', pending.body.fileName)
      .execute();
    await runHousekeeping(app.deps);

    const keys = await s3.keys();
    for (const name of [binned.body.fileName, leaverImage.body.fileName, pending.body.fileName]) expect(keys, name).not.toContain(name);
    expect(keys).toContain(keep.body.fileName);
    expect((await fetch(app.url + binned.body.url)).status).toBe(404);
    expect((await fetch(app.url + keep.body.url)).status).toBe(200);
  });

  it('a member’s data export takes their images from the bucket', async () => {
    const member = await createUser(app.deps);
    const image = await uploadTo(app.url, member.token);
    const id = (await idea(app, member.token, { title: '导出里的图片', detailedAnalysis: `<img src="${image.body.url}">`, status: 'draft' })).body.data.id as number;
    const res = await fetch(`${app.url}/api/account/export`, { headers: { authorization: `Bearer ${member.token}` } });
    expect(res.status).toBe(200);
    const files = readZip(Buffer.from(await res.arrayBuffer()));
    expect(files.get(`images/idea-${id}/${image.body.fileName}`)).toEqual(await s3.storage.read(image.body.fileName));
  });

  it('reports the bucket in /api/health/ready', async () => {
    expect((await app.api('GET', '/api/health/ready')).body.data.storage).toEqual({ kind: 's3' });
  });
});

describe('S3_PUBLIC_URL', () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startS3({ publicUrl: true });
  });
  afterAll(async () => {
    await s3.close();
  });
  const app = serveTestApp('sqlite', () => ({ storage: s3.settings }));

  it('sends the browser to the public address, which the page’s CSP allows for images', async () => {
    const user = await createUser(app.deps);
    const sent = await uploadTo(app.url, user.token);
    expect(sent.body.url).toBe(`/uploads/${sent.body.fileName}`);
    const res = await fetch(app.url + sent.body.url, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`${s3.settings.publicUrl}/${sent.body.fileName}`);
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain(`img-src 'self' data: blob: ${new URL(s3.endpoint).origin}`);
    // The page from the fast lane says the same.
    expect((await fetch(`${app.url}/api/health`)).headers.get('content-security-policy')).toBe(csp);
    const followed = await fetch(app.url + sent.body.url);
    expect(followed.status).toBe(200);
    expect(Buffer.from(await followed.arrayBuffer())).toEqual(await s3.storage.read(sent.body.fileName));
  });
});

describe('an unreachable bucket', () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startS3();
  });
  const app = serveTestApp('sqlite', () => ({ storage: s3.settings }));

  it('answers uploads and images with 503 and a Chinese message, and keeps no row for an image it could not store', async () => {
    const user = await createUser(app.deps);
    const stored = await uploadTo(app.url, user.token);
    expect(stored.status).toBe(201);
    await s3.close();
    const refused = await uploadTo(app.url, user.token);
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ success: false, message: '图片存储暂时不可用，请稍后重试' });
    const rows = await app.deps.db.selectFrom('pending_uploads').select('file_name').where('user_id', '=', user.id).execute();
    expect(rows.map((r) => r.file_name)).toEqual([stored.body.fileName]);
    const image = await fetch(app.url + stored.body.url);
    expect(image.status).toBe(503);
    expect(await image.json()).toEqual({ success: false, message: '图片存储暂时不可用，请稍后重试' });
  });
});

describe.each(DIALECTS)('two server processes on one database and bucket (%s)', (dialect) => {
  let s3: TestS3;
  let one: ChildServer;
  let two: ChildServer;
  const db = processDatabase(dialect);
  beforeAll(async () => {
    s3 = await startS3();
    // Each process its own disk, as two containers behind a load balancer.
    const env = { ...s3.env, DATABASE_URL: db.url, SEED_DEMO: '0', LOG_LEVEL: 'warn' };
    one = await spawnServer({ ...env, UPLOADS_DIR: `${db.dir}/uploads-one` });
    two = await spawnServer({ ...env, UPLOADS_DIR: `${db.dir}/uploads-two` });
  }, 60_000);
  afterAll(async () => {
    for (const server of [one, two]) server?.child.kill('SIGTERM');
    await Promise.all([one?.exited, two?.exited]);
    await s3.close();
    await db.cleanup();
  });

  it('an idea with an image published through one process opens, image included, from the other', async () => {
    const post = async (base: string, path: string, body: unknown, token?: string) => {
      const res = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
      return { status: res.status, body: await res.json() };
    };
    const phone = `137${String(process.pid % 10000).padStart(4, '0')}0001`;
    const code = await post(one.url, '/api/auth/send-sms-code', { phone, purpose: 'register' });
    expect(code.status).toBe(200);
    expect((await post(one.url, '/api/auth/register', { phone, password: 'secret123', verifyCode: code.body.data.debugCode })).status).toBe(201);
    await db.makeAdmin(phone);
    const token = (await post(one.url, '/api/auth/login', { loginType: 'phone', phone, password: 'secret123' })).body.data.token as string;

    const image = await uploadTo(one.url, token);
    expect(image.status).toBe(201);
    const published = await post(
      one.url,
      '/api/ideas',
      { title: '两台服务器共用的图片', description: '在一台上传，在另一台打开', detailedAnalysis: `<p>示意图</p><img src="${image.body.url}">`, status: 'published' },
      token,
    );
    expect(published.status).toBe(201);
    const id = published.body.data.id as number;
    // A picture waits for a moderator even in automatic review: the member is one (their own idea).
    expect((await post(one.url, `/api/admin/ideas/${id}/approve`, {}, token)).status).toBe(200);

    const opened = await fetch(`${two.url}/api/ideas/${id}`);
    expect(opened.status).toBe(200);
    expect((await opened.json()).data.images).toEqual([image.body.url]);
    const served = await fetch(two.url + image.body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toBe(CACHE_CONTROL_TODAY);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(await s3.storage.read(image.body.fileName));
    // Neither process kept it on its own disk.
    for (const disk of ['uploads-one', 'uploads-two']) expect(fs.existsSync(`${db.dir}/${disk}`)).toBe(false);
  });
});
