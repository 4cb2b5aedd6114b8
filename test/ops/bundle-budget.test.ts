/**
 * The guest bundle budget (docs/performance.md "Page speed"): what a guest's /, /login and
 * /guest-marketplace download before the visitor interacts — the scripts their prerendered pages
 * name, the service worker included — stays at most 80 KB of gzipped JavaScript and holds none of the
 * app; route-preload.js asks for the app on an interaction only, never by itself; what that
 * interaction loads stays at most 120 KB; none of it is the editor.
 * Reads dist/.vite/manifest.json of the build of the sources under test: dist/ is built first unless
 * its stamp says it already is (a budget measured on whatever was built last proves nothing).
 */
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { GUEST_ROUTES, missingKeys, pageScripts, ROUTE_PRELOAD_FILE, routeBytes, routeFiles, type Manifest } from '../../scripts/route-bytes.ts';
import { alwaysLoadedIn, fileSizeIn, GUEST_APP_BUDGET_GZIP, GUEST_BUDGET_GZIP, guestBeforeInteraction, prerenderedHtmlFile } from '../../scripts/size.ts';
import { buildDecision, currentStamp } from '../../scripts/build-client.ts';
import { DEVELOPMENT_ONLY_TEXT, ensureCurrentBuild, entryScript } from '../helpers/built-client.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dist = path.join(root, 'dist');
const manifestPath = path.join(dist, '.vite/manifest.json');

/** The type of every React element: in React's code, so in whatever file carries it. */
const REACT_MARKER = 'react.transitional.element';

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
    it(`${route} loads at most ${GUEST_BUDGET_GZIP / 1024} KB of gzipped JavaScript before any interaction, none of it the app`, () => {
      const before = guestBeforeInteraction(dist, manifest, route, sizeOf);
      expect(before, `${route}: its prerendered page (${prerenderedHtmlFile(route)}) is not in dist/`).not.toBeNull();
      expect(before!.gzip, `${route}: ${before!.files.join(', ')}`).toBeLessThanOrEqual(GUEST_BUDGET_GZIP);
      // Counted as a page loads them: the loader, the theme, the service worker's registration.
      expect(before!.files).toEqual(expect.arrayContaining([ROUTE_PRELOAD_FILE, 'theme.js', 'registerSW.js']));
      // Neither the app's entry nor React (its element marker) is among them.
      expect(before!.files).not.toContain(manifest['index.html'].file);
      expect(before!.files.filter((f) => fs.readFileSync(path.join(dist, f), 'utf8').includes(REACT_MARKER))).toEqual([]);
      expect(
        routeFiles(manifest, []).some((f) => fs.readFileSync(path.join(dist, f), 'utf8').includes(REACT_MARKER)),
        'the marker finds React in the app',
      ).toBe(true);
      // The app is in the page, held for the first interaction.
      const html = fs.readFileSync(path.join(dist, prerenderedHtmlFile(route)!), 'utf8');
      expect(pageScripts(html).onInteraction[0]).toBe(manifest['index.html'].file);
    });

    it(`${route}: the app a first interaction loads is at most ${GUEST_APP_BUDGET_GZIP / 1024} KB of gzipped JavaScript`, () => {
      expect(missingKeys(manifest, lazyKeys), 'route table (scripts/route-bytes.ts) out of step with the build').toEqual([]);
      const bytes = routeBytes(manifest, route, lazyKeys, sizeOf, alwaysLoadedIn(dist));
      expect(bytes.gzip, `${route}: ${bytes.files.join(', ')}`).toBeLessThanOrEqual(GUEST_APP_BUDGET_GZIP);
    });

    it(`${route}: route-preload.js asks for the app only on an interaction with a control`, () => {
      const html = fs.readFileSync(path.join(dist, prerenderedHtmlFile(route)!), 'utf8');
      const loader = runLoader(fs.readFileSync(path.join(dist, ROUTE_PRELOAD_FILE), 'utf8'), html, route);
      loader.settle();
      expect(loader.scripts(), 'the app was asked for with no interaction').toEqual([]);
      // A tap on a link, a scroll: still nothing.
      loader.fire('pointerdown', 'a');
      loader.fire('touchstart', null);
      loader.settle();
      expect(loader.scripts()).toEqual([]);
      loader.fire('pointerdown', 'input');
      expect(loader.scripts()).toEqual([`/${manifest['index.html'].file}`]);
    });

    it(`${route} does not load the editor (Tiptap / ProseMirror), before or after an interaction`, () => {
      const bytes = routeBytes(manifest, route, lazyKeys, sizeOf);
      const before = guestBeforeInteraction(dist, manifest, route, sizeOf)?.files ?? [];
      const withEditor = [...bytes.files, ...before].filter((file) => {
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

/**
 * route-preload.js run as a prerendered page's HTML loads it (a fresh guest on its address), in a
 * stand-in for the browser that records what it appends to the head. `settle` lets every timer, frame,
 * idle callback and load or visibility event happen; `fire` sends an event whose target is
 * inside `inside` (an element matching that selector, or nothing).
 */
function runLoader(source: string, html: string, route: string) {
  const tag = /<script\b[^>]*route-preload\.js[^>]*>/.exec(html)![0];
  const dataModules = /data-modules="([^"]*)"/.exec(tag)?.[1] ?? null;
  const prerendered = /<div id="root" data-prerendered="([^"]*)"/.exec(html)?.[1] ?? null;
  const appended: { tag: string; type?: string; src?: string }[] = [];
  const listeners = new Map<string, ((event: unknown) => void)[]>();
  let pending: (() => void)[] = [];
  const on = (name: string, fn: (event: unknown) => void) => listeners.set(name, [...(listeners.get(name) ?? []), fn]);
  const later = (fn: () => void) => (pending.push(fn), 0);
  const storage = { getItem: () => null };
  const target = (inside: string | null) => ({ closest: (selector: string) => (inside && selector.split(',').some((s) => s.trim().startsWith(inside)) ? {} : null) });
  const document = {
    currentScript: { getAttribute: (name: string) => (name === 'data-modules' ? dataModules : null) },
    getElementById: () => ({ getAttribute: () => prerendered }),
    createElement: (name: string) => ({ tag: name }),
    head: { appendChild: (el: { tag: string }) => appended.push(el) },
    addEventListener: on,
    images: [],
    visibilityState: 'visible',
    readyState: 'complete',
  };
  const window = { addEventListener: on, requestAnimationFrame: later, setTimeout: later, requestIdleCallback: later };
  vm.runInNewContext(source, {
    document,
    window,
    self: window,
    location: { pathname: route, search: '' },
    history: { state: null },
    localStorage: storage,
    sessionStorage: storage,
    setTimeout: later,
    setInterval: later,
    requestAnimationFrame: later,
    requestIdleCallback: later,
    queueMicrotask: later,
    IntersectionObserver: class {
      observe() {}
    },
  });
  return {
    settle() {
      for (const name of ['DOMContentLoaded', 'load', 'pageshow', 'visibilitychange', 'scroll']) for (const fn of listeners.get(name) ?? []) fn({ target: target(null) });
      for (let round = 0; round < 20 && pending.length; round++) {
        const now = pending;
        pending = [];
        now.forEach((fn) => fn());
      }
    },
    fire(name: string, inside: string | null) {
      for (const fn of listeners.get(name) ?? []) fn({ target: target(inside), preventDefault() {}, stopPropagation() {} });
    },
    scripts: () => appended.filter((el) => el.tag === 'script').map((el) => el.src),
  };
}
