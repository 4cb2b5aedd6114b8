/**
 * Where a visitor goes back to after logging in: the idea page or hunter page they were reading when
 * an action (follow, favourite, unlock, comment) needed an account, the member page they opened as a
 * guest or were on when their session ended (the editor included), or the search they started. Kept
 * in sessionStorage for this tab, with the reason for the login page to say why it is shown. Only the
 * latest counts: each of these replaces whatever was waiting before.
 */
import { USER_ID_PATTERN } from '../../shared/patterns.ts';
import type { KeyValueStore } from './key-value-store.ts';
import { PENDING_SEARCH_KEY, savePendingSearch } from './search-query.ts';

export const LOGIN_RETURN_KEY = 'loginReturnPath';
/** Why the login is there, beside the path: to open an idea a guest tapped, or a member page a guest opened. */
const REASON_KEY = 'loginReturnReason';
type LoginReason = 'openIdea' | 'openPage';

/** The member pages a visitor can be sent back to (not the admin console), by the name the navigation gives them, with the query each takes. */
const MEMBER_PAGES: Record<string, { name: string; query: Record<string, RegExp> }> = {
  '/marketplace': { name: '创意市场', query: { sort: /^[a-z]{1,20}$/, q: /^[^\u0000-\u001f]{1,100}$/ } },
  '/create-pin': { name: '发布创意', query: { edit: /^\d{1,12}$/ } },
  '/inspiration-library': { name: '我的灵感库', query: { tab: /^[a-z-]{1,20}$/ } },
  '/updates': { name: '关注动态', query: {} },
  '/messages': { name: '消息', query: {} },
  '/messages/settings': { name: '通知设置', query: {} },
  '/feedback': { name: '意见反馈', query: {} },
};

/** The member page `path` names, when it is one and its query is one that page takes (each key once). */
function memberPageOf(path: string): { name: string } | null {
  const [pathname, search = '', ...rest] = path.split('?');
  const page = Object.hasOwn(MEMBER_PAGES, pathname) ? MEMBER_PAGES[pathname] : undefined;
  if (!page || rest.length || path.includes('#')) return null;
  if (search === '') return path.endsWith('?') ? null : page;
  const params = [...new URLSearchParams(search)];
  const keys = params.map(([key]) => key);
  const fits = params.every(([key, value]) => Object.hasOwn(page.query, key) && page.query[key].test(value));
  return fits && new Set(keys).size === keys.length ? page : null;
}

/**
 * Only this site's idea, hunter and member pages (with a query those pages take): never an address
 * elsewhere (//evil.example, https://…) nor the login page itself.
 */
export function isReturnPath(path: string): boolean {
  if (/^\/idea\/\d{1,12}$/.test(path) || memberPageOf(path)) return true;
  const hunter = /^\/hunter\/([^/]+)$/.exec(path);
  return !!hunter && USER_ID_PATTERN.test(hunter[1]);
}

export function saveLoginReturn(store: KeyValueStore, path: string, reason?: LoginReason): void {
  if (!isReturnPath(path)) return;
  try {
    store.setItem(LOGIN_RETURN_KEY, path);
    if (reason) store.setItem(REASON_KEY, reason);
    else store.removeItem(REASON_KEY);
    // This is what the login is for now: a search left waiting from before would not run.
    store.removeItem(PENDING_SEARCH_KEY);
  } catch {
    // No storage: the member finds the page again from the marketplace.
  }
}

/** Forgets the page to go back to (a search is what the login is for now). */
function forgetLoginReturn(store: KeyValueStore): void {
  try {
    store.removeItem(LOGIN_RETURN_KEY);
    store.removeItem(REASON_KEY);
  } catch {
    // See saveLoginReturn.
  }
}

/** Takes the saved path out (once). */
export function takeLoginReturn(store: KeyValueStore): string | null {
  try {
    const path = store.getItem(LOGIN_RETURN_KEY);
    forgetLoginReturn(store);
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
  saveLoginReturn(sessionStorage, `/idea/${ideaId}`, 'openIdea');
  navigate('/login');
}

/** A guest's search from the top bar: it runs after logging in, and is what the login is for now. */
export function logInThenSearch(query: string, navigate: (to: string) => void): void {
  try {
    forgetLoginReturn(sessionStorage);
    savePendingSearch(sessionStorage, query);
  } catch {
    // No session storage: the guest searches again after logging in.
  }
  navigate('/login');
}

/** The top bar's 登录 / 注册: a plain login, to the marketplace; nothing asked for before is waiting any more. */
export function logInPlainly(): void {
  try {
    forgetLoginReturn(sessionStorage);
    sessionStorage.removeItem(PENDING_SEARCH_KEY);
  } catch {
    // No session storage: nothing was kept.
  }
}

/** A guest opened a member page (or its address): the login says so and leads back to it, query and all. */
export function logInThenOpenPage(pathWithQuery: string): void {
  try {
    saveLoginReturn(sessionStorage, pathWithQuery, 'openPage');
  } catch {
    // No session storage: the login leads to the marketplace.
  }
}

/** The name of the member page a guest opened, that this login leads back to (shown, not taken); null for any other reason. */
export function waitingPageName(store: KeyValueStore): string | null {
  try {
    if (store.getItem(REASON_KEY) !== 'openPage') return null;
    const path = store.getItem(LOGIN_RETURN_KEY) ?? '';
    return isReturnPath(path) ? (memberPageOf(path)?.name ?? null) : null;
  } catch {
    return null;
  }
}

/**
 * Whether this login is there to open an idea a guest tapped (shown, not taken): the login page says
 * so. Not for a return after an action on the idea page (收藏, 关注…): that guest was reading it.
 */
export function waitingIdeaReturn(store: KeyValueStore): boolean {
  try {
    return store.getItem(REASON_KEY) === 'openIdea' && /^\/idea\/\d{1,12}$/.test(store.getItem(LOGIN_RETURN_KEY) ?? '');
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

export const SESSION_ENDED_KEY = 'sessionEnded';

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
