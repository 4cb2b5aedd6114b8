/** The marketplace's address (?sort=…&q=…): it names the sort and the search, so reload and back show the same list. */
import { DEFAULT_SORT, isMarketSort, type MarketSort } from './marketplace-sort.ts';
import { searchQueryOf } from './search-query.ts';

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
