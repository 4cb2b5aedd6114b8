/**
 * `npm run size`: after `npm run build`, the JavaScript each guest route downloads before the visitor
 * interacts (its prerendered page's scripts: the loader, the theme, the cards, the service worker)
 * against the guest budget, and what the app then loads (entry + static imports + the route's lazy
 * chunks) for the guest routes and a few member routes, raw and gzipped.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PRERENDERED_PAGES, prerenderedFile } from '../src/server/fast-lane/prerendered.ts';
import { beforeInteractionFiles, GUEST_ROUTES, MEMBER_ROUTES, missingKeys, ROUTE_PRELOAD_FILE, routeBytes, type FileSize, type Manifest } from './route-bytes.ts';

/**
 * The ceiling for what a guest route loads before the visitor interacts, gzipped JavaScript;
 * test/ops/bundle-budget.test.ts enforces it.
 */
export const GUEST_BUDGET_GZIP = 80 * 1024;

/** The ceiling for the app a guest's first interaction loads (entry, its imports, the route's chunks, the loader). */
export const GUEST_APP_BUDGET_GZIP = 120 * 1024;

/** The prerendered HTML a guest route is sent as (the landing's one of a weekday: the days differ in the doodle only). */
export function prerenderedHtmlFile(route: string): string | undefined {
  const page = PRERENDERED_PAGES.find((p) => p.path === route && !p.search);
  return page && prerenderedFile(page, 0);
}

/** The service worker's files registerSW.js has the browser fetch (sw.js and the Workbox it defines itself with). */
export function serviceWorkerFiles(dist: string): string[] {
  const sw = path.join(dist, 'sw.js');
  if (!fs.existsSync(sw)) return [];
  const workbox = /define\(\["\.\/(workbox-[\w-]+)"/.exec(fs.readFileSync(sw, 'utf8'))?.[1];
  return ['sw.js', ...(workbox ? [`${workbox}.js`] : [])];
}

/** What the guest `route` loads before any interaction (its prerendered page's scripts), or null without one. */
export function guestBeforeInteraction(dist: string, manifest: Manifest, route: string, sizeOf: (file: string) => FileSize): { files: string[]; raw: number; gzip: number } | null {
  const file = prerenderedHtmlFile(route);
  if (!file || !fs.existsSync(path.join(dist, file))) return null;
  const files = beforeInteractionFiles(manifest, fs.readFileSync(path.join(dist, file), 'utf8'), serviceWorkerFiles(dist));
  let raw = 0;
  let gzip = 0;
  for (const f of files) {
    raw += sizeOf(f).raw;
    gzip += sizeOf(f).gzip;
  }
  return { files, raw, gzip };
}

const DIST = path.resolve(import.meta.dirname, '..', 'dist');
const MANIFEST = path.join(DIST, '.vite/manifest.json');

/** Size of a built file as served without and with gzip (level 9, as Vite's report). */
export function fileSizeIn(dist: string): (file: string) => FileSize {
  const cache = new Map<string, FileSize>();
  return (file) => {
    let size = cache.get(file);
    if (!size) {
      const bytes = fs.readFileSync(path.join(dist, file));
      size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
      cache.set(file, size);
    }
    return size;
  };
}

/** JavaScript every route loads that the manifest does not list (the route-preload script, when built). */
export function alwaysLoadedIn(dist: string): string[] {
  return fs.existsSync(path.join(dist, ROUTE_PRELOAD_FILE)) ? [ROUTE_PRELOAD_FILE] : [];
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`.padStart(9);

function main() {
  if (!fs.existsSync(MANIFEST)) {
    console.error('缺少 dist/.vite/manifest.json，请先运行 npm run build');
    process.exit(1);
  }
  const manifest = JSON.parse(fs.readFileSync(MANIFEST, 'utf8')) as Manifest;
  const sizeOf = fileSizeIn(DIST);
  let over = false;
  console.log(`\nguest routes, before any interaction  raw      gzip   files`);
  for (const route of Object.keys(GUEST_ROUTES)) {
    const r = guestBeforeInteraction(DIST, manifest, route, sizeOf);
    if (!r) {
      console.warn(`  ${route}: no prerendered page in dist/`);
      over = true;
      continue;
    }
    const flag = r.gzip > GUEST_BUDGET_GZIP ? '  ✗ over budget' : '';
    over ||= flag !== '';
    console.log(`  ${route.padEnd(34)} ${kb(r.raw)} ${kb(r.gzip)}   ${r.files.map((f) => path.basename(f)).join(' ')}${flag}`);
  }
  for (const [group, routes] of [
    ['guest', GUEST_ROUTES],
    ['member', MEMBER_ROUTES],
  ] as const) {
    console.log(`\n${group === 'guest' ? 'guest routes, the app a first interaction loads' : 'member routes                                '}  raw      gzip   files`);
    for (const [route, keys] of Object.entries(routes)) {
      const missing = missingKeys(manifest, keys);
      if (missing.length) console.warn(`  ${route}: not in the manifest: ${missing.join(', ')}`);
      const r = routeBytes(manifest, route, keys, sizeOf, alwaysLoadedIn(DIST));
      const flag = group === 'guest' && r.gzip > GUEST_APP_BUDGET_GZIP ? '  ✗ over budget' : '';
      over ||= flag !== '';
      console.log(`  ${route.padEnd(44)} ${kb(r.raw)} ${kb(r.gzip)}   ${r.files.map((f) => path.basename(f)).join(' ')}${flag}`);
    }
  }
  console.log(`\nguest budget: ${kb(GUEST_BUDGET_GZIP).trim()} gzip per route before any interaction, ${kb(GUEST_APP_BUDGET_GZIP).trim()} for the app a first interaction loads`);
  if (over) process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
