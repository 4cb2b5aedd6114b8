import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';
import * as OpenCC from 'opencc-js/t2cn';

/**
 * Folded text (src/server/search/text.ts `foldText`): search, the duplicate checks and the watched words
 * read full-width forms as plain ones (NFKC: `Ａ` is `a`) and traditional characters as simplified.
 * What was stored by the rules before did neither, so a simplified or plain query missed an idea
 * written in traditional or full-width characters, and a traditional copy of a rejected text missed
 * its stored match text. This rewrites, in batches of ideas:
 * - the search index (`idea_search_grams`, `idea_search_texts`) of each published idea whose folded
 *   texts differ from the stored ones (most ideas fold to what they were and are left alone);
 * - the stored match texts (`ideas.match_text`, `rejected_texts.match_text`) folded. The content
 *   hashes stay: a rejected text's words are not kept, only its hash (a long copy is still caught
 *   by its match text).
 * `down` keeps the folded index: the rules before read it as well as they read any text.
 */
const BATCH = 500;

/** `batch` ideas (or rows) at a time: a table of any size is read a bounded part at once. */
export async function up(db: Kysely<any>, batch = BATCH): Promise<void> {
  await refoldSearchIndex(db, batch);
  await refoldMatchTexts(db, 'ideas', batch);
  await refoldMatchTexts(db, 'rejected_texts', batch);
}

export async function down(): Promise<void> {}

async function refoldSearchIndex(db: Kysely<any>, batch: number): Promise<void> {
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('ideas')
      .select(['id', 'title', 'description', 'published_at'])
      .where('status', '=', 'published')
      .where('published_at', 'is not', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(batch)
      .execute();
    if (!rows.length) break;
    after = rows[rows.length - 1].id;
    const ids = rows.map((r) => r.id);
    const tags = new Map<number, string[]>();
    for (const t of await db.selectFrom('idea_tags').select(['idea_id', 'tag']).where('idea_id', 'in', ids).orderBy('idea_id').orderBy('position').execute()) {
      const list = tags.get(Number(t.idea_id)) ?? [];
      list.push(t.tag as string);
      tags.set(Number(t.idea_id), list);
    }
    const stored = new Map((await db.selectFrom('idea_search_texts').select(['idea_id', 'title', 'body']).where('idea_id', 'in', ids).execute()).map((t) => [Number(t.idea_id), t]));

    const changed: number[] = [];
    const texts: { idea_id: number; title: string; body: string }[] = [];
    const grams: { kind: number; gram: string; published_at: unknown; idea_id: number }[] = [];
    for (const r of rows) {
      const idea = { title: r.title as string, description: r.description as string, tags: tags.get(r.id) ?? [] };
      const ideaGrams = ideaSearchGrams(idea);
      const ideaTexts = ideaSearchTexts(idea);
      const before = stored.get(r.id);
      // The grams follow from the texts: the same texts, the same entries. No grams, no texts (writeSearchGrams).
      if (ideaGrams.length ? before?.title === ideaTexts.title && before?.body === ideaTexts.body : !before) continue;
      changed.push(r.id);
      if (!ideaGrams.length) continue;
      for (const g of ideaGrams) grams.push({ ...g, published_at: r.published_at, idea_id: r.id });
      texts.push({ idea_id: r.id, ...ideaTexts });
    }
    if (!changed.length) continue;
    await inOneTransaction(db, async () => {
      await db.deleteFrom('idea_search_grams').where('idea_id', 'in', changed).execute();
      await db.deleteFrom('idea_search_texts').where('idea_id', 'in', changed).execute();
      for (let i = 0; i < grams.length; i += 1000) await db.insertInto('idea_search_grams').values(grams.slice(i, i + 1000)).execute();
      if (texts.length) await db.insertInto('idea_search_texts').values(texts).execute();
    });
  }
}

/**
 * A batch's index rows change together. A migration uses no app helper (frozen): BEGIN and COMMIT on
 * its one connection (db/migrate.ts); SQLite's IMMEDIATE takes the write lock before the first delete.
 */
async function inOneTransaction(db: Kysely<any>, work: () => Promise<void>): Promise<void> {
  await (columnTypes(db).mysql ? sql`START TRANSACTION` : sql`BEGIN IMMEDIATE`).execute(db);
  try {
    await work();
    await sql`COMMIT`.execute(db);
  } catch (err) {
    await sql`ROLLBACK`.execute(db).catch(() => undefined);
    throw err;
  }
}

/** The duplicate checks' stored texts (ideas/moderation.ts `matchText`): normalised already, so folding them again is folding what they say. */
async function refoldMatchTexts(db: Kysely<any>, table: 'ideas' | 'rejected_texts', batch: number): Promise<void> {
  let after = 0;
  for (;;) {
    const rows = await db.selectFrom(table).select(['id', 'match_text']).where('match_text', 'is not', null).where('id', '>', after).orderBy('id').limit(batch).execute();
    if (!rows.length) break;
    after = rows[rows.length - 1].id;
    for (const r of rows) {
      const folded = [...normalizeText(r.match_text as string)].slice(0, MATCH_TEXT_CHARS).join('');
      if (folded !== r.match_text) await db.updateTable(table).set({ match_text: folded }).where('id', '=', r.id).execute();
    }
  }
}

// ------------------------------------------------------------------ a frozen copy
// The text rules as this migration used them on 2026-12-02 (src/server/search/text.ts, and MATCH_TEXT_CHARS
// of src/server/ideas/publish-checks.ts). A migration keeps what it ran: the live rules may change.

const MATCH_TEXT_CHARS = 1000;
const SEARCH_QUERY_MAX_CHARS = 50;
const toSimplified = OpenCC.Converter({ from: 't', to: 'cn' });
const folds = new Map<string, string>();

function foldText(text: string): string {
  let out = '';
  for (const ch of text) {
    let folded = folds.get(ch);
    if (folded === undefined) {
      folded = toSimplified(ch.normalize('NFKC').toLowerCase());
      folds.set(ch, folded);
    }
    out += folded;
  }
  return out;
}

function normalizeText(text: string): string {
  return foldText(text).replace(/[\s\p{P}\p{S}\p{Cf}\p{Default_Ignorable_Code_Point}]+/gu, '');
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
  if (title && [...title].length <= SEARCH_QUERY_MAX_CHARS) out.push({ kind: 0, gram: title });
  const titleGrams = fieldGrams(title);
  for (const gram of titleGrams) out.push({ kind: 1, gram });
  const any = new Set<string>(titleGrams);
  for (const field of [idea.description, ...idea.tags]) for (const gram of fieldGrams(normalizeText(field))) any.add(gram);
  for (const gram of any) out.push({ kind: 2, gram });
  return out;
}

function ideaSearchTexts(idea: { title: string; description: string; tags: readonly string[] }): { title: string; body: string } {
  return { title: normalizeText(idea.title), body: [idea.description, ...idea.tags].map(normalizeText).join('\n') };
}
