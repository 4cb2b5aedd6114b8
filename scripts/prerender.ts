/**
 * Writes dist/prerendered/: the built index.html with the guest entry pages' first view inside
 * #root — `/` once per weekday (its daily doodle), `/login` and `/guest-marketplace` once each — rendered
 * by src/client/prerender.tsx
 * through Vite's SSR loader. The fast lane sends them for those paths (fast-lane/prerendered.ts).
 *
 * The page's JavaScript is handed to /route-preload.js (vite.config.ts), which asks for it when the
 * visitor first reaches for a control; `data-prerendered` on #root tells main.tsx which view it may
 * hydrate. The landing and the guest marketplace also get guest-cards.ts, which draws their cards
 * without React.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createServer } from 'vite';
import { PRERENDERED_PAGES, prerenderedAddress, prerenderedFile } from '../src/server/fast-lane/prerendered.ts';
import type { Manifest } from './route-bytes.ts';
import { escapeHtml } from '../src/client/lib/static-cards.ts';

const ROOT_DIV = '<div id="root"></div>';
const MODULE_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const ROUTE_PRELOAD = /<script async (src="\/route-preload\.js\?v=[0-9a-f]+")><\/script>/;

/**
 * The built index.html with its module script and modulepreloads moved into `data-modules` of the
 * route-preload script, which runs deferred and loads them when the visitor needs the app.
 */
export function loadAfterPaint(template: string): string {
  const entries = [...template.matchAll(MODULE_SCRIPT)].map((m) => m[1]);
  const preloads = [...template.matchAll(MODULE_PRELOAD)].map((m) => m[1]);
  if (entries.length !== 1 || !ROUTE_PRELOAD.test(template)) throw new Error('index.html: expected one module script and the route-preload script');
  return template
    .replace(MODULE_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace(ROUTE_PRELOAD, (_, src: string) => `<script defer ${src} data-modules="${[...entries, ...preloads].join(' ')}"></script>`);
}

/** The module (manifest key) that draws the cards of the pages that list ideas before the app runs. */
export const GUEST_CARDS_KEY = 'guest-cards.ts';
const DRAWS_CARDS = new Set(['/', '/guest-marketplace']);

/** The lazy page module (manifest key) each prerendered path draws: its styles go in the page's head. */
const PAGE_MODULES: Record<string, string | undefined> = { '/': 'components/FeaturedIdeaGrid.tsx', '/login': 'pages/LoginPage.tsx', '/guest-marketplace': 'pages/MarketplacePage.tsx' };

/** The stylesheets of a lazy module and its static imports, beyond the entry's (in the head already). */
export function lazyStyles(manifest: Manifest & Record<string, { css?: string[] }>, key: string | undefined): string[] {
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k) || !manifest[k]) return;
    seen.add(k);
    for (const file of manifest[k].css ?? []) css.add(`/${file}`);
    for (const imported of manifest[k].imports ?? []) visit(imported);
  };
  if (key) {
    if (!manifest[key]) throw new Error(`${key} is not in the build manifest`);
    visit(key);
  }
  for (const file of manifest['index.html']?.css ?? []) css.delete(`/${file}`);
  return [...css];
}

export async function prerenderPages(distDir: string): Promise<number> {
  const template = loadAfterPaint(fs.readFileSync(path.join(distDir, 'index.html'), 'utf8'));
  if (!template.includes(ROOT_DIV)) throw new Error(`index.html has no ${ROOT_DIV}`);
  const vite = await createServer({ configFile: path.resolve(import.meta.dirname, '../vite.config.ts'), server: { middlewareMode: true, hmr: false, ws: false }, appType: 'custom', logLevel: 'warn' });
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  let written = 0;
  try {
    const { renderPage } = (await vite.ssrLoadModule('/prerender.tsx')) as { renderPage(p: string, search: string, day: number): Promise<{ html: string; title?: string; description?: string }> };
    fs.mkdirSync(path.join(distDir, 'prerendered'), { recursive: true });
    for (const page of PRERENDERED_PAGES) {
      // Without them the first paint would be unstyled until the page's chunk had loaded them.
      const links = lazyStyles(manifest, PAGE_MODULES[page.path]).map((href) => `<link rel="stylesheet" crossorigin href="${href}">\n`);
      if (DRAWS_CARDS.has(page.path)) {
        // After route-preload.js (deferred too, so it runs first): the cards, with no React.
        if (!manifest[GUEST_CARDS_KEY]) throw new Error(`${GUEST_CARDS_KEY} is not in the build manifest`);
        links.push(`<script type="module" crossorigin src="/${manifest[GUEST_CARDS_KEY].file}"></script>\n`);
      }
      const head = links.length ? template.replace('</head>', `  ${links.join('    ')}  </head>`) : template;
      for (const day of page.perWeekday ? [0, 1, 2, 3, 4, 5, 6] : [0]) {
        const { html: markup, title, description } = await renderPage(page.path, page.search ?? '', day);
        // split/join, not replace: nothing in the markup is read as a replacement pattern.
        let html = head.split(ROOT_DIV).join(`<div id="root" data-prerendered="${prerenderedAddress(page)}">${markup}</div>`);
        // The page's own title and description (the app sets the same when it runs; it may not run here).
        if (title) html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
        if (description) html = html.replace(/(<meta name="description" content=")[^"]*(")/, (_, a: string, b: string) => `${a}${escapeHtml(description)}${b}`);
        fs.writeFileSync(path.join(distDir, prerenderedFile(page, day)), html);
        written++;
      }
    }
  } finally {
    await vite.close();
  }
  return written;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const n = await prerenderPages(path.resolve(import.meta.dirname, '..', 'dist'));
  console.log(`已预渲染 ${n} 个页面`);
}
