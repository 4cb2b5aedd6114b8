/**
 * Where a guest goes back to after logging in: the idea page or hunter page they were reading when
 * an action (follow, favourite, unlock, comment) needed an account. Kept in sessionStorage for this tab.
 */
import { USER_ID_PATTERN } from '../../shared/patterns.ts';
import type { KeyValueStore } from './marketplace-state.ts';

export const LOGIN_RETURN_KEY = 'loginReturnPath';

/** Only this site's idea and hunter pages: never an address someone else could put there. */
export function isReturnPath(path: string): boolean {
  if (/^\/idea\/\d{1,12}$/.test(path)) return true;
  const hunter = /^\/hunter\/([^/]+)$/.exec(path);
  return !!hunter && USER_ID_PATTERN.test(hunter[1]);
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

/** For links and buttons on an idea or hunter page that send a guest to log in. */
export function rememberThisPageForLogin(): void {
  if (typeof window === 'undefined') return;
  try {
    saveLoginReturn(sessionStorage, window.location.pathname);
  } catch {
    // See saveLoginReturn.
  }
}
