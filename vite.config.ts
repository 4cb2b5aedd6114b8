/// <reference types="vitest/config" />
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig, type Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { GUEST_ROUTES } from './scripts/route-bytes.ts';
import { LIST_STATE_KEY } from './src/client/lib/marketplace-list-state.ts';
import { STORAGE_KEYS } from './src/client/lib/storage.ts';
import { LOGIN_RETURN_KEY, SESSION_ENDED_KEY } from './src/client/lib/login-return.ts';
import { PENDING_SEARCH_KEY } from './src/client/lib/search-query.ts';

const here = import.meta.dirname;

/** Direct visits that deserve their lazy chunks early: the guest routes and the public static pages. */
const PRELOAD_ROUTES: Record<string, string[]> = {
  ...GUEST_ROUTES,
  '/forgot-password': ['pages/ForgotPasswordPage.tsx'],
  '/about': ['pages/AboutPage.tsx'],
  '/about-hunter': ['pages/AboutHunterPage.tsx'],
  '/vision': ['pages/VisionPage.tsx'],
  '/user-agreement': ['pages/UserAgreementPage.tsx'],
  '/privacy-policy': ['pages/PrivacyPolicyPage.tsx'],
};

/**
 * A lazy page's chunk is found only after the entry has downloaded and run: one more round trip
 * before a deep link like /login paints (about 0.6 s on Lighthouse's mobile network). This plugin
 * writes /route-preload.js, a tiny classic script index.html loads (async: it blocks neither the
 * parser nor the first paint), which adds <link rel=modulepreload> for the visited route's chunks so
 * they download next to the entry. (The CSP allows no inline script, hence a file; its query string
 * changes with its content.)
 *
 * On a prerendered page (scripts/prerender.ts) the same script holds the app back until the visitor
 * needs it: the page carries no module script of its own but `data-modules` on this one (entry
 * first, then its static imports), asked for on the first pointerdown, touchstart, keydown, focusin,
 * input or change (an autofill) on a control (a field, a button, a select, a label, `[data-needs-app]`), or by `hunterBeforeStart.load()`
 * (guest-cards.ts: its list's end in view, or no list to show). Links need no JavaScript: a tap on one
 * is a plain navigation. A click on a button or a form's submit before the app runs is held (not a
 * POST to the page) and main.tsx replays it once hydrated. When this visit draws another view than
 * the painted one (a member's token, a history state, a kept marketplace sort, another query, a login
 * that says what it is for), the app loads at once.
 */
function routePreload(): Plugin {
  let source = '';
  return {
    name: 'hunter:route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle as OutputBundle | undefined;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
        const byModule = (key: string) => chunks.find((c) => c.facadeModuleId === path.join(here, 'src/client', key));
        const closure = (start: OutputChunk[]) => {
          const files = new Set<string>();
          const visit = (c: OutputChunk) => {
            if (files.has(c.fileName)) return;
            files.add(c.fileName);
            for (const f of c.imports) if (bundle[f]?.type === 'chunk') visit(bundle[f] as OutputChunk);
          };
          start.forEach(visit);
          return files;
        };
        const inEntry = closure(chunks.filter((c) => c.isEntry && c.facadeModuleId?.endsWith('.html')));
        const routes: Record<string, string[]> = {};
        for (const [route, keys] of Object.entries(PRELOAD_ROUTES)) {
          const lazy = keys.map(byModule).filter((c): c is OutputChunk => c !== undefined);
          const files = [...closure(lazy)].filter((f) => !inEntry.has(f)).map((f) => '/' + f);
          if (files.length) routes[route] = files;
        }
        source =
          `(function(){var d=document,s=d.currentScript,m=s&&s.getAttribute('data-modules'),` +
          `f=${JSON.stringify(routes)}[location.pathname.replace(/(.)\\/+$/,'$1')]||[];` +
          `function add(h,run){var e=d.createElement(run?'script':'link');if(run){e.type='module';e.src=h}else{e.rel='modulepreload';e.href=h}e.crossOrigin='';d.head.appendChild(e)}` +
          `var b=window.hunterBeforeStart={loading:0,started:0,eager:0,tap:null,load:load};` +
          `function load(){if(b.loading++)return;var l=m?m.split(' '):[];l.slice(1).concat(f).forEach(function(h){add(h)});if(l[0])add(l[0],1)}` +
          `if(!m)return load();` +
          // main.tsx drawsThePrerenderedView, as far as it tells a view apart that is not the painted one.
          `function other(){var r=d.getElementById('root');if(!r||r.getAttribute('data-prerendered')!==location.pathname+location.search||history.state!=null)return 1;` +
          // A login waiting to open an idea or a page, to run a search, or after a session ended says so (WaitingNotes): the app's.
          `try{return localStorage.getItem(${JSON.stringify(STORAGE_KEYS.authToken)})!==null||[${JSON.stringify(LIST_STATE_KEY)}].concat(location.pathname==='/login'?${JSON.stringify([LOGIN_RETURN_KEY, PENDING_SEARCH_KEY, SESSION_ENDED_KEY])}:[]).some(function(k){return sessionStorage.getItem(k)!==null})}catch(e){return 0}}` +
          `if(other()){b.eager=1;return load()}` +
          `function near(e,q){var t=e.target;return t&&t.closest?t.closest(q):null}` +
          `['pointerdown','touchstart','keydown','focusin','input','change'].forEach(function(n){d.addEventListener(n,function(e){if(near(e,'input,button,select,textarea,label,[data-needs-app]'))load()},{capture:true,passive:true})});` +
          `function hold(e,t){if(b.started||!t)return;e.preventDefault();e.stopPropagation();b.tap=t;load()}` +
          `d.addEventListener('click',function(e){if(!near(e,'a[href]'))hold(e,near(e,'button,input[type=submit],input[type=button],[data-needs-app]'))},true);` +
          `d.addEventListener('submit',function(e){hold(e,b.tap||e.target)},true)})();\n`;
        const version = createHash('sha256').update(source).digest('hex').slice(0, 8);
        // Before the entry's module script, so the preloads start as early as the entry's download.
        return html.replace('<script type="module"', `<script async src="/route-preload.js?v=${version}"></script>\n    <script type="module"`);
      },
    },
    // After the HTML (and so `source`) is final: the html plugin runs the post transforms in its own generateBundle.
    writeBundle(options) {
      if (source && options.dir) fs.writeFileSync(path.join(options.dir, 'route-preload.js'), source);
    },
  };
}

