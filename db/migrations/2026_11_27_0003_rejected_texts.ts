import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * The text of each idea a moderator rejected, as it was when rejected (its content hash and match
 * text, ideas/moderation.ts). A publish in automatic mode whose text is, or nearly is, one of these
 * waits for a moderator: the idea's own columns change with its next edit or draft, so they cannot
 * say what was rejected. An approval of the idea drops its rows. Ideas rejected before this migration
 * are taken from their current columns.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('rejected_texts')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('idea_id', 'integer', (c) => c.notNull().references('ideas.id').onDelete('cascade'))
    .addColumn('content_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('match_text', 'varchar(1000)')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rejected_texts_idea_idx').on('rejected_texts').column('idea_id').execute();
  const rejected = await db.selectFrom('ideas').select(['id', 'content_hash', 'match_text', 'reviewed_at', 'updated_at']).where('moderation_status', '=', 'rejected').where('content_hash', 'is not', null).orderBy('id').execute();
  for (const r of rejected) {
    await db.insertInto('rejected_texts').values({ idea_id: r.id, content_hash: r.content_hash, match_text: r.match_text, created_at: r.reviewed_at ?? r.updated_at }).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rejected_texts').execute();
}
