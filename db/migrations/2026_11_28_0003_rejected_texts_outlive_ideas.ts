import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * A rejected text outlives its idea. `rejected_texts.idea_id` cascaded on delete, so deleting a
 * rejected or taken-down idea for good (or the recycle bin's purge, or an account's deactivation)
 * forgot the moderator's decision, and the same text published again was approved at once (an
 * outside review). The row now stays with no idea (`idea_id` null) and is still compared.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (columnTypes(db).mysql) {
    await dropForeignKeys(db);
    await sql`ALTER TABLE rejected_texts MODIFY idea_id integer NULL`.execute(db);
    // MySQL 8 ignored the first inline reference, so rows of ideas deleted since point nowhere (and
    // one may be deleted between these statements): the key would refuse them (1452) at every start.
    await sql`UPDATE rejected_texts SET idea_id = NULL WHERE idea_id IS NOT NULL AND idea_id NOT IN (SELECT id FROM ideas)`.execute(db);
    await sql`ALTER TABLE rejected_texts ADD CONSTRAINT rejected_texts_idea_fk FOREIGN KEY (idea_id) REFERENCES ideas (id) ON DELETE SET NULL`.execute(db);
    return;
  }
  // SQLite cannot change a column's foreign key: the table is built again, in one transaction, so a
  // start cut short leaves the old table as it was. Kysely runs SQLite's migrations without one, and a
  // migration uses no app helper (frozen): BEGIN and COMMIT on its one connection (db/migrate.ts).
  await sql`BEGIN IMMEDIATE`.execute(db);
  try {
    await sql`DROP TABLE IF EXISTS rejected_texts_next`.execute(db);
    await sql`CREATE TABLE rejected_texts_next (
      id integer PRIMARY KEY AUTOINCREMENT,
      idea_id integer REFERENCES ideas (id) ON DELETE SET NULL,
      content_hash varchar(64) NOT NULL,
      match_text varchar(1000),
      created_at text NOT NULL
    )`.execute(db);
    await sql`INSERT INTO rejected_texts_next (id, idea_id, content_hash, match_text, created_at)
      SELECT id, (SELECT ideas.id FROM ideas WHERE ideas.id = rejected_texts.idea_id), content_hash, match_text, created_at FROM rejected_texts`.execute(db);
    await sql`DROP TABLE rejected_texts`.execute(db);
    await sql`ALTER TABLE rejected_texts_next RENAME TO rejected_texts`.execute(db);
    await db.schema.createIndex('rejected_texts_idea_idx').on('rejected_texts').column('idea_id').execute();
    await sql`COMMIT`.execute(db);
  } catch (err) {
    await sql`ROLLBACK`.execute(db).catch(() => undefined);
    throw err;
  }
}

/** The texts of deleted ideas go, as before. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('rejected_texts').where('idea_id', 'is', null).execute();
  if (columnTypes(db).mysql) {
    await dropForeignKeys(db);
    await sql`ALTER TABLE rejected_texts MODIFY idea_id integer NOT NULL`.execute(db);
    await sql`ALTER TABLE rejected_texts ADD FOREIGN KEY (idea_id) REFERENCES ideas (id) ON DELETE CASCADE`.execute(db);
  }
}

/** MariaDB named the first one itself (rejected_texts_ibfk_1); MySQL 8 ignored the inline reference. */
async function dropForeignKeys(db: Kysely<any>): Promise<void> {
  const keys = await sql<{ name: string }>`SELECT CONSTRAINT_NAME AS name FROM information_schema.REFERENTIAL_CONSTRAINTS
    WHERE CONSTRAINT_SCHEMA = DATABASE() AND TABLE_NAME = 'rejected_texts'`.execute(db);
  for (const key of keys.rows) await sql`ALTER TABLE rejected_texts DROP FOREIGN KEY ${sql.id(key.name)}`.execute(db);
}
