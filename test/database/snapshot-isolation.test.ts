/**
 * MariaDB 11.6.2 and later turn `innodb_snapshot_isolation` on by default: a transaction that read a
 * row and then updates it after another transaction changed it fails with ER_CHECKREAD (1020) instead
 * of updating the newer row. A publish reads before it writes (claimText, then its UPDATE), as does a
 * take-down; the transaction helper must run such a body again, like a deadlock. Here the variable is
 * turned on for the session on whatever MariaDB CI has (10.11 knows it); skipped where it is unknown.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction } from '../../db/transaction.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/dialects.ts';

describe.runIf(!!process.env.TEST_MYSQL_URL)('a row changed since the transaction read it, on MariaDB', () => {
  let test: TestDatabase;
  let known = false;
  beforeAll(async () => {
    test = await createTestDatabase('mysql');
    const db = test.handle.db;
    known = await sql`select @@innodb_snapshot_isolation`.execute(db).then(
      () => true,
      () => false,
    );
    await sql`create table checkread (id int primary key, v int not null)`.execute(db);
    await sql`insert into checkread values (1, 0)`.execute(db);
  });
  afterAll(async () => {
    await test?.drop();
  });

  it('is run again by the transaction helper, and the second run writes over the newer row', async (ctx) => {
    if (!known) ctx.skip();
    const db = test.handle.db;
    let runs = 0;
    const result = await transaction(db, async (trx) => {
      runs += 1;
      await sql`set session innodb_snapshot_isolation = on`.execute(trx);
      const before = (await sql<{ v: number }>`select v from checkread where id = 1`.execute(trx)).rows[0].v;
      // Another transaction changes the row after this one read it (first run only).
      if (runs === 1) await sql`update checkread set v = v + 10 where id = 1`.execute(db);
      await sql`update checkread set v = ${before + 1} where id = 1`.execute(trx);
      return before + 1;
    });
    expect(runs).toBe(2);
    expect(result).toBe(11);
    expect((await sql<{ v: number }>`select v from checkread where id = 1`.execute(db)).rows[0].v).toBe(11);
  });
});
