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

function pageHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main h1');
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
      done = true;
      if (!focusIsLost()) return;
      if (heading.tabIndex < 0 && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
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
