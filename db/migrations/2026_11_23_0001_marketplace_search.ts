import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * The marketplace's sorts and search (docs/architecture.md §5):
 * - `ideas.shuffle_key`, a random integer in 0..2^31-1 given on insert (here to existing rows), so
 *   the random sort is a range scan on an index from a point the seed picks, with wrap-around;
 * - indexes whose prefix is the visibility rule's equalities for each sort's order;
 * - `idea_search_grams`, the n-gram index: for every published idea (any review state, deleted or
 *   not; reads always join through the visibility rule) its exact normalised title (kind 0), the
 *   title's unigrams and bigrams (kind 1) and those of the description and tags (kind 2), each
 *   with the idea's published_at so one gram's entries come newest first straight from the key.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable('ideas').addColumn('shuffle_key', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await sql`update ideas set shuffle_key = ${t.mysql ? sql`floor(rand() * 2147483648)` : sql`abs(random()) % 2147483648`}`.execute(db);

  await db.schema.createIndex('ideas_shuffle_idx').on('ideas').columns(['moderation_status', 'is_deleted', 'shuffle_key']).execute();
  // The favourites order's tie-break (published_at) joins the key; the id follows implicitly on both
  // engines (the InnoDB primary key / SQLite rowid ends every secondary index).
  await dropIndex(db, 'ideas_hot_idx', t.mysql);
  await db.schema.createIndex('ideas_favorites_idx').on('ideas').columns(['moderation_status', 'is_deleted', 'favorite_count', 'published_at']).execute();
  await db.schema.createIndex('ideas_author_public_idx').on('ideas').columns(['user_id', 'moderation_status', 'is_deleted', 'published_at']).execute();

  // Binary collation: grams are already lower-cased, and the database's accent-insensitive
  // collation would make 'é' and 'e' one key.
  const gramType = t.mysql ? sql`varchar(50) character set utf8mb4 collate utf8mb4_bin` : sql`text`;
  let table = db.schema
    .createTable('idea_search_grams')
    .addColumn('kind', 'integer', (c) => c.notNull())
    .addColumn('gram', gramType, (c) => c.notNull())
    .addColumn('published_at', t.timestamp, (c) => c.notNull())
    .addColumn('idea_id', 'integer', (c) => c.notNull().references('ideas.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('idea_search_grams_pk', ['kind', 'gram', 'published_at', 'idea_id']);
  if (!t.mysql) table = table.modifyEnd(sql`without rowid`);
  await table.execute();
  await db.schema.createIndex('idea_search_grams_idea_idx').on('idea_search_grams').column('idea_id').execute();

  // Existing published ideas, in batches.
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('ideas')
      .select(['id', 'title', 'description', 'published_at'])
      .where('status', '=', 'published')
      .where('published_at', 'is not', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(500)
      .execute();
    if (!rows.length) break;
    after = rows[rows.length - 1].id;
    const tags = await db.selectFrom('idea_tags').select(['idea_id', 'tag']).where('idea_id', 'in', rows.map((r) => r.id)).orderBy('idea_id').orderBy('position').execute();
    const values = rows.flatMap((r) =>
      ideaSearchGrams({ title: r.title, description: r.description, tags: tags.filter((x) => x.idea_id === r.id).map((x) => x.tag) }).map((g) => ({ ...g, published_at: r.published_at, idea_id: r.id })),
    );
    for (let i = 0; i < values.length; i += 1000) await db.insertInto('idea_search_grams').values(values.slice(i, i + 1000)).execute();
  }
}

/** `DROP INDEX … ON table` is MySQL's form; SQLite names the index alone. */
async function dropIndex(db: Kysely<any>, name: string, mysql: boolean): Promise<void> {
  const drop = db.schema.dropIndex(name);
  await (mysql ? drop.on('ideas') : drop).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('idea_search_grams').execute();
  const mysql = columnTypes(db).mysql;
  for (const name of ['ideas_author_public_idx', 'ideas_favorites_idx', 'ideas_shuffle_idx']) await dropIndex(db, name, mysql);
  await db.schema.createIndex('ideas_hot_idx').on('ideas').columns(['moderation_status', 'is_deleted', 'favorite_count']).execute();
  await db.schema.alterTable('ideas').dropColumn('shuffle_key').execute();
}

// ------------------------------------------------------------------ a frozen copy
// The search grams as this migration wrote them on 2026-11-23 (the rules now in src/server/search/text.ts). A migration
// keeps what it ran: the live text rules may change, and must not change what this did.

function normalizeText(text: string): string {
  return text.toLowerCase().replace(/[\s\p{P}\p{S}]+/gu, '');
}

function fieldGrams(normalized: string): Set<string> {
  const chars = [...normalized];
  const grams = new Set<string>(chars);
  for (let i = 0; i + 1 < chars.length; i++) grams.add(chars[i] + chars[i + 1]);
  return grams;
}

function ideaSearchGrams(idea: { title: string; description: string; tags: readonly string[] }): { kind: 0 | 1 | 2; gram: string }[] {
  const title = normalizeText(idea.title);
  const out: { kind: 0 | 1 | 2; gram: string }[] = [];
  if (title && [...title].length <= 50) out.push({ kind: 0, gram: title });
  for (const gram of fieldGrams(title)) out.push({ kind: 1, gram });
  const body = new Set<string>();
  for (const field of [idea.description, ...idea.tags]) for (const gram of fieldGrams(normalizeText(field))) body.add(gram);
  for (const gram of body) out.push({ kind: 2, gram });
  return out;
}
