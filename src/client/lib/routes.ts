/** Path rules shared by the router, the footer and the navigation. */

/** Member pages hide the footer when logged in (spec: "paths starting with …"). */
export const FOOTER_HIDDEN_PREFIXES = ['/marketplace', '/create-pin', '/inspiration-library', '/updates', '/messages', '/feedback', '/user-profile', '/my-ideas'];

export function footerVisible(path: string, loggedIn: boolean): boolean {
  if (!loggedIn) return true;
  return !FOOTER_HIDDEN_PREFIXES.some((prefix) => path === prefix || path.startsWith(prefix + '/') || path.startsWith(prefix + '?'));
}

/** Pages where the side navigation shows (publishing §2 "Side navigation"). */
export const SIDE_NAV_PATHS = ['/marketplace', '/inspiration-library', '/updates', '/create-pin', '/messages'];
