/** The app with its providers: mounted in the browser by main.tsx, rendered to HTML at build time by prerender.tsx. */
import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { App } from './App.tsx';
import { FocusRescue, RouteAnnouncer, RouteFocus } from './components/RouteFocus.tsx';
import { RouteScroll } from './components/RouteScroll.tsx';
import { OfflineBanner } from './components/OfflineBanner.tsx';
import { ConfirmProvider } from './components/ui/ConfirmDialog.tsx';
import { ToastProvider } from './components/ui/Toast.tsx';
import { useFreshUserInfo } from './hooks/useFreshUserInfo.ts';
import { createQueryClient, createTrpcClient, trpc } from './lib/trpc.ts';
import { prefetchRouteData } from './lib/route-prefetch.ts';
import { seedStaticReads } from './hooks/useStaticCards.ts';

function FreshUserInfo({ children }: { children: ReactNode }) {
  useFreshUserInfo();
  return children;
}

/** Asks for the opened page's first reads once, while its code loads (lib/route-prefetch.ts). */
function RoutePrefetch({ children }: { children: ReactNode }) {
  const utils = trpc.useUtils();
  useState(() => {
    if (typeof window === 'undefined') return true;
    // The cards drawn before the app started (guest-cards.ts): their reads are the pages' first.
    seedStaticReads(utils);
    prefetchRouteData(utils);
    return true;
  });
  return children;
}

/**
 * `ssrPath` and `ssrSearch`: the address to render when there is no browser location (build-time prerendering).
 * `onStarted`: after the first commit and every effect under it (a prerendered page's typed text handed back to
 * its fields), a task later, once their state is rendered (main.tsx replays a tap held before the app started).
 * Here, not in a component beside Root: the tree must be the prerendered one, or useId's ids differ from the HTML's.
 */
export function Root({ ssrPath, ssrSearch, onStarted }: { ssrPath?: string; ssrSearch?: string; onStarted?: () => void }) {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  useEffect(() => {
    if (!onStarted) return;
    const timer = setTimeout(onStarted, 0);
    return () => clearTimeout(timer);
  }, [onStarted]);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <ConfirmProvider>
            <FreshUserInfo>
              <RoutePrefetch>
                <Router ssrPath={ssrPath} ssrSearch={ssrSearch}>
                  <OfflineBanner />
                  <RouteScroll />
                  <App />
                  <RouteFocus />
                  <FocusRescue />
                  <RouteAnnouncer />
                </Router>
              </RoutePrefetch>
            </FreshUserInfo>
          </ConfirmProvider>
        </ToastProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
