import type { ReactNode } from 'react';
import { Redirect, useLocation } from 'wouter';
import { useSession } from '../hooks/useSession.ts';
import { footerVisible, SIDE_NAV_PATHS } from '../lib/routes.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { Footer } from './Footer.tsx';
import { SideNav } from './SideNav.tsx';
import { TopNav } from './TopNav.tsx';

/** Top navigation, the page, and the footer where the footer rule allows it. */
export function Layout({ children, nav = true }: { children: ReactNode; nav?: boolean }) {
  const [path] = useLocation();
  const { loggedIn } = useSession();
  const showSide = loggedIn && SIDE_NAV_PATHS.some((p) => path.startsWith(p));
  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        跳到主要内容
      </a>
      {nav && <TopNav />}
      <div className={showSide ? 'with-side-nav' : ''}>
        {showSide && <SideNav />}
        <div id="main" className="app-main">
          {children}
        </div>
      </div>
      {footerVisible(path, loggedIn) && <Footer />}
    </div>
  );
}

/** Member pages: logged-out visitors go to /login; crashes show the error boundary. */
export function MemberPage({ children, admin = false }: { children: ReactNode; admin?: boolean }) {
  const { loggedIn, user } = useSession();
  if (!loggedIn) return <Redirect to="/login" replace />;
  if (admin && user?.role !== 'admin') return <Redirect to="/" replace />;
  return (
    <Layout>
      <ErrorBoundary>{children}</ErrorBoundary>
    </Layout>
  );
}
