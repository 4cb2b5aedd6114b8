import { useEffect, useSyncExternalStore } from 'react';
import type { AuthUser } from '../../shared/account-rules.ts';
import { getUserInfo, isLoggedIn, saveUserInfo } from '../lib/storage.ts';
import { trpc } from '../lib/trpc.ts';

/** The user info in `auth.me`'s answer (`{ data: { user } }`); the one place that reads that shape. */
function userFromMe(result: { data?: { user?: Partial<AuthUser> } } | null | undefined): Partial<AuthUser> | null {
  const user = result?.data?.user;
  return user && typeof user === 'object' && 'id' in user ? user : null;
}

/** Whether this page load has heard the server's answer (or its failure) once: until then a stored role may be stale. */
let checkedThisLoad = false;
const CHECKED_EVENT = 'hunter:user-info-checked';
const onChecked = (listener: () => void) => {
  window.addEventListener(CHECKED_EVENT, listener);
  return () => window.removeEventListener(CHECKED_EVENT, listener);
};

/** True once the first `auth.me` of this page load has answered (or failed): an admin page waits for it before turning a member away. */
export function useUserInfoChecked(): boolean {
  return useSyncExternalStore(
    onChecked,
    () => checkedThisLoad,
    () => false,
  );
}

/**
 * On app start and whenever the window regains focus, a logged-in client asks the server who it is
 * (`auth.me`, once per occasion) and stores the answer as `userInfo` (broadcast to every listener):
 * this is how a role change (`npm run create-admin`) or a nickname change elsewhere shows up. A
 * session the server no longer accepts is cleared by the session rule (lib/session-guard.ts).
 */
export function useFreshUserInfo(): void {
  const utils = trpc.useUtils();
  useEffect(() => {
    let inFlight = false;
    const refresh = async () => {
      if (inFlight || !isLoggedIn()) return;
      inFlight = true;
      try {
        const fresh = userFromMe(await utils.client.auth.me.query());
        // Only if the same person is still logged in when the answer arrives.
        const stored = getUserInfo();
        if (fresh && isLoggedIn() && (!stored?.id || String(stored.id) === String(fresh.id))) saveUserInfo({ ...stored, ...fresh });
      } catch {
        // Offline or a server error: keep what is stored; a lost session is handled by the session rule.
      } finally {
        inFlight = false;
        if (!checkedThisLoad) {
          checkedThisLoad = true;
          window.dispatchEvent(new Event(CHECKED_EVENT));
        }
      }
    };
    void refresh();
    const onFocus = () => void refresh();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [utils]);
}
