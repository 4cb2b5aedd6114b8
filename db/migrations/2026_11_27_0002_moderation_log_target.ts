import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * The moderation log by what it is about: a publish asks whether a moderator's last decision on the
 * idea was a rejection (ideas/review.ts), which must not read the whole log.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('moderation_log_target_idx').on('moderation_log').columns(['target_type', 'target_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // `DROP INDEX … ON table` is MySQL's form; SQLite names the index alone.
  const drop = db.schema.dropIndex('moderation_log_target_idx');
  await (columnTypes(db).mysql ? drop.on('moderation_log') : drop).execute();
}
