import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, MysqlDialect, SqliteDialect, type MysqlPool } from 'kysely';
import { createPool, type Pool, type PoolConnection } from 'mysql2';
import { DatabaseUnavailableError } from './failures.ts';
import { BooleanToIntPlugin } from './portable.ts';
import { runStatementsDirectly } from './prepared.ts';
import { TurnReads } from './turn-reads.ts';
import { withStatementRetries } from './transaction.ts';
import type { Database } from './types.ts';

export type DialectName = 'sqlite' | 'mysql';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** The driver's own client, for libraries that need it (rate-limiter-flexible). */
  sqlite?: SQLite.Database;
  /** mysql2's pool itself (scripts that EXPLAIN); the app goes through `mysqlClient`. */
  mysqlPool?: Pool;
  /** The pool as the app uses it: bounded waits, each connection's session set (`guardPool`). */
  mysqlClient?: MysqlPool;
  mysqlDatabase?: string;
  /** The read replica's handle (DATABASE_READ_URL, db/replica.ts `attachReadReplica`), when one is attached. */
  replica?: { readonly db: Kysely<Database> };
  close(): Promise<void>;
}

export const DEFAULT_SQLITE_FILE = './data/hunter.db';

export function dialectOf(url: string | undefined): DialectName {
  return url && /^mysql2?:\/\//.test(url) ? 'mysql' : 'sqlite';
}

/** The SQLite file a DATABASE_URL names (backups and restores use it too). */
export function sqliteFile(url: string | undefined): string {
  if (!url) return DEFAULT_SQLITE_FILE;
  const file = url.replace(/^sqlite:(\/\/)?/, '');
  return file || DEFAULT_SQLITE_FILE;
}

/**
 * How the app uses a MySQL/MariaDB server (docs/configuration.md, `DB_*`): a bounded pool, a bounded
 * queue and bounded waits, so a slow or absent database answers 503 at once instead of piling up
 * requests. SQLite reads none of these but `lockWaitTimeoutSeconds` (its busy timeout).
 */
export interface DatabaseOptions {
  /** Connections per process (DB_POOL_SIZE). */
  poolSize: number;
  /** Requests waiting for a connection past which a new one is refused at once (DB_QUEUE_LIMIT). */
  queueLimit: number;
  /** How long a request waits for a connection, queued or being opened (DB_ACQUIRE_TIMEOUT_MS). */
  acquireTimeoutMs: number;
  /** Opening a connection (DB_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs: number;
  /** One statement's time on the server (max_statement_time / max_execution_time); the client gives up 2 s later (DB_QUERY_TIMEOUT_MS). */
  queryTimeoutMs: number;
  /** A row lock waited for this long is given up (innodb_lock_wait_timeout; SQLite's busy timeout) and the transaction retried (DB_LOCK_WAIT_TIMEOUT_SECONDS). */
  lockWaitTimeoutSeconds: number;
}

export const DEFAULT_DATABASE_OPTIONS: DatabaseOptions = {
  poolSize: 10,
  queueLimit: 200,
  acquireTimeoutMs: 3000,
  connectTimeoutMs: 3000,
  queryTimeoutMs: 10_000,
  lockWaitTimeoutSeconds: 5,
};

/**
 * Opens the database named by DATABASE_URL: `mysql://…` for MySQL/MariaDB, else an SQLite file.
 * A MySQL database that is not there is made (the server's first start) unless `createMissing` is
 * false: a command given a mistyped name made a whole empty database of it (an outside review).
 */
export async function openDatabase(url: string | undefined, options: Partial<DatabaseOptions> = {}, { createMissing = true } = {}): Promise<DatabaseHandle> {
  const o = { ...DEFAULT_DATABASE_OPTIONS, ...options };
  return dialectOf(url) === 'mysql' ? openMysql(url!, o, createMissing) : openSqlite(sqliteFile(url), o);
}

