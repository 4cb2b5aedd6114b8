/**
 * The marketplace (publishing §2): its three sorts and keyword search, in keyset pages. Every query
 * is built on the visibility rule (`publicIdeas`); each sort reads one index range from its
 * position and stops at the page size (README, Performance: EXPLAIN on both engines).
 */
import { sql } from 'kysely';
import type { Db, UserRow } from '../../../db/types.ts';
import type { IdeaDto } from '../../shared/idea-schemas.ts';
import type { Deps } from '../deps.ts';
import { cardsFrom, loadCardExtras, selectCards, toCards, type CardExtras, type CardRow } from '../ideas/cards.ts';
import { publicIdeas } from '../ideas/repository.ts';
import { decodeCursor, encodeCursor, finishPage, isCursorInt, isCursorTime, newestPage, type Page } from '../ideas/keyset.ts';
import { GRAM_KIND, normalizeText, queryGrams, SEARCH_MAX_QUERY, searchRank } from '../text.ts';

export type MarketSort = 'newest' | 'random' | 'favorites';

export type { Page };

// ------------------------------------------------------------------ favourites

interface FavoritesCursor { s: 'f'; f: number; p: string; i: number }

/**
 * favorite_count desc, published_at desc, id desc. Most ideas share a count (0), so a three-column
 * keyset as one condition would scan the whole tie group on a deep page; instead two ranges on
 * ideas_favorites_idx: the rest of the cursor's count group, then the lower counts.
 */
async function favoritesPage(db: Db, viewer: UserRow | null, limit: number, cursor?: string): Promise<Page> {
  const after = decodeCursor<FavoritesCursor>(cursor, 'f', (v) => isCursorInt(v.f) && isCursorTime(v.p) && isCursorInt(v.i));
  const cards = () => selectCards(publicIdeas(db, 'ideas_favorites_idx'));
  const order = <Q extends ReturnType<typeof cards>>(q: Q) => q.orderBy('ideas.favorite_count', 'desc').orderBy('ideas.published_at', 'desc').orderBy('ideas.id', 'desc').limit(limit + 1);
  let rows: CardRow[];
  if (!after) rows = await order(cards()).execute();
  else {
    rows = await order(
      cards()
        .where('ideas.favorite_count', '=', after.f)
        .where('ideas.published_at', '<=', after.p)
        .where((eb) => eb.or([eb('ideas.published_at', '<', after.p), eb('ideas.id', '<', after.i)])),
    ).execute();
    if (rows.length <= limit) rows = rows.concat(await order(cards().where('ideas.favorite_count', '<', after.f)).limit(limit + 1 - rows.length).execute());
  }
  return finishPage(db, rows, limit, viewer, (last) => encodeCursor({ s: 'f', f: last.favorite_count, p: last.published_at, i: last.id }));
}

// ------------------------------------------------------------------ random

/**
 * The random order. Each idea gets a random `shuffle_key` (0..2^31-1) when it is inserted, and
 * ideas_shuffle_idx orders public ideas by it. A seed picks a starting point on that key (a hash
 * of the seed) and a direction (its parity); a page walks the index from the cursor, and past the
 * end wraps around to the start point. Every page is one or two index range scans, a seed always
 * gives the same order, and each card comes exactly once per full walk. The price: every seed's
 * order is a rotation (or the reverse) of one shuffled circle, fixed at insert time; new ideas land
 * at random places on it.
 */
const KEY_SPACE = 2 ** 31;

/** A 32-bit mix (murmur3's finalizer) of the seed, onto 0..2^31-1. */
export function seedStart(seed: number): number {
  let h = seed >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) % KEY_SPACE;
}

interface RandomCursor { s: 'r'; seed: number; ph: 0 | 1; k: number; i: number }

