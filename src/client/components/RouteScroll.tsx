/**
 * A page opened by a link or a button starts at the top: the window's scroll belongs to the page that
 * was left, and wouter keeps it, so an idea opened from far down the marketplace showed its comments
 * instead of its title (found on a phone walkthrough). Back and forward are left to what restores
 * them (the browser, the marketplace's return to the card, the library's own scroll), and the first
 * load to the browser. It also tells lib/in-app-history.ts that the app has moved since it loaded.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { noteMovedWithinApp } from '../lib/in-app-history.ts';

export function RouteScroll() {
  const [location] = useLocation();
  // The path whose page is shown: the first load's is left alone (and StrictMode's second run too).
  const shown = useRef(location);
  // The path back or forward went to (a change of the query alone moves no page).
  const poppedTo = useRef<string | null>(null);
  useEffect(() => {
    // Fires before wouter re-renders with the new address.
    const onPop = () => (poppedTo.current = window.location.pathname);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  // Before the new page's own effects, so a page that restores a scroll of its own still wins.
  useLayoutEffect(() => {
    if (shown.current === location) return;
    shown.current = location;
    noteMovedWithinApp();
    const wasHistory = poppedTo.current === location;
    poppedTo.current = null;
    if (!wasHistory) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [location]);
  return null;
}
