/**
 * The navigation states between the marketplace, the idea page and the top bar's search box
 * (docs/spec/publishing-and-browsing.md §2, §4; docs/spec/accounts-and-people.md §2 "Top navigation bar").
 */
import { marketAddressSearch, parseMarketAddress } from './marketplace-address.ts';

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
