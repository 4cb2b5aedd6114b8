import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * Edit before approval: a moderator corrects an idea's title, description, tags or
 * analysis in the review queue and approves it. The moderation log's entry (`edit_approve_idea`)
 * keeps both versions of each changed field here, one row per field (tags as one line, separated
 * by spaces; the analysis as its sanitized HTML).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('moderation_edits')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('log_id', 'integer', (c) => c.notNull().references('moderation_log.id').onDelete('cascade'))
    .addColumn('field', 'varchar(32)', (c) => c.notNull())
    .addColumn('before', t.longText, (c) => c.notNull())
    .addColumn('after', t.longText, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('moderation_edits_log_idx').on('moderation_edits').column('log_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('moderation_edits').execute();
}
