/**
 * A process started while its MariaDB cannot be reached (an outside review: it died at once with a raw
 * stack trace, so a database restarting with the app, or a rollout after a power cut, put every
 * process in a restart loop). It says so in its log every 2 s and starts by itself once the database
 * answers; past DB_START_WAIT_MS it gives up and exits with an error. The database "comes up" as a
 * TCP relay to the test's MariaDB opened on the port the server was given. MariaDB only.
 */
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, type ChildServer } from '../helpers/child-server.ts';
import { processDatabase, type ProcessDatabase } from '../helpers/process-db.ts';

/** A port nothing listens on yet. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Relays every connection on `port` to the real database. */
async function relay(port: number, to: { host: string; port: number }): Promise<net.Server> {
  const server = net.createServer((client) => {
    const upstream = net.connect(to.port, to.host);
    client.pipe(upstream).pipe(client);
    const end = () => (client.destroy(), upstream.destroy());
    client.on('error', end);
    upstream.on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

describe.runIf(!!process.env.TEST_MYSQL_URL)('a process started before its database answers', () => {
  const dbs: ProcessDatabase[] = [];
  const servers: ChildServer[] = [];
  const relays: net.Server[] = [];
  afterAll(async () => {
    for (const s of servers) s.child.kill('SIGKILL');
    for (const r of relays) r.close();
    for (const db of dbs) await db.cleanup().catch(() => undefined);
  });

  /** The process database's URL, pointed at `port` on this machine. */
  const atPort = (port: number) => {
    const db = processDatabase('mysql');
    dbs.push(db);
    const url = new URL(db.url);
    const real = { host: url.hostname, port: Number(url.port || 3306) };
    url.hostname = '127.0.0.1';
    url.port = String(port);
    return { url: url.toString(), real };
  };

  it('waits, saying so, and serves once the database answers', { timeout: 60_000 }, async () => {
    const port = await freePort();
    const { url, real } = atPort(port);
    // Two tries fail (2 s apart), then the database answers.
    let secondTry: () => void;
    const triedTwice = new Promise<void>((resolve) => (secondTry = resolve));
    const starting = spawnServer({ DATABASE_URL: url, DB_START_WAIT_MS: '30000', DB_CONNECT_TIMEOUT_MS: '1000' }, (out) => out.includes('第 2 次') && secondTry()).then((s) => (servers.push(s), s));
    await Promise.race([triedTwice, starting]);
    relays.push(await relay(port, real));
    const server = await starting;
    const out = server.output();
    expect(out).toMatch(/数据库暂时无法连接（ECONNREFUSED），2 秒后重试（第 1 次）/);
    expect(out).toMatch(/第 2 次/);
    expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/ideas/guest`)).status).toBe(200);
  });

  it('gives up after DB_START_WAIT_MS with an error, not a process that hangs', { timeout: 30_000 }, async () => {
    const port = await freePort();
    const { url } = atPort(port);
    const spawned = spawnServer({ DATABASE_URL: url, DB_START_WAIT_MS: '3000', DB_CONNECT_TIMEOUT_MS: '1000' });
    const failed = await spawned.then(
      () => undefined,
      (err: Error) => err.message,
    );
    expect(failed).toMatch(/server exited \(1\)/);
    expect(failed).toMatch(/数据库暂时无法连接（ECONNREFUSED）/);
    // What to check, and no stack trace.
    expect(failed).toMatch(/无法连接数据库（ECONNREFUSED），已等待 3 秒。请检查 DATABASE_URL 和数据库服务是否在运行。/);
    expect(failed).not.toMatch(/\n\s+at /);
  });
});
