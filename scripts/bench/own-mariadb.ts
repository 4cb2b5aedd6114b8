/**
 * A MariaDB server of one's own, to stop, kill, freeze and start again: `mariadbd` on a free port
 * with a data folder made by `mariadb-install-db` in a temp folder (as root, the way CI runs). For
 * test/database/database-restart.test.ts and test/database/read-replica.test.ts (which skip when
 * /usr/sbin/mariadbd is missing, and only then) and `npm run load`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createConnection } from 'mysql2/promise';

export const MARIADBD = '/usr/sbin/mariadbd';
export const HAVE_MARIADBD = fs.existsSync(MARIADBD);

export interface OwnMariadb {
  port: number;
  /** `mysql://root@127.0.0.1:<port>/<database>`. */
  url(database: string): string;
  /** Starts the server on its data folder and resolves once it answers. */
  start(): Promise<void>;
  /** Ends the server with `signal` (SIGTERM: a clean shutdown; SIGKILL: a crash) and waits for it to be gone. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** SIGSTOP: the server holds its connections and answers nothing (a hung database). */
  freeze(): void;
  thaw(): void;
  running(): boolean;
  /** Stops the server if it runs and removes its folder. */
  cleanup(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

function installDbCommand(): string {
  for (const candidate of ['/usr/bin/mariadb-install-db', '/usr/bin/mysql_install_db', '/usr/local/bin/mariadb-install-db']) if (fs.existsSync(candidate)) return candidate;
  return 'mariadb-install-db';
}

export interface OwnMariadbOptions {
  /**
   * More `mariadbd` options, after the usual ones: `--log-bin` (then the binary log is on, else it is
   * off), `--server-id=2`… (a primary and its replica, test/database/read-replica.test.ts).
   */
  serverArgs?: string[];
}

export async function createOwnMariadb({ serverArgs = [] }: OwnMariadbOptions = {}): Promise<OwnMariadb> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hunter-mariadb-'));
  const dataDir = path.join(dir, 'data');
  const install = spawnSync(installDbCommand(), ['--no-defaults', `--datadir=${dataDir}`, '--user=root', '--auth-root-authentication-method=normal', '--skip-test-db'], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (install.status !== 0) throw new Error(`mariadb-install-db failed (${install.status}):\n${install.stdout}\n${install.stderr}`);
  const port = await freePort();
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();

  const ping = async () => {
    const conn = await createConnection({ host: '127.0.0.1', port, user: 'root', connectTimeout: 500 });
    await conn.end();
  };

  const own: OwnMariadb = {
    port,
    url: (database) => `mysql://root@127.0.0.1:${port}/${database}`,
    async start() {
      const args = [
        '--no-defaults',
        `--datadir=${dataDir}`,
        `--port=${port}`,
        '--bind-address=127.0.0.1',
        `--socket=${path.join(dir, 'mariadb.sock')}`,
        `--pid-file=${path.join(dir, 'mariadb.pid')}`,
        `--log-error=${path.join(dir, 'error.log')}`,
        '--user=root',
        ...(serverArgs.some((a) => a.startsWith('--log-bin')) ? [] : ['--skip-log-bin']),
        '--innodb-buffer-pool-size=64M',
        '--max-connections=200',
        ...serverArgs,
      ];
      const started = spawn(MARIADBD, args, { stdio: 'ignore' });
      child = started;
      exited = new Promise((resolve) => started.once('exit', () => resolve()));
      const deadline = Date.now() + 30_000;
      for (;;) {
        if (started.exitCode !== null) throw new Error(`mariadbd exited (${started.exitCode}):\n${fs.readFileSync(path.join(dir, 'error.log'), 'utf8').slice(-2000)}`);
        try {
          await ping();
          return;
        } catch {
          if (Date.now() > deadline) throw new Error('mariadbd did not answer within 30 s');
          await new Promise((r) => setTimeout(r, 50));
        }
      }
    },
    async stop(signal = 'SIGTERM') {
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      if (signal !== 'SIGCONT') child.kill('SIGCONT');
      child.kill(signal);
      await exited;
    },
    freeze() {
      child?.kill('SIGSTOP');
    },
    thaw() {
      child?.kill('SIGCONT');
    },
    running: () => !!child && child.exitCode === null && child.signalCode === null,
    async cleanup() {
      await own.stop('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return own;
}
