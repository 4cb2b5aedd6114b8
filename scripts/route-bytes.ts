/**
 * What JavaScript a route downloads, read from Vite's build manifest (dist/.vite/manifest.json).
 * Pure functions: scripts/size.ts prints them, test/ops/bundle-budget.test.ts holds them to the budget.
 */

/** One entry of Vite's manifest (the fields we follow). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export interface FileSize {
  raw: number;
  gzip: number;
}

export interface RouteBytes extends FileSize {
  route: string;
  /** The JavaScript files the route loads, entry first. */
  files: string[];
}

/** The classic script index.html loads on every route (vite.config.ts, routePreload); not in the manifest. */
export const ROUTE_PRELOAD_FILE = 'route-preload.js';

/** The HTML entry's key in the manifest (the client root is src/client). */
export const ENTRY_KEY = 'index.html';

/**
 * The lazy modules (manifest keys, relative to src/client) each measured route loads on top of the
 * entry. A route whose page lives in the entry chunk lists only what it imports lazily on first render.
 * Keep in step with App.tsx: a key missing from the manifest is reported, not skipped.
 */
export const GUEST_ROUTES: Record<string, string[]> = {
  '/': ['components/FeaturedIdeaGrid.tsx'],
  '/login': ['pages/LoginPage.tsx'],
  '/guest-marketplace': ['pages/MarketplacePage.tsx'],
};

export const MEMBER_ROUTES: Record<string, string[]> = {
  '/create-pin': ['pages/CreatePinPage.tsx'],
  '/inspiration-library': ['pages/InspirationLibraryPage.tsx'],
  '/idea/:id': ['pages/IdeaPage.tsx'],
  '/marketplace': ['pages/MarketplacePage.tsx'],
  '/hunter/:registrationNumber': ['pages/HunterPage.tsx'],
  '/user/:registrationNumber': ['pages/UserPage.tsx'],
  '/admin': ['pages/AdminPage.tsx'],
};

/** Keys of the route's modules that the manifest does not know (a renamed page, a stale table). */
export function missingKeys(manifest: Manifest, lazyKeys: readonly string[]): string[] {
  return [ENTRY_KEY, ...lazyKeys].filter((key) => !manifest[key]);
}

/**
 * The JavaScript files loaded for the entry plus the given lazy modules: each chunk and, transitively,
 * its static imports (what the browser must fetch before the code runs). Dynamic imports are not
 * followed: they load only when something asks for them.
 */
export function routeFiles(manifest: Manifest, lazyKeys: readonly string[]): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    if (chunk.file.endsWith('.js')) files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of [ENTRY_KEY, ...lazyKeys]) visit(key);
  return files;
}

/** Raw and gzipped bytes of the route's JavaScript, given each file's size; `alwaysLoaded` adds files outside the manifest. */
export function routeBytes(manifest: Manifest, route: string, lazyKeys: readonly string[], sizeOf: (file: string) => FileSize, alwaysLoaded: readonly string[] = []): RouteBytes {
  const files = [...routeFiles(manifest, lazyKeys), ...alwaysLoaded];
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const size = sizeOf(file);
    raw += size.raw;
    gzip += size.gzip;
  }
  return { route, files, raw, gzip };
}

/** The scripts a prerendered page's HTML names: run at once (classic, module), preloaded, and held for the first interaction (`data-modules`). */
export interface PageScripts {
  classic: string[];
  modules: string[];
  preloads: string[];
  onInteraction: string[];
}

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
/** `/assets/a.js?v=1` → `assets/a.js` (a file of dist/). */
const distFile = (src: string) => src.replace(/^\//, '').replace(/\?.*$/, '');

export function pageScripts(html: string): PageScripts {
  const out: PageScripts = { classic: [], modules: [], preloads: [], onInteraction: [] };
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    const src = attr(tag, 'src');
    if (!src) continue;
    (attr(tag, 'type') === 'module' ? out.modules : out.classic).push(distFile(src));
    const held = attr(tag, 'data-modules');
    if (held) out.onInteraction.push(...held.split(' ').filter(Boolean).map(distFile));
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const href = attr(tag, 'href');
    if (attr(tag, 'rel') === 'modulepreload' && href) out.preloads.push(distFile(href));
  }
  return out;
}

/** The manifest key of a built file (`assets/guest-cards-ab.js` → `guest-cards.ts`). */
const keyOfFile = (manifest: Manifest, file: string) => Object.keys(manifest).find((key) => manifest[key].file === file);

/**
 * The JavaScript a prerendered page loads before the visitor interacts: its classic scripts, its
 * module scripts and preloads with their static imports, and `serviceWorker` (what registerSW.js makes
 * the browser fetch: sw.js and its Workbox) when the page registers one. Not the `data-modules` the
 * loader holds for the first interaction.
 */
export function beforeInteractionFiles(manifest: Manifest, html: string, serviceWorker: readonly string[] = []): string[] {
  const scripts = pageScripts(html);
  const files = new Set<string>(scripts.classic);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    files.add(manifest[key].file);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  for (const file of [...scripts.modules, ...scripts.preloads]) {
    const key = keyOfFile(manifest, file);
    if (key) visit(key);
    else files.add(file);
  }
  if (scripts.classic.some((f) => f.endsWith('registerSW.js'))) serviceWorker.forEach((f) => files.add(f));
  return [...files];
}
