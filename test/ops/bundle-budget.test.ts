/**
 * The guest bundle budget (issue "Fast by design"): what a guest downloads for /, /login and
 * /guest-marketplace stays at most 120 KB of gzipped JavaScript, and none of it is the editor.
 * Reads dist/.vite/manifest.json of the build of the sources under test: dist/ is built first unless
 * its stamp says it already is (a budget measured on whatever was built last proves nothing).
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { GUEST_ROUTES, missingKeys, routeBytes, type Manifest } from '../../scripts/route-bytes.ts';
import { alwaysLoadedIn, fileSizeIn, GUEST_BUDGET_GZIP } from '../../scripts/size.ts';
import { buildDecision, currentStamp } from '../../scripts/build-client.ts';
import { DEVELOPMENT_ONLY_TEXT, ensureCurrentBuild, entryScript } from '../helpers/built-client.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dist = path.join(root, 'dist');
const manifestPath = path.join(dist, '.vite/manifest.json');

/** Markers only the editor's code carries (Tiptap and ProseMirror class names and errors). */
const EDITOR_MARKERS = ['ProseMirror', '@tiptap', 'tiptap'];

describe('guest bundle budget', () => {
  let manifest: Manifest;

  beforeAll(() => {
    ensureCurrentBuild();
    manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
  }, 300_000);

  it('measures the production build of the current sources', () => {
    expect(buildDecision(dist, currentStamp())).toEqual({ build: false });
    expect(entryScript(dist)).not.toContain(DEVELOPMENT_ONLY_TEXT);
  });

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
