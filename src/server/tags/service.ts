/**
 * Tag pages (docs/product-rules.md "Tags"): a tag's public ideas, newest first, with their count, and the
 * tags most used lately. Tags compare folded (`tagFold`, search/text.ts; `idea_tags.tag_fold`), so one
 * tag's ideas are one range of idea_tags_fold_idx; every read goes through the visibility rule.
 */
import type { Db, UserRow } from '../../../db/types.ts';
import { dbTimeAgo } from '../../../db/time.ts';
import type { Deps } from '../deps.ts';
import { newestPage, type Page } from '../ideas/keyset.ts';
import { publicIdeas } from '../ideas/visibility.ts';
import { tagFold } from '../search/text.ts';

/** How far back the popular tags look, and how many they are. */
export const POPULAR_TAGS_DAYS = 30;
export const POPULAR_TAGS_MAX = 20;

/** Public ideas carrying the tag: the ids come from one range of idea_tags_fold_idx. */
function publicIdeasTagged(db: Db, tag: string) {
  const fold = tagFold(tag);
  return publicIdeas(db).where('ideas.id', 'in', db.selectFrom('idea_tags').select('idea_tags.idea_id').where('idea_tags.tag_fold', '=', fold));
}

/** One page of the tag's public ideas, newest first (the marketplace's newest order and cursor), and how many there are. */
export async function tagIdeasPage(deps: Deps, viewer: UserRow | null, tag: string, limit: number, cursor?: string): Promise<Page & { count: number }> {
  const [page, counted] = await Promise.all([
    newestPage(deps.db, viewer, publicIdeasTagged(deps.db, tag), limit, cursor),
    publicIdeasTagged(deps.db, tag)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { ...page, count: Number(counted.n) };
}

/**
 * The tags of public ideas published in the last 30 days, most used first (ties by their folded form),
 * each with one of its spellings: one range of ideas_public_idx from the window's start, and the tags of
 * the ideas in it by their primary key.
 */
export async function popularTags(deps: Deps): Promise<{ tag: string; count: number }[]> {
  const rows = await publicIdeas(deps.db, 'ideas_public_idx')
    .clearSelect()
    .innerJoin('idea_tags', 'idea_tags.idea_id', 'ideas.id')
    .where('ideas.published_at', '>=', dbTimeAgo(POPULAR_TAGS_DAYS * 24 * 3600 * 1000))
    .select((eb) => [eb.fn.min<string>('idea_tags.tag').as('tag'), eb.fn.count<number>('ideas.id').distinct().as('n')])
    .groupBy('idea_tags.tag_fold')
    .orderBy('n', 'desc')
    .orderBy('idea_tags.tag_fold')
    .limit(POPULAR_TAGS_MAX)
    .execute();
  return rows.map((r) => ({ tag: r.tag, count: Number(r.n) }));
}
