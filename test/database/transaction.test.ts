/**
 * The one write path (db/transaction.ts): what is run again and what never is, on stand-in
 * errors; then on MariaDB, a real deadlock and a real lock-wait timeout, each first shown failing
 * without the helper, for a transaction and for a statement outside one; and a statement whose
 * connection is killed (KILL CONNECTION) mid-way: a write is never sent again (done once if it
 * committed), a read is. And every writer in src/ uses it: no `.transaction()` anywhere else.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/connection.ts';
import { DatabaseUnavailableError, databaseFailure } from '../../db/failures.ts';
import { resetRetryStats, retryStats, transaction, withRetries, type RetryPolicy } from '../../db/transaction.ts';
import type { Database } from '../../db/types.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/dialects.ts';

const deadlock = () => Object.assign(new Error('Deadlock found when trying to get lock; try restarting transaction'), { code: 'ER_LOCK_DEADLOCK', errno: 1213 });
const lost = () => Object.assign(new Error('Connection lost: The server closed the connection.'), { code: 'PROTOCOL_CONNECTION_LOST', fatal: true });
const FAST: RetryPolicy = { attempts: 4, connectionAttempts: 3, baseDelayMs: 1, maxDelayMs: 2, budgetMs: 5000 };

/** A stand-in database whose transactions run the body, then fail or succeed as told. */
function fakeDb(commit: () => Promise<void> = async () => {}, rollback: () => Promise<void> = async () => {}) {
  return {
    transaction: () => ({
      execute: async <T>(body: (trx: unknown) => Promise<T>) => {
        let result: T;
        try {
          result = await body({});
        } catch (err) {
          await rollback();
          throw err;
        }
        await commit();
        return result;
      },
    }),
  } as unknown as Kysely<Database>;
}

describe('the transaction helper', () => {
  beforeEach(() => resetRetryStats());

  it('runs the whole body again after a deadlock, and returns the last run’s result', async () => {
    let runs = 0;
    const result = await transaction(
      fakeDb(),
      async () => {
        runs++;
        if (runs < 3) throw deadlock();
        return `run ${runs}`;
      },
      FAST,
    );
    expect(result).toBe('run 3');
    expect(retryStats.conflicts).toBe(2);
  });

  it('gives up after the attempts the policy allows, with the database’s error', async () => {
    let runs = 0;
    await expect(
      transaction(
        fakeDb(),
        async () => {
          runs++;
          throw deadlock();
        },
        FAST,
      ),
    ).rejects.toMatchObject({ errno: 1213 });
    expect(runs).toBe(FAST.attempts);
    expect(retryStats.exhausted).toBe(1);
  });

  it('never runs again after an error of the body’s own (a refusal, a unique key)', async () => {
    let runs = 0;
    await expect(
      transaction(
        fakeDb(),
        async () => {
          runs++;
          throw Object.assign(new Error('Duplicate entry'), { code: 'ER_DUP_ENTRY', errno: 1062 });
        },
        FAST,
      ),
    ).rejects.toMatchObject({ errno: 1062 });
    expect(runs).toBe(1);
  });

  it('runs again after a connection lost before COMMIT, even when the ROLLBACK fails too', async () => {
    let runs = 0;
    const result = await transaction(
      fakeDb(undefined, async () => {
        throw new Error("Can't add new command when connection is in closed state");
      }),
      async () => {
        if (++runs === 1) throw lost();
        return runs;
      },
      FAST,
    );
    expect(result).toBe(2);
    expect(retryStats.reconnects).toBe(1);
  });

  it('tries a refused connection only a few times, and one that timed out never again (that wait would only double)', async () => {
    let runs = 0;
    const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3306'), { code: 'ECONNREFUSED', fatal: true });
    await expect(
      transaction(
        fakeDb(),
        async () => {
          runs++;
          throw refused();
        },
        { ...FAST, attempts: 6, connectionAttempts: 3 },
      ),
    ).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(runs).toBe(3);
    runs = 0;
    await expect(
      transaction(
        fakeDb(),
        async () => {
          runs++;
          throw Object.assign(new Error('connect ETIMEDOUT'), { code: 'ETIMEDOUT', fatal: true });
        },
        FAST,
      ),
    ).rejects.toMatchObject({ code: 'ETIMEDOUT' });
    expect(runs).toBe(1);
  });

  it('never runs again when the connection is lost while COMMIT is in flight: the outcome is unknown', async () => {
    let runs = 0;
    const err = await transaction(
      fakeDb(async () => {
        throw lost();
      }),
      async () => {
        runs++;
      },
      FAST,
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DatabaseUnavailableError);
    expect((err as DatabaseUnavailableError).code).toBe('COMMIT_OUTCOME_UNKNOWN');
    expect(databaseFailure(err)).toBe('connection');
    expect(runs).toBe(1);
    expect(retryStats.unknownCommits).toBe(1);
  });

  it('waits a jittered, growing time between runs, within the policy’s cap', async () => {
    const policy: RetryPolicy = { attempts: 4, connectionAttempts: 3, baseDelayMs: 40, maxDelayMs: 60, budgetMs: 5000 };
    const starts: number[] = [];
    await withRetries(
      async (n) => {
        starts.push(Date.now());
        if (n < 4) throw deadlock();
      },
      () => true,
      policy,
    );
    const waits = starts.slice(1).map((t, i) => t - starts[i]);
    expect(waits.length).toBe(3);
    // Each wait is at most min(cap, base · 2^n) (a few ms of timer slack).
    for (const w of waits) expect(w).toBeLessThanOrEqual(policy.maxDelayMs + 15);
  });
});

