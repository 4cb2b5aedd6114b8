/**
 * The marketplace (publishing §2): its three sorts and keyword search, in keyset pages. Every query
 * is built on the visibility rule (`publicIdeas`); each sort reads one index range from its
 * position and stops at the page size (README, Performance: EXPLAIN on both engines).
 */
import { sql } from 'kysely';
import type { UserRow } from '../../../db/types.ts';
import type { IdeaDto } from '../../shared/idea-schemas.ts';
import type { Deps } from '../deps.ts';
import { badRequest } from '../errors.ts';
import { publicIdeas, type Db } from '../ideas/repository.ts';
import { toIdeaDtos } from '../ideas/view.ts';
import { GRAM_KIND, normalizeText, queryGrams, SEARCH_MAX_QUERY, searchRank } from '../text.ts';
import type { IdeaRow } from '../../../db/types.ts';

export type MarketSort = 'newest' | 'random' | 'favorites';

export interface Page {
  items: IdeaDto[];
  nextCursor: string | null;
}

export const BAD_CURSOR_MESSAGE = '分页参数无效';

// ------------------------------------------------------------------ cursors

/** Cursors are opaque base64url JSON; `s` names the list so one list's cursor is refused by another. */
function encode(value: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function decode<T>(text: string | undefined, list: string, check: (v: Record<string, unknown>) => boolean): T | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString());
  } catch {
    throw badRequest(BAD_CURSOR_MESSAGE);
  }
  if (!value || typeof value !== 'object' || (value as { s?: unknown }).s !== list || !check(value as Record<string, unknown>)) throw badRequest(BAD_CURSOR_MESSAGE);
  return value as T;
}

const isInt = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const isTime = (v: unknown) => typeof v === 'string' && v.length <= 40;

async function finish(db: Db, rows: IdeaRow[], limit: number, viewer: UserRow | null, cursorOf: (last: IdeaRow) => string): Promise<Page> {
  const page = rows.slice(0, limit);
  return {
    items: await toIdeaDtos(db as never, page, viewer),
    nextCursor: rows.length > limit && page.length ? cursorOf(page[page.length - 1]) : null,
  };
}

// ------------------------------------------------------------------ newest

interface NewestCursor { s: 'n'; p: string; i: number }

/** published_at desc, id desc; the range form of STACK-NOTES trap 10. Index: ideas_public_idx. */
async function newestPage(db: Db, viewer: UserRow | null, limit: number, cursor?: string): Promise<Page> {
  const after = decode<NewestCursor>(cursor, 'n', (v) => isTime(v.p) && isInt(v.i));
  let q = publicIdeas(db, 'ideas_public_idx');
  if (after) q = q.where('ideas.published_at', '<=', after.p).where((eb) => eb.or([eb('ideas.published_at', '<', after.p), eb('ideas.id', '<', after.i)]));
  const rows = await q.orderBy('ideas.published_at', 'desc').orderBy('ideas.id', 'desc').limit(limit + 1).execute();
  return finish(db, rows, limit, viewer, (last) => encode({ s: 'n', p: last.published_at, i: last.id }));
}

// ------------------------------------------------------------------ favourites

interface FavoritesCursor { s: 'f'; f: number; p: string; i: number }

/**
 * favorite_count desc, published_at desc, id desc. Most ideas share a count (0), so a three-column
 * keyset as one condition would scan the whole tie group on a deep page; instead two ranges on
 * ideas_favorites_idx: the rest of the cursor's count group, then the lower counts.
 */
async function favoritesPage(db: Db, viewer: UserRow | null, limit: number, cursor?: string): Promise<Page> {
  const after = decode<FavoritesCursor>(cursor, 'f', (v) => isInt(v.f) && isTime(v.p) && isInt(v.i));
  const order = <Q extends ReturnType<typeof publicIdeas>>(q: Q) => q.orderBy('ideas.favorite_count', 'desc').orderBy('ideas.published_at', 'desc').orderBy('ideas.id', 'desc').limit(limit + 1);
  let rows: IdeaRow[];
  if (!after) rows = await order(publicIdeas(db, 'ideas_favorites_idx')).execute();
  else {
    rows = await order(
      publicIdeas(db, 'ideas_favorites_idx')
        .where('ideas.favorite_count', '=', after.f)
        .where('ideas.published_at', '<=', after.p)
        .where((eb) => eb.or([eb('ideas.published_at', '<', after.p), eb('ideas.id', '<', after.i)])),
    ).execute();
    if (rows.length <= limit) rows = rows.concat(await order(publicIdeas(db, 'ideas_favorites_idx').where('ideas.favorite_count', '<', after.f)).limit(limit + 1 - rows.length).execute());
  }
  return finish(db, rows, limit, viewer, (last) => encode({ s: 'f', f: last.favorite_count, p: last.published_at, i: last.id }));
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
  const after = decode<RandomCursor>(cursor, 'r', (v) => v.seed === seed && (v.ph === 0 || v.ph === 1) && isInt(v.k) && isInt(v.i));
  const start = seedStart(seed);
  const asc = seed % 2 === 1;
  // The two arcs of the circle, in walking order: ascending from start, then from 0 up to it;
  // descending from just below start down to 0, then from the top down to start.
  const arcs: [number, number][] = asc ? [[start, KEY_SPACE], [0, start]] : [[0, start], [start, KEY_SPACE]];
  const rows: (IdeaRow & { ph: 0 | 1 })[] = [];
  for (let ph = after?.ph ?? 0; ph <= 1 && rows.length <= limit; ph++) {
    const [lo, hi] = arcs[ph];
    let q = publicIdeas(db, 'ideas_shuffle_idx').where('ideas.shuffle_key', '>=', lo).where('ideas.shuffle_key', '<', hi);
    if (after && after.ph === ph) {
      q = asc
        ? q.where('ideas.shuffle_key', '>=', after.k).where((eb) => eb.or([eb('ideas.shuffle_key', '>', after.k), eb('ideas.id', '>', after.i)]))
        : q.where('ideas.shuffle_key', '<=', after.k).where((eb) => eb.or([eb('ideas.shuffle_key', '<', after.k), eb('ideas.id', '<', after.i)]));
    }
    const dir = asc ? 'asc' : 'desc';
    const got = await q.orderBy('ideas.shuffle_key', dir).orderBy('ideas.id', dir).limit(limit + 1 - rows.length).execute();
    rows.push(...got.map((r) => ({ ...r, ph: ph as 0 | 1 })));
  }
  return finish(db, rows, limit, viewer, (last) => encode({ s: 'r', seed, ph: (last as IdeaRow & { ph: 0 | 1 }).ph, k: last.shuffle_key, i: last.id }));
}

