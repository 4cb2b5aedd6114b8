/**
 * Whether the entry before this one in the tab's history is one of this site's pages, so that going
 * back stays here. A visitor who opened an idea from a chat or a QR poster has the other site (or a
 * blank tab) behind it: the idea page's 返回 took them off the site (a phone walk-through).
 */

/** The part of the Navigation API this reads (Chromium, and recent Safari and Firefox). */
interface NavigationLike {
  currentEntry: { index: number } | null;
}

let movedSinceLoad = false;

/** Called by the app on every change of location after the first: the entry behind is ours. */
export function noteMovedWithinApp(): void {
  movedSinceLoad = true;
}

export function canGoBackWithinSite(win: Window = window): boolean {
  // The Navigation API lists only this origin's entries: one before the current means ours.
  const navigation = (win as Window & { navigation?: NavigationLike }).navigation;
  if (navigation?.currentEntry) return navigation.currentEntry.index > 0;
  // Elsewhere: the app moved since the page loaded, or the page was opened from one of ours.
  if (movedSinceLoad) return true;
  try {
    return !!win.document.referrer && new URL(win.document.referrer).origin === win.location.origin;
  } catch {
    return false;
  }
}
