/**
 * Keyword search (docs/spec/publishing-and-browsing.md §2, docs/architecture.md §5): a query's words
 * looked up in the n-gram index (search-index.ts) after the same folding as the stored text
 * (text.ts), ranked (title, then description and tags, then the rest), newest first in keyset pages,
 * at a bounded cost per page (docs/performance.md, "Search at a bounded cost"). Built on the
 * visibility rule (`publicIdeas`) like every public list. Longer than other modules because it does
 * one thing whose parts are read together: choosing the driving grams, the walks of each rank and
 * the rounds that read them share one budget and one cursor.
 */
import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Db, UserRow } from '../../../db/types.ts';
import type { IdeaDto } from '../../shared/idea-schemas.ts';
import type { Deps } from '../deps.ts';
import { cardsFrom, selectCards, toCards, type CardRow } from '../ideas/cards.ts';
import type { IdeaExtras, UploadedImage } from '../ideas/shape.ts';
import { shapedQueries } from '../../../db/prepared.ts';
import { publicIdeas } from '../ideas/visibility.ts';
import { decodeCursor, encodeCursor, isCursorInt, isCursorTime } from '../kernel/cursors.ts';
import type { Page } from '../ideas/keyset.ts';
import { SEARCH_QUERY_MAX_CHARS } from '../../shared/constants.ts';
import { GRAM_KIND, queryGrams, searchWords } from './text.ts';

interface SearchCursor {
  s: 'q';
  t: Rank;
  p: string;
  i: number;
}

/** A cursor position before every entry of a rank. */
const RANK_START = '9999-12-31 23:59:59.999';

type Rank = 0 | 1 | 2;

/**
 * What one page of search may read, so that no query, however common or
 * contrived its words, costs more than a page: the index entries its walks check together, the
 * statements it sends, and the grams it counts to choose where to start. Past a bound the answer is
 * still correct, only shorter (see `searchPage`).
 */
export interface SearchBudget {
  /** Index entries the walks of one page check together, at most (each a probe of the idea's texts). */
  entries: number;
  /** Walking rounds (statements) of one page, at most. */
  rounds: number;
  /** The first round's entries per walk, at least: a page and its spare for a common word (ranged walks with more than one round: a later walk's first part). */
  firstChunk: number;
  /** How many times more entries each round reads than the one before. */
  growth: number;
  /** Grams counted per index kind to pick the rarest, at most (spread over the words and along each). */
  countedGrams: number;
  /** Entries counted per gram: a rarer gram is told by a lower count, or past the cap by an older last entry. */
  countCap: number;
  /**
   * Ranged walks (MariaDB): a walk reads the entries from its position down to the one `chunk`
   * entries on (found in the same statement, a one-row table MariaDB reads while planning, so the
   * range is a constant), in index order with the check in the same join: no entry is materialised
   * or sorted, the read stops at the last hit the page needs, and the walk's whole share of the
   * budget is read in one round, not grown over several. Chunked walks (SQLite) read their next
   * `chunk` entries, then check them. On MariaDB a chunk's materialising and sorting cost as much as
   * its checks (3.9 µs an entry in all, 2.4 ranged), and each statement costs 0.7-0.9 ms to parse
   * and plan. With one round (MariaDB's budget) every walk reads its whole share in it; with more,
   * the first walk a page needs reads its whole share in the first round and a later one first
   * `firstChunk` entries (the page may be full without it), the rest in the next round.
   */
  ranged: boolean;
}

/**
 * Per database, from what a checked entry costs at 100,000 ideas (docs/performance.md, "Search at a bounded
 * cost"): about 0.5–0.9 µs on SQLite (plus each round's own cost, 0.3–0.5 ms), 2.4–3 µs on MariaDB
 * in a ranged walk (a primary-key probe of the texts through the server, the index entry, and its
 * share of finding the edge), so a page's walks stay within a few milliseconds on either. MariaDB's
 * walks are ranged, in one round (`growth` and `firstChunk` unused): every walk reads its whole share
 * in the statement that brings the cards, since a second round cost 1.3–4.5 ms (「eta」: its title
 * rank's 500 entries found 8 cards, the other rank's first 128 none, and the second round read 185
 * more each). The budgets were made smaller (MariaDB 700, was 1,000; SQLite 1,500, was
 * 2,500): the worst queries read the whole budget (the 10 one-character words on SQLite: 2.7 of
 * 6.2 ms in the last round alone), and a shorter page for them was the price of a p99 within 10 ms.
 */
