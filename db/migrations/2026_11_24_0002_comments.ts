import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * Comments on ideas (docs/spec/accounts-and-people.md §2–§5, docs/architecture.md §2/§10):
 * - `comments`: one level of nesting. `parent_id` is the top-level comment a reply hangs under (a
 *   reply to a reply hangs under the same top-level comment); `reply_to_id` is the comment it
 *   answered, kept as a plain number (that comment may be deleted later). The self reference
 *   cascades, so a reply written while its parent is deleted cannot outlive it.
 * - `comment_reactions`: one like or dislike per user and comment (the primary key), the counts on
 *   `comments` changed in the same transaction.
 * - `comment_reports`: kept after the comment is gone (no foreign key on it), with a snapshot of
 *   the text, so the admin list and its history stay readable.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);

  await db.schema
    .createTable('comments')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('idea_id', 'integer', (c) => c.notNull().references('ideas.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('parent_id', 'integer', (c) => c.references('comments.id').onDelete('cascade'))
    .addColumn('reply_to_id', 'integer')
    // 500 characters; varchar counts characters on MySQL (utf8mb4), and zod checks it on both.
    .addColumn('content', 'varchar(500)', (c) => c.notNull())
    .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('dislike_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('comments_idea_idx').on('comments').columns(['idea_id', 'created_at']).execute();
  await db.schema.createIndex('comments_parent_idx').on('comments').column('parent_id').execute();
  await db.schema.createIndex('comments_user_idx').on('comments').column('user_id').execute();

  await db.schema
    .createTable('comment_reactions')
    .addColumn('comment_id', 'integer', (c) => c.notNull().references('comments.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('comment_reactions_pk', ['comment_id', 'user_id'])
    .execute();
  await db.schema.createIndex('comment_reactions_user_idx').on('comment_reactions').column('user_id').execute();

  await db.schema
    .createTable('comment_reports')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('comment_id', 'integer', (c) => c.notNull())
    .addColumn('idea_id', 'integer', (c) => c.notNull())
    .addColumn('reporter_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'varchar(200)', (c) => c.notNull())
    .addColumn('comment_content', 'varchar(500)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('resolved_at', t.timestamp)
    .execute();
  await db.schema.createIndex('comment_reports_status_idx').on('comment_reports').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('comment_reports_comment_idx').on('comment_reports').columns(['comment_id', 'status']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['comment_reports', 'comment_reactions', 'comments']) await db.schema.dropTable(table).execute();
}
