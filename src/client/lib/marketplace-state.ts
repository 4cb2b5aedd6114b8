/**
 * The marketplace's pure rules (docs/spec/publishing-and-browsing.md §2, §4, §8; docs/spec/accounts-and-people.md §2 "Top navigation bar"): the sort
 * options and the random seed of a visit, the address that names the sort and the search (so reload
 * and back show the same list), the list state kept in sessionStorage, the navigation
 * states between the marketplace, the idea page and the search box, the way back to the last viewed
 * card (found with retries, scrolled to with an offset), the pending search of a guest who must log
 * in first, and the screen's error texts. No React here: the unit tests check it directly.
 */

import { RANDOM_SEED_BUCKETS, RANDOM_SEED_MAX, SEARCH_QUERY_MAX_CHARS } from '../../shared/constants.ts';

// ------------------------------------------------------------------ sort and seed

export const MARKET_SORTS = ['newest', 'random', 'favorites'] as const;
export type MarketSort = (typeof MARKET_SORTS)[number];

export const SORT_LABELS: Record<MarketSort, string> = { newest: '最新', random: '随机', favorites: '收藏最多' };

export const DEFAULT_SORT: MarketSort = 'newest';

/** The server's seed range: 1..2^31. */
export const SEED_MAX = RANDOM_SEED_MAX;
/**
 * A visit draws its seed from this many: enough different orders for visitors, few enough that
 * each one's first page is served from the fast lane's cache (keyed by sort and seed) rather than
 * computed per person. The server draws from the same ones for a caller that sends no seed.
 */
export const SEED_BUCKETS = RANDOM_SEED_BUCKETS;

export const MARKET_PAGE_SIZE = 20;

export function isMarketSort(value: unknown): value is MarketSort {
  return typeof value === 'string' && (MARKET_SORTS as readonly string[]).includes(value);
}

export function isValidSeed(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= SEED_MAX;
}

/** A fresh seed in 1..SEED_BUCKETS from a [0, 1) source (Math.random by default). */
export function newSeed(random: () => number = Math.random): number {
  return Math.min(SEED_BUCKETS, 1 + Math.floor(random() * SEED_BUCKETS));
}

/** The list query's input: the seed goes along only with random (the server needs it there, and only there). */
export function marketQueryInput(sort: MarketSort, seed: number): { sort: MarketSort; seed?: number; limit: number } {
  return sort === 'random' ? { sort, seed, limit: MARKET_PAGE_SIZE } : { sort, limit: MARKET_PAGE_SIZE };
}

/**
 * The seed a random list goes on with: the one the server answered beside its first page (it
 * chooses one when none was sent), else the one sent. Kept in the list state, so coming
 * back shows the order that was shown.
 */
export function answeredSeed(sent: number, firstPage: unknown): number {
  const answered = firstPage && typeof firstPage === 'object' ? (firstPage as { seed?: unknown }).seed : undefined;
  return isValidSeed(answered) ? answered : sent;
}

// ------------------------------------------------------------------ list state (sessionStorage)

/** What a visit keeps so that coming back from an idea shows the same list in the same order. */
export interface MarketListState {
  sort: MarketSort;
  seed: number;
}

export const LIST_STATE_KEY = 'marketplaceListState';

/** Storage as far as these rules need it (sessionStorage in the app, a Map in tests). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function parseListState(raw: string | null): MarketListState | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<MarketListState> | null;
    if (!value || !isMarketSort(value.sort) || !isValidSeed(value.seed)) return null;
    return { sort: value.sort, seed: value.seed };
  } catch {
    return null;
  }
}

/**
 * The list state a page visit starts with. Coming back from an idea (the return state is present)
 * keeps the stored sort and seed, so random shows the same order; a new visit keeps the chosen sort
 * but draws a new seed (one seed per visit, so random pages never repeat or skip a card within it).
 */
export function startListState(stored: MarketListState | null, returning: boolean, random: () => number = Math.random): MarketListState {
  if (stored && returning) return stored;
  return { sort: stored?.sort ?? DEFAULT_SORT, seed: newSeed(random) };
}

export function readListState(store: KeyValueStore): MarketListState | null {
  try {
    return parseListState(store.getItem(LIST_STATE_KEY));
  } catch {
    return null;
  }
}

export function writeListState(store: KeyValueStore, state: MarketListState): void {
  try {
    store.setItem(LIST_STATE_KEY, JSON.stringify(state));
  } catch {
    // Private mode or a full store: the list still works, only coming back draws a new order.
  }
}

// ------------------------------------------------------------------ the address (?sort=…&q=…)

/** What the marketplace's address says: the sort and the search, each null when it names none. */
export interface MarketAddress {
  sort: MarketSort | null;
  q: string | null;
}

