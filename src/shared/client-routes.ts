/**
 * The client's route table (docs/spec/accounts-and-people.md §1, with a 404 page for any other path): the paths the
 * app has a page for, written as its router writes them. The server answers every other path with
 * the same HTML and status 404 (the app then shows its 404 page), so a mistyped link is a 404 to
 * browsers, crawlers and monitors alike. `test/client/client-routes.test.ts` keeps this list and the
 * router's `<Route path>`s (src/client/App.tsx) the same.
 */
export const CLIENT_ROUTE_PATTERNS = [
  '/',
  '/login',
  '/forgot-password',
  '/guest-marketplace',
  '/about',
  '/about-hunter',
  '/vision',
  '/user-agreement',
  '/privacy-policy',
  '/test-db',
  '/stagewise-test',
  '/marketplace',
  '/create-pin',
  '/inspiration-library',
  '/updates',
  '/messages',
  '/messages/settings',
  '/feedback',
  '/admin',
  '/idea/:id',
  '/user/:registrationNumber',
  '/hunter/:registrationNumber',
  '/hunter/:registrationNumber/followers',
  '/hunter/:registrationNumber/following',
  '/tag/:tag',
  '/publish-success/:id?',
  '/profile',
  '/user-profile',
  '/my-ideas',
] as const;

/**
 * A pattern as the router (wouter, through regexparam) matches it: case-insensitive, an optional
 * trailing slash, `:name` one segment, `:name?` an optional one.
 */
export function routePattern(pattern: string): RegExp {
  let source = '';
  for (const segment of pattern.split('/').slice(1)) {
    if (!segment) continue;
    if (segment.startsWith(':')) source += segment.endsWith('?') ? '(?:/([^/]+?))?' : '/([^/]+?)';
    else source += '/' + segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}/?$`, 'i');
}

const PATTERNS = CLIENT_ROUTE_PATTERNS.map(routePattern);

/** Whether the app has a page at `pathname` (no query, as sent: percent-encoded). */
export function isClientRoute(pathname: string): boolean {
  return PATTERNS.some((p) => p.test(pathname));
}
