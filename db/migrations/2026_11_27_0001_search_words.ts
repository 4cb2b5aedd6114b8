import { sql, type Kysely } from 'kysely';

/**
 * Search by words, at a bounded cost:
 * - `idea_search_texts`: each published idea's normalised title, and its description and tags as one
 *   normalised text (fields parted by a newline, which normalised text never holds). A search checks
 *   its candidates against these in SQL (`instr`), so a candidate that has every gram of the query but
 *   not the query itself costs one primary-key probe, not a card loaded into the process;
 * - the body grams (kind 2) become "anywhere in the idea": the title's grams join them, so a query of
 *   several words, each in another field (`办公 硬件`: one in the title, one in a tag), is found by
 *   walking one index.
 * Existing published ideas get both, in batches.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // The database's binary collation (migration 2026_11_26_0002, which every table here follows): the
  // texts are lower-cased already, and instr() must not treat 'é' and 'e' as one.
  const textType = sql`text`;
  await db.schema
    .createTable('idea_search_texts')
    .addColumn('idea_id', 'integer', (c) => c.primaryKey().references('ideas.id').onDelete('cascade'))
    .addColumn('title', textType, (c) => c.notNull())
    .addColumn('body', textType, (c) => c.notNull())
    .execute();

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
    const texts: { idea_id: number; title: string; body: string }[] = [];
    const grams: { kind: number; gram: string; published_at: unknown; idea_id: number }[] = [];
    for (const r of rows) {
      const ideaTags = tags.filter((x) => x.idea_id === r.id).map((x) => x.tag as string);
      const title = normalizeText(r.title);
      const fields = [r.description as string, ...ideaTags].map(normalizeText);
      const titleGrams = fieldGrams(title);
      // The title's grams that the body (description and tags) did not already have as kind 2.
      const body = new Set<string>();
      for (const f of fields) for (const g of fieldGrams(f)) body.add(g);
      for (const g of titleGrams) if (!body.has(g)) grams.push({ kind: 2, gram: g, published_at: r.published_at, idea_id: r.id });
      // An idea with no grams at all (nothing but punctuation) has no texts either, as writeSearchGrams keeps it.
      if (titleGrams.size || body.size) texts.push({ idea_id: r.id, title, body: fields.join('\n') });
    }
    if (texts.length) await db.insertInto('idea_search_texts').values(texts).execute();
    for (let i = 0; i < grams.length; i += 1000) await db.insertInto('idea_search_grams').values(grams.slice(i, i + 1000)).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  // The kind-2 entries that are title grams only: rewritten from the texts before these go.
  let after = 0;
  for (;;) {
    const rows = await db.selectFrom('idea_search_texts').select(['idea_id', 'title', 'body']).where('idea_id', '>', after).orderBy('idea_id').limit(500).execute();
    if (!rows.length) break;
    after = rows[rows.length - 1].idea_id;
    for (const r of rows) {
      const body = new Set<string>();
      for (const f of (r.body as string).split('\n')) for (const g of fieldGrams(f)) body.add(g);
      const titleOnly = [...fieldGrams(r.title as string)].filter((g) => !body.has(g));
      if (titleOnly.length) await db.deleteFrom('idea_search_grams').where('kind', '=', 2).where('idea_id', '=', r.idea_id).where('gram', 'in', titleOnly).execute();
    }
  }
  await db.schema.dropTable('idea_search_texts').execute();
}

// ------------------------------------------------------------------ a frozen copy
// The text rules as this migration used them on 2026-11-27 (the rules now in src/server/search/text.ts). A migration
// keeps what it ran: the live rules may change, and must not change what this did.

function normalizeText(text: string): string {
  return text.toLowerCase().replace(/[\s\p{P}\p{S}]+/gu, '');
}

function fieldGrams(normalized: string): Set<string> {
  const chars = [...normalized];
  const grams = new Set<string>(chars);
  for (let i = 0; i + 1 < chars.length; i++) grams.add(chars[i] + chars[i + 1]);
  return grams;
}
