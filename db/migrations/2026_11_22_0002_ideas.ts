import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);

  await db.schema
    .createTable('ideas')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'varchar(1000)', (c) => c.notNull())
    .addColumn('detailed_analysis', t.longText, (c) => c.notNull())
    .addColumn('market_identifier', 'varchar(32)', (c) => c.notNull().defaultTo('market_exists'))
    .addColumn('price', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('moderation_status', 'varchar(16)', (c) => c.notNull().defaultTo('none'))
    .addColumn('rejection_reason', 'varchar(200)')
    .addColumn('allow_comments', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('show_similar', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('favorite_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('comment_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_at', t.timestamp)
    // SHA-256 of the normalised text, for the exact-duplicate check.
    .addColumn('content_hash', 'varchar(64)')
    // The normalised text's first 1000 characters, for the highly_similar check without re-parsing HTML.
    .addColumn('match_text', 'varchar(1000)')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addColumn('published_at', t.timestamp)
    .addColumn('reviewed_at', t.timestamp)
    .execute();
  await db.schema.createIndex('ideas_user_idx').on('ideas').columns(['user_id', 'is_deleted', 'status']).execute();
  await db.schema.createIndex('ideas_public_idx').on('ideas').columns(['moderation_status', 'is_deleted', 'published_at']).execute();
  await db.schema.createIndex('ideas_hot_idx').on('ideas').columns(['moderation_status', 'is_deleted', 'favorite_count']).execute();
  await db.schema.createIndex('ideas_hash_idx').on('ideas').column('content_hash').execute();
  await db.schema.createIndex('ideas_deleted_idx').on('ideas').columns(['is_deleted', 'deleted_at']).execute();

  await db.schema
    .createTable('idea_tags')
    .addColumn('idea_id', 'integer', (c) => c.notNull().references('ideas.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('tag', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('idea_tags_pk', ['idea_id', 'position'])
    .execute();
  await db.schema.createIndex('idea_tags_tag_idx').on('idea_tags').column('tag').execute();

  await db.schema
    .createTable('idea_expansions')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('idea_id', 'integer', (c) => c.notNull().references('ideas.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idea_expansions_idea_idx').on('idea_expansions').columns(['idea_id', 'position']).execute();

  await db.schema
    .createTable('idea_images')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('idea_id', 'integer', (c) => c.notNull().references('ideas.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('file_name', 'varchar(80)', (c) => c.notNull().unique())
    .addColumn('url', 'varchar(255)', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idea_images_idea_idx').on('idea_images').column('idea_id').execute();

  await db.schema
    .createTable('idea_purchases')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('idea_id', 'integer', (c) => c.notNull().references('ideas.id').onDelete('cascade'))
    .addColumn('price', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('idea_purchases_pk', ['user_id', 'idea_id'])
    .execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'varchar(32)', (c) => c.notNull())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('priority', 'varchar(8)', (c) => c.notNull().defaultTo('normal'))
    .addColumn('sender', 'varchar(16)', (c) => c.notNull().defaultTo('system'))
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read_at', t.timestamp)
    .addColumn('original_feedback', 'text')
    .addColumn('idea_id', 'integer')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('messages_user_idx').on('messages').columns(['user_id', 'is_read', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['messages', 'idea_purchases', 'idea_images', 'idea_expansions', 'idea_tags', 'ideas']) {
    await db.schema.dropTable(table).execute();
  }
}
