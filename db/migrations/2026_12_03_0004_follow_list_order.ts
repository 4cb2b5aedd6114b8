import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * Who follows whom, newest follow first (src/server/social/follows.ts `listFollowPeople`): each side's
 * page is one range of an index in the list's own order, where it used to read every follow of the
 * member and sort them. The followers index starts with `followee_id`, so it also serves that foreign
 * key and the older single-column index goes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('follows_followee_time_idx').on('follows').columns(['followee_id', 'created_at', 'follower_id']).execute();
  await db.schema.createIndex('follows_follower_time_idx').on('follows').columns(['follower_id', 'created_at', 'followee_id']).execute();
  await dropIndex(db, 'follows_followee_idx');
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('follows_followee_idx').on('follows').column('followee_id').execute();
  await dropIndex(db, 'follows_follower_time_idx');
  await dropIndex(db, 'follows_followee_time_idx');
}

/** `DROP INDEX … ON table` is MySQL's form; SQLite names the index alone. */
async function dropIndex(db: Kysely<any>, name: string): Promise<void> {
  const drop = db.schema.dropIndex(name);
  await (columnTypes(db).mysql ? drop.on('follows') : drop).execute();
}
