/**
 * Two processes starting at once on a new database both migrate it (two replicas, or a second app
 * process started beside the first). On MySQL Kysely's migrator takes a named lock; on SQLite it takes
 * none, and the later of the two failed on a column the earlier had just added: the server did not
 * start. Each connection here stands for one process. On both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/connection.ts';
import { migrateToLatest, pendingMigrations } from '../../db/migrate.ts';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../helpers/dialects.ts';

describe.each(DIALECTS)('two processes migrating one new database at once, on %s', (dialect) => {
  let t: TestDatabase;
  let other: DatabaseHandle;
  beforeAll(async () => {
    t = await createTestDatabase(dialect, { migrate: false });
    other = await openDatabase(t.url);
  });
  afterAll(async () => {
    await other?.close();
    await t?.drop();
  });

  it('both start: every migration runs once, neither fails', async () => {
    const [first, second] = await Promise.all([migrateToLatest(t.handle.db), migrateToLatest(other.db)]);
    expect(await pendingMigrations(t.handle.db)).toEqual([]);
    // Each migration ran in exactly one of them.
    expect([...first, ...second].sort()).toEqual([...new Set([...first, ...second])].sort());
    expect(first.length + second.length).toBeGreaterThan(20);
  });
});
