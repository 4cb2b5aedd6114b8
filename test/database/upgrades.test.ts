/**
 * Upgrading a database an older version made (an outside review: 48 of 542 versions could not be
 * upgraded). Some migrations landed with names earlier than ones already run elsewhere, and one was
 * renamed after a branch ran it; a failed migration is named. On both databases.
 */
import { Migrator, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnection } from 'mysql2/promise';
import { parseMysqlUrl, withoutClientTimeout } from '../../db/connection.ts';
import { databaseFailure } from '../../db/failures.ts';
import * as accounts from '../../db/migrations/2026_11_22_0001_accounts.ts';
import * as ideas from '../../db/migrations/2026_11_22_0002_ideas.ts';
import * as pendingUploads from '../../db/migrations/2026_11_22_0003_pending_uploads.ts';
import * as deactivationReason from '../../db/migrations/2026_11_22_0004_deactivation_reason.ts';
import * as rejectedTexts from '../../db/migrations/2026_11_27_0003_rejected_texts.ts';
import * as rejectedTextsOutliveIdeas from '../../db/migrations/2026_11_28_0003_rejected_texts_outlive_ideas.ts';
import { migrateToLatest, MigrationError, pendingMigrations } from '../../db/migrate.ts';
import { failureInWords } from '../../src/server/ops/start-failure.ts';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../helpers/dialects.ts';

describe.each(DIALECTS)('upgrading an older database, on %s', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await t?.drop();
  });
  const ran = async () =>
    (
      await t.handle.db
        .selectFrom('kysely_migration' as never)
        .select('name' as never)
        .execute()
    ).map((r) => (r as { name: string }).name);

  it('runs a migration missing from the middle of those already run', async () => {
    // As a version made before rejected_texts landed, but after later-named ones had run.
    await rejectedTexts.down(t.handle.db);
    await t.handle.db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', '2026_11_27_0003_rejected_texts' as never)
      .execute();
    expect(await pendingMigrations(t.handle.db)).toEqual(['2026_11_27_0003_rejected_texts']);
    expect(await migrateToLatest(t.handle.db)).toEqual(['2026_11_27_0003_rejected_texts']);
    expect(
      await t.handle.db
        .selectFrom('rejected_texts' as never)
        .selectAll()
        .execute(),
    ).toEqual([]);
    expect(await pendingMigrations(t.handle.db)).toEqual([]);
  });

  it("keeps the rejected texts a database has, and from then on past their idea's deletion", async () => {
    const db = t.handle.db;
    await rejectedTextsOutliveIdeas.down(db);
    await db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', '2026_11_28_0003_rejected_texts_outlive_ideas' as never)
      .execute();
    const author = await db
      .insertInto('users')
      .values({
        registration_number: 'bx900001',
        phone: '13900900001',
        password_hash: 'x',
        nickname: '升级',
        avatar_url: '',
        role: 'member',
        status: 'active',
        created_at: '2026-11-27 00:00:00.000',
        updated_at: '2026-11-27 00:00:00.000',
      } as never)
      .executeTakeFirstOrThrow();
    const idea = await db
      .insertInto('ideas')
      .values({
        user_id: Number(author.insertId),
        title: '旧的驳回',
        description: '',
        detailed_analysis: '',
        market_identifier: '',
        price: 0,
        status: 'published',
        moderation_status: 'rejected',
        created_at: '2026-11-27 00:00:00.000',
        updated_at: '2026-11-27 00:00:00.000',
      } as never)
      .executeTakeFirstOrThrow();
    const ideaId = Number(idea.insertId);
    await db
      .insertInto('rejected_texts')
      .values({ idea_id: ideaId, content_hash: 'h'.repeat(64), match_text: '旧的驳回', created_at: '2026-11-27 00:00:00.000' })
      .execute();
    if (dialect === 'mysql') {
      // As MySQL 8 made it: the inline reference ignored, so a deleted idea left its row pointing nowhere.
      await sql`ALTER TABLE rejected_texts DROP FOREIGN KEY ${sql.id((await sql<{ n: string }>`SELECT CONSTRAINT_NAME AS n FROM information_schema.REFERENTIAL_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = DATABASE() AND TABLE_NAME = 'rejected_texts'`.execute(db)).rows[0].n)}`.execute(
        db,
      );
      await db
        .insertInto('rejected_texts')
        .values({ idea_id: 987654, content_hash: 'o'.repeat(64), match_text: '孤儿', created_at: '2026-11-27 00:00:00.000' })
        .execute();
    }
    expect(await migrateToLatest(db)).toEqual(['2026_11_28_0003_rejected_texts_outlive_ideas']);
    await db.deleteFrom('ideas').where('id', '=', ideaId).execute();
    expect(await db.selectFrom('rejected_texts').select(['idea_id', 'match_text']).where('match_text', '=', '旧的驳回').execute()).toEqual([{ idea_id: null, match_text: '旧的驳回' }]);
    if (dialect === 'mysql') expect(await db.selectFrom('rejected_texts').select('idea_id').where('match_text', '=', '孤儿').execute()).toEqual([{ idea_id: null }]);
  });

  it('knows a migration a database ran under its old name', async () => {
    await t.handle.db
      .updateTable('kysely_migration' as never)
      .set({ name: '2026_11_26_0016_search_words' } as never)
      .where('name' as never, '=', '2026_11_27_0001_search_words' as never)
      .execute();
    expect(await migrateToLatest(t.handle.db)).toEqual([]);
    expect(await ran()).toContain('2026_11_27_0001_search_words');
    expect(await ran()).not.toContain('2026_11_26_0016_search_words');
  });

  it('names the migration that failed', async () => {
    // Its table is there but it is not recorded (a migration cut half way): it cannot run again.
    await t.handle.db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', '2026_11_28_0002_publish_slots' as never)
      .execute();
    const failure = await migrateToLatest(t.handle.db).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(MigrationError);
    expect((failure as MigrationError).migrationName).toBe('2026_11_28_0002_publish_slots');
  });
});

