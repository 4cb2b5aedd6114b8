/**
 * Where a guest goes back to after logging in: an idea page they were reading when an action
 * (follow, favourite, unlock, comment) needed an account. Kept in sessionStorage for this tab.
 */
import type { KeyValueStore } from './marketplace-state.ts';

export const LOGIN_RETURN_KEY = 'loginReturnPath';

/** Only this site's idea pages: never an address someone else could put there. */
export function isReturnPath(path: string): boolean {
  return /^\/idea\/\d{1,12}$/.test(path);
}

export function saveLoginReturn(store: KeyValueStore, path: string): void {
  if (!isReturnPath(path)) return;
  try {
    store.setItem(LOGIN_RETURN_KEY, path);
  } catch {
    // No storage: the member finds the idea again from the marketplace.
  }
}

/** Takes the saved path out (once). */
export function takeLoginReturn(store: KeyValueStore): string | null {
  try {
    const path = store.getItem(LOGIN_RETURN_KEY);
    store.removeItem(LOGIN_RETURN_KEY);
    return path !== null && isReturnPath(path) ? path : null;
  } catch {
    return null;
  }
}

/** For links and buttons on an idea page that send a guest to log in. */
export function rememberThisIdeaForLogin(): void {
  if (typeof window === 'undefined') return;
  try {
    saveLoginReturn(sessionStorage, window.location.pathname);
  } catch {
    // See saveLoginReturn.
  }
}
