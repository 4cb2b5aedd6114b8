import type { Kysely } from 'kysely';

/**
 * What three migrations of the first day gained after some databases had already run them (edited
 * in place within hours of landing): `sms_codes.requested_by` (who asked for a change_phone code),
 * `ideas.match_text` (the stored text the highly_similar check reads) and the `app_secrets` table
 * (the key guests' addresses are hashed with). A database made by one of those versions upgraded
 * without error and then failed at run time: changing a phone, publishing, a guest's view.
 *
 * Named to run right after those migrations, before anything that reads `match_text`; a database that
 * has run everything since runs it now (unordered migrations, db/migrate.ts). Each piece is added only
 * where missing, so on every other database this does nothing. Ideas published before `match_text`
 * existed keep it empty: the normalising code it needs is the app's, not a migration's.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const tables = await db.introspection.getTables();
  const columns = (table: string) => tables.find((t) => t.name === table)?.columns.map((c) => c.name) ?? [];

  if (!columns('sms_codes').includes('requested_by')) {
    await db.schema.alterTable('sms_codes').addColumn('requested_by', 'integer').execute();
  }
  if (!columns('ideas').includes('match_text')) {
    await db.schema.alterTable('ideas').addColumn('match_text', 'varchar(1000)').execute();
  }
  // A database from before the social migration gets the table from it, when it runs next.
  if (!(await hasRun(db, '2026_11_24_0001_social'))) return;
  await db.schema
    .createTable('app_secrets')
    .ifNotExists()
    .addColumn('name', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('value', 'varchar(128)', (c) => c.notNull())
    .execute();
}

async function hasRun(db: Kysely<any>, migration: string): Promise<boolean> {
  return Boolean(await db.selectFrom('kysely_migration').select('name').where('name', '=', migration).executeTakeFirst());
}

/** Those pieces belong to the migrations they were first written in; their own `down` removes them. */
export async function down(): Promise<void> {}
