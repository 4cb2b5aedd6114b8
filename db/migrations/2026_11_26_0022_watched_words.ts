import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * Watched words run by moderators, after Discourse's watched words: each word with an
 * action — `block` (the publish is refused, 403), `hold` (published into the review queue even in
 * automatic mode) or `replace` (stored with `**` in its place). `folded` is the word as matching sees
 * it (src/server/moderation/matcher.ts), unique, so `賭博` and `赌博` are one entry. The built-in list
 * and SENSITIVE_WORDS_FILE stay in their files as the starting set (block); an entry here for the same
 * word overrides them.
 *
 * `list_versions` holds one number per list a process keeps in memory: every change of the list
 * raises it in the same transaction, and a process that sees a number other than the one it loaded
 * reloads (at most CACHE_TTL_MS after the change, docs/architecture.md §9).
 *
 * A hold is remembered for the moderator: `idea_held_words` (which word, in which field, made the
 * idea wait) and held comments (`comments.held`, visible to their author only until approved, their
 * words in `comment_held_words`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);

  await db.schema
    .createTable('watched_words')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('word', 'varchar(100)', (c) => c.notNull())
    .addColumn('folded', 'varchar(200)', (c) => c.notNull())
    .addColumn('action', 'varchar(8)', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('watched_words_folded_uq').on('watched_words').column('folded').unique().execute();

  await db.schema
    .createTable('list_versions')
    .addColumn('name', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.insertInto('list_versions').values({ name: 'watched_words', version: 1 }).execute();

  await db.schema
    .createTable('idea_held_words')
    .addColumn('idea_id', 'integer', (c) => c.notNull().references('ideas.id').onDelete('cascade'))
    .addColumn('field', 'varchar(40)', (c) => c.notNull())
    .addColumn('word', 'varchar(100)', (c) => c.notNull())
    .addPrimaryKeyConstraint('idea_held_words_pk', ['idea_id', 'field', 'word'])
    .execute();

  await db.schema.alterTable('comments').addColumn('held', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('comments_held_idx').on('comments').columns(['held', 'created_at']).execute();
  await db.schema
    .createTable('comment_held_words')
    .addColumn('comment_id', 'integer', (c) => c.notNull().references('comments.id').onDelete('cascade'))
    .addColumn('word', 'varchar(100)', (c) => c.notNull())
    .addPrimaryKeyConstraint('comment_held_words_pk', ['comment_id', 'word'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('comment_held_words').execute();
  await db.schema.dropIndex('comments_held_idx').on('comments').execute();
  await db.schema.alterTable('comments').dropColumn('held').execute();
  await db.schema.dropTable('idea_held_words').execute();
  await db.schema.dropTable('list_versions').execute();
  await db.schema.dropTable('watched_words').execute();
}
