/**
 * Similar ideas (docs/spec/accounts-and-people.md §2, docs/spec/publishing-and-browsing.md §7): public ideas that share tags or title words with this
 * one, best first. A shared tag weighs 3, a shared title bigram 1 (the search index's title grams);
 * a candidate needs at least 2, so one common character pair alone does not make ideas similar.
 */
import { sql } from 'kysely';
import type { UserRow } from '../../../db/types.ts';
import { IDEA_MSG } from '../../shared/idea-rules.ts';
import { SIMILAR_IDEAS_LIMIT } from '../../shared/constants.ts';
import type { IdeaDto } from '../../shared/idea-schemas.ts';
import type { Deps } from '../deps.ts';
import { notFound } from '../kernel/errors.ts';
import { fieldGrams, GRAM_KIND, normalizeText } from '../search/text.ts';
import { findVisibleIdea, ideaTags, publicIdeas } from './visibility.ts';
import { selectCards, toCards } from './cards.ts';

export const SIMILAR_LIMIT_DEFAULT = SIMILAR_IDEAS_LIMIT;
/** The most similar ideas one call lists. */
export const SIMILAR_LIMIT_MAX = 20;
const TAG_WEIGHT = 3;
const MIN_SCORE = 2;
/** A long title's first bigrams are enough to find its neighbours, and keep the query bounded. */
const MAX_TITLE_GRAMS = 24;

export async function similarIdeas(deps: Deps, viewer: UserRow | null, id: number, limit = SIMILAR_LIMIT_DEFAULT): Promise<IdeaDto[]> {
  const idea = await findVisibleIdea(deps.db, id, viewer);
  if (!idea) throw notFound(IDEA_MSG.notFound);
  if (!idea.show_similar) return [];
  const tags = await ideaTags(deps.db, id);
  const grams = [...fieldGrams(normalizeText(idea.title))].filter((g) => [...g].length === 2).slice(0, MAX_TITLE_GRAMS);
  if (!tags.length && !grams.length) return [];

  const db = deps.db;
  const hits = [
    ...(tags.length
      ? [
          db
            .selectFrom('idea_tags')
            .select(['idea_id', sql<number>`${TAG_WEIGHT}`.as('w')])
            .where('tag', 'in', tags),
        ]
      : []),
    ...(grams.length
      ? [
          db
            .selectFrom('idea_search_grams')
            .select(['idea_id', sql<number>`1`.as('w')])
            .where('kind', '=', GRAM_KIND.title)
            .where('gram', 'in', grams),
        ]
      : []),
  ];
  const union = hits.length === 2 ? hits[0].unionAll(hits[1]) : hits[0];
  const scored = await db
    .selectFrom(union.as('hits'))
    .innerJoin('ideas', 'ideas.id', 'hits.idea_id')
    .select(['hits.idea_id', (eb) => eb.fn.sum<number | string>('hits.w').as('score')])
    .where('ideas.id', '!=', id)
    .where('ideas.status', '=', 'published')
    .where('ideas.moderation_status', '=', 'approved')
    .where('ideas.is_deleted', '=', 0)
    .groupBy('hits.idea_id')
    .having((eb) => eb.fn.sum('hits.w'), '>=', MIN_SCORE)
    .orderBy('score', 'desc')
    .limit(limit * 3)
    .execute();
  if (!scored.length) return [];

  const score = new Map(scored.map((s) => [s.idea_id, Number(s.score)]));
  // The one visibility rule decides (the author's account is active, too).
  const rows = await selectCards(publicIdeas(db))
    .where('ideas.id', 'in', [...score.keys()])
    .execute();
  rows.sort((a, b) => score.get(b.id)! - score.get(a.id)! || (b.published_at ?? '').localeCompare(a.published_at ?? '') || b.id - a.id);
  return toCards(db, rows.slice(0, limit), viewer);
}
