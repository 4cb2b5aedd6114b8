/**
 * A read replica (DATABASE_READ_URL; db/replica.ts, src/server/infrastructure/read-routing.ts), tested
 * on a real one: the test starts two `mariadbd` of its own (scripts/bench/own-mariadb.ts), a primary with
 * its binary log on and a replica of it (GTID replication), migrates the primary, and runs a real server
 * process on both. Idea A is then changed on the replica alone (a view count of 777, another title), so
 * every answer says which database it came from:
 *
 * 1. public reads (idea page, view count, marketplace, a member's public page) come from the replica,
 *    a member's public reads too;
 * 2. read-your-writes: after a write, the writer's reads (by member, and by address for a guest's login)
 *    come from the primary for the window, another caller's from the replica; the shared cache's reads
 *    come from the primary for the window after any write; after it, the replica again;
 * 3. a replica lagging past DATABASE_READ_MAX_LAG_SECONDS (its SQL thread held by a read lock) is left
 *    for the primary, and used again once caught up;
 * 4. a frozen replica (SIGSTOP): every read still answers 200 from the primary, within a bound;
 * 5. writes never reach the replica but by replication: with replication stopped, the app's writes are
 *    on the primary and not on the replica, and arrive once it starts again.
 *
 * Skips only where /usr/sbin/mariadbd is missing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createConnection, type Connection, type RowDataPacket } from 'mysql2/promise';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/connection.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { createDeps } from '../../src/server/create-deps.ts';
import { readYourWritesMs } from '../../src/server/infrastructure/read-routing.ts';
import { loadConfig } from '../../src/server/kernel/config.ts';
import { createOwnMariadb, HAVE_MARIADBD, type OwnMariadb } from '../../scripts/bench/own-mariadb.ts';
import { spawnServer, type ChildServer } from '../helpers/child-server.ts';
import { createIdea, createUser } from '../helpers/fixtures.ts';

const DATABASE = 'hunter_replica';
const MAX_LAG_SECONDS = 1;
const WINDOW_MS = readYourWritesMs(MAX_LAG_SECONDS);
const REPLICA_VIEWS = 777;
const REPLICA_TITLE = '副本上的标题';
const PRIMARY_TITLE = '主库上的标题';
/** The longest a read may take while the replica freezes: found down within about 2 s, then the primary. */
const FROZEN_ANSWER_MS = 4000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, probe: () => Promise<T | undefined>, withinMs = 15_000): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`not within ${withinMs} ms: ${what}`);
    await sleep(100);
  }
}

