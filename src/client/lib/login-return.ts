/**
 * Where a visitor goes back to after logging in: the idea page or hunter page they were reading when
 * an action (follow, favourite, unlock, comment) needed an account, or the member page (the editor
 * included) they were on when their session ended. Kept in sessionStorage for this tab, with a flag
 * for the login page to say why it is shown.
 */
import { USER_ID_PATTERN } from '../../shared/patterns.ts';
import { PENDING_SEARCH_KEY, type KeyValueStore } from './marketplace-state.ts';

export const LOGIN_RETURN_KEY = 'loginReturnPath';
/** Set beside the path when the login is there to open that idea (a guest's card), not to finish an action on it. */
const OPENS_IDEA_KEY = 'loginReturnOpensIdea';

/** The member pages a visitor whose session ended is sent back to (the editor with the idea it edited). */
const MEMBER_RETURN_PATH = /^\/(create-pin(\?edit=\d{1,12})?|inspiration-library|messages|updates|marketplace)$/;

/** Only this site's idea, hunter and member pages: never an address someone else could put there. */
export function isReturnPath(path: string): boolean {
  if (/^\/idea\/\d{1,12}$/.test(path) || MEMBER_RETURN_PATH.test(path)) return true;
  const hunter = /^\/hunter\/([^/]+)$/.exec(path);
  return !!hunter && USER_ID_PATTERN.test(hunter[1]);
}

export function saveLoginReturn(store: KeyValueStore, path: string): void {
  if (!isReturnPath(path)) return;
  try {
    store.setItem(LOGIN_RETURN_KEY, path);
    store.removeItem(OPENS_IDEA_KEY);
  } catch {
    // No storage: the member finds the idea again from the marketplace.
  }
}

/** Takes the saved path out (once). */
export function takeLoginReturn(store: KeyValueStore): string | null {
  try {
    const path = store.getItem(LOGIN_RETURN_KEY);
    store.removeItem(LOGIN_RETURN_KEY);
    store.removeItem(OPENS_IDEA_KEY);
    return path !== null && isReturnPath(path) ? path : null;
  } catch {
    return null;
  }
}

/**
 * A card a guest taps (the landing page's, the guest marketplace's) leads to login, and the login
 * back to that idea: it used to land on the marketplace, the idea lost (a phone walk-through).
 */
export function logInThenOpenIdea(ideaId: number, navigate: (to: string) => void): void {
  saveLoginReturn(sessionStorage, `/idea/${ideaId}`);
  try {
    sessionStorage.setItem(OPENS_IDEA_KEY, '1');
    // The card is what the login is for now: a search left waiting from before would not run.
    sessionStorage.removeItem(PENDING_SEARCH_KEY);
  } catch {
    // No storage: the login page shows without the note.
  }
  navigate('/login');
}

/**
 * Whether this login is there to open an idea a guest tapped (shown, not taken): the login page says
 * so. Not for a return after an action on the idea page (收藏, 关注…): that guest was reading it.
 */
export function waitingIdeaReturn(store: KeyValueStore): boolean {
  try {
    return store.getItem(OPENS_IDEA_KEY) === '1' && /^\/idea\/\d{1,12}$/.test(store.getItem(LOGIN_RETURN_KEY) ?? '');
  } catch {
    return false;
  }
}

/** For links and buttons on an idea or hunter page that send a guest to log in, and for an ended session. */
export function rememberThisPageForLogin(): void {
  if (typeof window === 'undefined') return;
  try {
    const { pathname, search } = window.location;
    // The editor keeps its ?edit=; an idea page's other parameters are not needed to return.
    saveLoginReturn(sessionStorage, isReturnPath(pathname + search) ? pathname + search : pathname);
  } catch {
    // See saveLoginReturn.
  }
}

const SESSION_ENDED_KEY = 'sessionEnded';

/** The session ended under the visitor (a 401 on a member page): the login page says so once. */
export function noteSessionEnded(): void {
  try {
    sessionStorage.setItem(SESSION_ENDED_KEY, '1');
  } catch {
    // No storage: the login page shows without the note.
  }
}

/** Whether the login page should say the session ended (once). */
export function takeSessionEnded(): boolean {
  try {
    const ended = sessionStorage.getItem(SESSION_ENDED_KEY) === '1';
    sessionStorage.removeItem(SESSION_ENDED_KEY);
    return ended;
  } catch {
    return false;
  }
}
