/**
 * The guest bundle budget (issue "Fast by design"): what a guest downloads for /, /login and
 * /guest-marketplace stays at most 120 KB of gzipped JavaScript, and none of it is the editor.
 * Reads dist/.vite/manifest.json; builds the client once when it is missing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { GUEST_ROUTES, missingKeys, routeBytes, type Manifest } from '../scripts/route-bytes.ts';
import { alwaysLoadedIn, fileSizeIn, GUEST_BUDGET_GZIP } from '../scripts/size.ts';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const manifestPath = path.join(dist, '.vite/manifest.json');

/** Markers only the editor's code carries (Tiptap and ProseMirror class names and errors). */
const EDITOR_MARKERS = ['ProseMirror', '@tiptap', 'tiptap'];

async function buildClient(): Promise<void> {
  const { build } = await import('vite');
  // Vitest runs with NODE_ENV=test, which would make Vite bundle React's development build: measure
  // the production one. Vite leaves NODE_ENV set after a build; later tests must not inherit it.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: path.join(root, 'vite.config.ts'), mode: 'production', logLevel: 'warn' });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

describe('guest bundle budget', () => {
  let manifest: Manifest;

  beforeAll(async () => {
    if (!fs.existsSync(manifestPath)) await buildClient();
    manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
  }, 60_000);

  const sizeOf = fileSizeIn(dist);

  for (const [route, lazyKeys] of Object.entries(GUEST_ROUTES)) {
    it(`${route} loads at most ${GUEST_BUDGET_GZIP / 1024} KB of gzipped JavaScript`, () => {
      expect(missingKeys(manifest, lazyKeys), 'route table (scripts/route-bytes.ts) out of step with the build').toEqual([]);
      const bytes = routeBytes(manifest, route, lazyKeys, sizeOf, alwaysLoadedIn(dist));
      expect(bytes.gzip, `${route}: ${bytes.files.join(', ')}`).toBeLessThanOrEqual(GUEST_BUDGET_GZIP);
    });

    it(`${route} does not load the editor (Tiptap / ProseMirror)`, () => {
      const bytes = routeBytes(manifest, route, lazyKeys, sizeOf);
      const withEditor = bytes.files.filter((file) => {
        const code = fs.readFileSync(path.join(dist, file), 'utf8');
        return EDITOR_MARKERS.some((marker) => code.includes(marker));
      });
      expect(withEditor).toEqual([]);
    });
  }

  it('the editor is built, in a chunk of its own route', () => {
    // Guards the markers above: if they stopped matching the editor, the previous checks would pass vacuously.
    const editorFiles = Object.values(manifest)
      .map((chunk) => chunk.file)
      .filter((file) => file.endsWith('.js') && fs.readFileSync(path.join(dist, file), 'utf8').includes('ProseMirror'));
    expect(editorFiles.length).toBeGreaterThan(0);
  });
});
