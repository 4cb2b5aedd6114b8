/** db/prepared.ts: a query built once runs with each call's values, on both databases. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared.ts';
import type { Database } from '../../db/types.ts';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../helpers/dialects.ts';

const usersByIds = preparedQuery((db: Kysely<Database>, a: number, b: number) => db.selectFrom('users').select('id').where('id', 'in', [a, b]).where('status', '=', 'active').orderBy('id'));

describe.each(DIALECTS)('prepared queries, on %s', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    const at = '2026-11-22 00:00:00.000';
    for (const n of [1, 2, 3]) {
      await t.handle.db
        .insertInto('users')
        .values({
          registration_number: `bx00000${n}`,
          phone: null,
          email: null,
          password_hash: null,
          nickname: `u${n}`,
          avatar_url: '/avatars/avatar-1.svg',
          bio: null,
          role: 'member',
          status: n === 3 ? 'deactivated' : 'active',
          created_at: at,
          updated_at: at,
          deactivated_at: null,
          deactivation_reason: null,
        })
        .execute();
    }
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('puts each call’s values in their places and keeps the rest of the query', async () => {
    const ids = (await t.handle.db.selectFrom('users').select('id').orderBy('id').execute()).map((r) => r.id);
    expect((await usersByIds(t.handle.db, ids[0], ids[1])).map((r) => r.id)).toEqual([ids[0], ids[1]]);
    expect((await usersByIds(t.handle.db, ids[1], ids[1])).map((r) => r.id)).toEqual([ids[1]]);
    // The fixed condition (active) still holds on a later call.
    expect((await usersByIds(t.handle.db, ids[2], ids[0])).map((r) => r.id)).toEqual([ids[0]]);
  });

  it('refuses a build that does not use each value exactly once', async () => {
    const twice = preparedQuery((db: Kysely<Database>, a: number) => db.selectFrom('users').select('id').where('id', '=', a).where('id', '=', a));
    await expect(twice(t.handle.db, 1)).rejects.toThrow(/exactly once/);
  });

  it('never reads a write half done: a read while a transaction is open sees what was committed before it', async () => {
    const activeUsers = preparedQuery((db: Kysely<Database>, minId: number) =>
      db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('id', '>', minId)
        .where('status', '=', 'active'),
    );
    const before = Number((await activeUsers(t.handle.db, 0))[0].n);
    let seen: number | undefined;
    let pending: Promise<void> | undefined;
    await t.handle.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('users')
        .values({
          registration_number: 'bx000009',
          phone: null,
          email: null,
          password_hash: null,
          nickname: 'u9',
          avatar_url: '/avatars/avatar-1.svg',
          bio: null,
          role: 'member',
          status: 'active',
          created_at: '2026-11-22 00:00:00.000',
          updated_at: '2026-11-22 00:00:00.000',
          deactivated_at: null,
          deactivation_reason: null,
        })
        .execute();
      pending = activeUsers(t.handle.db, 0).then((rows) => {
        seen = Number(rows[0].n);
      });
      await new Promise((r) => setTimeout(r, 30));
      // Another connection (SQLite: the hot reads' own, db/turn-reads.ts): the committed rows.
      expect(seen === undefined || seen === before).toBe(true);
    });
    await pending;
    expect(seen === before || seen === before + 1).toBe(true);
    expect(Number((await activeUsers(t.handle.db, 0))[0].n)).toBe(before + 1);
  });
});
