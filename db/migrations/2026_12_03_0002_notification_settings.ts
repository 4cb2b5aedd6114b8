import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * A member's say over the system messages they may turn off: comments on their ideas, replies to
 * their comments, new followers (1 on, 0 off). One row per member, written the first time they change
 * a switch; no row means everything on. The message-sending path reads it by primary key in its own
 * transaction. It goes with the account (deactivation deletes it; the cascade covers a deleted user).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('notification_settings')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('comments', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('replies', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('followers', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notification_settings').execute();
}
