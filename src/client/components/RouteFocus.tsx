/**
 * After an in-app navigation, keyboard focus goes to the new page's heading when nothing else took
 * it: the link or button that led there is gone with the old page, so focus would fall to the
 * document and a keyboard or screen-reader user would start again from the top. A page that puts
 * focus somewhere itself (a field, the card returned to) keeps it; the first load is left alone.
 * The heading is watched for a few seconds, as a page's code and data may arrive after the address.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { focusTarget } from '../lib/focus-target.ts';

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
      focusTarget(heading, { preventScroll: true });
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

/** The regions whose heading takes focus when the control that held it is gone. */
const REGION = 'section, article, [role="tabpanel"], [role="dialog"], main';

/** A region's own heading (its aria-labelledby, else its first h1–h3); else the region. */
function regionHeading(region: HTMLElement): HTMLElement {
  const labelledBy = region.getAttribute('aria-labelledby');
  const heading = (labelledBy && document.getElementById(labelledBy.split(' ')[0])) || region.querySelector<HTMLElement>('h1, h2, h3');
  return heading && heading.getClientRects().length ? heading : region;
}

/**
 * When the control that had focus leaves the page without a navigation (a deleted comment's menu
 * button, a cleared favourite's card, a search's 清除搜索), focus goes to the heading of the nearest
 * region still there, instead of falling to the document: a keyboard user went back to 跳到主要内容
 * and a screen reader said nothing (an accessibility review found it after four such actions). Only
 * after keyboard use (a click that removes its button leaves focus to the pointer), after the page's
 * own code had its frame to put focus somewhere (the editor, 加载更多's next item), and without
 * scrolling. A change of page (its path) is RouteFocus's; a new query on the same page is this one's.
 */
export function FocusRescue() {
  useEffect(() => {
    let last: { element: HTMLElement; regions: HTMLElement[]; path: string } | null = null;
    let byKeyboard = false;
    let frame = 0;
    const onKey = () => (byKeyboard = true);
    const onPointer = () => {
      byKeyboard = false;
      last = null;
    };
    const onFocusIn = (e: FocusEvent) => {
      const element = e.target as HTMLElement;
      if (!(element instanceof HTMLElement) || element === document.body) return;
      const regions: HTMLElement[] = [];
      for (let region = element.parentElement?.closest<HTMLElement>(REGION); region; region = region.parentElement?.closest<HTMLElement>(REGION) ?? null) regions.push(region);
      last = { element, regions, path: location.pathname };
    };
    const rescue = () => {
      if (!byKeyboard || !last || last.element.isConnected || !focusIsLost() || last.path !== location.pathname) return;
      const gone = last;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (!focusIsLost() || last !== gone) return;
        last = null;
        const region = gone.regions.find((r) => r.isConnected && r.getClientRects().length);
        if (region) focusTarget(regionHeading(region), { preventScroll: true });
      });
    };
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('pointerdown', onPointer, true);
    document.addEventListener('focusin', onFocusIn);
    const watcher = new MutationObserver(rescue);
    watcher.observe(document.body, { childList: true, subtree: true });
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('pointerdown', onPointer, true);
      document.removeEventListener('focusin', onFocusIn);
      watcher.disconnect();
      cancelAnimationFrame(frame);
    };
  }, []);
  return null;
}

/**
 * A page opened from the navigation keeps focus on its link (the side nav and the tab bar stay), so
 * nothing said the page had changed to a screen reader (an accessibility review): its title is read
 * out from a status line, once the page has set it (usePageTitle).
 */
const ANNOUNCE_AFTER_MS = 300;
const TITLE_WAIT_MS = 5000;

export function RouteAnnouncer() {
  const [location] = useLocation();
  const first = useRef(true);
  const region = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // The new page sets its title when its code has loaded, which on a slow phone takes longer than
    // the first look: until the title changes (or TITLE_WAIT_MS passes), the old one would be read out.
    const before = document.title;
    const started = performance.now();
    const timer = window.setInterval(() => {
      const waited = performance.now() - started;
      if (waited < ANNOUNCE_AFTER_MS || (document.title === before && waited < TITLE_WAIT_MS)) return;
      window.clearInterval(timer);
      if (region.current && document.activeElement?.closest('nav')) region.current.textContent = `已打开：${document.title}`;
    }, 100);
    return () => window.clearInterval(timer);
  }, [location]);
  return <p ref={region} className="visually-hidden" role="status" data-testid="route-announcer" />;
}
