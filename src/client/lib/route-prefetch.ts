/**
 * The first reads of the page being opened, asked for as soon as the app starts: the
 * idea page's idea, its comments and the member's state on it; the marketplace's first page. The
 * page's own code is still loading then (a lazy chunk), and its queries find these under the same
 * keys, so the data no longer waits for that chunk. Only where the page's first query is certain
 * (a random order's seed is drawn by the page itself, a search is handed over by the top bar).
 */
import { parseMarketAddress } from './marketplace-address.ts';
import { readListState } from './marketplace-list-state.ts';
import { DEFAULT_SORT, MARKET_PAGE_SIZE } from './marketplace-sort.ts';
import { isLoggedIn } from './storage.ts';
import type { trpc } from './trpc.ts';

type Utils = ReturnType<typeof trpc.useUtils>;

const IDEA_PATH = /^\/idea\/([1-9]\d{0,14})\/?$/;

export function prefetchRouteData(utils: Utils, location: Pick<Location, 'pathname' | 'search'> = window.location): void {
  const member = isLoggedIn();
  const idea = IDEA_PATH.exec(location.pathname);
  if (idea) {
    const id = Number(idea[1]);
    void utils.ideas.byId.prefetch({ id });
    void utils.comments.list.prefetch({ ideaId: id });
    if (member) void utils.ideas.viewer.prefetch({ id });
    return;
  }
  if (location.pathname === '/marketplace' && member) {
    const address = parseMarketAddress(location.search);
    let stored = null;
    try {
      stored = readListState(window.sessionStorage);
    } catch {
      // No session storage: the default sort.
    }
    const sort = address.sort ?? stored?.sort ?? DEFAULT_SORT;
    if (address.q || sort === 'random') return;
    void utils.marketplace.ideas.prefetchInfinite({ sort, limit: MARKET_PAGE_SIZE });
  }
}