/**
 * Kysely prepares every query anew; preparing costs 4–20× running a small one (a `select *` on
 * `ideas`: 94 µs prepared each time, 18 µs from this cache). Statements are kept per SQL text, up
 * to a bound. Reuse is safe: Kysely runs one query at a time on its single SQLite connection and
 * nothing streams (`.stream()` would hold a statement across awaits); better-sqlite3 re-prepares a
 * statement itself after a schema change.
 */
const STATEMENT_CACHE_MAX = 1000;

function withStatementCache(sqlite: SQLite.Database): SQLite.Database {
  const statements = new Map<string, SQLite.Statement>();
  const prepare = sqlite.prepare.bind(sqlite);
  return new Proxy(sqlite, {
    get(target, key, receiver) {
      if (key !== 'prepare') {
        const value = Reflect.get(target, key, receiver);
        // Native methods need the real database as `this`.
        return typeof value === 'function' ? value.bind(target) : value;
      }
      return (source: string) => {
        let statement = statements.get(source);
        if (!statement) {
          if (statements.size >= STATEMENT_CACHE_MAX) statements.delete(statements.keys().next().value!);
          statement = prepare(source);
          statements.set(source, statement);
        }
        return statement;
      };
    },
  });
}

function openSqlite(file: string, o: DatabaseOptions): DatabaseHandle {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`busy_timeout = ${o.lockWaitTimeoutSeconds * 1000}`);
  // Off by default in SQLite (STACK-NOTES trap 3).
  sqlite.pragma('foreign_keys = ON');
  // Hot reads run on a read-only connection of their own, a turn's in one read transaction
  // (turn-reads.ts); the guard marks each use of this one, so the next read sees what it wrote.
  // An in-memory database cannot be opened twice: its hot reads go through Kysely.
  const turnReads = file === ':memory:' ? undefined : new TurnReads(file);
  const guarded = <T extends object>(client: T) => (turnReads ? turnReads.guard(client) : client);
  const db = new Kysely<Database>({
    // Statements outside a transaction are retried when another process holds the file (transaction.ts).
    // The guard outside the statement cache: a statement taken from the cache is a use too.
    dialect: withStatementRetries(new SqliteDialect({ database: guarded(withStatementCache(sqlite)) }), { reconnectReads: false }),
    plugins: [new BooleanToIntPlugin()],
  });
  if (turnReads) runStatementsDirectly(db, turnReads);
  return {
    db,
    dialect: 'sqlite',
    sqlite: guarded(sqlite),
    async close() {
      await db.destroy();
      turnReads?.close();
    },
  };
}

export interface MysqlTarget {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
}

export function parseMysqlUrl(url: string): MysqlTarget {
  const u = new URL(url.replace(/^mysql2:/, 'mysql:'));
  const database = decodeURIComponent(u.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]+$/.test(database)) throw new Error(`DATABASE_URL 需要一个由字母、数字或下划线组成的数据库名：${database}`);
  return {
    host: u.hostname || '127.0.0.1',
    port: Number(u.port || 3306),
    user: decodeURIComponent(u.username || 'root'),
    password: decodeURIComponent(u.password),
    database,
  };
}

const driverOptions = {
  charset: 'utf8mb4',
  // Times are stored as UTC text; mysql2 must not shift them (STACK-NOTES trap 2).
  timezone: 'Z',
  dateStrings: true,
  supportBigNumbers: true,
} as const;

/**
 * Creates the database if it is missing: utf8mb4 with the binary, no-pad collation every table
 * declares too (migration 2026_11_26_0002), so text compares as on SQLite and emoji and rare CJK
 * characters stay apart (trap 8). A database someone else created keeps its default; the tables
 * declare their own.
 */
export async function ensureMysqlDatabase(target: MysqlTarget): Promise<void> {
  const admin = createPool({ ...driverOptions, host: target.host, port: target.port, user: target.user, password: target.password, connectionLimit: 1 }).promise();
  try {
    const [rows] = await admin.query("SHOW COLLATION WHERE Collation IN ('utf8mb4_nopad_bin', 'utf8mb4_0900_bin')");
    const names = (rows as { Collation: string }[]).map((r) => r.Collation);
    const collation = names.includes('utf8mb4_nopad_bin') ? 'utf8mb4_nopad_bin' : (names[0] ?? 'utf8mb4_bin');
    await admin.query(`CREATE DATABASE IF NOT EXISTS \`${target.database}\` CHARACTER SET utf8mb4 COLLATE ${collation}`);
  } finally {
    await admin.end();
  }
}

