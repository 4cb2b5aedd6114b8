/**
 * Two app processes on one MariaDB and one upload folder (docs/deployment.md, "Past one
 * machine"), started at the same moment (both migrate), under concurrent load from members whose
 * requests alternate between them:
 * - counters stay exact (comments, favourites, follows written through both at once);
 * - rate limits are shared: a member's allowance is spent across both processes, not per process;
 * - the housekeeping job (every second here) runs on both at once without double work or errors: one
 *   process per period takes the lease, the expired rows and files are gone once;
 * - a write on one is visible through the other's cached public page within CACHE_TTL_MS, and a
 *   logout on one is refused by the other within it;
 * - an image uploaded through one is served by the other.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/connection.ts';
import { dbTimeAgo } from '../../db/time.ts';
import { loadConfig } from '../../src/server/kernel/config.ts';
import { WRITE_LIMIT_KINDS, writeLimitEnv } from '../../src/server/kernel/write-limit-policy.ts';
import { createDeps } from '../../src/server/create-deps.ts';
import { api, spawnServer, type ChildServer } from '../helpers/child-server.ts';
import { describeOnMariaDB } from '../helpers/dialects.ts';
import { createIdea, createUser, type FixtureUser } from '../helpers/fixtures.ts';
import { processDatabase, type ProcessDatabase } from '../helpers/process-db.ts';

const MEMBERS = 10;
const CACHE_TTL_MS = 2000;
const HOUSEKEEPING_INTERVAL_MS = 1000;
const FEEDBACK_PER_MINUTE = 4;

/** Every write limit on and far above the load, but feedback's, which the shared-limit check spends. */
const LIMITS = Object.fromEntries(
  WRITE_LIMIT_KINDS.flatMap((kind) => {
    const env = writeLimitEnv(kind);
    return [
      [env.perMinute, kind === 'feedback' ? String(FEEDBACK_PER_MINUTE) : '100000'],
      [env.perHour, '100000'],
      [env.ipPerMinute, '100000'],
    ];
  }),
);

/** The job's log lines (pino JSON) a process printed. */
function jobLines(server: ChildServer): { ran: boolean; startedAt?: number; holder: string; msg: string }[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.includes('"job":"housekeeping"'))
    .map((line) => JSON.parse(line.slice(line.indexOf('{'))));
}