describe.skipIf(!HAVE_MARIADBD)('a read replica', () => {
  let primary: OwnMariadb | undefined;
  let replica: OwnMariadb | undefined;
  let server: ChildServer | undefined;
  let handle: DatabaseHandle | undefined;
  let onReplica: Connection | undefined;
  let uploads: string | undefined;

  afterAll(async () => {
    server?.child.kill('SIGKILL');
    replica?.thaw();
    await onReplica?.end().catch(() => undefined);
    await handle?.close();
    await replica?.cleanup();
    await primary?.cleanup();
    if (uploads) fs.rmSync(uploads, { recursive: true, force: true });
  });

  it('serves public reads from the replica, a writer from the primary, and the primary when the replica lags, hangs or stops', { timeout: 120_000 }, async () => {
    primary = await createOwnMariadb({ serverArgs: ['--log-bin=mariadb-bin', '--server-id=1'] });
    replica = await createOwnMariadb({ serverArgs: ['--server-id=2'] });
    await Promise.all([primary.start(), replica.start()]);
    onReplica = await createConnection({ host: '127.0.0.1', port: replica.port, user: 'root' });
    await onReplica.query(`CHANGE MASTER TO MASTER_HOST='127.0.0.1', MASTER_PORT=${primary.port}, MASTER_USER='root', MASTER_PASSWORD='', MASTER_USE_GTID=slave_pos, MASTER_CONNECT_RETRY=1`);
    await onReplica.query('START SLAVE');

    // The schema and the fixtures are written on the primary and replicated.
    handle = await openDatabase(primary.url(DATABASE));
    await migrateToLatest(handle.db);
    const deps = createDeps(handle, loadConfig());
    const author = await createUser(deps);
    const writer = await createUser(deps);
    const ideaA = await createIdea(deps, author, { title: PRIMARY_TITLE });
    const ideaB = await createIdea(deps, author, { title: '另一个创意' });
    const replicaRow = async (sql: string, values: unknown[]) => ((await onReplica!.query<RowDataPacket[]>(sql, values))[0] as RowDataPacket[])[0];
    await until('the fixtures on the replica', async () => (await replicaRow(`SELECT id FROM ${DATABASE}.ideas WHERE id = ?`, [ideaB]).catch(() => undefined)) ?? undefined);
    // Idea A as the replica alone has it.
    await onReplica.query(`UPDATE ${DATABASE}.ideas SET view_count = ?, title = ? WHERE id = ?`, [REPLICA_VIEWS, REPLICA_TITLE, ideaA]);

    uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'hunter-replica-uploads-'));
    server = await spawnServer({
      DATABASE_URL: primary.url(DATABASE),
      DATABASE_READ_URL: replica.url(DATABASE),
      DATABASE_READ_MAX_LAG_SECONDS: String(MAX_LAG_SECONDS),
      DB_QUERY_TIMEOUT_MS: '2000',
      // Cached pages expire at once: each read below asks its database.
      CACHE_TTL_MS: '1',
      // Each caller its own address (X-Forwarded-For from the loopback).
      TRUST_PROXY: 'loopback',
      UPLOADS_DIR: uploads,
      LOG_LEVEL: 'info',
    });
    const base = server.url;

    interface Got {
      status: number;
      ms: number;
      body: any;
    }
    async function call(method: string, url: string, from: string, options: { token?: string; body?: unknown } = {}): Promise<Got> {
      const headers: Record<string, string> = { 'x-forwarded-for': from };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      const at = Date.now();
      const res = await fetch(base + url, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
      return { status: res.status, body: await res.json().catch(() => ({})), ms: Date.now() - at };
    }
    const views = async (from: string, token?: string) => {
      const got = await call('GET', `/api/ideas/${ideaA}/view-count`, from, { token });
      expect(got.status).toBe(200);
      return got.body.data.viewCount as number;
    };
    const title = async (from: string, token?: string) => {
      const got = await call('GET', `/api/ideas/${ideaA}`, from, { token });
      expect(got.status).toBe(200);
      return got.body.data.title as string;
    };
    const fromReplica = (from: string) => until(`${from}'s reads on the replica`, async () => ((await views(from)) === REPLICA_VIEWS ? true : undefined));

    // 1. Public reads come from the replica (once its first check found it usable).
    await fromReplica('10.0.0.1');
    expect(await title('10.0.0.1')).toBe(REPLICA_TITLE);
    const market = await call('GET', '/api/marketplace/ideas?sort=newest', '10.0.0.1');
    expect(market.body.data.find((card: { id: number }) => card.id === ideaA)?.title).toBe(REPLICA_TITLE);
    const authorsPage = await call('GET', `/api/ideas/user/${author.registrationNumber}`, '10.0.0.1');
    expect(authorsPage.body.data.find((card: { id: number }) => card.id === ideaA)?.title).toBe(REPLICA_TITLE);
    // A member's public reads too, while they have not written.
    expect(await views('10.0.0.2', writer.token)).toBe(REPLICA_VIEWS);

    // 2. Read-your-writes. The writer comments; their reads come from the primary for the window.
    const wroteAt = Date.now();
    const comment = await call('POST', '/api/comments', '10.0.0.2', { token: writer.token, body: { ideaId: ideaB, content: '写完马上读' } });
    expect(comment.status).toBe(201);
    expect(await views('10.0.0.2', writer.token)).toBe(0);
    expect(await title('10.0.0.2', writer.token)).toBe(PRIMARY_TITLE);
    // The same member from another address: it is the member who wrote.
    expect(await views('10.0.0.9', writer.token)).toBe(0);
    // Another caller's uncached read: the replica.
    expect(await views('10.0.0.3')).toBe(REPLICA_VIEWS);
    // A read the shared cache keeps, after a write in this process: the primary, whoever asks.
    expect(await title('10.0.0.3')).toBe(PRIMARY_TITLE);
    // A guest's write (a login) counts for the address it came from.
    const login = await call('POST', '/api/auth/login', '10.0.0.4', { body: { loginType: 'phone', phone: writer.phone, password: writer.password } });
    expect(login.status).toBe(200);
    const lastWriteAt = Date.now();
    expect(await views('10.0.0.4')).toBe(0);
    expect(await views('10.0.0.5')).toBe(REPLICA_VIEWS);
    expect(Date.now() - wroteAt).toBeLessThan(WINDOW_MS);
    // After the window: the replica again, for the writer and for the cached reads.
    await sleep(Math.max(0, lastWriteAt + WINDOW_MS - Date.now()) + 500);
    expect(await views('10.0.0.2', writer.token)).toBe(REPLICA_VIEWS);
    expect(await title('10.0.0.3')).toBe(REPLICA_TITLE);

    // 3. Lag: the replica's SQL thread waits behind a read lock while the primary writes.
    await onReplica.query('FLUSH TABLES WITH READ LOCK');
    await handle.db.updateTable('ideas').set({ description: '主库刚改的介绍' }).where('id', '=', ideaB).execute();
    const lagged = await until('reads on the primary while the replica lags', async () => ((await views('10.0.0.6')) === 0 ? Date.now() : undefined), 8000);
    const status = (await onReplica.query<RowDataPacket[]>('SHOW SLAVE STATUS'))[0][0];
    expect(Number(status.Seconds_Behind_Master)).toBeGreaterThan(MAX_LAG_SECONDS);
    expect(await title('10.0.0.6')).toBe(PRIMARY_TITLE);
    await onReplica.query('UNLOCK TABLES');
    await fromReplica('10.0.0.6');
    expect(Date.now() - lagged).toBeLessThan(8000);

    // 4. The replica hangs (SIGSTOP): every read answers 200 from the primary within the bound.
    replica.freeze();
    // Stopping every thread of a busy server is not instant on a loaded machine.
    await sleep(200);
    const frozenAt = Date.now();
    const during: Got[] = [];
    while (Date.now() - frozenAt < 6000) {
      const [v, t] = await Promise.all([call('GET', `/api/ideas/${ideaA}/view-count`, '10.0.0.7'), call('GET', `/api/ideas/${ideaA}`, '10.0.0.7')]);
      during.push(v, t);
    }
    replica.thaw();
    expect(during.filter((g) => g.status !== 200).map((g) => g.status)).toEqual([]);
    expect(Math.max(...during.map((g) => g.ms))).toBeLessThan(FROZEN_ANSWER_MS);
    const viewCounts = during.filter((g) => 'viewCount' in (g.body.data ?? {})).map((g) => g.body.data.viewCount);
    expect(new Set(viewCounts)).toEqual(new Set([0]));
    // Once found down, reads go to the primary without waiting on it.
    expect(Math.max(...during.slice(-6).map((g) => g.ms))).toBeLessThan(1000);
    await fromReplica('10.0.0.7');

    // 5. Replication stopped: the app's writes are on the primary only, and reach the replica by replication.
    await onReplica.query('STOP SLAVE');
    const countOn = async (where: 'primary' | 'replica') => {
      if (where === 'replica') return Number((await replicaRow(`SELECT count(*) AS n FROM ${DATABASE}.comments WHERE user_id = ?`, [writer.id])).n);
      return Number(
        (
          await handle!.db
            .selectFrom('comments')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('user_id', '=', writer.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    };
    const before = await countOn('replica');
    for (let i = 0; i < 3; i++) {
      expect((await call('POST', '/api/comments', '10.0.0.8', { token: writer.token, body: { ideaId: ideaB, content: `复制停止时的第${i}条评论` } })).status).toBe(201);
    }
    expect((await call('POST', `/api/favorites/${ideaB}`, '10.0.0.8', { token: writer.token, body: { favorite: true } })).status).toBe(200);
    // Reads meanwhile: the primary once the next check finds the replica not replicating.
    await until('reads on the primary while replication is stopped', async () => ((await views('10.0.0.10')) === 0 ? true : undefined), 3000);
    expect(await countOn('primary')).toBe(before + 3);
    expect(await countOn('replica')).toBe(before);
    expect(Number((await replicaRow(`SELECT count(*) AS n FROM ${DATABASE}.favorites WHERE user_id = ?`, [writer.id])).n)).toBe(0);
    await onReplica.query('START SLAVE');
    await until('the writes replicated', async () => ((await countOn('replica')) === before + 3 ? true : undefined));
    await fromReplica('10.0.0.10');

    // Each change of the replica's state was said in the server's log.
    expect(server.output()).toContain('读副本暂不使用');
    expect(server.output()).toContain('读副本可用');
  });
});