/**
 * Three first-day migrations gained a piece after databases had run them: sms_codes.requested_by and
 * ideas.match_text (4e315f0), the app_secrets table (405eceb). Such a database is rebuilt here from
 * today's migrations minus those pieces.
 */
describe.each(DIALECTS)('a database made by a first-day version, on %s', (dialect) => {
  const CATCH_UP = '2026_11_22_0005_first_day_catch_up';
  const columnsOf = async (db: Kysely<any>, table: string) => (await db.introspection.getTables()).find((t) => t.name === table)?.columns.map((c) => c.name) ?? [];
  const tableNames = async (db: Kysely<any>) => (await db.introspection.getTables()).map((t) => t.name);
  const withoutFirstDayPieces = async (db: Kysely<any>) => {
    await db.schema.alterTable('sms_codes').dropColumn('requested_by').execute();
    await db.schema.alterTable('ideas').dropColumn('match_text').execute();
    await db.schema.dropTable('app_secrets').ifExists().execute();
  };
  const expectFirstDayPieces = async (db: Kysely<any>) => {
    expect(await columnsOf(db, 'sms_codes')).toContain('requested_by');
    expect(await columnsOf(db, 'ideas')).toContain('match_text');
    expect(await tableNames(db)).toContain('app_secrets');
  };

  it('upgrades from the first morning (before match_text, which a later migration reads)', async () => {
    const t = await createTestDatabase(dialect, { migrate: false });
    try {
      const firstMorning = {
        '2026_11_22_0001_accounts': accounts,
        '2026_11_22_0002_ideas': ideas,
        '2026_11_22_0003_pending_uploads': pendingUploads,
        '2026_11_22_0004_deactivation_reason': deactivationReason,
      };
      const early = await new Migrator({ db: t.handle.db, provider: { getMigrations: async () => firstMorning } }).migrateToLatest();
      expect(early.error).toBeUndefined();
      await withoutFirstDayPieces(t.handle.db);
      const ran = await migrateToLatest(t.handle.db);
      expect(ran[0]).toBe(CATCH_UP);
      await expectFirstDayPieces(t.handle.db);
    } finally {
      await t.drop();
    }
  });

  it('mends a database that has run every migration since', async () => {
    const t = await createTestDatabase(dialect);
    try {
      await withoutFirstDayPieces(t.handle.db);
      await t.handle.db
        .deleteFrom('kysely_migration' as never)
        .where('name' as never, '=', CATCH_UP as never)
        .execute();
      expect(await migrateToLatest(t.handle.db)).toEqual([CATCH_UP]);
      await expectFirstDayPieces(t.handle.db);
      // What used to fail at run time: a guest's view key, a change_phone code's asker.
      await t.handle.db
        .insertInto('app_secrets' as never)
        .values({ name: 'view_key', value: 'k' } as never)
        .execute();
      await t.handle.db.selectFrom('sms_codes').select('requested_by').execute();
    } finally {
      await t.drop();
    }
  });

  it('does nothing where the pieces are there', async () => {
    const t = await createTestDatabase(dialect);
    try {
      await t.handle.db
        .deleteFrom('kysely_migration' as never)
        .where('name' as never, '=', CATCH_UP as never)
        .execute();
      expect(await migrateToLatest(t.handle.db)).toEqual([CATCH_UP]);
      await expectFirstDayPieces(t.handle.db);
    } finally {
      await t.drop();
    }
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

describe.each(DIALECTS.filter((d) => d === 'mysql'))('a migration waiting for a table in use, on %s', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('gives up after its lock wait, by name, instead of waiting a day with the table blocked', async () => {
    await t.handle.db.schema.alterTable('ideas').dropColumn('ever_public').execute();
    await t.handle.db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', '2026_11_28_0001_ideas_ever_public' as never)
      .execute();
    // An operator's client with a transaction left open on ideas holds its metadata lock.
    const holder = await createConnection(parseMysqlUrl(t.url));
    try {
      await holder.query('START TRANSACTION');
      await holder.query('SELECT id FROM ideas LIMIT 1');
      const started = Date.now();
      const failure = await migrateToLatest(t.handle.db, { lockWaitSeconds: 1 }).catch((err: unknown) => err);
      expect(Date.now() - started).toBeLessThan(8000);
      expect(failure).toBeInstanceOf(MigrationError);
      expect((failure as MigrationError).migrationName).toBe('2026_11_28_0001_ideas_ever_public');
      expect(failureInWords(failure, { port: 3000, databaseStartWaitMs: 0 })).toMatch(/^数据库迁移 2026_11_28_0001_ideas_ever_public 等锁超时（迁移最多等 30 秒）/);
      await holder.query('COMMIT');
      expect(await migrateToLatest(t.handle.db)).toEqual(['2026_11_28_0001_ideas_ever_public']);
      // The connection's own setting is back as it was for the app's statements.
      const [[row]] = (await t.handle.db
        .connection()
        .execute((c) => sql<{ w: number }>`SELECT @@SESSION.lock_wait_timeout AS w`.execute(c))
        .then((r) => [r.rows])) as [[{ w: number }]];
      expect(Number(row.w)).toBeGreaterThan(30);
    } finally {
      await holder.end();
    }
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
    await t.handle.db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', '2026_11_28_0002_publish_slots' as never)
      .execute();
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
