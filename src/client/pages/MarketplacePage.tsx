/**
 * The marketplace (/marketplace for members, /guest-marketplace for visitors), docs/spec/publishing-and-browsing.md §2 / §4 / §8:
 * title, subtitle, the sort (最新 / 随机 / 收藏最多), the masonry grid of cards loaded page by page as
 * the end comes into view, the end-of-list line, the empty, loading (skeleton cards) and error states,
 * and, for members, the search results the top bar hands over (banner, clear-search). The address
 * names the sort and the search (`?sort=favorites&q=花盆`), so a reload, the browser's back and the idea
 * page's back button all show the same list. Random order uses one seed per visit, kept with the sort
 * in sessionStorage, so coming back from an idea shows the same order; the card opened last is
 * scrolled back into view and highlighted for about 4 s.
 *
 * Lazy (App.tsx): a guest's /guest-marketplace loads this page, the card and the grid, nothing else.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import type { IdeaDto } from '../../shared/idea-schemas.ts';
import { IdeaCard } from '../components/IdeaCard.tsx';
import { CardGrid } from '../components/ui/CardGrid.tsx';
import { usePageTitle, withinTitle } from '../hooks/usePageTitle.ts';
import { useReturnToCard } from '../hooks/useReturnToCard.ts';
import { useStaticCards } from '../hooks/useStaticCards.ts';
import { useSession } from '../hooks/useSession.ts';
import { BadDataError, cardListFailure, checkedPage, flattenPages, MARKET_MSG } from '../lib/list-pages.ts';
import { marketAddressFor, marketAddressSearch, parseMarketAddress } from '../lib/marketplace-address.ts';
import { readListState, startListState, writeListState } from '../lib/marketplace-list-state.ts';
import { isFromMarketplace, returnState, searchFromState, type FromMarketplaceState, type SearchNavState } from '../lib/marketplace-nav-state.ts';
import { takeChosenBeforeStart } from '../lib/before-start.ts';
import { answeredSeed, isMarketSort, MARKET_PAGE_SIZE, MARKET_SORTS, marketQueryInput, SORT_LABELS, type MarketSort } from '../lib/marketplace-sort.ts';
import { trpc } from '../lib/trpc.ts';
import { logInThenOpenIdea } from '../lib/login-return.ts';
import '../styles/ideas.css';
import { RetryLine } from '../components/ui/RetryLine.tsx';
import { EndlessFoot } from '../components/ui/EndlessFoot.tsx';

const SKELETON_HEIGHTS = [180, 140, 220, 160, 200, 130, 170, 150];

/**
 * Grey cards of the real card's shape while the first page loads (UI.md: no spinner on a blank page).
 * Columns in CSS (ideas.css, the grid's breakpoints), not the masonry: the prerendered page paints
 * them before any JavaScript runs, and the masonry would re-deal them on mount (a layout shift).
 */
function SkeletonGrid() {
  return (
    <>
      <p className="visually-hidden" role="status">
        正在加载创意…
      </p>
      <div aria-hidden="true" className="market-skeletons" data-testid="market-skeletons">
        {SKELETON_HEIGHTS.map((h, i) => (
          <div key={i} className="skeleton-card" style={{ minHeight: h }}>
            <span className="skeleton-line skeleton-line-title" />
            <span className="skeleton-line" />
            <span className="skeleton-line skeleton-line-short" />
          </div>
        ))}
      </div>
    </>
  );
}