describe('every writer uses it', () => {
  it('has no `.transaction()` in src/ or db/ but db/transaction.ts', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.tsx?$/.test(entry.name) && /\.transaction\(\)/.test(fs.readFileSync(file, 'utf8'))) offenders.push(path.relative(root, file));
      }
    };
    walk(path.join(root, 'src/server'));
    walk(path.join(root, 'db'));
    expect(offenders.filter((f) => f !== path.join('db', 'transaction.ts'))).toEqual([]);
  });
});

describe.runIf(!!process.env.TEST_MYSQL_URL)('on MariaDB', () => {
  let test: TestDatabase;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    test = await createTestDatabase('mysql');
    // A second handle on the same database with a 1 s lock wait, so the lock-wait case is quick.
    handle = await openDatabase(test.url, { lockWaitTimeoutSeconds: 1 });
    await test.handle.db
      .insertInto('app_secrets')
      .values([
        { name: 'a', value: '0' },
        { name: 'b', value: '0' },
      ])
      .execute();
  });
  afterAll(async () => {
    await handle?.close();
    await test?.drop();
  });
  beforeEach(() => resetRetryStats());

  /** Two writers taking rows a and b in opposite orders, each waiting for the other to hold its first row. */
  async function crossedWriters(run: (body: (trx: Kysely<Database>) => Promise<void>) => Promise<void>) {
    let arrived = 0;
    let release!: () => void;
    const bothHoldOne = new Promise<void>((resolve) => (release = resolve));
    const writer = (first: string, second: string) =>
      run(async (trx) => {
        await trx
          .updateTable('app_secrets')
          .set({ value: sql`value + 1` })
          .where('name', '=', first)
          .execute();
        if (++arrived === 2) release();
        // Only the first runs meet; a retried run goes straight through.
        if (arrived <= 2) await bothHoldOne;
        await trx
          .updateTable('app_secrets')
          .set({ value: sql`value + 1` })
          .where('name', '=', second)
          .execute();
      });
    return Promise.allSettled([writer('a', 'b'), writer('b', 'a')]);
  }

  const values = async () => (await test.handle.db.selectFrom('app_secrets').select(['name', 'value']).where('name', 'in', ['a', 'b']).orderBy('name').execute()).map((r) => Number(r.value));
  const valueOf = async (name: string) => Number((await test.handle.db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow()).value);

  it('a real deadlock fails one of two plain transactions, and neither through the helper', async () => {
    const before = await values();
    const plain = await crossedWriters((body) => test.handle.db.transaction().execute(body));
    const failed = plain.filter((r) => r.status === 'rejected');
    expect(failed.length).toBe(1);
    expect((failed[0] as PromiseRejectedResult).reason).toMatchObject({ errno: 1213 });
    // The survivor incremented both rows; the victim's increments were rolled back.
    expect(await values()).toEqual(before.map((v) => v + 1));

    const helped = await crossedWriters((body) => transaction(test.handle.db, body));
    expect(helped.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(retryStats.conflicts).toBeGreaterThanOrEqual(1);
    // Both writers' increments, once each: the rolled-back run left nothing.
    expect(await values()).toEqual(before.map((v) => v + 3));
  });

  it('runs a statement outside a transaction again after a lock wait timeout', async () => {
    const holder = transaction(handle.db, async (trx) => {
      await trx.updateTable('app_secrets').set({ value: '100' }).where('name', '=', 'a').execute();
      await new Promise((r) => setTimeout(r, 2800));
    });
    await new Promise((r) => setTimeout(r, 100));
    // Without the retry: the raw pool, the same 1 s lock wait.
    const raw = handle.mysqlPool!.promise();
    const rawConnection = await raw.getConnection();
    await rawConnection.query('SET SESSION innodb_lock_wait_timeout = 1');
    const rawAttempt = await rawConnection.query("UPDATE app_secrets SET value = '7' WHERE name = 'a'").catch((e: unknown) => e);
    rawConnection.release();
    expect(rawAttempt).toMatchObject({ errno: 1205 });
    // Through the app's handle: waits, times out once, runs again, succeeds.
    await handle.db.updateTable('app_secrets').set({ value: '200' }).where('name', '=', 'a').execute();
    await holder;
    expect(retryStats.conflicts).toBeGreaterThanOrEqual(1);
    expect((await handle.db.selectFrom('app_secrets').select('value').where('name', '=', 'a').executeTakeFirstOrThrow()).value).toBe('200');
  });

  /**
   * A single statement as the victim of a real deadlock: a transaction on another connection holds
   * `y` and has changed many rows (so the statement, lighter, is the one InnoDB rolls back); the
   * statement takes `x` and waits for `y`; the transaction then asks for `x`.
   */
  async function statementInDeadlock(statement: () => Promise<unknown>) {
    const pool = test.handle.mysqlPool!.promise();
    const holder = await pool.getConnection();
    try {
      await holder.query('BEGIN');
      // Row by row: a statement over many rows may scan (and lock) the table, `x` with it.
      for (let i = 0; i < 10; i++) await holder.query('UPDATE app_secrets SET value = value + 1 WHERE name = ?', [`weight${i}`]);
      await holder.query("UPDATE app_secrets SET value = value + 1 WHERE name = 'y'");
      const victim = statement().then(
        () => 'done' as const,
        (err: unknown) => err,
      );
      await new Promise((r) => setTimeout(r, 300));
      await holder.query("UPDATE app_secrets SET value = value + 1 WHERE name = 'x'");
      await holder.query('COMMIT');
      return await victim;
    } finally {
      holder.release();
    }
  }

  it('runs a statement outside a transaction again after a real deadlock', async () => {
    await test.handle.db
      .insertInto('app_secrets')
      .values([{ name: 'x', value: '0' }, { name: 'y', value: '0' }, ...Array.from({ length: 10 }, (_, i) => ({ name: `weight${i}`, value: '0' }))])
      .execute();
    const bothRows = "UPDATE app_secrets SET value = value + 1 WHERE name IN ('x', 'y')";
    // Without the retry: a connection of the raw pool is the victim.
    const raw = await statementInDeadlock(async () => {
      const connection = await handle.mysqlPool!.promise().getConnection();
      try {
        await connection.query(bothRows);
      } finally {
        connection.release();
      }
    });
    expect(raw).toMatchObject({ errno: 1213 });
    expect([await valueOf('x'), await valueOf('y')]).toEqual([1, 1]);
    // Through the app's handle: rolled back once, run again once the transaction committed.
    resetRetryStats();
    const helped = await statementInDeadlock(() => sql.raw(bothRows).execute(handle.db));
    expect(helped).toBe('done');
    expect(retryStats.conflicts).toBeGreaterThanOrEqual(1);
    expect([await valueOf('x'), await valueOf('y')]).toEqual([3, 3]);
  });

  /** Runs `statement` through the app's handle and kills its connection (KILL CONNECTION) once it is under way. */
  async function killedDuring(statement: () => Promise<unknown>, marker: string) {
    const outcome = statement().then(
      () => 'done' as const,
      (err: unknown) => err,
    );
    const admin = test.handle.mysqlPool!.promise();
    let id: number | undefined;
    for (let i = 0; i < 50 && id === undefined; i++) {
      await new Promise((r) => setTimeout(r, 20));
      const [rows] = await admin.query('SELECT ID FROM information_schema.PROCESSLIST WHERE INFO LIKE ? AND ID <> CONNECTION_ID()', [`%${marker}%`]);
      id = (rows as { ID: number }[])[0]?.ID;
    }
    expect(id).toBeDefined();
    await new Promise((r) => setTimeout(r, 200));
    await admin.query(`KILL CONNECTION ${Number(id)}`);
    return outcome;
  }

  it('never sends a write outside a transaction again after its connection was lost: done once when it committed, not redone when it did not', async () => {
    await test.handle.db
      .insertInto('app_secrets')
      .values([{ name: 'once', value: '0' }])
      .execute();
    await sql.raw("CREATE PROCEDURE add_once_then_wait() BEGIN UPDATE app_secrets SET value = value + 1 WHERE name = 'once'; DO SLEEP(3.1); END").execute(test.handle.db);
    resetRetryStats();
    // The write committed (autocommit, inside the procedure), then the connection died before the answer.
    const committed = await killedDuring(() => sql.raw('CALL add_once_then_wait()').execute(handle.db), 'SLEEP(3.1)');
    expect(databaseFailure(committed)).toBe('connection');
    expect(await valueOf('once')).toBe(1);
    // Killed while it ran: the server rolled it back, and it is not sent again either.
    const rolledBack = await killedDuring(
      () =>
        handle.db
          .updateTable('app_secrets')
          .set({ value: sql`value + 1 + sleep(3.2) * 0` })
          .where('name', '=', 'once')
          .execute(),
      'sleep(3.2)',
    );
    expect(databaseFailure(rolledBack)).toBe('connection');
    expect(await valueOf('once')).toBe(1);
    expect(retryStats.reconnects).toBe(0);
    // A read whose connection died is run again on a fresh one.
    const read = await killedDuring(() => sql`select sleep(1.3) as slept`.execute(handle.db), 'sleep(1.3)');
    expect(read).toBe('done');
    expect(retryStats.reconnects).toBe(1);
  });
});
