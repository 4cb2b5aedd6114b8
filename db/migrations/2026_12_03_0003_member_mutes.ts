import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * Members a moderator has muted (src/server/accounts/mutes.ts): one row per member, read by its key at
 * every publish, comment, report and feedback. `muted_until` null is a permanent mute; a row whose end
 * has passed no longer mutes (nothing needs to delete it). Re-muting replaces the row, lifting deletes
 * it. No foreign key: accounts are never deleted, only deactivated.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('member_mutes')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('muted_until', t.timestamp)
    .addColumn('reason', 'varchar(200)', (c) => c.notNull())
    .addColumn('muted_by', 'integer')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('member_mutes').execute();
}
