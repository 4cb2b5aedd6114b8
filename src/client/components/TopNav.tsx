import { Logo } from './Logo.tsx';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { NAV_SEARCH_MAX_WIDTH_PX } from '../../shared/constants.ts';
import { useSession } from '../hooks/useSession.ts';

// Only members see the account chip and its menu: guests do not download them.
const AccountMenu = lazy(() => import('./AccountMenu.tsx').then((m) => ({ default: m.AccountMenu })));

/**
 * The shared top navigation: logo, search, the two brand links, and the login link or account chip.
 * Search hands the query to /marketplace (replacing history); the discovery issue fills in results.
 */
export function TopNav() {
  const { user, loggedIn } = useSession();
  const [query, setQuery] = useState('');
  const [searching, setSearching] = useState(false);
  const [, navigate] = useLocation();

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    const q = query.trim();
    if (!q || searching) return;
    setSearching(true);
    navigate('/marketplace', { replace: true, state: { searchQuery: q, searchResults: null, searchTimestamp: Date.now() } });
    setSearching(false);
  };

  return (
    <header className="top-nav">
      <Link href={loggedIn ? '/marketplace' : '/'} className="top-nav-logo">
        <Logo />
        <span className="visually-hidden">{loggedIn ? '创意市场' : '首页'}</span>
      </Link>
      <form role="search" className="top-nav-search" style={{ maxWidth: NAV_SEARCH_MAX_WIDTH_PX }} onSubmit={onSearch}>
        <label htmlFor="nav-search" className="visually-hidden">
          搜索创意
        </label>
        <input id="nav-search" type="search" placeholder="搜索创意、标签…" value={query} onChange={(e) => setQuery(e.target.value)} disabled={searching} />
        <button type="submit" className="btn btn-primary btn-small" disabled={searching}>
          搜索
        </button>
      </form>
      <nav className="top-nav-links" aria-label="品牌">
        <Link href="/about-hunter">猎人的由来</Link>
        <Link href="/vision">我们的愿景</Link>
      </nav>
      <div className="top-nav-account">
        {loggedIn && user ? (
          <Suspense fallback={null}>
            <AccountMenu user={user} />
          </Suspense>
        ) : (
          <Link href="/login" className="btn btn-primary btn-small">
            登录 / 注册
          </Link>
        )}
      </div>
    </header>
  );
}