async function randomPage(db: Db, viewer: UserRow | null, limit: number, seed: number, cursor?: string): Promise<Page> {
  const after = decodeCursor<RandomCursor>(cursor, 'r', (v) => v.seed === seed && (v.ph === 0 || v.ph === 1) && isCursorInt(v.k) && isCursorInt(v.i));
  const start = seedStart(seed);
  const asc = seed % 2 === 1;
  // The two arcs of the circle, in walking order: ascending from start, then from 0 up to it;
  // descending from just below start down to 0, then from the top down to start.
  const arcs: [number, number][] = asc ? [[start, KEY_SPACE], [0, start]] : [[0, start], [start, KEY_SPACE]];
  const rows: (CardRow & { ph: 0 | 1 })[] = [];
  for (let ph = after?.ph ?? 0; ph <= 1 && rows.length <= limit; ph++) {
    const [lo, hi] = arcs[ph];
    let q = selectCards(publicIdeas(db, 'ideas_shuffle_idx')).where('ideas.shuffle_key', '>=', lo).where('ideas.shuffle_key', '<', hi);
    if (after && after.ph === ph) {
      q = asc
        ? q.where('ideas.shuffle_key', '>=', after.k).where((eb) => eb.or([eb('ideas.shuffle_key', '>', after.k), eb('ideas.id', '>', after.i)]))
        : q.where('ideas.shuffle_key', '<=', after.k).where((eb) => eb.or([eb('ideas.shuffle_key', '<', after.k), eb('ideas.id', '<', after.i)]));
    }
    const dir = asc ? 'asc' : 'desc';
    const got = await q.orderBy('ideas.shuffle_key', dir).orderBy('ideas.id', dir).limit(limit + 1 - rows.length).execute();
    rows.push(...got.map((r) => ({ ...r, ph: ph as 0 | 1 })));
  }
  return finishPage(db, rows, limit, viewer, (last) => encodeCursor({ s: 'r', seed, ph: last.ph, k: last.shuffle_key, i: last.id }));
}

export async function marketplacePage(deps: Deps, viewer: UserRow | null, input: { sort: MarketSort; seed?: number; limit: number; cursor?: string }): Promise<Page> {
  if (input.sort === 'favorites') return favoritesPage(deps.db, viewer, input.limit, input.cursor);
  if (input.sort === 'random') return randomPage(deps.db, viewer, input.limit, input.seed!, input.cursor);
  return newestPage(deps.db, viewer, publicIdeas(deps.db, 'ideas_public_idx'), input.limit, input.cursor);
}

// ------------------------------------------------------------------ search

interface SearchCursor { s: 'q'; t: 0 | 1 | 2; p: string; i: number }

/** Counts are capped: enough to tell the rarest gram apart without counting a common one to the end. */
const COUNT_CAP = 500;

/** Grams checked in SQL per query at most; the exact substring check covers the others. */
const MAX_CHECKED_GRAMS = 6;

/**
 * For each index kind, the query's grams to use, the rarest first (it drives the scan; the others
 * are checked per candidate), or null when one of them has no entry of that kind. A long query uses
 * an evenly spread subset, so its cost does not grow with its length. One round trip for all counts.
 */
async function orderedGrams(db: Db, kinds: number[], all: string[]): Promise<Map<number, string[] | null>> {
  const out = new Map<number, string[] | null>();
  if (all.length === 1) {
    for (const k of kinds) out.set(k, all);
    return out;
  }
  const grams = all.length <= MAX_CHECKED_GRAMS ? all : Array.from({ length: MAX_CHECKED_GRAMS }, (_, i) => all[Math.round((i * (all.length - 1)) / (MAX_CHECKED_GRAMS - 1))]);
  const pairs = kinds.flatMap((kind) => grams.map((gram) => [kind, gram] as const));
  const parts = pairs.map(
    ([kind, gram], i) => sql`select ${i} as i, count(*) as n from (select idea_id from idea_search_grams where kind = ${kind} and gram = ${gram} limit ${COUNT_CAP}) as ${sql.id(`t${i}`)}`,
  );
  const counts = new Map<number, number>();
  for (const r of (await sql<{ i: number | string; n: number | string }>`${sql.join(parts, sql` union all `)}`.execute(db)).rows) counts.set(Number(r.i), Number(r.n));
  for (const kind of kinds) {
    const ranked = pairs.flatMap(([k, gram], i) => (k === kind ? [[gram, counts.get(i) ?? 0] as const] : []));
    out.set(kind, ranked.some(([, n]) => n === 0) ? null : ranked.sort((a, b) => a[1] - b[1]).map(([g]) => g));
  }
  return out;
}

