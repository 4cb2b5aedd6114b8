import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * Messages, announcements, feedback and the moderation log.
 *
 * An announcement is one row, not one message per user at send time: each member's messages gain it
 * on their next read (`messages.announcement_id`, unique per user, so two tabs reading at once store
 * it once), and `users.announcements_seen_id` says how far that member has come. Sending stays one
 * insert with 10,000 users or a million; the unread count adds the announcements past the mark.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);

  await db.schema
    .createTable('announcements')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('admin_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('priority', 'varchar(8)', (c) => c.notNull().defaultTo('normal'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('announcements_time_idx').on('announcements').column('created_at').execute();

  await db.schema.alterTable('users').addColumn('announcements_seen_id', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('messages').addColumn('announcement_id', 'integer').execute();
  await db.schema.createIndex('messages_announcement_uq').on('messages').columns(['user_id', 'announcement_id']).unique().execute();

  await db.schema
    .createTable('feedback')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(500)')
    .addColumn('url', 'varchar(500)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('open'))
    .addColumn('reply', 'text')
    .addColumn('replied_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('replied_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('feedback_status_idx').on('feedback').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('moderation_log')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('admin_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('target_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addColumn('detail', 'varchar(500)')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('moderation_log_time_idx').on('moderation_log').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('moderation_log').execute();
  await db.schema.dropTable('feedback').execute();
  await db.schema.dropIndex('messages_announcement_uq').on('messages').execute();
  await db.schema.alterTable('messages').dropColumn('announcement_id').execute();
  await db.schema.alterTable('users').dropColumn('announcements_seen_id').execute();
  await db.schema.dropTable('announcements').execute();
}
