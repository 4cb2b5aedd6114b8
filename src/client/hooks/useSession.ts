import { useEffect, useState } from 'react';
import { getToken, getUserInfo, isLoggedIn, USER_INFO_UPDATED_EVENT, type StoredUser } from '../lib/storage.ts';

/** The stored user, kept current by the user-info event (this tab) and the storage event (other tabs). */
export function useSession(): { user: StoredUser | null; loggedIn: boolean } {
  const [state, setState] = useState(() => ({ user: getUserInfo(), loggedIn: isLoggedIn() }));
  useEffect(() => {
    const refresh = () => setState({ user: getUserInfo(), loggedIn: isLoggedIn(getToken(), getUserInfo()) });
    window.addEventListener(USER_INFO_UPDATED_EVENT, refresh);
    window.addEventListener('storage', refresh);
    // A change between the first render and this subscription (a session cleared by an early answer) is not missed.
    refresh();
    return () => {
      window.removeEventListener(USER_INFO_UPDATED_EVENT, refresh);
      window.removeEventListener('storage', refresh);
    };
  }, []);
  return state;
}