export const SEARCH_BUDGETS: Record<'sqlite' | 'mysql', SearchBudget> = {
  sqlite: { entries: 1500, rounds: 4, firstChunk: 32, growth: 4, countedGrams: 6, countCap: 256, ranged: false },
  mysql: { entries: 700, rounds: 1, firstChunk: 128, growth: 1, countedGrams: 6, countCap: 64, ranged: true },
};

/** The driving gram of a walk and, when it has fewer entries than the count's cap, how many. */
interface Driver {
  gram: string;
  count: number | null;
}

/** A list in an order that spreads over it: both ends, then the middle, then the quarters, … */
function spread<T>(list: readonly T[]): T[] {
  const out: T[] = [];
  const seen = new Set<number>();
  const add = (i: number) => {
    if (!seen.has(i)) {
      seen.add(i);
      out.push(list[i]);
    }
  };
  if (list.length) add(0);
  if (list.length > 1) add(list.length - 1);
  for (let parts = 2; out.length < list.length; parts *= 2) for (let k = 1; k < parts; k += 2) add(Math.floor((k * (list.length - 1)) / parts));
  return out;
}

/** Up to `n` distinct grams of the words: each word's spread over it, taken from every word in turn. */
function spreadGrams(words: readonly string[], n: number): string[] {
  const per = words.map((w) => spread(queryGrams(w)));
  const out = new Set<string>();
  for (let k = 0; out.size < n && per.some((g) => k < g.length); k++) for (const grams of per) if (k < grams.length && out.size < n) out.add(grams[k]);
  return [...out];
}

const countQueries = shapedQueries<{ i: number | string; n: number | string; m: string | null }>();

/**
 * For each index kind, the rarest of the query's grams (it drives that kind's walk), or null when one
 * of them has no entry of that kind (then no idea has every word there). One statement for all the
 * counts, each reading at most `countCap` entries, newest first: a count below the cap is exact; at
 * the cap, the gram whose last counted entry is older is the sparser one. With `whole`, the exact
 * title's entries too (kind 0), so the first round reads no exact-title rank that has none. None for
 * a query of one gram.
 */