export async function dropMysqlDatabase(url: string): Promise<void> {
  const target = parseMysqlUrl(url);
  const admin = createPool({ ...driverOptions, host: target.host, port: target.port, user: target.user, password: target.password, connectionLimit: 1 }).promise();
  try {
    await admin.query(`DROP DATABASE IF EXISTS \`${target.database}\``);
  } finally {
    await admin.end();
  }
}

/**
 * Each connection's session, set before its first use: UTC (trap 2), a short lock wait (a conflict is
 * retried, transaction.ts, instead of held for InnoDB's default 50 s) and a time limit per statement
 * (MariaDB's max_statement_time covers every statement; MySQL's max_execution_time only SELECTs).
 */
function sessionSql(conn: PoolConnection, o: DatabaseOptions): string {
  const mariadb = (conn as unknown as { _isMariaDB?: boolean })._isMariaDB !== false;
  const limit = mariadb ? `max_statement_time = ${o.queryTimeoutMs / 1000}` : `max_execution_time = ${o.queryTimeoutMs}`;
  return `SET time_zone = '+00:00', innodb_lock_wait_timeout = ${o.lockWaitTimeoutSeconds}, ${limit}`;
}

type Callback = (err: Error | null, ...rest: unknown[]) => void;

/** A statement under the client's timeout: its callback is called once, with the answer or QUERY_TIMEOUT. */
interface TimedStatement {
  conn: PoolConnection;
  callback: Callback;
  timeoutMs: number;
  timer?: NodeJS.Timeout;
  settled: boolean;
}

// The two ends of a timed statement are these functions bound to its state (`bind`, `setTimeout`'s
// argument), not closures made per statement: with a closure wrapping the callback, each statement
// left about 5 KB that outlived the young generation (10,000 plain 50-row queries in a loop: 48 MB
// promoted and 160-200 ms of collections, against 4.3 MB and 22-28 ms; measured, not explained).
function answered(this: TimedStatement, err: Error | null, rows?: unknown, fields?: unknown): void {
  if (this.settled) return;
  this.settled = true;
  clearTimeout(this.timer);
  this.callback(err, rows, fields);
}

function timedOut(statement: TimedStatement): void {
  statement.settled = true;
  statement.conn.destroy();
  statement.callback(new DatabaseUnavailableError('QUERY_TIMEOUT', `no answer from the database within ${statement.timeoutMs} ms`));
}

/** Migrations running in this process (they run before it serves anything): see withoutClientTimeout. */
let migrating = 0;

/**
 * `run` with no client cut-off on this process's statements: a migration may rebuild a large table
 * for minutes, and a second process waits for the first one's migration lock. An outside review
 * saw both cut after 12 s: a migration left half done (MariaDB cannot take back a table change) and
 * a second process dead at start. The server's own limit is lifted per connection (db/migrate.ts).
 */
export async function withoutClientTimeout<T>(run: () => Promise<T>): Promise<T> {
  migrating++;
  try {
    return await run();
  } finally {
    migrating--;
  }
}

/**
 * A statement the server never answers (a hung server, a network that drops packets) would hold its
 * request and connection for ever: past the server's own limit and a margin, the connection is
 * destroyed and the statement fails as QUERY_TIMEOUT.
 */
function withClientTimeout(conn: PoolConnection, timeoutMs: number): void {
  const query = conn.query.bind(conn) as (...args: unknown[]) => unknown;
  (conn as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback !== 'function' || migrating > 0) return query(...args);
    const statement: TimedStatement = { conn, callback: callback as Callback, timeoutMs, settled: false };
    statement.timer = setTimeout(timedOut, timeoutMs, statement);
    statement.timer.unref();
    args[last] = answered.bind(statement);
    return query(...args);
  };
}

