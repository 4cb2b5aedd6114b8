import { lazy, Suspense, useState, type MouseEvent, type ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { useSession } from '../hooks/useSession.ts';
import { useUserInfoChecked } from '../hooks/useFreshUserInfo.ts';
import { focusTarget } from '../lib/focus-target.ts';
import { loadChunk } from '../lib/chunk-load.ts';
import { logInThenOpenPage } from '../lib/login-return.ts';
import { footerVisible, MEMBER_NAV_PATHS, underPrefix } from '../lib/routes.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { Footer } from './Footer.tsx';
import { LoadingLine } from './LoadingLine.tsx';
import { TopNav } from './TopNav.tsx';

// Only members see the side navigation and the tab bar: guests do not download them.
const SideNav = lazy(() => loadChunk(() => import('./SideNav.tsx')).then((m) => ({ default: m.SideNav })));
const TabBar = lazy(() => loadChunk(() => import('./nav/TabBar.tsx')).then((m) => ({ default: m.TabBar })));

/**
 * The page shell (UI kit): top navigation, the page, and the footer where the footer rule allows it,
 * as a column flex layout so the footer rests at the bottom of short pages. Member pages add the side
 * navigation (desktop) and the bottom tab bar (phones); CSS shows one or the other at 900px.
 */
export function Layout({ children, nav = true }: { children: ReactNode; nav?: boolean }) {
  const [path] = useLocation();
  const { loggedIn } = useSession();
  const showSide = loggedIn && MEMBER_NAV_PATHS.some((p) => underPrefix(path, p));
  const showTabs = showSide;
  return (
    <div className={`app-shell ${showTabs ? 'app-shell-tabbed' : ''}`}>
      <a href="#main" className="skip-link" onClick={focusMain}>
        跳到主要内容
      </a>
      {nav && <TopNav />}
      <div className="app-body">
        {showSide && (
          <Suspense fallback={null}>
            <SideNav />
          </Suspense>
        )}
        <div id="main" className="app-main">
          {/* A page's code loading shows here: the top bar and the tab bar stay (the whole screen used to blank).
              A page that fails shows the error page here, and is tried again on the next page or connection. */}
          <ErrorBoundary resetKey={path}>
            <Suspense fallback={<LoadingLine />}>{children}</Suspense>
          </ErrorBoundary>
        </div>
      </div>
      {footerVisible(path, loggedIn) && <Footer />}
      {showTabs && (
        <Suspense fallback={null}>
          <TabBar />
        </Suspense>
      )}
    </div>
  );
}

/**
 * 跳到主要内容 moves focus into the page, so the next Tab goes on from there and a screen reader
 * reads from there: a plain #main link only scrolls. The page takes focus for that once (a tab index
 * it kept would make every click on its text focus the whole page).
 */
function focusMain(event: MouseEvent<HTMLAnchorElement>): void {
  const main = document.getElementById('main');
  if (!main) return;
  event.preventDefault();
  focusTarget(main, { onlyWhileFocused: true });
}

/** Member pages: logged-out visitors go to /login, which says why and brings them back (lib/login-return.ts). */
export function MemberPage({ children, admin = false }: { children: ReactNode; admin?: boolean }) {
  const { loggedIn, user } = useSession();
  const checked = useUserInfoChecked();
  if (!loggedIn) return <LoginFirst />;
  if (admin && user?.role !== 'admin') {
    // A member just made admin (npm run create-admin) still has the old role stored: ask the server first.
    if (checked) return <Redirect to="/" replace />;
    return (
      <Layout>
        <p className="page-loading" role="status">
          正在确认账号权限…
        </p>
      </Layout>
    );
  }
  return <Layout>{children}</Layout>;
}

/** A guest on a member page: to /login, which says why and leads back here, query and all. */
function LoginFirst() {
  const [path] = useLocation();
  const search = useSearch();
  useState(() => logInThenOpenPage(search ? `${path}?${search}` : path));
  return <Redirect to="/login" replace />;
}