async function chooseDrivers(
  db: Db,
  kinds: number[],
  words: readonly string[],
  whole: string | null,
  budget: SearchBudget,
  from: { kind: number; p: string; i: number } | null,
): Promise<{ drivers: Map<number, Driver | null>; words: string[]; counted: number | null }> {
  const out = new Map<number, Driver | null>();
  const grams = spreadGrams(words, budget.countedGrams);
  if (grams.length === 1) {
    for (const k of kinds) out.set(k, { gram: grams[0], count: null });
    if (whole !== null) out.set(GRAM_KIND.exactTitle, { gram: whole, count: null });
    return { drivers: out, words: [...words], counted: null };
  }
  // The exact title's one entry is counted too (when that rank is read): most queries name no title.
  const pairs = [...kinds.flatMap((kind) => grams.map((gram, g) => [kind, gram, g] as const)), ...(whole !== null ? [[GRAM_KIND.exactTitle, whole, grams.length] as const] : [])];
  // Ranged walks read a rare gram's entries whole in the first round: the counts stay within the
  // budget and, for the kind a cursor resumes, start at the cursor (so they are what is left to read).
  const kindsCounted = kinds.length + (whole !== null ? 1 : 0);
  const cap = budget.ranged ? Math.max(1, Math.min(budget.countCap, Math.floor(budget.entries / kindsCounted))) : budget.countCap;
  const resumes = budget.ranged && from ? from.kind : -1;
  const position = (arg: (i: number) => never) => sql` and published_at <= ${arg(grams.length + 1)} and (published_at < ${arg(grams.length + 1)} or idea_id < ${arg(grams.length + 2)})`;
  const rows = await countQueries(
    db,
    `${kinds.join()}:${grams.length}:${whole !== null}:${cap}:${resumes}`,
    [...grams, whole, from?.p ?? '', from?.i ?? 0],
    (arg) =>
      sql`${sql.join(
        pairs.map(
          ([kind, , g], i) =>
            sql`select ${sql.lit(i)} as i, count(*) as n, min(c.published_at) as m from (select published_at from idea_search_grams where kind = ${sql.lit(kind)} and gram = ${arg(g)}${kind === resumes ? position(arg) : sql``} order by published_at desc, idea_id desc limit ${sql.lit(cap)}) as c`,
        ),
        sql` union all `,
      )}`,
  );
  const counts = new Map<number, { n: number; m: string }>();
  for (const r of rows) counts.set(Number(r.i), { n: Number(r.n), m: r.m ?? '' });
  for (const kind of whole !== null ? [...kinds, GRAM_KIND.exactTitle] : kinds) {
    const ranked = pairs.flatMap(([k, gram], i) => (k === kind ? [{ gram, ...(counts.get(i) ?? { n: 0, m: '' }) }] : [])).sort((a, b) => a.n - b.n || (a.m < b.m ? -1 : a.m > b.m ? 1 : 0));
    const rarest = ranked[0];
    out.set(kind, rarest.n === 0 ? null : { gram: rarest.gram, count: rarest.n < cap ? rarest.n : null });
  }
  // The words checked rarest first (by their rarest counted gram anywhere): a candidate's check
  // stops at the first word it lacks, most often the first.
  const any = pairs.flatMap(([k, gram], i) => (k === GRAM_KIND.any ? [{ gram, ...(counts.get(i) ?? { n: 0, m: '' }) }] : []));
  const rarity = (w: string) => {
    const mine = any.filter((c) => queryGrams(w).includes(c.gram)).sort((a, b) => a.n - b.n || (a.m < b.m ? -1 : 1))[0];
    return mine ? ([mine.n, mine.m] as const) : ([Infinity, ''] as const);
  };
  const ranked = words.map((w) => ({ w, r: rarity(w) })).sort((a, b) => a.r[0] - b.r[0] || (a.r[1] < b.r[1] ? -1 : a.r[1] > b.r[1] ? 1 : 0));
  return { drivers: out, words: ranked.map((x) => x.w), counted: cap };
}

/** One rank's walk down its driving gram's entries, newest first: where it stands, what it found. */
interface RankWalk {
  rank: Rank;
  kind: number;
  driver: Driver;
  pos: { p: string; i: number } | null;
  /** Every entry of the driving gram past the position has been read. */
  done: boolean;
  /** Entries to read in its next round. */
  chunk: number;
  hits: RoundRow[];
}

/** A round's row: a hit's card (or a walk's last entry), with its rank and its index entry's position. */
type RoundRow = CardRow & {
  rank: number | string;
  boundary: number | string;
  entry_at: string;
  /** Ranged rounds: the walk's edge, and the card's tags and image uploads (JSON arrays) and, with uploads, its analysis. */
  edge?: string | null;
  tag_list?: string | null;
  image_list?: string | null;
  analysis?: string | null;
};

const roundQueries = shapedQueries<RoundRow>();

/** The values of one walk in a round, in the order `walkRound` reads them (after the query's words). */
const WALK_ARGS = 6;

/**
 * A round of one walk, as two derived tables: its hits among the next `chunk` entries of its driving
 * gram (at most `need`, newest first), and the last of those entries (`b` = 1: where the next round
 * starts; none when fewer were left, or when the walk reads what its count said was all). A hit is
 * checked in SQL: the idea's normalised texts have every word where the rank wants them (`instr`,
 * one primary-key probe), it is not of a better rank, and it is public with the entry's published_at
 * (so a stale entry never counts). `a` is the walk's first value, `arg(0)` the whole query and
 * `arg(1 + k)` its words.
 */
