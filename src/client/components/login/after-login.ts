import { marketAddressSearch } from '../../lib/marketplace-address.ts';
import type { SearchNavState } from '../../lib/marketplace-nav-state.ts';
import { takePendingSearch } from '../../lib/search-query.ts';
import { takeLoginReturn } from '../../lib/login-return.ts';

/**
 * After login: back to the page the login was for (lib/login-return.ts: an idea page, a member page
 * opened as a guest, the page a session ended on), else /marketplace, running the search a guest
 * started before logging in.
 */
export function afterLogin(navigate: (to: string, options?: { state?: unknown }) => void) {
  const back = typeof window === 'undefined' ? null : takeLoginReturn(sessionStorage);
  if (back) return navigate(back);
  let q: string | null;
  try {
    q = takePendingSearch(sessionStorage);
  } catch {
    q = null;
  }
  if (!q) return navigate('/marketplace');
  const state: SearchNavState = { searchQuery: q, searchResults: null, searchTimestamp: Date.now() };
  navigate(`/marketplace${marketAddressSearch({ q })}`, { state });
}
