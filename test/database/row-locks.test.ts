/**
 * Row locks (db/portable.ts `forUpdate`) and where they are tested. SQLite runs one write transaction
 * at a time, so the concurrency tests pass there whatever the locks do; they prove something only on
 * MariaDB, where each fails without its lock (checked by turning forUpdate into a no-op):
 *   - test/social/social.api.test.ts: favourite toggles (count = rows), concurrent follows, one view a day;
 *   - test/comments/comments.api.test.ts: concurrent likes and dislikes, one open report per member.
 * CI (.ci/run) runs them on MariaDB: it sets TEST_MYSQL_URL and REQUIRE_MARIADB=1, and with
 * REQUIRE_MARIADB set, every data test file fails when TEST_MYSQL_URL is missing (helpers/dialects.ts)
 * instead of running on SQLite alone. Here, on any machine: the lock is really asked for on MySQL.
 */
import { DummyDriver, Kysely, MysqlAdapter, MysqlIntrospector, MysqlQueryCompiler, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import { forUpdate } from '../../db/portable.ts';
import type { Database } from '../../db/types.ts';

const compileOnly = (engine: 'mysql' | 'sqlite') =>
  new Kysely<Database>({
    dialect: {
      createAdapter: () => (engine === 'mysql' ? new MysqlAdapter() : new SqliteAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => (engine === 'mysql' ? new MysqlIntrospector(db) : new SqliteIntrospector(db)),
      createQueryCompiler: () => (engine === 'mysql' ? new MysqlQueryCompiler() : new SqliteQueryCompiler()),
    },
  });

describe('row locks', () => {
  it('locks the selected rows on MySQL/MariaDB (FOR UPDATE) and leaves SQLite, which has no row locks, alone', () => {
    for (const engine of ['mysql', 'sqlite'] as const) {
      const db = compileOnly(engine);
      const { sql } = forUpdate(db, db.selectFrom('ideas').select('id').where('id', '=', 1)).compile();
      if (engine === 'mysql') expect(sql).toMatch(/ for update$/);
      else expect(sql).not.toMatch(/for update/i);
    }
  });
});
