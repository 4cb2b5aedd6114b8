import { Logo } from './Logo.tsx';
import { useTypedBeforeStart } from '../lib/typed-before-start.ts';
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { NAV_SEARCH_MAX_WIDTH_PX, SEARCH_QUERY_MAX_CHARS } from '../../shared/constants.ts';
import type { IdeaDto } from '../../shared/idea-schemas.ts';
import { errorMessage } from '../lib/api-errors.ts';
import { useSession } from '../hooks/useSession.ts';
import { checkedPage, MARKET_MSG } from '../lib/list-pages.ts';
import { marketAddressSearch, parseMarketAddress } from '../lib/marketplace-address.ts';
import type { SearchNavState } from '../lib/marketplace-nav-state.ts';
import { MARKET_PAGE_SIZE } from '../lib/marketplace-sort.ts';
import { searchQueryOf } from '../lib/search-query.ts';
import { trpc } from '../lib/trpc.ts';
import { loadChunk } from '../lib/chunk-load.ts';
import { logInPlainly, logInThenSearch } from '../lib/login-return.ts';
import { useToast } from './ui/Toast.tsx';
import { SubmitButton } from './ui/SubmitButton.tsx';

// Only members see the messages bell, the account chip and its menu: guests do not download them.
const AccountMenu = lazy(() => loadChunk(() => import('./AccountMenu.tsx')).then((m) => ({ default: m.AccountMenu })));
const MessagesBell = lazy(() => loadChunk(() => import('./nav/MessagesBell.tsx')).then((m) => ({ default: m.MessagesBell })));

/**
 * The shared top navigation: logo, search, the two brand links, and the login link or account chip.
 * Search (docs/spec/accounts-and-people.md §2): blank does nothing; a member's query runs `marketplace.search` with the box
 * disabled meanwhile, then /marketplace?q=… shows the results (query, results and a timestamp as
 * navigation state, replacing history); on that page the box shows the query, after a reload too. A guest is sent to /login; the query waits in sessionStorage and runs
 * after logging in (LoginPage).
 */
export function TopNav() {
  const { user, loggedIn } = useSession();
  const [query, setQuery] = useState('');
  const [searching, setSearching] = useState(false);
  const [path, navigate] = useLocation();
  const address = useSearch();
  const shownQuery = path === '/marketplace' ? parseMarketAddress(address).q : null;
  // The box shows the marketplace's search, and is emptied when that search is cleared (清除搜索);
  // leaving for another page keeps the words.
  const lastShown = useRef(shownQuery);
  useEffect(() => {
    if (shownQuery) setQuery(shownQuery);
    else if (lastShown.current && path === '/marketplace') setQuery('');
    lastShown.current = shownQuery;
  }, [shownQuery, path]);
  const utils = trpc.useUtils();
  const toast = useToast();
  // A search typed on the prerendered guest marketplace before the app started (lib/typed-before-start.ts).
  useTypedBeforeStart('nav-search');

  const onSearch = async (e: FormEvent) => {
    e.preventDefault();
    const q = searchQueryOf(query);
    if (!q || searching) return;
    if (!loggedIn) {
      logInThenSearch(q, navigate);
      return;
    }
    const input = { q, limit: MARKET_PAGE_SIZE };
    // Offline, the marketplace's own search waits for the connection and runs when it is back (the
    // offline banner says so); asking here would only fail.
    const showSearch = (state: SearchNavState) => navigate(`/marketplace${marketAddressSearch({ q })}`, { replace: true, state });
    const waitingSearch: SearchNavState = { searchQuery: q, searchResults: null, searchTimestamp: 0 };
    if (!navigator.onLine) return showSearch(waitingSearch);
    setSearching(true);
    try {
      const answer = await utils.client.marketplace.search.query(input);
      const page = checkedPage<IdeaDto>(answer);
      // The marketplace's search list starts from these results instead of asking again.
      utils.marketplace.search.setInfiniteData(input, { pages: [answer], pageParams: [null] });
      showSearch({ searchQuery: q, searchResults: page.data, searchTimestamp: Date.now(), searchNextCursor: page.nextCursor });
    } catch (err) {
      // The connection dropped on the way: as offline.
      if (!navigator.onLine) return showSearch(waitingSearch);
      toast(err instanceof Error && err.message === MARKET_MSG.badData ? MARKET_MSG.badData : errorMessage(err, MARKET_MSG.searchFailed), 'error');
    } finally {
      setSearching(false);
    }
  };

  return (
    <header className="top-nav">
      <Link href={loggedIn ? '/marketplace' : '/'} className="top-nav-logo">
        <Logo />
        <span className="visually-hidden">{loggedIn ? '创意市场' : '首页'}</span>
      </Link>
      <form role="search" className="top-nav-search" style={{ maxWidth: NAV_SEARCH_MAX_WIDTH_PX }} onSubmit={(e) => void onSearch(e)} aria-busy={searching}>
        <label htmlFor="nav-search" className="visually-hidden">
          搜索创意
        </label>
        <input
          id="nav-search"
          type="search"
          placeholder="搜索创意、标签…"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          readOnly={searching}
          maxLength={SEARCH_QUERY_MAX_CHARS}
          enterKeyHint="search"
        />
        <SubmitButton className="btn btn-primary btn-small" pending={searching} pendingLabel="搜索中…">
          搜索
        </SubmitButton>
      </form>
      <nav className="top-nav-links" aria-label="品牌">
        <Link href="/about-hunter">猎人的由来</Link>
        <Link href="/vision">我们的愿景</Link>
      </nav>
      <div className="top-nav-account">
        {loggedIn && user ? (
          <Suspense fallback={null}>
            <MessagesBell />
            <AccountMenu user={user} />
          </Suspense>
        ) : (
          <Link href="/login" className="btn btn-primary btn-small" onClick={logInPlainly}>
            登录 / 注册
          </Link>
        )}
      </div>
    </header>
  );
}