type Rank = 0 | 1 | 2;
type Hit = CardRow & { rank: Rank };

/** One rank's walk: the grams it reads (the rarest drives), where it stands, whether it is exhausted, what it kept. */
interface RankWalk {
  rank: Rank;
  kind: number;
  grams: string[];
  pos: { p: string; i: number } | null;
  done: boolean;
  hits: Hit[];
}

/**
 * The candidates of one rank, newest first from its position, as a derived table: the driving
 * gram's index range (kind, gram, published_at desc, idea_id desc), the other grams and the
 * exclusions as primary-key probes, and the visibility rule (with the entry's published_at, so a
 * stale entry never counts) per entry, stopping at `take`. `exact` is true when an index entry
 * names the whole query (1 or 2 characters): then "has the grams" is "contains the query" and a
 * title match is left out of rank 2 here, so every candidate is a hit.
 */
function rankCandidates(db: Db, walk: RankWalk, q: string, exact: boolean, take: number) {
  const [drive, ...rest] = walk.grams;
  const entry = (kind: number, gram: string) =>
    db
      .selectFrom('idea_search_grams as o')
      .select('o.idea_id')
      .where('o.kind', '=', kind)
      .where('o.gram', '=', gram)
      .where('o.published_at', '=', sql.ref<string>('g.published_at'))
      .where('o.idea_id', '=', sql.ref<number>('g.idea_id'));
  let g = db
    .selectFrom('idea_search_grams as g')
    .select([sql.lit(walk.rank).as('r'), 'g.published_at as gp', 'g.idea_id as gid'])
    .where('g.kind', '=', walk.kind)
    .where('g.gram', '=', drive);
  if (walk.pos) {
    const { p, i } = walk.pos;
    g = g.where('g.published_at', '<=', p).where((eb) => eb.or([eb('g.published_at', '<', p), eb('g.idea_id', '<', i)]));
  }
  for (const other of rest) g = g.where((eb) => eb.exists(entry(walk.kind, other)));
  // An exact title is rank 0 only; with an exact query, a title containing it is rank 1 only. As
  // scalar probes, not NOT EXISTS: MariaDB turned that into materialising every entry of the gram.
  if (walk.rank === 1) g = g.where((eb) => eb(entry(GRAM_KIND.exactTitle, q), 'is', null));
  if (walk.rank === 2 && exact) g = g.where((eb) => eb(entry(GRAM_KIND.title, q), 'is', null));
  const visible = publicIdeas(db).clearSelect().select('ideas.id').where('ideas.id', '=', sql.ref<number>('g.idea_id')).where('ideas.published_at', '=', sql.ref<string>('g.published_at'));
  g = g.where((eb) => eb.exists(visible));
  return db.selectFrom(g.orderBy('g.published_at', 'desc').orderBy('g.idea_id', 'desc').limit(take).as(`t${walk.rank}`)).selectAll();
}

/**
 * Keyword search over title, description and tags (DESIGN §5). Ranks: 0 the normalised title is
 * the query, 1 the title contains it, 2 the description or a tag does; newest first within a rank.
 * One query reads every rank still needed (see `rankCandidates`) with the card columns and the
 * author, ordered rank then newest; one more loads tags, images and unlocks for the cards. A query
 * of 3 or more characters first counts its grams (to drive each rank by the rarest), and its
 * candidates only have all the query's bigrams, so the exact substring check decides; when it
 * rejects enough of them, the ranks still short are read again from where they stopped.
 */
