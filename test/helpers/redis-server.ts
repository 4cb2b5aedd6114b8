/**
 * A redis-server of the test's own, on a free port with a password, that the test can kill and start
 * again (Redis out of reach, then back). Nothing is saved to disk. CI installs redis-server (.ci/run);
 * without the binary, `describeWithRedis` skips its suite, saying why.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { describe } from 'vitest';

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

/** A suite that needs redis-server; skipped visibly where it is not installed (CI requires it). */
export function describeWithRedis(name: string, suite: () => void): void {
  if (hasRedisServer || process.env.CI) describe(name, suite);
  else describe.skip(`${name} (skipped: redis-server is not installed)`, suite);
}

/** A port nothing listens on (taken and let go). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface TestRedis {
  /** `redis://:password@127.0.0.1:port`, as REDIS_URL. */
  url: string;
  port: number;
  password: string;
  /** SIGKILL: out of reach at once, as a crash. */
  kill(): Promise<void>;
  /** Again on the same port and password (nothing when it runs). */
  start(): Promise<void>;
}

export async function startRedisServer(): Promise<TestRedis> {
  const port = await freePort();
  const password = randomBytes(12).toString('hex');
  let child: ChildProcess | undefined;
  const start = async () => {
    if (child && child.exitCode === null && child.signalCode === null) return;
    const started = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--requirepass', password], { stdio: ['ignore', 'pipe', 'pipe'] });
    child = started;
    await new Promise<void>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${out}`)), 10_000);
      started.stdout!.on('data', (chunk: Buffer) => {
        out += chunk;
        if (out.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      started.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited (${code}):\n${out}`));
      });
    });
  };
  await start();
  return {
    url: `redis://:${password}@127.0.0.1:${port}`,
    port,
    password,
    async kill() {
      const running = child;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
    start,
  };
}

/**
 * How long after a write's answer another process first refuses a read: asked again until `read`
 * gives 401, failing past `withinMs`. Usually the very next read (the writer waits for its drop to
 * come back through Redis); on a loaded machine the other process may take a few milliseconds more.
 */
export async function refusedWithin(read: () => Promise<number>, withinMs: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    if ((await read()) === 401) return performance.now() - started;
    if (performance.now() - started > withinMs) throw new Error(`the other process still answered the ended session ${withinMs} ms after the logout`);
  }
}