function walkRound(db: Db, walk: WalkShape, words: number, a: number, arg: (i: number) => never) {
  if (walk.ranged) return rangedWalkRound(db, walk, words, a, arg);
  const [gram, p, i, chunk, need, offset] = [0, 1, 2, 3, 4, 5].map((k) => arg(a + k));
  const entries = () => {
    let g = db.selectFrom('idea_search_grams as s').where('s.kind', '=', sql.lit(walk.kind)).where('s.gram', '=', gram);
    if (walk.from) g = g.where('s.published_at', '<=', p).where((eb) => eb.or([eb('s.published_at', '<', p), eb('s.idea_id', '<', i)]));
    return g.orderBy('s.published_at', 'desc').orderBy('s.idea_id', 'desc');
  };
  const scan = entries().select(['s.published_at as gp', 's.idea_id as gid']).limit(chunk);
  let hits = db.selectFrom(scan.as('g')).select([sql.lit(walk.rank).as('r'), sql.lit(0).as('b'), 'g.gp', 'g.gid']);
  if (walk.rank > 0) hits = hits.innerJoin('idea_search_texts as t', 't.idea_id', 'g.gid').where(rankCheck(walk.rank, words, arg, walk.bytes));
  const visible = publicIdeas(db).clearSelect().select('ideas.id').where('ideas.id', '=', sql.ref<number>('g.gid')).where('ideas.published_at', '=', sql.ref<string>('g.gp'));
  hits = hits.where((eb) => eb.exists(visible));
  const arms: RoundArm[] = [db.selectFrom(hits.orderBy('g.gp', 'desc').orderBy('g.gid', 'desc').limit(need).as(`h${walk.rank}`)).selectAll()];
  if (walk.boundary) {
    const last = entries()
      .select([sql.lit(walk.rank).as('r'), sql.lit(1).as('b'), 's.published_at as gp', 's.idea_id as gid'])
      .limit(1)
      .offset(offset);
    arms.push(db.selectFrom(last.as(`e${walk.rank}`)).selectAll());
  }
  return arms;
}

/**
 * The instr() check of a rank's candidate against the idea's normalised texts `t`: `arg(0)` the whole
 * query, `arg(1 + k)` its words. On MySQL/MariaDB each word is compared as bytes: the texts' collation
 * is binary already (code points), and a UTF-8 word is in a UTF-8 text exactly where its bytes are,
 * but MariaDB's instr() steps through a utf8mb4 text a character at a time (1.9 of 3.5 ms in
 * 「的 理 a 提 i o 助 分 t e」's second round, 872 entries; 0.6 ms as bytes).
 */
function rankCheck(rank: Rank, words: number, arg: (i: number) => never, bytes: boolean) {
  const ws = Array.from({ length: words }, (_, k) => (bytes ? (sql`cast(${arg(1 + k)} as binary)` as unknown as never) : arg(1 + k)));
  const inTitle = (w: never) => sql<boolean>`instr(t.title, ${w}) > 0`;
  const anywhere = (w: never) => sql<boolean>`(instr(t.title, ${w}) > 0 or instr(t.body, ${w}) > 0)`;
  const all = (parts: RawBuilder<boolean>[]) => sql<boolean>`(${sql.join(parts, sql` and `)})`;
  return rank === 1 ? sql<boolean>`${all(ws.map(inTitle))} and t.title <> ${arg(0)}` : sql<boolean>`${all(ws.map(anywhere))} and not ${all(ws.map(inTitle))}`;
}

