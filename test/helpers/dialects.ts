/**
 * Every data test runs on SQLite and, when TEST_MYSQL_URL is set, on MySQL/MariaDB; each test file
 * gets its own throw-away database on each dialect.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { dropMysqlDatabase, openDatabase, type DatabaseHandle, type DialectName } from '../../db/connection.ts';
import { migrateToLatest } from '../../db/migrate.ts';

export const DIALECTS: DialectName[] = process.env.TEST_MYSQL_URL ? ['sqlite', 'mysql'] : ['sqlite'];

export interface TestDatabase {
  url: string;
  handle: DatabaseHandle;
  drop(): Promise<void>;
}

function mysqlUrlWithDatabase(base: string, name: string): string {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function createTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  const suffix = `${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const url =
    dialect === 'mysql'
      ? mysqlUrlWithDatabase(process.env.TEST_MYSQL_URL!, `hunter_test_${suffix}`)
      : `sqlite:${path.join(os.tmpdir(), `hunter-test-${suffix}.db`)}`;
  const handle = await openDatabase(url);
  await migrateToLatest(handle.db);
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