describeOnMariaDB('two app processes on one MariaDB database', () => {
  const dialect = 'mysql';
  let db: ProcessDatabase | undefined;
  let servers: ChildServer[] = [];
  let handle: DatabaseHandle | undefined;

  afterAll(async () => {
    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    await handle?.close();
    await db?.cleanup();
  });

  it('keeps counters exact, shares rate limits, runs the housekeeping once per period, and agrees within the cache window', { timeout: 90_000 }, async () => {
    db = processDatabase(dialect);
    const uploads = path.join(db.dir, 'uploads');
    fs.mkdirSync(uploads, { recursive: true });
    const env = { DATABASE_URL: db.url, UPLOADS_DIR: uploads, CACHE_TTL_MS: String(CACHE_TTL_MS), HOUSEKEEPING_INTERVAL_MS: String(HOUSEKEEPING_INTERVAL_MS), ...LIMITS };
    // Started together: both migrate the empty database at once (the migrator's lock takes turns).
    servers = await Promise.all([spawnServer(env), spawnServer(env)]);
    const [a, b] = servers.map((s) => s.url);

    handle = await openDatabase(db.url);
    const deps = createDeps(handle, { ...loadConfig(), uploadsDir: uploads });
    const author = await createUser(deps);
    const hot = await createIdea(deps, author, { title: '两个进程一起写的创意' });
    const members: FixtureUser[] = [];
    for (let i = 0; i < MEMBERS; i++) members.push(await createUser(deps));

    // Work for the housekeeping: an expired session, an idea 8 days in the recycle bin with its image,
    // and an upload never saved into an idea, its file in the shared folder.
    await handle.db
      .insertInto('sessions')
      .values({
        id: 'expired-session',
        secret_hash: 'x'.repeat(64),
        user_id: author.id,
        created_at: dbTimeAgo(100 * 86_400_000),
        last_active_at: dbTimeAgo(100 * 86_400_000),
        password_verified_at: null,
      })
      .execute();
    const binned = await createIdea(deps, author, { title: '回收站里放了八天', stage: 'deleted', deletedAgoMs: 8 * 86_400_000 });
    for (const name of ['binned.png', 'stale.png']) fs.writeFileSync(path.join(uploads, name), 'x');
    const image = { user_id: author.id, url: '/uploads/binned.png', bytes: 1, width: 1, height: 1, created_at: dbTimeAgo(9 * 86_400_000) };
    await handle.db
      .insertInto('idea_images')
      .values({ ...image, idea_id: binned, file_name: 'binned.png' })
      .execute();
    await handle.db
      .insertInto('pending_uploads')
      .values({ ...image, file_name: 'stale.png', url: '/uploads/stale.png', created_at: dbTimeAgo(2 * 86_400_000) })
      .execute();

    // Load: every member writes through both processes in turn, all members at once.
    const results = (
      await Promise.all(
        members.map(async (m, i) => {
          const out: number[] = [];
          for (let n = 0; n < 6; n++) {
            const base = (i + n) % 2 ? a : b;
            out.push((await api(base, 'POST', '/api/comments', m.token, { ideaId: hot, content: `第${i}位成员经由两个进程的第${n}条评论` })).status);
            out.push((await api(base, 'POST', `/api/favorites/${hot}`, m.token, { favorite: n % 2 === 0 })).status);
            out.push((await api(base, 'POST', `/api/follows/${author.registrationNumber}`, m.token, { follow: n % 2 === 1 })).status);
          }
          return out;
        }),
      )
    ).flat();
    expect(results.filter((s) => s !== 200 && s !== 201)).toEqual([]);
    const row = await handle.db.selectFrom('ideas').select(['comment_count', 'favorite_count']).where('id', '=', hot).executeTakeFirstOrThrow();
    const count = async (table: 'comments' | 'favorites', column: 'idea_id') =>
      Number(
        (
          await handle!.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .where(column, '=', hot)
            .executeTakeFirstOrThrow()
        ).n,
      );
    // 6 comments each; the last favourite toggle (n = 5) is off, the last follow (n = 5) is on.
    expect(row.comment_count).toBe(MEMBERS * 6);
    expect(await count('comments', 'idea_id')).toBe(MEMBERS * 6);
    expect(row.favorite_count).toBe(0);
    expect(await count('favorites', 'idea_id')).toBe(0);
    const star = await handle.db.selectFrom('users').select('follower_count').where('id', '=', author.id).executeTakeFirstOrThrow();
    expect(star.follower_count).toBe(MEMBERS);

    // Rate limits are shared: one member's feedback allowance is spent across both processes.
    const feedback = [];
    for (let n = 0; n < 2 * FEEDBACK_PER_MINUTE; n++) feedback.push((await api(n % 2 ? a : b, 'POST', '/api/feedback', members[0].token, { content: `两个进程的第${n}条反馈` })).status);
    expect(feedback.filter((s) => s === 200 || s === 201).length).toBe(FEEDBACK_PER_MINUTE);
    expect(feedback.filter((s) => s === 429).length).toBe(FEEDBACK_PER_MINUTE);

    // A write on A shows on B's cached public page within the window.
    const newest = '/api/marketplace/ideas?sort=newest&limit=5';
    const before = await api(b, 'GET', newest);
    expect(before.status).toBe(200);
    const published = await api(a, 'POST', '/api/ideas', members[1].token, { status: 'published', title: '在甲进程发布，乙进程的缓存页随后可见', description: '跨进程缓存窗口' });
    expect(published.status).toBe(201);
    const publishedAt = Date.now();
    let seenAfter: number | undefined;
    while (seenAfter === undefined && Date.now() - publishedAt < CACHE_TTL_MS + 3000) {
      const page = await api(b, 'GET', newest);
      if (page.body.data.some((i: { id: number }) => i.id === published.body.data.id)) seenAfter = Date.now() - publishedAt;
      else await new Promise((r) => setTimeout(r, 100));
    }
    expect(seenAfter).toBeDefined();
    expect(seenAfter!).toBeLessThanOrEqual(CACHE_TTL_MS + 500);

    // A logout on A is refused by B within the window.
    const leaving = members[2];
    expect((await api(b, 'GET', '/api/auth/me', leaving.token)).status).toBe(200);
    expect((await api(a, 'POST', '/api/auth/logout', leaving.token, {})).status).toBe(200);
    const loggedOutAt = Date.now();
    let refusedAfter: number | undefined;
    while (refusedAfter === undefined && Date.now() - loggedOutAt < CACHE_TTL_MS + 3000) {
      if ((await api(b, 'GET', '/api/auth/me', leaving.token)).status === 401) refusedAfter = Date.now() - loggedOutAt;
      else await new Promise((r) => setTimeout(r, 100));
    }
    expect(refusedAfter).toBeDefined();
    expect(refusedAfter!).toBeLessThanOrEqual(CACHE_TTL_MS + 500);

    // An image uploaded through A is served by B from the shared folder.
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'x.png');
    const upload = await fetch(`${a}/api/upload/idea-image`, { method: 'POST', headers: { authorization: `Bearer ${members[3].token}` }, body: form });
    expect(upload.status).toBe(201);
    const { url: imageUrl } = (await upload.json()) as { url: string };
    const served = await fetch(b + imageUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^image\//);

    // The housekeeping: both offered it every second the whole time; one ran it per period.
    const lines = servers.map(jobLines);
    const runs = lines.flat().filter((l) => l.ran);
    expect(lines.flat().filter((l) => !l.ran).length).toBeGreaterThan(0);
    expect(runs.length).toBeGreaterThan(2);
    const starts = runs.map((r) => r.startedAt!).sort((x, y) => x - y);
    // Never two runs in one period: each start at least the lease (90% of the interval) after the last.
    for (let i = 1; i < starts.length; i++) expect(starts[i] - starts[i - 1]).toBeGreaterThanOrEqual(HOUSEKEEPING_INTERVAL_MS * 0.9 - 20);
    for (const s of servers) expect(s.output()).not.toContain('定期清理失败');
    // Its work, done once: the expired session, the binned idea and its image, the stale upload and file.
    expect(await handle.db.selectFrom('sessions').select('id').where('id', '=', 'expired-session').executeTakeFirst()).toBeUndefined();
    expect(await handle.db.selectFrom('ideas').select('id').where('id', '=', binned).executeTakeFirst()).toBeUndefined();
    expect(await handle.db.selectFrom('pending_uploads').select('id').where('file_name', '=', 'stale.png').executeTakeFirst()).toBeUndefined();
    expect(fs.existsSync(path.join(uploads, 'binned.png'))).toBe(false);
    expect(fs.existsSync(path.join(uploads, 'stale.png'))).toBe(false);
    const purged = runs.reduce((sum, r) => sum + ((r as unknown as { ideas: number }).ideas ?? 0), 0);
    expect(purged).toBe(1);
    // Nothing failed in either process.
    for (const s of servers) expect(s.output()).not.toMatch(/\[(api|trpc|express)\]/);
  });
});