/**
 * The installable web app (docs/product-rules.md "On the home screen"): the manifest, and a Workbox service
 * worker. It precaches only the offline page and what it shows; the built shell's hashed files (never changed
 * under one name) are kept as they are fetched, so a guest's phone downloads no page it never opens. Pages are
 * always asked of the network, so a deployment's new index.html is what the next visit runs; without a
 * connection a page is the offline page. API answers (/api, /trpc) and uploads are not handled by it, so never
 * cached.
 */
const installableApp = () =>
  VitePWA({
    registerType: 'autoUpdate',
    // registerSW.js, a file (the CSP allows no inline script), loaded deferred.
    injectRegister: 'script-defer',
    manifest: {
      id: '/',
      name: '猎人创意社区',
      short_name: '猎人',
      description: '发现、记录、分享好点子：发布你的创意卡片，经过平台审核后公开。',
      lang: 'zh-CN',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#f7f7f5',
      theme_color: '#1f2a44',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['offline.html', 'theme.js'],
      navigateFallback: null,
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
      runtimeCaching: [
        {
          urlPattern: ({ request }) => request.mode === 'navigate',
          handler: 'NetworkOnly',
          options: { precacheFallback: { fallbackURL: '/offline.html' } },
        },
        {
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
          handler: 'CacheFirst',
          options: { cacheName: 'hashed-assets', expiration: { maxEntries: 200 } },
        },
      ],
    },
  });

export default defineConfig({
  root: path.join(here, 'src/client'),
  publicDir: path.join(here, 'public'),
  plugins: [react(), routePreload(), installableApp()],
  build: {
    outDir: path.join(here, 'dist'),
    emptyOutDir: true,
    // dist/.vite/manifest.json: scripts/size.ts and test/ops/bundle-budget.test.ts follow its imports per route.
    manifest: true,
    chunkSizeWarningLimit: 900,
    // Every browser we support has <link rel=modulepreload>; the polyfill only cost entry bytes.
    modulePreload: { polyfill: false },
    // The app, and the cards the prerendered guest pages draw before it (guest-cards.ts, scripts/prerender.ts).
    rolldownOptions: { input: { index: path.join(here, 'src/client/index.html'), 'guest-cards': path.join(here, 'src/client/guest-cards.ts') } },
  },
  test: {
    // The client root above is not where the tests live (STACK-NOTES "Other traps").
    root: here,
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One file at a time: each API file opens its own databases, and argon2 is CPU-bound on 2 cores.
    fileParallelism: false,
    // The conformance gate: every /api answer a test receives is checked against /api/openapi.json.
    setupFiles: ['test/helpers/contract-setup.ts'],
    globalSetup: ['test/helpers/contract-report.ts'],
  },
});
