/**
 * Writing the search index (`idea_search_grams` and `idea_search_texts`, docs/architecture.md §5). Every published
 * idea (in any review state, deleted or not) has its entries and its texts; drafts have none. Reads
 * always go through the visibility rule, so approving, rejecting, deleting, restoring or deactivating
 * the author needs no change here; only a change of the searched text, of published_at or of status
 * does, and each of those writes calls `writeSearchGrams` in its own transaction. Purging deletes
 * the entries by cascade.
 */
import { ideaSearchGrams, ideaSearchTexts } from './text.ts';
import type { Db } from '../../../db/types.ts';

/** The rows of one published idea's index: its grams and its normalised texts. */
export function searchIndexRows(ideaId: number, publishedAt: string, idea: { title: string; description: string; tags: readonly string[] }) {
  return {
    grams: ideaSearchGrams(idea).map((g) => ({ kind: g.kind, gram: g.gram, published_at: publishedAt, idea_id: ideaId })),
    texts: { idea_id: ideaId, ...ideaSearchTexts(idea) },
  };
}

/** Rewrites one idea's entries from what is stored now (call it after the row and its tags are written). */
export async function writeSearchGrams(db: Db, ideaId: number): Promise<void> {
  // Only when there are entries: a DELETE that finds none still locks the gap where they would be,
  // the end of the index for a new idea, where concurrent publishes insert: they deadlocked.
  // The texts are written and removed with the grams, so the same check stands for both.
  if (await db.selectFrom('idea_search_grams').select('idea_id').where('idea_id', '=', ideaId).limit(1).executeTakeFirst()) {
    await db.deleteFrom('idea_search_grams').where('idea_id', '=', ideaId).execute();
    await db.deleteFrom('idea_search_texts').where('idea_id', '=', ideaId).execute();
  }
  const row = await db.selectFrom('ideas').select(['title', 'description', 'status', 'published_at']).where('id', '=', ideaId).executeTakeFirst();
  if (!row || row.status !== 'published' || !row.published_at) return;
  const tags = (await db.selectFrom('idea_tags').select('tag').where('idea_id', '=', ideaId).orderBy('position').execute()).map((t) => t.tag);
  const { grams, texts } = searchIndexRows(ideaId, row.published_at, { title: row.title, description: row.description, tags });
  // Nothing to find it by (a text of punctuation only): no entries, and no texts either.
  if (!grams.length) return;
  for (let i = 0; i < grams.length; i += 1000)
    await db
      .insertInto('idea_search_grams')
      .values(grams.slice(i, i + 1000))
      .execute();
  await db.insertInto('idea_search_texts').values(texts).execute();
}