export async function searchPage(deps: Deps, viewer: UserRow | null, rawQuery: string, limit: number, cursor?: string): Promise<Page> {
  const db = deps.db;
  const after = decodeCursor<SearchCursor>(cursor, 'q', (v) => (v.t === 0 || v.t === 1 || v.t === 2) && isCursorTime(v.p) && isCursorInt(v.i));
  const q = normalizeText(rawQuery);
  const grams = queryGrams(q);
  if (!grams.length) return { items: [], nextCursor: null };
  const exact = grams.length === 1;

  const firstRank = (after?.t ?? 0) as Rank;
  const plan = exact ? null : await orderedGrams(db, ([GRAM_KIND.title, GRAM_KIND.body] as number[]).filter((k) => k >= firstRank), grams);
  const walks: RankWalk[] = [];
  for (const rank of [0, 1, 2] as Rank[]) {
    if (rank < firstRank) continue;
    const kind = rank === 0 ? GRAM_KIND.exactTitle : rank === 1 ? GRAM_KIND.title : GRAM_KIND.body;
    const ordered = rank === 0 ? [q] : plan ? plan.get(kind)! : grams;
    if (!ordered) continue;
    walks.push({ rank, kind, grams: ordered, pos: after && after.t === rank ? { p: after.p, i: after.i } : null, done: false, hits: [] });
  }
  // Candidates per rank and round: the page plus one when every candidate is a hit, more otherwise.
  const take = exact ? limit + 1 : Math.ceil(1.5 * (limit + 1));
  const extras: CardExtras = { extras: { tags: new Map(), images: new Map(), expansions: new Map(), authors: new Map(), unlocked: new Set() }, analysis: new Map() };

  /** The walks the page still needs: in rank order, those not exhausted until the page (plus one) is full. */
  const pending = () => {
    const out: RankWalk[] = [];
    let total = 0;
    for (const w of walks) {
      if (total > limit) break;
      if (!w.done && total + w.hits.length <= limit) out.push(w);
      total += w.hits.length;
    }
    return out;
  };
  for (let round = pending(); round.length; round = pending()) {
    const [first, ...others] = round.map((w) => rankCandidates(db, w, q, exact, take));
    const union = others.reduce((u, t) => u.unionAll(t), first);
    const rows = await selectCards(db.selectFrom('ideas').innerJoin(union.as('c'), 'c.gid', 'ideas.id'))
      .select(sql<number>`c.r`.as('rank'))
      .orderBy(sql`c.r`)
      .orderBy(sql`c.gp`, 'desc')
      .orderBy(sql`c.gid`, 'desc')
      .execute();
    // Candidates of an exact query are all hits: only the page's cards need their extras, later.
    if (!exact) mergeExtras(extras, await loadCardExtras(db, rows.map((r) => r.id), viewer));
    for (const w of round) {
      const mine = rows.filter((r) => Number(r.rank) === w.rank);
      if (mine.length < take) w.done = true;
      if (mine.length) w.pos = { p: mine[mine.length - 1].published_at!, i: mine[mine.length - 1].id };
      for (const row of mine) {
        if (!exact && searchRank(q, { title: row.title, description: row.description, tags: extras.extras.tags.get(row.id) ?? [] }) !== w.rank) continue;
        w.hits.push({ ...row, rank: w.rank });
      }
    }
  }
  const found = walks.flatMap((w) => w.hits);
  const page = found.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: exact ? await toCards(db, page, viewer) : cardsFrom(page, extras, viewer),
    nextCursor: found.length > limit && last ? encodeCursor({ s: 'q', t: last.rank, p: last.published_at, i: last.id }) : null,
  };
}

function mergeExtras(into: CardExtras, more: CardExtras): void {
  for (const [k, v] of more.extras.tags) into.extras.tags.set(k, v);
  for (const [k, v] of more.extras.images) into.extras.images.set(k, v);
  for (const k of more.extras.unlocked) into.extras.unlocked.add(k);
  for (const [k, v] of more.analysis) into.analysis.set(k, v);
}
