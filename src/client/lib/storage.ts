/** Local storage keys of the spec and the one rule for "logged in" (docs/architecture.md §10). */
import type { AuthUser } from '../../shared/account-rules.ts';
import { RECENT_PHONES_MAX } from '../../shared/constants.ts';

export const STORAGE_KEYS = {
  authToken: 'authToken',
  userInfo: 'userInfo',
  recentPhones: 'recentLoginPhones',
  followUpdatesViewed: 'follow_updates_viewed_users',
  followUpdatesAll: 'followUpdatesAll',
  /** The colour theme (lib/theme.ts); public/theme.js reads the same key. */
  theme: 'theme',
} as const;

export const USER_INFO_UPDATED_EVENT = 'user-info-updated';

/** The spec's stored user info: the signed-in user, with `internal_id` beside `id` (docs/spec/accounts-and-people.md §3). */
export type StoredUser = Partial<AuthUser> & {
  id?: number | string;
  internal_id?: number | string;
  /** How versions before the one-spelling API stored the registration number. */
  registration_number?: string;
};

function readJson<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  // No storage while a page is prerendered at build time: a guest's view.
  if (typeof localStorage === 'undefined') return null;
  return localStorage.getItem(STORAGE_KEYS.authToken);
}

export function getUserInfo(): StoredUser | null {
  return readJson<StoredUser>(STORAGE_KEYS.userInfo);
}

/** The stored user's registration number, under whichever of its names the stored answer has it. */
export function registrationNumberOf(user: StoredUser | null): string | undefined {
  return user?.registrationNumber ?? user?.registration_number ?? user?.username;
}

/** Logged in = a token and user info with an id, phone or email, both present. */
export function isLoggedIn(token = getToken(), user = getUserInfo()): boolean {
  return !!token && !!user && !!(user.id || user.phone || user.email);
}

function broadcast(user: StoredUser | null) {
  window.dispatchEvent(new CustomEvent(USER_INFO_UPDATED_EVENT, { detail: user }));
}

export function saveUserInfo(user: StoredUser): void {
  const stored: StoredUser = { ...user, internal_id: user.internal_id ?? user.id };
  localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify(stored));
  broadcast(stored);
}

export function saveSession(token: string, user: StoredUser): void {
  localStorage.setItem(STORAGE_KEYS.authToken, token);
  saveUserInfo(user);
}

export function clearSession(): void {
  localStorage.removeItem(STORAGE_KEYS.authToken);
  localStorage.removeItem(STORAGE_KEYS.userInfo);
  broadcast(null);
}

export function getRecentPhones(): string[] {
  const list = readJson<unknown>(STORAGE_KEYS.recentPhones);
  return Array.isArray(list) ? list.filter((p): p is string => typeof p === 'string').slice(0, RECENT_PHONES_MAX) : [];
}

export function rememberPhone(phone: string): void {
  const list = [phone, ...getRecentPhones().filter((p) => p !== phone)].slice(0, RECENT_PHONES_MAX);
  localStorage.setItem(STORAGE_KEYS.recentPhones, JSON.stringify(list));
}

/** The recent-phones list after a phone change: the new number takes the old one's place (pure). */
export function replacePhoneInList(list: readonly string[], oldPhone: string, newPhone: string): string[] {
  if (!list.includes(oldPhone)) return [...list];
  const replaced = list.map((p) => (p === oldPhone ? newPhone : p));
  return replaced.filter((p, i) => replaced.indexOf(p) === i).slice(0, RECENT_PHONES_MAX);
}

/** After a successful phone change, the login page offers the new number instead of the old one. */
export function replaceRecentPhone(oldPhone: string, newPhone: string): void {
  localStorage.setItem(STORAGE_KEYS.recentPhones, JSON.stringify(replacePhoneInList(getRecentPhones(), oldPhone, newPhone)));
}
