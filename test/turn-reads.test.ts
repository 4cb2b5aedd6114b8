/**
 * db/turn-reads.ts: on SQLite the hot reads of one turn of the event loop share a read transaction.
 * SQLite only: on MySQL/MariaDB every read goes through Kysely's pool (prepared.test.ts covers both).
 * "Another process" is a second connection to the same file.
 */
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runRead } from '../db/prepared.ts';
import { createTestDatabase, type TestDatabase } from './helpers/dialects.ts';

const COUNT = "select count(*) as n from app_secrets where name like 'turn-%'";
let rows = 0;
const row = () => ({ name: `turn-${++rows}`, value: 'v' });
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('hot reads sharing a turn’s read transaction, on sqlite', () => {
  let t: TestDatabase;
  let other: SQLite.Database;
  const count = async () => Number((await runRead<{ n: number }>(t.handle.db, COUNT, []))[0].n);
  const insertElsewhere = () => other.prepare('insert into app_secrets (name, value) values (@name, @value)').run(row());
  const insertHere = () => t.handle.db.insertInto('app_secrets').values(row()).execute();

  beforeEach(async () => {
    t = await createTestDatabase('sqlite');
    other = new SQLite(t.url.slice('sqlite:'.length));
  });
  afterEach(async () => {
    other.close();
    await t.drop();
  });

  it('reads of one turn share a snapshot, and the next turn sees what another process wrote', async () => {
    expect(await count()).toBe(0);
    insertElsewhere();
    // The same turn: the snapshot its first read took.
    expect(await count()).toBe(0);
    await nextTurn();
    expect(await count()).toBe(1);
  });

  it('a write of this process ends the turn’s read: it commits at once and later reads see it', async () => {
    expect(await count()).toBe(0);
    await t.handle.db.transaction().execute(async (trx) => {
      await trx.insertInto('app_secrets').values(row()).execute();
    });
    expect(await count()).toBe(1);
    await insertHere();
    expect(await count()).toBe(2);
    // The same statement again, from Kysely's statement cache, after a read opened the turn's.
    await insertHere();
    // Still the same turn: another process already sees every row, committed.
    expect(Number((other.prepare(COUNT).get() as { n: number }).n)).toBe(3);
    expect(await count()).toBe(3);
  });

  it('the driver’s own client (the rate limiter’s) ends the turn’s read before it writes', async () => {
    expect(await count()).toBe(0);
    const sqlite = t.handle.sqlite!;
    sqlite.transaction(() => sqlite.prepare('insert into app_secrets (name, value) values (@name, @value)').run(row()))();
    expect(Number((other.prepare(COUNT).get() as { n: number }).n)).toBe(1);
    expect(await count()).toBe(1);
  });

  it('closing the database with a turn’s read open ends it quietly', async () => {
    expect(await count()).toBe(0);
    await t.handle.close();
    // The turn's end comes after the close, and has nothing to end.
    await nextTurn();
    // drop() closes it again: harmless.
  });
});
