import { MysqlAdapter, sql, type Kysely } from 'kysely';

/**
 * Tables declare their own character set and collation. Until now they took the database's
 * default: whatever the operator, compose's MARIADB_DATABASE or the server's configuration made it
 * (`utf8mb4_general_ci`, `utf8mb4_unicode_ci`, `utf8mb4_uca1400_ai_ci`, even latin1 or utf8mb3). Under
 * those, emoji and rare CJK characters (outside the Basic Multilingual Plane) all compare equal,
 * full-width letters equal their ASCII ones, case and accents are ignored — so tags '🎲' and '🎳' were
 * one tag to the similar-ideas query, two guests' view keys differing in case were one row — and
 * under latin1 or utf8mb3 an emoji in a nickname, tag or comment could not be stored at all.
 *
 * Every table (and the database's default, for tables later migrations create) becomes utf8mb4 with a
 * binary collation that does not pad (`utf8mb4_nopad_bin` on MariaDB, `utf8mb4_0900_bin` on MySQL 8,
 * else `utf8mb4_bin`): text is equal only when its code points are, and it sorts by code point —
 * exactly what SQLite does, so both dialects behave alike. Case-insensitive matching, where the app
 * wants it (search), comes from normalising the text in code, never from the collation.
 *
 * Only tables that differ are converted (`ALTER TABLE … CONVERT TO` rebuilds a table: minutes on a
 * large one, run once at the upgrade). SQLite compares binary already: nothing to do.
 */
const PREFERRED = ['utf8mb4_nopad_bin', 'utf8mb4_0900_bin', 'utf8mb4_bin'];

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof MysqlAdapter)) return;
  const available = (await sql<{ Collation: string }>`SHOW COLLATION WHERE Charset = 'utf8mb4'`.execute(db)).rows.map((r) => r.Collation);
  const collation = PREFERRED.find((c) => available.includes(c))!;
  const name = (await sql<{ name: string }>`SELECT DATABASE() AS name`.execute(db)).rows[0].name;
  await sql`ALTER DATABASE ${sql.id(name)} CHARACTER SET utf8mb4 COLLATE ${sql.raw(collation)}`.execute(db);
  const tables = (
    await sql<{ name: string }>`SELECT TABLE_NAME AS name FROM information_schema.TABLES
      WHERE TABLE_SCHEMA = ${name} AND TABLE_TYPE = 'BASE TABLE' AND TABLE_NAME NOT LIKE 'kysely!_%' ESCAPE '!'
        AND (TABLE_COLLATION <> ${collation} OR TABLE_NAME IN (
          SELECT TABLE_NAME FROM information_schema.COLUMNS
          WHERE TABLE_SCHEMA = ${name} AND COLLATION_NAME IS NOT NULL AND COLLATION_NAME <> ${collation}))
      ORDER BY TABLE_NAME`.execute(db)
  ).rows.map((r) => r.name);
  for (const table of tables) await sql`ALTER TABLE ${sql.id(table)} CONVERT TO CHARACTER SET utf8mb4 COLLATE ${sql.raw(collation)}`.execute(db);
}

/** What each table had before is not known here: the binary collation stays (it is also what SQLite does). */
export async function down(): Promise<void> {}
