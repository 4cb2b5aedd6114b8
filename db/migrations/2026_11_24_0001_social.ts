import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * Favourites, follows and view records. Each pair is a primary key, so favouriting or
 * following twice, even at the same moment, stores one row; the counters they feed
 * (ideas.favorite_count, users.follower_count, ideas.view_count) change in the same transaction.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);

  await db.schema
    .createTable('favorites')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('idea_id', 'integer', (c) => c.notNull().references('ideas.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('favorites_pk', ['user_id', 'idea_id'])
    .execute();
  await db.schema.createIndex('favorites_idea_idx').on('favorites').column('idea_id').execute();
  await db.schema.createIndex('favorites_user_time_idx').on('favorites').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('follows')
    .addColumn('follower_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('followee_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('follows_pk', ['follower_id', 'followee_id'])
    .execute();
  await db.schema.createIndex('follows_followee_idx').on('follows').column('followee_id').execute();

  await db.schema.alterTable('users').addColumn('follower_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  // One row per viewer, idea and community day (China time); rows older than two days are purged.
  await db.schema
    .createTable('idea_views')
    .addColumn('idea_id', 'integer', (c) => c.notNull().references('ideas.id').onDelete('cascade'))
    .addColumn('viewer', 'varchar(80)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addPrimaryKeyConstraint('idea_views_pk', ['idea_id', 'viewer', 'day'])
    .execute();
  await db.schema.createIndex('idea_views_day_idx').on('idea_views').column('day').execute();

  // Secrets every process of one installation shares (the key that hashes a guest's address).
  await db.schema
    .createTable('app_secrets')
    .addColumn('name', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('value', 'varchar(128)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('app_secrets').execute();
  await db.schema.dropTable('idea_views').execute();
  await db.schema.alterTable('users').dropColumn('follower_count').execute();
  await db.schema.dropTable('follows').execute();
  await db.schema.dropTable('favorites').execute();
}
