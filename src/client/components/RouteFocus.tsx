/**
 * After an in-app navigation, keyboard focus goes to the new page's heading when nothing else took
 * it: the link or button that led there is gone with the old page, so focus would fall to the
 * document and a keyboard or screen-reader user would start again from the top. A page that puts
 * focus somewhere itself (a field, the card returned to) keeps it; the first load is left alone.
 * The heading is watched for a few seconds, as a page's code and data may arrive after the address.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

const WATCH_MS = 4000;

const focusIsLost = () => !document.activeElement || document.activeElement === document.body;

/**
 * The shown page's heading. While the new page's code loads, React keeps the old page in the document,
 * hidden (Suspense), so the first `main h1` was the old one: focus went nowhere, and after a sign-in
 * it stayed on the document (a phone walkthrough found it so after most page changes).
 */
function pageHeading(): HTMLElement | null {
  for (const heading of document.querySelectorAll<HTMLElement>('main h1')) if (heading.getClientRects().length) return heading;
  return null;
}

export function RouteFocus() {
  const [location] = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    let done = false;
    const tryFocus = () => {
      if (done) return;
      const heading = pageHeading();
      if (!heading) return;
      if (!focusIsLost()) {
        done = true;
        return;
      }
      if (heading.tabIndex < 0 && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      // Watched on until focus is really there.
      done = document.activeElement === heading;
    };
    const frame = requestAnimationFrame(tryFocus);
    const watcher = new MutationObserver(tryFocus);
    watcher.observe(document.body, { childList: true, subtree: true });
    const stop = window.setTimeout(() => watcher.disconnect(), WATCH_MS);
    return () => {
      done = true;
      cancelAnimationFrame(frame);
      watcher.disconnect();
      window.clearTimeout(stop);
    };
  }, [location]);
  return null;
}