/**
 * A round of one ranged walk: among the entries from its position down to the one `chunk` on (its
 * edge: `e.lo`, none when fewer are left, then to the end), read newest first, its hits (`b` = 0) and
 * the entries at the edge's time (`b` = 1), at most `need` + 1 rows; every row carries the edge.
 * The check is in the same join and the read in index order, so it stops at the rows it needs.
 * When the page needs no more, the last row is the last hit; else the last row is where the walk
 * stands (the read went down to the edge), or, with no edge, the walk is done. Values: gram,
 * position (p, i), chunk - 1, need + 1.
 */
function rangedWalkRound(db: Db, walk: WalkShape, words: number, a: number, arg: (i: number) => never) {
  const [gram, p, i, offset, rows] = [0, 1, 2, 3, 4].map((k) => arg(a + k));
  const kind = sql.lit(walk.kind);
  const from = (t: string) => (walk.from ? sql` and ${sql.ref(`${t}.published_at`)} <= ${p} and (${sql.ref(`${t}.published_at`)} < ${p} or ${sql.ref(`${t}.idea_id`)} < ${i})` : sql``);
  const visible = publicIdeas(db).clearSelect().select('ideas.id').where('ideas.id', '=', sql.ref<number>('s.idea_id')).where('ideas.published_at', '=', sql.ref<string>('s.published_at'));
  const hit = walk.rank > 0 ? sql`${rankCheck(walk.rank, words, arg, walk.bytes)} and exists (${visible})` : sql`exists (${visible})`;
  // The texts joined left: an edge entry is a row whatever its texts.
  const texts = walk.rank > 0 ? sql` left join idea_search_texts as t on t.idea_id = s.idea_id` : sql``;
  const read = sql`(select ${sql.lit(walk.rank)} as r, case when ${hit} then 0 else 1 end as b, s.published_at as gp, s.idea_id as gid, e.lo as lo
    from (select (select g.published_at from idea_search_grams as g where g.kind = ${kind} and g.gram = ${gram}${from('g')} order by g.published_at desc, g.idea_id desc limit 1 offset ${offset}) as lo) as e
    join idea_search_grams as s on s.kind = ${kind} and s.gram = ${gram}${from('s')} and s.published_at >= coalesce(e.lo, '1000-01-01 00:00:00.000')${texts}
    having b = 0 or gp = lo
    order by s.published_at desc, s.idea_id desc limit ${rows})`;
  return [db.selectFrom(read.as(`h${walk.rank}`)).selectAll() as unknown as RoundArm];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a derived table's arm: no schema names its rows
type RoundArm = SelectQueryBuilder<any, any, { r: number; b: number; gp: string; gid: number }>;

/** What shapes one walk's part of a round's statement (the key of its compiled shape). */
interface WalkShape {
  rank: Rank;
  kind: number;
  from: boolean;
  /** Chunked: the round reads a last entry to stand on. */
  boundary: boolean;
  ranged: boolean;
  /** Words are compared as bytes (MySQL/MariaDB: `rankCheck`). */
  bytes: boolean;
}

/** One round: the hits (and where each walk stops) of every walk still needed, with the card columns and the author. */
async function readRound(db: Db, ranged: boolean, walks: { walk: RankWalk; need: number }[], words: readonly string[], whole: string): Promise<RoundRow[]> {
  const args: unknown[] = [whole, ...words];
  const shape = walks.map(({ walk, need }): WalkShape => {
    // (The dialect, hence `ranged` and `bytes`, is the same for every shape of one database: not in the key.)
    const base = { rank: walk.rank, kind: walk.kind, from: !!walk.pos, ranged, bytes: ranged };
    if (ranged) {
      args.push(walk.driver.gram, walk.pos?.p ?? '', walk.pos?.i ?? 0, walk.chunk - 1, need + 1, 0);
      return { ...base, boundary: false };
    }
    // A walk reading all its count said it had needs no boundary: it is done after this round.
    const boundary = walk.driver.count === null || walk.chunk <= walk.driver.count;
    args.push(walk.driver.gram, walk.pos?.p ?? '', walk.pos?.i ?? 0, walk.chunk, need, walk.chunk - 1);
    return { ...base, boundary };
  });
  const key = shape.map((w) => `${w.rank}${w.from ? 'f' : ''}${w.boundary ? 'b' : ''}`).join();
  return roundQueries(db, `${words.length}|${key}`, args, (arg) => {
    const arms = shape.flatMap((w, j) => walkRound(db, w, words.length, 1 + words.length + j * WALK_ARGS, arg));
    const union = arms.slice(1).reduce((u, t) => u.unionAll(t), arms[0]);
    const cards = selectCards(db.selectFrom('ideas').innerJoin(union.as('c'), 'c.gid', 'ideas.id')).select([
      sql<number>`c.r`.as('rank'),
      sql<number>`c.b`.as('boundary'),
      sql<string>`c.gp`.as('entry_at'),
    ]);
    if (!ranged) return cards;
    // What `loadCardExtras` reads for a guest's cards, read here with them (one statement less): the
    // tags in order, the uploads (name, url) in order and, for an idea with uploads, its analysis.
    return cards.select([
      sql<string | null>`c.lo`.as('edge'),
      sql<string | null>`(select concat('[', group_concat(json_quote(tg.tag) order by tg.position separator ','), ']') from idea_tags as tg where tg.idea_id = ideas.id)`.as('tag_list'),
      // The uploads length-prefixed (`count|len:name len:url len:WxH…`, lengths in characters), not as JSON:
      // json_array() is a LONGTEXT, and its group_concat made MariaDB create an on-disk temporary
      // table (Aria, in /tmp) for every round, about 0.24 ms a statement.
      sql<
        string | null
      >`(select concat(count(*), '|', group_concat(char_length(im.file_name), ':', im.file_name, char_length(im.url), ':', im.url, char_length(concat(im.width, 'x', im.height)), ':', im.width, 'x', im.height order by im.id separator '')) from idea_images as im where im.idea_id = ideas.id)`.as(
        'image_list',
      ),
      sql<string | null>`case when exists (select 1 from idea_images as ia where ia.idea_id = ideas.id) then ideas.detailed_analysis end`.as('analysis'),
    ]);
  });
}

/**
 * Keyword search over title, description and tags (docs/architecture.md §5): every word of the query
 * (split on spaces) must be found, in any order and any field. Ranks: 0 the normalised title is the
 * query (its words joined), 1 the title has every word, 2 the idea has them; newest first within a
 * rank. Each rank walks one index range, its rarest gram's entries newest first from the cursor,
 * and checks each entry in SQL (`walkRound`); a round reads every rank still needed in one statement
 * with the card columns and the author, and one more query loads the page's tags and images (on
 * MariaDB, for a guest, the round brings them too).
 *
 * The cost is bounded (`SEARCH_BUDGETS`): on SQLite a walk reads a small chunk first and four times
 * more each round, on MariaDB its share of the budget in one round (`SearchBudget.ranged`); all of
 * them together at most `entries` entries in at most `rounds` rounds. Past that the
 * page ends with what was found: every card on it is a match, in order; when it found some, its
 * cursor resumes the walk where it stopped (a later page reads a new budget), when it found none, the
 * list ends there.
 */
export async function searchPage(deps: Deps, viewer: UserRow | null, rawQuery: string, limit: number, cursor?: string, budget: SearchBudget = SEARCH_BUDGETS[deps.handle.dialect]): Promise<Page> {
  const db = deps.db;
  const after = decodeCursor<SearchCursor>(cursor, 'q', (v) => (v.t === 0 || v.t === 1 || v.t === 2) && isCursorTime(v.p) && isCursorInt(v.i));
  const words = searchWords(rawQuery);
  if (!words.length) return { items: [], nextCursor: null };
  const whole = words.join('');

  const firstRank = (after?.t ?? 0) as Rank;
  const kinds = ([GRAM_KIND.title, GRAM_KIND.any] as number[]).filter((k) => k >= firstRank);
  const readsExact = firstRank === 0 && [...whole].length <= SEARCH_QUERY_MAX_CHARS;
  const resumeKind = after ? (after.t === 1 ? GRAM_KIND.title : after.t === 2 ? GRAM_KIND.any : GRAM_KIND.exactTitle) : null;
  const chosen = await chooseDrivers(db, kinds, words, readsExact ? whole : null, budget, after && resumeKind !== null ? { kind: resumeKind, p: after.p, i: after.i } : null);
  const drivers = chosen.drivers;
  const checked = chosen.words;
  const ranged = budget.ranged;
  const walks: RankWalk[] = [];
  for (const rank of [0, 1, 2] as Rank[]) {
    if (rank < firstRank || (rank === 0 && !readsExact)) continue;
    const kind = rank === 0 ? GRAM_KIND.exactTitle : rank === 1 ? GRAM_KIND.title : GRAM_KIND.any;
    const driver = drivers.get(kind);
    if (!driver) continue;
    // A rare driving gram is read whole in the first round (one more: its end); an exact title has few entries.
    const chunk = driver.count !== null ? driver.count + 1 : ranged ? 0 : rank === 0 ? limit + 1 : Math.max(budget.firstChunk, limit + 1);
    walks.push({ rank, kind, driver, pos: after && after.t === rank ? { p: after.p, i: after.i } : null, done: false, chunk, hits: [] });
  }
  if (ranged) {
    // The budget shared: a counted walk takes what its count said, the others the rest in equal
    // shares; the first takes its whole share now, a later one too when there is one round, else at
    // most `firstChunk` (the rest next round).
    const counted = walks.filter((w) => w.chunk > 0);
    const share = Math.floor((budget.entries - counted.reduce((sum, w) => sum + w.chunk, 0)) / Math.max(1, walks.length - counted.length));
    walks.forEach((w, k) => {
      if (w.chunk === 0) w.chunk = Math.max(1, k === 0 || budget.rounds === 1 ? share : Math.min(share, budget.firstChunk));
    });
  }

  let left = budget.entries;
  for (let round = 0; round < budget.rounds && left > 0; round++) {
    // The walks the page still needs: in rank order, not exhausted, until the page (plus one) is full.
    const pending: { walk: RankWalk; need: number }[] = [];
    let total = 0;
    for (const w of walks) {
      if (total > limit) break;
      if (!w.done && total + w.hits.length <= limit) pending.push({ walk: w, need: limit + 1 - total });
      total += w.hits.length;
    }
    if (!pending.length) break;
    const share = Math.floor(left / pending.length);
    if (!ranged) for (const { walk } of pending) walk.chunk = Math.max(1, Math.min(walk.chunk, share));
    else if (round > 0) {
      // Ranged: what is left, in equal shares (the first round's shares were set above).
      if (share < 1) break;
      for (const { walk } of pending) walk.chunk = share;
    }
    left -= pending.reduce((sum, { walk }) => sum + walk.chunk, 0);
    const rows = await readRound(
      db,
      ranged,
      pending.map(({ walk, need }) => ({ walk, need: need - walk.hits.length })),
      checked,
      whole,
    );
    const newestFirst = (a: RoundRow, b: RoundRow) => (a.entry_at < b.entry_at ? 1 : a.entry_at > b.entry_at ? -1 : b.id - a.id);
    for (const { walk, need } of pending) {
      const mine = rows.filter((r) => Number(r.rank) === walk.rank);
      const found = mine.filter((r) => Number(r.boundary) === 0).sort(newestFirst);
      const end = ranged ? mine.sort(newestFirst)[mine.length - 1] : mine.find((r) => Number(r.boundary) === 1);
      walk.hits.push(...found);
      if (walk.hits.length >= need) {
        // Enough for the page: the walk stands at its last hit.
        const last = walk.hits[walk.hits.length - 1];
        walk.pos = { p: last.entry_at, i: last.id };
      } else if (end && (!ranged || end.edge != null)) {
        // Chunked: its boundary entry; ranged: the last row it read, down to its edge.
        walk.pos = { p: end.entry_at, i: end.id };
      } else {
        walk.done = true;
      }
      if (!ranged) walk.chunk *= budget.growth;
    }
  }

  // The cards in rank order. A walk the budget stopped before it was done ends the answer there
  // (what lies past its position is unread), unless nothing was found before it or by it while a
  // later rank found cards: then that walk is given up for this search, so a page is never empty
  // for want of budget when cards of a later rank are at hand (its unread part is never shown).
  // Each hit's `rank` column is its walk's rank (a number or a numeric string, by driver); the rows
  // are not copied to make it a number (toIdeaDto in ideas/shape.ts says why).
  const found: RoundRow[] = [];
  let resume: SearchCursor | null = null;
  for (const [k, w] of walks.entries()) {
    if (!w.done && !found.length && !w.hits.length && walks.slice(k + 1).some((later) => later.hits.length)) continue;
    found.push(...w.hits);
    if (found.length > limit) break;
    if (!w.done) {
      // A walk that never read stands at its rank's start.
      resume = { s: 'q', t: w.rank, ...(w.pos ?? { p: RANK_START, i: Number.MAX_SAFE_INTEGER }) };
      break;
    }
  }
  const page = found.slice(0, limit);
  const last = page[page.length - 1];
  let nextCursor: string | null = null;
  if (found.length > limit && last) nextCursor = encodeCursor({ s: 'q', t: Number(last.rank) as Rank, p: last.published_at, i: last.id });
  else if (resume && page.length) nextCursor = encodeCursor({ ...resume });
  // A guest's cards from what a ranged round read with them; a member's (their unlocks) by one more query.
  const items = ranged && !viewer ? cardsOfRounds(page) : null;
  return { items: items ?? (await toCards(db, page, viewer)), nextCursor };
}

/**
 * A card's uploads as a ranged round reads them (`readRound`): `count|` then, per upload in order,
 * its name, url and size (`750x1200`) each as `length:text` (length in characters). Null when the
 * text is not exactly that (cut short by group_concat_max_len, say).
 */
export function uploadsOfRound(list: string): Map<string, UploadedImage> | null {
  const bar = list.indexOf('|');
  const count = Number(list.slice(0, bar));
  if (bar < 1 || !Number.isInteger(count)) return null;
  const chars = [...list.slice(bar + 1)];
  let at = 0;
  const next = (): string | null => {
    const colon = chars.indexOf(':', at);
    const length = colon > at ? Number(chars.slice(at, colon).join('')) : NaN;
    if (!Number.isInteger(length) || length < 0 || colon + 1 + length > chars.length) return null;
    at = colon + 1 + length;
    return chars.slice(colon + 1, at).join('');
  };
  const out = new Map<string, UploadedImage>();
  for (let k = 0; k < count; k++) {
    const name = next();
    const url = name === null ? null : next();
    const size = url === null ? null : /^(\d+)x(\d+)$/.exec(next() ?? '');
    if (name === null || url === null || !size) return null;
    out.set(name, { url, width: Number(size[1]), height: Number(size[2]) });
  }
  return at === chars.length ? out : null;
}

/** A guest's cards from the extras a ranged round read with its rows (`readRound`); null when one of them does not parse. */
function cardsOfRounds(rows: RoundRow[]): IdeaDto[] | null {
  const extras: IdeaExtras = { tags: new Map(), images: new Map(), expansions: new Map(), authors: new Map(), unlocked: new Set() };
  const analysis = new Map<number, string>();
  try {
    for (const r of rows) {
      if (r.tag_list != null) extras.tags.set(r.id, JSON.parse(String(r.tag_list)) as string[]);
      if (r.image_list != null) {
        const images = uploadsOfRound(String(r.image_list));
        if (!images) return null;
        extras.images.set(r.id, images);
        analysis.set(r.id, r.analysis ?? '');
      }
    }
  } catch {
    // A list cut short (MySQL's group_concat_max_len): the extras by their own query.
    return null;
  }
  return cardsFrom(rows, { extras, analysis }, null);
}
