import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, MysqlDialect, SqliteDialect } from 'kysely';
import { createPool, type Pool } from 'mysql2';
import { BooleanToIntPlugin } from './portable.ts';
import { runStatementsDirectly } from './prepared.ts';
import type { Database } from './types.ts';

export type DialectName = 'sqlite' | 'mysql';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** The driver's own client, for libraries that need it (rate-limiter-flexible). */
  sqlite?: SQLite.Database;
  mysqlPool?: Pool;
  mysqlDatabase?: string;
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

/** Opens the database named by DATABASE_URL: `mysql://…` for MySQL/MariaDB, else an SQLite file. */
export async function openDatabase(url: string | undefined): Promise<DatabaseHandle> {
  return dialectOf(url) === 'mysql' ? openMysql(url!) : openSqlite(sqliteFile(url));
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

function openSqlite(file: string): DatabaseHandle {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  // Off by default in SQLite (STACK-NOTES trap 3).
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    plugins: [new BooleanToIntPlugin()],
  });
  // Hot reads run their statements on the driver itself (prepared.ts runRead).
  runStatementsDirectly(db, sqlite);
  return {
    db,
    dialect: 'sqlite',
    sqlite,
    async close() {
      await db.destroy();
    },
  };
}

interface MysqlTarget {
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

/** Creates the database if it is missing, with a collation that tells emoji apart (trap 8). */
export async function ensureMysqlDatabase(target: MysqlTarget): Promise<void> {
  const admin = createPool({ ...driverOptions, host: target.host, port: target.port, user: target.user, password: target.password, connectionLimit: 1 }).promise();
  try {
    const [rows] = await admin.query("SHOW COLLATION WHERE Collation IN ('utf8mb4_uca1400_ai_ci', 'utf8mb4_0900_ai_ci')");
    const names = (rows as { Collation: string }[]).map((r) => r.Collation);
    const collation = names.includes('utf8mb4_uca1400_ai_ci') ? 'utf8mb4_uca1400_ai_ci' : names[0] ?? 'utf8mb4_unicode_ci';
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

async function openMysql(url: string): Promise<DatabaseHandle> {
  const target = parseMysqlUrl(url);
  await ensureMysqlDatabase(target);
  const pool = createPool({ ...driverOptions, ...target, connectionLimit: 10 });
  pool.on('connection', (conn) => {
    conn.query("SET time_zone = '+00:00'");
  });
  const db = new Kysely<Database>({
    dialect: new MysqlDialect({ pool }),
    plugins: [new BooleanToIntPlugin()],
  });
  return {
    db,
    dialect: 'mysql',
    mysqlPool: pool,
    mysqlDatabase: target.database,
    async close() {
      // Kysely's destroy ends the pool it was given.
      await db.destroy();
    },
  };
}
