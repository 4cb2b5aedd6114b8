/**
 * `npm run size`: after `npm run build`, the JavaScript each guest route and a few member routes
 * download (entry + static imports + the route's lazy chunks), raw and gzipped, against the budget.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { GUEST_ROUTES, MEMBER_ROUTES, missingKeys, ROUTE_PRELOAD_FILE, routeBytes, type FileSize, type Manifest } from './route-bytes.ts';

/** The ceiling for a guest route, gzipped JavaScript; test/ops/bundle-budget.test.ts enforces it. */
export const GUEST_BUDGET_GZIP = 120 * 1024;

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
  for (const [group, routes] of [
    ['guest', GUEST_ROUTES],
    ['member', MEMBER_ROUTES],
  ] as const) {
    console.log(`\n${group} routes                  raw      gzip   files`);
    for (const [route, keys] of Object.entries(routes)) {
      const missing = missingKeys(manifest, keys);
      if (missing.length) console.warn(`  ${route}: not in the manifest: ${missing.join(', ')}`);
      const r = routeBytes(manifest, route, keys, sizeOf, alwaysLoadedIn(DIST));
      const flag = group === 'guest' && r.gzip > GUEST_BUDGET_GZIP ? '  ✗ over budget' : '';
      over ||= flag !== '';
      console.log(`  ${route.padEnd(22)} ${kb(r.raw)} ${kb(r.gzip)}   ${r.files.map((f) => path.basename(f)).join(' ')}${flag}`);
    }
  }
  console.log(`\nguest budget: ${kb(GUEST_BUDGET_GZIP).trim()} gzip per route`);
  if (over) process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