/** Reads `?sort=favorites&q=花盆` (with or without the `?`); an unknown sort or a blank query is none. */
export function parseMarketAddress(search: string): MarketAddress {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const sort = params.get('sort');
  return { sort: isMarketSort(sort) ? sort : null, q: searchQueryOf(params.get('q') ?? '') };
}

/** The query string naming a sort and a search, `?sort=favorites&q=%E8%8A%B1%E7%9B%86`; '' for neither. */
export function marketAddressSearch({ sort = null, q = null }: Partial<MarketAddress>): string {
  const params = new URLSearchParams();
  if (sort) params.set('sort', sort);
  const query = q ? searchQueryOf(q) : null;
  if (query) params.set('q', query);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The query string of the page showing `sort` and `q`: the default sort goes unnamed (`/marketplace`). */
export function marketAddressFor(sort: MarketSort, q: string | null = null): string {
  return marketAddressSearch({ sort: sort === DEFAULT_SORT ? null : sort, q });
}

// ------------------------------------------------------------------ navigation states

/** Handed to /idea/{id} by a card click (docs/spec/publishing-and-browsing.md §2), and handed back by the idea page's back button. */
export interface FromMarketplaceState {
  fromMarketplace: true;
  lastViewedCardId: number;
  scrollPosition: number;
  /** The marketplace's query string when the card was opened (its sort and search), for the way back. */
  marketplaceSearch?: string;
}

/** What the top bar's search hands to /marketplace (docs/spec/accounts-and-people.md §2), replacing history. */
export interface SearchNavState {
  searchQuery: string;
  searchResults: unknown[] | null;
  searchTimestamp: number;
  /** The cursor of the results' next page, when the first page was not all. */
  searchNextCursor?: string | null;
}

export function isFromMarketplace(state: unknown): state is FromMarketplaceState {
  if (!state || typeof state !== 'object') return false;
  const s = state as Record<string, unknown>;
  return s.fromMarketplace === true && typeof s.lastViewedCardId === 'number' && typeof s.scrollPosition === 'number' && Number.isFinite(s.scrollPosition);
}

export function searchFromState(state: unknown): SearchNavState | null {
  if (!state || typeof state !== 'object') return null;
  const s = state as Record<string, unknown>;
  const query = typeof s.searchQuery === 'string' ? s.searchQuery.trim() : '';
  if (!query) return null;
  return {
    searchQuery: query,
    searchResults: Array.isArray(s.searchResults) ? s.searchResults : null,
    searchTimestamp: typeof s.searchTimestamp === 'number' ? s.searchTimestamp : 0,
    searchNextCursor: typeof s.searchNextCursor === 'string' ? s.searchNextCursor : null,
  };
}

/**
 * The state the marketplace's own history entry carries while a card is open: the search it showed
 * (so browser back finds the same results) plus the return fields, so back by the browser and back by
 * the idea page's button come to the same place.
 */
export function returnState(current: unknown, cardId: number, scrollPosition: number, address = ''): FromMarketplaceState & Partial<SearchNavState> {
  const search = searchFromState(current);
  const marketplaceSearch = marketAddressSearch(parseMarketAddress(address));
  return {
    ...(search ?? {}),
    fromMarketplace: true,
    lastViewedCardId: cardId,
    scrollPosition: Math.max(0, Math.round(scrollPosition)),
    ...(marketplaceSearch ? { marketplaceSearch } : {}),
  };
}

/** The marketplace address a return state leads back to: its sort and search, nothing else from the state. */
export function marketplaceReturnPath(state: FromMarketplaceState): string {
  return `/marketplace${marketAddressSearch(parseMarketAddress(typeof state.marketplaceSearch === 'string' ? state.marketplaceSearch : ''))}`;
}

// ------------------------------------------------------------------ search

/** The query to run (trimmed, cut to the server's SEARCH_QUERY_MAX_CHARS), or null when there is nothing to search (blank does nothing, docs/spec/publishing-and-browsing.md §5). */
export function searchQueryOf(input: string): string | null {
  const q = input.trim();
  if (!q) return null;
  const chars = [...q];
  return chars.length > SEARCH_QUERY_MAX_CHARS ? chars.slice(0, SEARCH_QUERY_MAX_CHARS).join('') : q;
}

/** A guest's query waits here while they log in; the login page picks it up (sessionStorage). */
export const PENDING_SEARCH_KEY = 'pendingSearchQuery';

export function savePendingSearch(store: KeyValueStore, query: string): void {
  try {
    store.setItem(PENDING_SEARCH_KEY, query);
  } catch {
    // Nothing to keep it in: the guest types it again after logging in.
  }
}

/** Takes the pending query out (once): later logins do not repeat it. */
export function takePendingSearch(store: KeyValueStore): string | null {
  try {
    const raw = store.getItem(PENDING_SEARCH_KEY);
    store.removeItem(PENDING_SEARCH_KEY);
    return raw === null ? null : searchQueryOf(raw);
  } catch {
    return null;
  }
}

// ------------------------------------------------------------------ coming back to a card

/** docs/spec/publishing-and-browsing.md §4 "Marketplace return". */
export const RETURN_RULES = { highlightMs: 4000, retries: 5, retryDelayMs: 300, offsetPx: 70 } as const;

/**
 * Looks for something that may not be rendered yet: now, then up to `retries` more times every
 * `delayMs`; `done` gets it, or null when every try missed. Returns a cancel function.
 */
export function findWithRetries<T>(
  find: () => T | null | undefined,
  done: (found: T | null) => void,
  { retries = RETURN_RULES.retries, delayMs = RETURN_RULES.retryDelayMs, schedule = (fn: () => void, ms: number) => setTimeout(fn, ms) as unknown as number, cancel = (id: number) => clearTimeout(id) }: {
    retries?: number;
    delayMs?: number;
    schedule?: (fn: () => void, ms: number) => number;
    cancel?: (id: number) => void;
  } = {},
): () => void {
  let timer: number | null = null;
  let stopped = false;
  const attempt = (left: number) => {
    if (stopped) return;
    const found = find();
    if (found) return done(found);
    if (left <= 0) return done(null);
    timer = schedule(() => attempt(left - 1), delayMs);
  };
  attempt(retries);
  return () => {
    stopped = true;
    if (timer !== null) cancel(timer);
  };
}

/**
 * Where to scroll when coming back: the saved position when the card shows there (below the sticky
 * bar's `offset`, its top inside the viewport); otherwise the card itself, `offset` pixels below the
 * top (a different width may have dealt the cards into other columns). Without the card, the saved position.
 */
export function returnScrollTop({ saved, cardTop, viewportHeight, offset = RETURN_RULES.offsetPx }: { saved: number; cardTop: number | null; viewportHeight: number; offset?: number }): number {
  if (cardTop === null) return Math.max(0, saved);
  const visible = cardTop >= saved + offset && cardTop <= saved + viewportHeight - offset;
  return Math.max(0, visible ? saved : cardTop - offset);
}

// ------------------------------------------------------------------ list pages and errors

/** docs/spec/publishing-and-browsing.md §8 "Screens: Marketplace". */
export const MARKET_MSG = {
  badData: '数据格式错误，请稍后重试',
  fetchFailed: (reason: string) => `获取创意失败：${reason}`,
  clearFailed: '重新加载创意失败，请稍后重试',
  empty: '暂无符合条件的创意',
  searchEmpty: (q: string) => `没有找到与「${q}」相关的创意`,
  end: '已经到底了',
  searchFailed: '搜索失败，请稍后重试',
} as const;

/** Thrown when a page of the list is not `{ data: [...] }`. */
export class BadDataError extends Error {
  constructor() {
    super(MARKET_MSG.badData);
    this.name = 'BadDataError';
  }
}

/** A page of a list as the API sends it; the items checked to be an array. */
export function checkedPage<T>(answer: unknown): { data: T[]; nextCursor: string | null } {
  if (!answer || typeof answer !== 'object') throw new BadDataError();
  const a = answer as { data?: unknown; nextCursor?: unknown };
  if (!Array.isArray(a.data)) throw new BadDataError();
  return { data: a.data as T[], nextCursor: typeof a.nextCursor === 'string' && a.nextCursor ? a.nextCursor : null };
}

/** The pages of an infinite list as one list, each id once (a card moved between pages shows once). */
export function flattenPages<T extends { id: number }>(pages: readonly { data: readonly T[] }[] | undefined): T[] {
  const seen = new Set<number>();
  const out: T[] = [];
  for (const page of pages ?? []) {
    for (const item of page.data) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      out.push(item);
    }
  }
  return out;
}

/** The fetch failure's text: the bad-data text for a malformed answer, else the reason. */
export function listErrorText(err: unknown): string {
  if (err instanceof BadDataError || (err instanceof Error && err.message === MARKET_MSG.badData)) return MARKET_MSG.badData;
  const reason = err instanceof Error && err.message.trim() ? err.message.trim() : '网络异常';
  return MARKET_MSG.fetchFailed(reason);
}

// ------------------------------------------------------------------ cards

/** At most `max` tags, then how many more (docs/spec/publishing-and-browsing.md §2: 3, then +N). */
export function tagsToShow(tags: readonly string[], max = 3): { shown: string[]; more: number } {
  const shown = tags.slice(0, max);
  return { shown, more: Math.max(0, tags.length - shown.length) };
}
