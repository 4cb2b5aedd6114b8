/**
 * Two real server processes (startServer, as `npm start` runs it) on one database and one Redis
 * (REDIS_URL, the channel named after the database), CACHE_TTL_MS a minute: a take-down through A is
 * gone from B's cached page within 100 ms (p99 over 100 tries) and from its cached list at once; a
 * logout through A is refused by B on the next read; SIGTERM closes both Redis connections of each.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/connection.ts';
import { createDeps } from '../../src/server/create-deps.ts';
import type { Deps } from '../../src/server/deps.ts';
import { loadConfig } from '../../src/server/kernel/config.ts';
import { WRITE_LIMIT_KINDS, writeLimitEnv } from '../../src/server/kernel/write-limit-policy.ts';
import { api, spawnServer, type ChildServer } from '../helpers/child-server.ts';
import { DIALECTS } from '../helpers/dialects.ts';
import { createIdea, createUser, type FixtureUser } from '../helpers/fixtures.ts';
import { processDatabase, type ProcessDatabase } from '../helpers/process-db.ts';
import { describeWithRedis, refusedWithin, startRedisServer, type TestRedis } from '../helpers/redis-server.ts';

const TRIES = 100;
const WITHIN_MS = 100;

const WRITES_OFF = Object.fromEntries(
  WRITE_LIMIT_KINDS.flatMap((kind) => Object.values(writeLimitEnv(kind)).map((name) => [name, '0'])).concat([
    ['RATE_PUBLISH_PER_10_MINUTES', '0'],
    ['RATE_PUBLISH_ATTEMPTS_PER_10_MINUTES', '0'],
  ]),
);

describeWithRedis('two server processes with REDIS_URL', () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis?.kill();
  });

  describe.each(DIALECTS)('on %s', (dialect) => {
    let db: ProcessDatabase | undefined;
    let servers: ChildServer[] = [];
    let handle: DatabaseHandle | undefined;
    let deps: Deps;
    let admin: FixtureUser;
    let author: FixtureUser;
    beforeAll(async () => {
      db = processDatabase(dialect);
      const env = { DATABASE_URL: db.url, UPLOADS_DIR: `${db.dir}/uploads`, CACHE_TTL_MS: '60000', MODERATION: 'auto', REDIS_URL: redis.url, ...WRITES_OFF };
      servers = await Promise.all([spawnServer(env), spawnServer(env)]);
      handle = await openDatabase(db.url);
      // The test's own deps: no REDIS_URL here, so they tell nobody.
      deps = createDeps(handle, { ...loadConfig(), changeBus: null });
      admin = await createUser(deps, { role: 'admin' });
      author = await createUser(deps);
      for (const s of servers) {
        const deadline = Date.now() + 10_000;
        while ((await api(s.url, 'GET', '/api/health')).body.data.changeBus.state !== 'connected') {
          if (Date.now() > deadline) throw new Error(`not connected:\n${s.output()}`);
          await new Promise((r) => setTimeout(r, 50));
        }
      }
    }, 120_000);
    afterAll(async () => {
      for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
      await Promise.all(servers.map((s) => s.exited));
      await handle?.close();
      await db?.cleanup();
    });

    it(`drops a take-down through A from B's cached pages, and ends a logout there, within ${WITHIN_MS} ms`, { timeout: 120_000 }, async () => {
      const [a, b] = servers.map((s) => s.url);
      const took: number[] = [];
      for (let n = 0; n < TRIES; n++) {
        const id = await createIdea(deps, author);
        expect((await api(b, 'GET', `/api/ideas/${id}`)).status).toBe(200);
        expect((await api(a, 'POST', `/api/admin/ideas/${id}/take-down`, admin.token, { reason: '违反社区规范' })).status).toBe(200);
        const answeredAt = performance.now();
        let sentAt = answeredAt;
        while ((await api(b, 'GET', `/api/ideas/${id}`)).status !== 404) {
          sentAt = performance.now();
          if (sentAt - answeredAt > 2000) throw new Error(`idea ${id} still served by B after 2 s`);
        }
        took.push(sentAt - answeredAt);
      }
      took.sort((x, y) => x - y);
      console.log(`[change-bus processes ${dialect}] p50 ${took[TRIES / 2 - 1].toFixed(1)} ms, p99 ${took[Math.ceil(TRIES * 0.99) - 1].toFixed(1)} ms`);
      expect(took[Math.ceil(TRIES * 0.99) - 1]).toBeLessThan(WITHIN_MS);

      // The guests' newest list: a publish through A shows on B's cached list, a take-down leaves it, both at once.
      const newest = '/api/marketplace/ideas?sort=newest&limit=20';
      const ids = async () => ((await api(b, 'GET', newest)).body.data as { id: number }[]).map((card) => card.id);
      await ids();
      const published = await api(a, 'POST', '/api/ideas', author.token, { status: 'published', title: `两个进程${randomUUID().slice(0, 8)}`, description: '经由 Redis 即时可见' });
      expect(published.status).toBe(201);
      expect(await ids()).toContain(published.body.data.id);
      expect((await api(a, 'POST', `/api/admin/ideas/${published.body.data.id}/take-down`, admin.token, { reason: '违反社区规范' })).status).toBe(200);
      expect(await ids()).not.toContain(published.body.data.id);

      for (let n = 0; n < 10; n++) {
        const member = await createUser(deps);
        expect((await api(b, 'GET', '/api/auth/me', member.token)).status).toBe(200);
        expect((await api(a, 'POST', '/api/auth/logout', member.token, {})).status).toBe(200);
        await refusedWithin(async () => (await api(b, 'GET', '/api/auth/me', member.token)).status, WITHIN_MS);
      }
    });

    it('closes both Redis connections of each process on SIGTERM', { timeout: 30_000 }, async () => {
      const admin = new Redis(redis.url);
      try {
        const ours = async () => ((await admin.client('LIST')) as string).split('\n').filter((line) => line.includes('name=hunter-ideas-changes')).length;
        expect(await ours()).toBe(4);
        for (const s of servers) s.child.kill('SIGTERM');
        expect(await Promise.all(servers.map((s) => s.exited))).toEqual([0, 0]);
        for (const s of servers) {
          expect(s.output()).toContain('已安全关闭');
          expect(s.output()).not.toContain('Redis 无法连接');
        }
        expect(await ours()).toBe(0);
      } finally {
        admin.disconnect();
      }
    });
  });
});
