import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * Deactivation takes the spec's free-text reason (up to 200 characters), not one of six short
 * choices. SQLite does not enforce varchar lengths (STACK-NOTES trap 5); MySQL/MariaDB does.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (columnTypes(db).mysql) await db.schema.alterTable('users').modifyColumn('deactivation_reason', 'varchar(200)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  if (columnTypes(db).mysql) await db.schema.alterTable('users').modifyColumn('deactivation_reason', 'varchar(64)').execute();
}
