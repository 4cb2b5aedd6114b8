/**
 * Upgrading a database an older version made (an outside review: 48 of 542 versions could not be
 * upgraded). Some migrations landed with names earlier than ones already run elsewhere, and one was
 * renamed after a branch ran it; a failed migration is named. On both databases.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnection } from 'mysql2/promise';
import { parseMysqlUrl, withoutClientTimeout } from '../db/connection.ts';
import { databaseFailure } from '../db/failures.ts';
import * as rejectedTexts from '../db/migrations/2026_11_27_0003_rejected_texts.ts';
import { migrateToLatest, MigrationError, pendingMigrations } from '../db/migrate.ts';
import { createTestDatabase, DIALECTS, type TestDatabase } from './helpers/dialects.ts';

describe.each(DIALECTS)('upgrading an older database, on %s', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await t?.drop();
  });
  const ran = async () => (await t.handle.db.selectFrom('kysely_migration' as never).select('name' as never).execute()).map((r) => (r as { name: string }).name);

  it('runs a migration missing from the middle of those already run', async () => {
    // As a version made before rejected_texts landed, but after later-named ones had run.
    await rejectedTexts.down(t.handle.db);
    await t.handle.db.deleteFrom('kysely_migration' as never).where('name' as never, '=', '2026_11_27_0003_rejected_texts' as never).execute();
    expect(await pendingMigrations(t.handle.db)).toEqual(['2026_11_27_0003_rejected_texts']);
    expect(await migrateToLatest(t.handle.db)).toEqual(['2026_11_27_0003_rejected_texts']);
    expect(await t.handle.db.selectFrom('rejected_texts' as never).selectAll().execute()).toEqual([]);
    expect(await pendingMigrations(t.handle.db)).toEqual([]);
  });

  it('knows a migration a database ran under its old name', async () => {
    await t.handle.db.updateTable('kysely_migration' as never).set({ name: '2026_11_26_0016_search_words' } as never).where('name' as never, '=', '2026_11_27_0001_search_words' as never).execute();
    expect(await migrateToLatest(t.handle.db)).toEqual([]);
    expect(await ran()).toContain('2026_11_27_0001_search_words');
    expect(await ran()).not.toContain('2026_11_26_0016_search_words');
  });

  it('names the migration that failed', async () => {
    // Its table is there but it is not recorded (a migration cut half way): it cannot run again.
    await t.handle.db.deleteFrom('kysely_migration' as never).where('name' as never, '=', '2026_11_28_0002_publish_slots' as never).execute();
    const failure = await migrateToLatest(t.handle.db).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(MigrationError);
    expect((failure as MigrationError).migrationName).toBe('2026_11_28_0002_publish_slots');
  });
});

describe.each(DIALECTS.filter((d) => d === 'mysql'))('a long migration, on %s', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    // The client gives up on a statement 2 s past this.
    t = await createTestDatabase(dialect, { database: { queryTimeoutMs: 200 } });
  });
  afterAll(async () => {
    await t?.drop();
  });

  it("is not cut by the client's time limit (a table rebuilt for minutes, a second process waiting for the lock)", async () => {
    const sleep = () =>
      t.handle.db.connection().execute(async (conn) => {
        // The server's own limit off, as migrateToLatest does for its connection.
        await sql`SET SESSION max_statement_time = 0`.execute(conn);
        return sql`SELECT SLEEP(3) AS slept`.execute(conn);
      });
    await expect(sleep()).rejects.toThrow(/no answer from the database within 2200 ms/);
    expect((await withoutClientTimeout(sleep)).rows).toEqual([{ slept: 0 }]);
  }, 20_000);
});

describe.each(DIALECTS.filter((d) => d === 'mysql'))('a migration whose connection is lost, on %s', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('is a database out of reach (a start tries again), not a failed migration (restore the backup)', async () => {
    await t.handle.db.deleteFrom('kysely_migration' as never).where('name' as never, '=', '2026_11_28_0002_publish_slots' as never).execute();
    // Another process holds the migration lock: this one waits for it, then its connection drops.
    const holder = await createConnection(parseMysqlUrl(t.url));
    try {
      await holder.query("SELECT GET_LOCK('ea586330-2c93-47c8-908d-981d9d270f9d', 60)");
      const migrating = migrateToLatest(t.handle.db).catch((err: unknown) => err);
      let waiting: { id: number } | undefined;
      for (let i = 0; i < 100 && !waiting; i++) {
        const [rows] = await holder.query("SELECT id FROM information_schema.processlist WHERE info LIKE 'select get_lock(%' AND id <> CONNECTION_ID()");
        waiting = (rows as { id: number }[])[0];
        if (!waiting) await new Promise((r) => setTimeout(r, 50));
      }
      expect(waiting).toBeDefined();
      await holder.query(`KILL CONNECTION ${Number(waiting!.id)}`);
      const failure = await migrating;
      expect(failure).not.toBeInstanceOf(MigrationError);
      expect(databaseFailure(failure)).toBe('connection');
    } finally {
      await holder.end();
    }
  }, 20_000);
});
