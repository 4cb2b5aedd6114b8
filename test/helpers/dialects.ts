/**
 * Every data test runs on SQLite and, when TEST_MYSQL_URL is set, on MySQL/MariaDB; each test file
 * gets its own throw-away database on each dialect.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { createConnection } from 'mysql2/promise';
import { describe } from 'vitest';
import { dropMysqlDatabase, openDatabase, parseMysqlUrl, type DatabaseHandle, type DatabaseOptions, type DialectName } from '../../db/connection.ts';
import { migrateToLatest } from '../../db/migrate.ts';

/**
 * CI (.ci/run) sets REQUIRE_MARIADB=1: without TEST_MYSQL_URL every data test file fails instead of
 * running on SQLite alone, where the concurrency tests pass whatever the row locks do (test/database/row-locks.test.ts).
 */
if (process.env.REQUIRE_MARIADB === '1' && !process.env.TEST_MYSQL_URL) {
  throw new Error('REQUIRE_MARIADB=1 but TEST_MYSQL_URL is not set: the data tests must run on MariaDB too');
}

export const DIALECTS: DialectName[] = process.env.TEST_MYSQL_URL ? ['sqlite', 'mysql'] : ['sqlite'];

/**
 * A suite that runs on MariaDB alone. Without TEST_MYSQL_URL it is skipped, saying why: a file that
 * defines no test at all is failed by vitest ("No test suite found in file").
 */
export function describeOnMariaDB(name: string, suite: () => void): void {
  if (process.env.TEST_MYSQL_URL) describe(name, suite);
  else describe.skip(`${name} (skipped: MariaDB only, TEST_MYSQL_URL is not set)`, suite);
}

export interface TestDatabase {
  url: string;
  handle: DatabaseHandle;
  drop(): Promise<void>;
}

export function mysqlUrlWithDatabase(base: string, name: string): string {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * A fresh database, migrated (unless `migrate` is false). On MySQL/MariaDB `collation` creates it the way someone else might have
 * (`utf8mb4_unicode_ci`, `latin1_swedish_ci`…) instead of the way the app would.
 */
export async function createTestDatabase(dialect: DialectName, options: { collation?: string; database?: Partial<DatabaseOptions>; migrate?: boolean } = {}): Promise<TestDatabase> {
  const suffix = `${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const url = dialect === 'mysql' ? mysqlUrlWithDatabase(process.env.TEST_MYSQL_URL!, `hunter_test_${suffix}`) : `sqlite:${path.join(os.tmpdir(), `hunter-test-${suffix}.db`)}`;
  if (dialect === 'mysql' && options.collation) await createMysqlDatabase(url, options.collation);
  const handle = await openDatabase(url, options.database);
  if (options.migrate !== false) await migrateToLatest(handle.db);
  return {
    url,
    handle,
    async drop() {
      await handle.close();
      if (dialect === 'mysql') await dropMysqlDatabase(url);
      else for (const ext of ['', '-wal', '-shm']) fs.rmSync(url.slice('sqlite:'.length) + ext, { force: true });
    },
  };
}

/** Creates the database with the given collation (and its character set), as an operator might have. */
export async function createMysqlDatabase(url: string, collation: string): Promise<void> {
  const { database, ...target } = parseMysqlUrl(url);
  const charset = collation.split('_')[0];
  const admin = await createConnection(target);
  try {
    await admin.query(`CREATE DATABASE \`${database}\` CHARACTER SET ${charset} COLLATE ${collation}`);
  } finally {
    await admin.end();
  }
}
