/**
 * The marketplace's sort options and the random seed of a visit (docs/spec/publishing-and-browsing.md §2, §4),
 * and the list query they make. No React here: the unit tests check it directly.
 */
import { RANDOM_SEED_BUCKETS, RANDOM_SEED_MAX } from '../../shared/constants.ts';

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
