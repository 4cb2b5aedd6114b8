/**
 * The marketplace (docs/spec/publishing-and-browsing.md §2): its three sorts, in keyset pages (keyword search is
 * search/query.ts). Every query
 * is built on the visibility rule (`publicIdeas`); each sort reads one index range from its
 * position and stops at the page size (docs/performance.md: EXPLAIN on both engines).
 */
import type { Db, UserRow } from '../../../db/types.ts';
import type { Deps } from '../deps.ts';
import { selectCards, type CardRow } from '../ideas/cards.ts';
import { publicIdeas } from '../ideas/visibility.ts';
import { decodeCursor, encodeCursor, isCursorInt, isCursorTime, peekCursor } from '../kernel/cursors.ts';
import { finishPage, newestPage, type Page } from '../ideas/keyset.ts';

export type MarketSort = 'newest' | 'random' | 'favorites';

export type { Page };

// ------------------------------------------------------------------ favourites

interface FavoritesCursor {
  s: 'f';
  f: number;
  p: string;
  i: number;
}

/**
 * favorite_count desc, published_at desc, id desc. Most ideas share a count (0), so a three-column
 * keyset as one condition would scan the whole tie group on a deep page; instead two ranges on
 * ideas_favorites_idx: the rest of the cursor's count group, then the lower counts.
 */
async function favoritesPage(db: Db, viewer: UserRow | null, limit: number, cursor?: string): Promise<Page> {
  const after = decodeCursor<FavoritesCursor>(cursor, 'f', (v) => isCursorInt(v.f) && isCursorTime(v.p) && isCursorInt(v.i));
  const cards = () => selectCards(publicIdeas(db, 'ideas_favorites_idx'));
  const order = <Q extends ReturnType<typeof cards>>(q: Q) =>
    q
      .orderBy('ideas.favorite_count', 'desc')
      .orderBy('ideas.published_at', 'desc')
      .orderBy('ideas.id', 'desc')
      .limit(limit + 1);
  let rows: CardRow[];
  if (!after) rows = await order(cards()).execute();
  else {
    rows = await order(
      cards()
        .where('ideas.favorite_count', '=', after.f)
        .where('ideas.published_at', '<=', after.p)
        .where((eb) => eb.or([eb('ideas.published_at', '<', after.p), eb('ideas.id', '<', after.i)])),
    ).execute();
    if (rows.length <= limit)
      rows = rows.concat(
        await order(cards().where('ideas.favorite_count', '<', after.f))
          .limit(limit + 1 - rows.length)
          .execute(),
      );
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

interface RandomCursor {
  s: 'r';
  seed: number;
  ph: 0 | 1;
  k: number;
  i: number;
}

/** The seed a random-order cursor carries, when it is one (a page after the first continues its order without a seed). */
export function randomSeedOfCursor(cursor: string | undefined): number | undefined {
  // Not a random-order cursor: the page refuses it (400).
  const seed = peekCursor(cursor, 'r')?.seed;
  return typeof seed === 'number' && Number.isSafeInteger(seed) && seed >= 1 && seed <= 2 ** 31 ? seed : undefined;
}

async function randomPage(db: Db, viewer: UserRow | null, limit: number, seed: number, cursor?: string): Promise<Page> {
  const after = decodeCursor<RandomCursor>(cursor, 'r', (v) => v.seed === seed && (v.ph === 0 || v.ph === 1) && isCursorInt(v.k) && isCursorInt(v.i));
  const start = seedStart(seed);
  const asc = seed % 2 === 1;
  // The two arcs of the circle, in walking order: ascending from start, then from 0 up to it;
  // descending from just below start down to 0, then from the top down to start.
  const arcs: [number, number][] = asc
    ? [
        [start, KEY_SPACE],
        [0, start],
      ]
    : [
        [0, start],
        [start, KEY_SPACE],
      ];
  const rows: CardRow[] = [];
  // Each row's arc, beside it: a row is not copied to add it (toIdeaDto in ideas/shape.ts says why).
  const arcOf = new Map<CardRow, 0 | 1>();
  for (let ph = after?.ph ?? 0; ph <= 1 && rows.length <= limit; ph++) {
    const [lo, hi] = arcs[ph];
    let q = selectCards(publicIdeas(db, 'ideas_shuffle_idx')).where('ideas.shuffle_key', '>=', lo).where('ideas.shuffle_key', '<', hi);
    if (after && after.ph === ph) {
      q = asc
        ? q.where('ideas.shuffle_key', '>=', after.k).where((eb) => eb.or([eb('ideas.shuffle_key', '>', after.k), eb('ideas.id', '>', after.i)]))
        : q.where('ideas.shuffle_key', '<=', after.k).where((eb) => eb.or([eb('ideas.shuffle_key', '<', after.k), eb('ideas.id', '<', after.i)]));
    }
    const dir = asc ? 'asc' : 'desc';
    const got = await q
      .orderBy('ideas.shuffle_key', dir)
      .orderBy('ideas.id', dir)
      .limit(limit + 1 - rows.length)
      .execute();
    for (const r of got) arcOf.set(r, ph as 0 | 1);
    rows.push(...got);
  }
  return finishPage(db, rows, limit, viewer, (last) => encodeCursor({ s: 'r', seed, ph: arcOf.get(last)!, k: last.shuffle_key, i: last.id }));
}

export async function marketplacePage(deps: Deps, viewer: UserRow | null, input: { sort: MarketSort; seed?: number; limit: number; cursor?: string }): Promise<Page> {
  if (input.sort === 'favorites') return favoritesPage(deps.db, viewer, input.limit, input.cursor);
  if (input.sort === 'random') return randomPage(deps.db, viewer, input.limit, input.seed!, input.cursor);
  return newestPage(deps.db, viewer, publicIdeas(deps.db, 'ideas_public_idx'), input.limit, input.cursor);
}