export async function marketplacePage(deps: Deps, viewer: UserRow | null, input: { sort: MarketSort; seed?: number; limit: number; cursor?: string }): Promise<Page> {
  if (input.sort === 'favorites') return favoritesPage(deps.db, viewer, input.limit, input.cursor);
  if (input.sort === 'random') return randomPage(deps.db, viewer, input.limit, input.seed!, input.cursor);
  return newestPage(deps.db, viewer, input.limit, input.cursor);
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

/**
 * Keyword search over title, description and tags (DESIGN §5). Ranks: 0 the normalised title is
 * the query, 1 the title contains it, 2 the description or a tag does; newest first within a rank.
 * Each rank reads its kind of index entry for the rarest query gram, newest first from the cursor
 * (an index range), keeps the candidates that have the other grams too, then the visibility rule
 * and the exact substring decide; it stops as soon as the page (plus one) is full.
 */
export async function searchPage(deps: Deps, viewer: UserRow | null, rawQuery: string, limit: number, cursor?: string): Promise<Page> {
  const db = deps.db;
  const after = decode<SearchCursor>(cursor, 'q', (v) => (v.t === 0 || v.t === 1 || v.t === 2) && isTime(v.p) && isInt(v.i));
  const q = normalizeText(rawQuery);
  const grams = queryGrams(q);
  const found: (IdeaRow & { rank: 0 | 1 | 2 })[] = [];
  if (!grams.length) return { items: [], nextCursor: null };

  const firstRank = (after?.t ?? 0) as 0 | 1 | 2;
  const plan = await orderedGrams(db, ([GRAM_KIND.title, GRAM_KIND.body] as number[]).filter((k) => k >= firstRank), grams);
  for (let rank = firstRank; rank <= 2 && found.length <= limit; rank++) {
    const kind = rank === 0 ? GRAM_KIND.exactTitle : rank === 1 ? GRAM_KIND.title : GRAM_KIND.body;
    const ordered = rank === 0 ? ([...q].length <= SEARCH_MAX_QUERY ? [q] : null) : plan.get(kind)!;
    if (!ordered) continue;
    const [drive, ...rest] = ordered;
    let pos = after && after.t === rank ? { p: after.p, i: after.i } : null;
    for (;;) {
      const want = limit + 1 - found.length;
      const batch = Math.max(want * 2, 20);
      let g = db.selectFrom('idea_search_grams as g').select(['g.published_at', 'g.idea_id']).where('g.kind', '=', kind).where('g.gram', '=', drive);
      if (pos) {
        const { p, i } = pos;
        g = g.where('g.published_at', '<=', p).where((eb) => eb.or([eb('g.published_at', '<', p), eb('g.idea_id', '<', i)]));
      }
      for (const other of rest) {
        g = g.where(({ exists, selectFrom }) =>
          exists(
            selectFrom('idea_search_grams as o')
              .select('o.idea_id')
              .where('o.kind', '=', kind)
              .where('o.gram', '=', other)
              .whereRef('o.published_at', '=', 'g.published_at')
              .whereRef('o.idea_id', '=', 'g.idea_id'),
          ),
        );
      }
      const candidates = await g.orderBy('g.published_at', 'desc').orderBy('g.idea_id', 'desc').limit(batch).execute();
      if (!candidates.length) break;
      const ids = candidates.map((c) => c.idea_id);
      // The rows through the visibility rule and (for the body rank) the tags, side by side.
      const [visibleRows, tagRows] = await Promise.all([
        publicIdeas(db).where('ideas.id', 'in', ids).execute(),
        rank === 2 ? db.selectFrom('idea_tags').select(['idea_id', 'tag']).where('idea_id', 'in', ids).execute() : Promise.resolve([]),
      ]);
      const visible = new Map(visibleRows.map((r) => [r.id, r]));
      const tags = new Map<number, string[]>();
      for (const t of tagRows) tags.set(t.idea_id, [...(tags.get(t.idea_id) ?? []), t.tag]);
      for (const c of candidates) {
        const row = visible.get(c.idea_id);
        // An entry written with another published_at than the row's is stale (cannot happen
        // inside one transaction, but never trust the index over the row).
        if (!row || row.published_at !== c.published_at) continue;
        if (searchRank(q, { title: row.title, description: row.description, tags: tags.get(row.id) ?? [] }) !== rank) continue;
        found.push({ ...row, rank });
        if (found.length > limit) break;
      }
      if (found.length > limit || candidates.length < batch) break;
      const last = candidates[candidates.length - 1];
      pos = { p: last.published_at, i: last.idea_id };
    }
  }
  return finish(db, found, limit, viewer, (last) => encode({ s: 'q', t: (last as IdeaRow & { rank: number }).rank, p: last.published_at, i: last.id }));
}