function safeSession(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export default function MarketplacePage({ guest = false }: { guest?: boolean }) {
  const { loggedIn } = useSession();
  const [path, navigate] = useLocation();
  const address = parseMarketAddress(useSearch());
  const historyState = useHistoryState<unknown>();
  const store = safeSession();

  // Coming back from an idea (by its back button or the browser's): read once, at the visit's start.
  // (No window while /guest-marketplace is prerendered at build time: a fresh visit.)
  const entryState: unknown = typeof window === 'undefined' ? null : window.history.state;
  const returning = useRef<FromMarketplaceState | null>(isFromMarketplace(entryState) ? (entryState as FromMarketplaceState) : null);
  const [visit] = useState(() => startListState(store ? readListState(store) : null, !!returning.current));
  // The address's sort wins (reload, back, a shared link); an address without one (the navigation's
  // link) keeps the sort this visit showed last.
  const lastSort = useRef(visit.sort);
  const listState = { sort: address.sort ?? lastSort.current, seed: visit.seed };
  lastSort.current = listState.sort;

  // The search: the address's query, with the results the top bar handed over when they are for it.
  const handed = guest ? null : searchFromState(historyState);
  const query = guest ? null : (address.q ?? handed?.searchQuery ?? null);
  const search: SearchNavState | null = query ? (handed?.searchQuery === query ? handed : { searchQuery: query, searchResults: null, searchTimestamp: 0, searchNextCursor: null }) : null;
  const searchInput = { q: search?.searchQuery ?? '', limit: MARKET_PAGE_SIZE };
  usePageTitle(
    guest ? '创意库' : search ? withinTitle(`搜索「${search.searchQuery}」`, '创意市场') : '创意市场',
    guest
      ? '猎人创意社区的创意库：浏览经过平台审核后公开的创意卡片，按最新、随机或收藏最多排序，发现新点子。'
      : '猎人创意社区的创意市场：按最新、随机或收藏最多浏览经过审核的创意卡片，搜索标题、简介和标签。',
  );

  // The address always names what the page shows (as the library's ?tab= does); the default sort unnamed.
  const canonical = marketAddressFor(listState.sort, query);
  useEffect(() => {
    if (marketAddressSearch(address) !== canonical) navigate(`${path}${canonical}`, { replace: true, state: window.history.state });
  });

  const listQuery = trpc.marketplace.ideas.useInfiniteQuery(marketQueryInput(listState.sort, listState.seed), {
    getNextPageParam: (last) => last.nextCursor ?? null,
    enabled: !search,
    staleTime: 60_000,
  });
  // The order kept for coming back: the seed the server answered for this list (the one sent, unless it chose).
  const keptSeed = listState.sort === 'random' ? answeredSeed(listState.seed, listQuery.data?.pages[0]) : listState.seed;
  useEffect(() => {
    if (store) writeListState(store, { sort: listState.sort, seed: keptSeed });
  }, [store, listState.sort, keptSeed]);
  const searchQuery = trpc.marketplace.search.useInfiniteQuery(searchInput, {
    getNextPageParam: (last) => last.nextCursor ?? null,
    enabled: !!search,
    staleTime: 60_000,
    // The top bar's results, when the cache lost them (a reload keeps history state, not the cache).
    initialData: search?.searchResults ? { pages: [{ data: search.searchResults as IdeaDto[], nextCursor: search.searchNextCursor ?? null }], pageParams: [undefined] } : undefined,
    initialDataUpdatedAt: search?.searchTimestamp,
  });
  const active = search ? searchQuery : listQuery;

  // The pages checked to be lists: anything else is the spec's data format error.
  const { items, badData } = useMemo<{ items: IdeaDto[]; badData: BadDataError | null }>(() => {
    try {
      const pages = ((active.data?.pages ?? []) as unknown[]).map((page) => checkedPage<IdeaDto>(page));
      return { items: flattenPages(pages), badData: null };
    } catch (err) {
      return { items: [], badData: err as BadDataError };
    }
  }, [active.data]);

  // The cards guest-cards.ts drew before the app started, as they are while hydrating (then the sentinel is theirs).
  const drawn = useStaticCards('market');

  const pageCount = active.data?.pages.length ?? 0;

  // ---------------------------------------------------------------- coming back to the last card
  const highlightId = useReturnToCard(returning, items.length);

  // ---------------------------------------------------------------- actions
  const openCard = useCallback(
    (idea: IdeaDto) => {
      const state = returnState(window.history.state, idea.id, window.scrollY, window.location.search);
      // This entry remembers where we were, so the browser's back button returns here too.
      window.history.replaceState(state, '');
      navigate(`/idea/${idea.id}`, { state });
    },
    [navigate],
  );

  const chooseSort = (sort: MarketSort) => {
    // A new sort is the same page seen another way: it replaces this history entry.
    navigate(`${path}${marketAddressFor(sort, query)}`, { replace: true, state: null });
  };
  const onSort = (e: ChangeEvent<HTMLSelectElement>) => chooseSort(e.target.value as MarketSort);
  // A sort a guest chose on the prerendered page before the app started (lib/before-start.ts).
  useEffect(() => {
    const chosen = takeChosenBeforeStart('market-sort');
    if (isMarketSort(chosen) && chosen !== listState.sort) chooseSort(chosen);
    // Once, as hydrated.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const [clearFailed, setClearFailed] = useState(false);
  const clearSearch = async () => {
    setClearFailed(false);
    navigate(`${path}${marketAddressFor(listState.sort)}`, { replace: true, state: null });
    const result = await listQuery.refetch();
    if (result.isError) setClearFailed(true);
  };

  // ---------------------------------------------------------------- render
  const cardHref = (idea: IdeaDto) => (guest && !loggedIn ? '/login' : `/idea/${idea.id}`);
  const error = badData ?? (active.isError && items.length === 0 ? active.error : null);
  const showSkeleton = active.isPending && !badData;

  return (
    <main className="page market-page">
      <header className="market-header">
        <div className="market-heading">
          <h1>{guest ? '创意库' : '创意市场'}</h1>
          <p className="market-subtitle">{guest ? '浏览经过平台审核的公开创意。登录后可查看详情、收藏创意、关注作者。' : '发现好点子——谁先捕捉并实现灵感，谁就拥有命名权。'}</p>
        </div>
        {!search && (
          <div className="market-sort">
            <label htmlFor="market-sort">排序</label>
            <select id="market-sort" value={listState.sort} onChange={onSort}>
              {MARKET_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {SORT_LABELS[sort]}
                </option>
              ))}
            </select>
          </div>
        )}
      </header>

      {/* Always in the page, so what a search found is read out: a status line that appears with its
          text is not announced, and focus stays in the search box. Once, for its first page: not
          again as more pages load. */}
      <p className="visually-hidden" role="status" data-testid="search-announcement">
        {search && searchQuery.isSuccess && !badData && pageCount === 1 ? `搜索「${search.searchQuery}」：找到 ${items.length}${active.hasNextPage ? '+' : ''} 个相关创意` : ''}
      </p>
      {search && (
        <div className="search-banner" data-testid="search-banner">
          <p>
            搜索「<strong>{search.searchQuery}</strong>」
            {searchQuery.isSuccess && !badData && (
              <>
                ：找到 {items.length}
                {active.hasNextPage ? '+' : ''} 个相关创意
              </>
            )}
          </p>
          <button type="button" className="btn btn-small" onClick={() => void clearSearch()}>
            清除搜索
          </button>
        </div>
      )}

      {clearFailed && !search && <RetryLine message={MARKET_MSG.clearFailed} onRetry={() => void clearSearch()} busy={listQuery.isFetching} />}

      {drawn !== null ? (
        <div data-static-cards="market" dangerouslySetInnerHTML={{ __html: drawn }} />
      ) : showSkeleton ? (
        <SkeletonGrid />
      ) : error ? (
        !clearFailed && <RetryLine message={cardListFailure(error)} onRetry={() => void active.refetch()} busy={active.isFetching} testId="market-error" />
      ) : items.length === 0 ? (
        <div className="empty-state" data-testid="market-empty">
          <p className="empty-state-title">{search ? MARKET_MSG.searchEmpty(search.searchQuery) : MARKET_MSG.empty}</p>
          {search && (
            <button type="button" className="btn btn-primary" onClick={() => void clearSearch()}>
              查看全部创意
            </button>
          )}
        </div>
      ) : (
        <>
          <CardGrid label={search ? `「${search.searchQuery}」的搜索结果` : `创意列表（${SORT_LABELS[listState.sort]}）`}>
            {items.map((idea) => (
              <IdeaCard
                key={idea.id}
                idea={idea}
                href={cardHref(idea)}
                onOpen={guest && !loggedIn ? () => logInThenOpenIdea(idea.id, navigate) : () => openCard(idea)}
                highlighted={highlightId === idea.id}
                headingLevel={2}
              />
            ))}
          </CardGrid>
          <EndlessFoot key={`${listState.sort}:${search?.searchQuery ?? ''}`} list={active} pageCount={pageCount} count={items.length} />
        </>
      )}
    </main>
  );
}
