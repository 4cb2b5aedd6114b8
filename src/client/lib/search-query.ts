/**
 * The query a search runs (docs/spec/publishing-and-browsing.md §5), and the pending search of a guest
 * who must log in first (docs/spec/accounts-and-people.md §2 "Top navigation bar").
 */
import { SEARCH_QUERY_MAX_CHARS } from '../../shared/constants.ts';
import type { KeyValueStore } from './key-value-store.ts';

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
