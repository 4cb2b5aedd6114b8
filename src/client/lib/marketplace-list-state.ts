/**
 * The marketplace's list state kept in sessionStorage (its sort and seed), so that reload and
 * coming back from an idea show the same list in the same order.
 */
import type { KeyValueStore } from './key-value-store.ts';
import { DEFAULT_SORT, isMarketSort, isValidSeed, newSeed, type MarketSort } from './marketplace-sort.ts';

/** What a visit keeps so that coming back from an idea shows the same list in the same order. */
export interface MarketListState {
  sort: MarketSort;
  seed: number;
}

export const LIST_STATE_KEY = 'marketplaceListState';

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