/**
 * The pool as the app and the rate limiter use it (Kysely's and rate-limiter-flexible's pool
 * interface is `getConnection(cb)`): a connection that does not come within acquireTimeoutMs is
 * refused (POOL_ACQUIRE_TIMEOUT; one that comes later goes back to the pool), a full queue is refused
 * at once (POOL_QUEUE_FULL), and a new connection gets its session (`sessionSql`) before first use.
 */
export type GuardedPool = MysqlPool & { getConnection(cb: (err: unknown, conn: PoolConnection) => void): void };

export function guardPool(pool: Pool, o: DatabaseOptions, { readOnly = false } = {}): GuardedPool {
  const prepared = new WeakSet<PoolConnection>();
  // A read replica's connections refuse every write, whatever reaches them (db/replica.ts).
  const session = (conn: PoolConnection, done: (err: unknown) => void) =>
    conn.query(sessionSql(conn, o), (err: unknown) => (err || !readOnly ? done(err) : conn.query('SET SESSION TRANSACTION READ ONLY', (e: unknown) => done(e))));
  return {
    getConnection(cb) {
      let settled = false;
      const timer = setTimeout(() => {
        settled = true;
        cb(new DatabaseUnavailableError('POOL_ACQUIRE_TIMEOUT', `no database connection within ${o.acquireTimeoutMs} ms`), undefined as never);
      }, o.acquireTimeoutMs);
      timer.unref();
      const hand = (err: unknown, conn?: PoolConnection) => {
        if (settled) {
          conn?.release();
          return;
        }
        settled = true;
        clearTimeout(timer);
        if (err) cb(err, undefined as never);
        else cb(null, conn!);
      };
      pool.getConnection((err, conn) => {
        if (err) {
          const message = (err as Error).message;
          if (message === 'Queue limit reached.') return hand(new DatabaseUnavailableError('POOL_QUEUE_FULL', `more than ${o.queueLimit} requests waiting for a database connection`, { cause: err }));
          if (message === 'Pool is closed.') return hand(new DatabaseUnavailableError('POOL_CLOSED', 'the database pool is closed', { cause: err }));
          return hand(err);
        }
        if (prepared.has(conn)) return hand(null, conn);
        session(conn, (setupError: unknown) => {
          if (setupError) {
            conn.destroy();
            return hand(setupError);
          }
          prepared.add(conn);
          withClientTimeout(conn, o.queryTimeoutMs + 2000);
          hand(null, conn);
        });
      });
    },
    end(cb) {
      pool.end(cb);
    },
  };
}

/** mysql2's pool for a server, sized and timed by `o`. */
export function createMysqlPool(target: MysqlTarget, o: DatabaseOptions): Pool {
  const pool = createPool({
    ...driverOptions,
    ...target,
    connectionLimit: o.poolSize,
    queueLimit: o.queueLimit,
    connectTimeout: o.connectTimeoutMs,
    // Dead peers are noticed by TCP keep-alive, not by the next request.
    enableKeepAlive: true,
    keepAliveInitialDelay: 10_000,
  });
  // mysql2 emits 'error' on a dead connection for a command sent without a callback (the rate
  // limiter's ROLLBACK), and the pool listens only once: a second such error, with no listener left,
  // would throw out of the driver and end the process when the database goes away.
  pool.on('connection', (conn) => conn.on('error', () => {}));
  return pool;
}

async function openMysql(url: string, o: DatabaseOptions, createMissing: boolean): Promise<DatabaseHandle> {
  const target = parseMysqlUrl(url);
  if (createMissing) await ensureMysqlDatabase(target);
  const pool = createMysqlPool(target, o);
  const client = guardPool(pool, o);
  const db = new Kysely<Database>({
    dialect: withStatementRetries(new MysqlDialect({ pool: client }), { reconnectReads: true }),
    plugins: [new BooleanToIntPlugin()],
  });
  return {
    db,
    dialect: 'mysql',
    mysqlPool: pool,
    mysqlClient: client,
    mysqlDatabase: target.database,
    async close() {
      // Kysely's destroy ends the pool it was given.
      await db.destroy();
    },
  };
}
