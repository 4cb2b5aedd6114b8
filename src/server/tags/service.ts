/**
 * Tag pages (docs/product-rules.md "Tags"): a tag's public ideas, newest first, with their count, and the
 * tags most used lately. Tags compare folded (`tagFold`, search/text.ts; `idea_tags.tag_fold`). Every read
 * of one tag walks that tag's range of idea_tags_fold_idx and nothing else: each entry's idea is one
 * primary-key probe through the visibility rule (a scalar subquery, which neither engine turns into a
 * walk of all public ideas, as they did with `ideas.id in (…the tag's ideas)`: the order index first,
 * every public idea checked against the tag's list).
 */
import { sql } from 'kysely';
import type { Db, UserRow } from '../../../db/types.ts';
import { dbTimeAgo } from '../../../db/time.ts';
import type { Deps } from '../deps.ts';
import { selectCards } from '../ideas/cards.ts';
import { finishPage, type Page } from '../ideas/keyset.ts';
import { publicIdeas } from '../ideas/visibility.ts';
import { decodeCursor, encodeCursor, isCursorInt, isCursorTime } from '../kernel/cursors.ts';
import { tagFold } from '../search/text.ts';

/** How far back the popular tags look, and how many they are. */
const POPULAR_TAGS_DAYS = 30;
const POPULAR_TAGS_MAX = 20;

/**
 * The tag's entries (each idea once, though two of its tags fold alike) with their idea's published_at
 * when the idea is public, null when it is not: the tag's range of idea_tags_fold_idx, one probe each.
 */
function taggedIdeas(db: Db, tag: string) {
  return db
    .selectFrom('idea_tags as t')
    .where('t.tag_fold', '=', tagFold(tag))
    .select(['t.idea_id', publicIdeas(db).clearSelect().select('ideas.published_at').where('ideas.id', '=', sql.ref<number>('t.idea_id')).as('p')])
    .distinct();
}

interface TagCursor {
  s: 't';
  p: string;
  i: number;
}

/** One page of the tag's public ideas, newest first (published_at desc, id desc), and how many there are. */
export async function tagIdeasPage(deps: Deps, viewer: UserRow | null, tag: string, limit: number, cursor?: string): Promise<Page & { count: number }> {
  const { db } = deps;
  const after = decodeCursor<TagCursor>(cursor, 't', (v) => isCursorTime(v.p) && isCursorInt(v.i));
  let ordered = db.selectFrom(taggedIdeas(db, tag).as('x')).select(['x.idea_id', 'x.p']).where('x.p', 'is not', null);
  if (after) ordered = ordered.where((eb) => eb.or([eb('x.p', '<', after.p), eb.and([eb('x.p', '=', after.p), eb('x.idea_id', '<', after.i)])]));
  const [ids, counted] = await Promise.all([
    ordered
      .orderBy('x.p', 'desc')
      .orderBy('x.idea_id', 'desc')
      .limit(limit + 1)
      .execute(),
    db
      .selectFrom(taggedIdeas(db, tag).as('x'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('x.p', 'is not', null)
      .executeTakeFirstOrThrow(),
  ]);
  const cards = ids.length
    ? await selectCards(publicIdeas(db))
        .where(
          'ideas.id',
          'in',
          ids.map((r) => Number(r.idea_id)),
        )
        .execute()
    : [];
  const byId = new Map(cards.map((c) => [c.id, c]));
  // In the walk's order; one that stopped being public in between is left out.
  const rows = ids.flatMap((r) => byId.get(Number(r.idea_id)) ?? []);
  const page = await finishPage(db, rows, limit, viewer, (last) => encodeCursor({ s: 't', p: last.published_at, i: last.id }));
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
