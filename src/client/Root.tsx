/** The app with its providers: mounted in the browser by main.tsx, rendered to HTML at build time by prerender.tsx. */
import { useState, type ReactNode } from 'react';
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

function FreshUserInfo({ children }: { children: ReactNode }) {
  useFreshUserInfo();
  return children;
}

/** Asks for the opened page's first reads once, while its code loads (lib/route-prefetch.ts). */
function RoutePrefetch({ children }: { children: ReactNode }) {
  const utils = trpc.useUtils();
  useState(() => {
    if (typeof window !== 'undefined') prefetchRouteData(utils);
    return true;
  });
  return children;
}

/** `ssrPath` and `ssrSearch`: the address to render when there is no browser location (build-time prerendering). */
export function Root({ ssrPath, ssrSearch }: { ssrPath?: string; ssrSearch?: string }) {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
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
