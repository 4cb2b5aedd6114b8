/**
 * db/turn-reads.ts: on SQLite the hot reads of one turn of the event loop share a read transaction on
 * a connection of their own. SQLite only: on MySQL/MariaDB every read goes through Kysely's pool
 * (test/fast-lane/prepared.test.ts covers both). "Another process" is a second connection to the same file.
 */
import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runRead } from '../../db/prepared.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/dialects.ts';

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

  it('a read after a write of this process sees it, in the same turn; the write commits at once', async () => {
    expect(await count()).toBe(0);
    await t.handle.db.transaction().execute(async (trx) => {
      await trx.insertInto('app_secrets').values(row()).execute();
      // Meanwhile a hot read sees what was committed before, not the write half done.
      expect(await count()).toBe(0);
    });
    expect(await count()).toBe(1);
    await insertHere();
    expect(await count()).toBe(2);
    // The same statement again, from Kysely's statement cache.
    await insertHere();
    expect(await count()).toBe(3);
    // Still the same turn: another process sees every row, committed.
    expect(Number((other.prepare(COUNT).get() as { n: number }).n)).toBe(3);
  });

  it('a write through the driver’s own client (the rate limiter’s) is seen by the next read', async () => {
    expect(await count()).toBe(0);
    const sqlite = t.handle.sqlite!;
    sqlite.transaction(() => sqlite.prepare('insert into app_secrets (name, value) values (@name, @value)').run(row()))();
    expect(await count()).toBe(1);
  });

  it('a hot read cannot write', async () => {
    await expect(runRead(t.handle.db, "insert into app_secrets (name, value) values ('turn-x', 'v') returning name", [])).rejects.toThrow(/readonly/);
    expect(await count()).toBe(0);
    await nextTurn();
    expect(Number((other.prepare(COUNT).get() as { n: number }).n)).toBe(0);
  });

  it('closing the database closes the reads’ connection too, with a turn’s read open', async () => {
    const file = fs.realpathSync(t.url.slice('sqlite:'.length));
    const openOnFile = () =>
      fs.readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return fs.readlinkSync(`/proc/self/fd/${fd}`) === file;
        } catch {
          return false;
        }
      }).length;
    expect(await count()).toBe(0);
    // Ours (the main connection and the reads') and the other process's.
    expect(openOnFile()).toBe(3);
    await t.handle.close();
    expect(openOnFile()).toBe(1);
    // The turn's end comes after the close, and has nothing to end.
    await nextTurn();
  });
});
