/** Path rules shared by the router, the footer and the navigation. */

/** Member pages hide the footer when logged in (spec: "paths starting with …"). */
export const FOOTER_HIDDEN_PREFIXES = ['/marketplace', '/create-pin', '/inspiration-library', '/updates', '/messages', '/feedback', '/user-profile', '/my-ideas'];

export function footerVisible(path: string, loggedIn: boolean): boolean {
  if (!loggedIn) return true;
  return !FOOTER_HIDDEN_PREFIXES.some((prefix) => path === prefix || path.startsWith(prefix + '/') || path.startsWith(prefix + '?'));
}

/**
 * Pages where the member navigation shows (docs/spec/publishing-and-browsing.md §2 "Side navigation"):
 * the side navigation on desktops, its phone form the bottom tab bar.
 */
export const MEMBER_NAV_PATHS = ['/marketplace', '/inspiration-library', '/updates', '/create-pin', '/messages'];

/** Pages that need a session (docs/architecture.md §10); on any other page a lost session just shows the logged-out state. */
export const LOGIN_REQUIRED_PREFIXES = ['/marketplace', '/create-pin', '/inspiration-library', '/messages', '/feedback', '/admin', '/publish-success'];

/** Whether `path` is `prefix` itself or below it. */
export function underPrefix(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(prefix + '/') || path.startsWith(prefix + '?');
}

export function requiresLogin(path: string): boolean {
  return LOGIN_REQUIRED_PREFIXES.some((prefix) => underPrefix(path, prefix));
}

/** The editor opened on an existing idea (a draft, or a rejected idea to change and publish again). */
export const editIdeaPath = (id: number) => `/create-pin?edit=${id}`;
