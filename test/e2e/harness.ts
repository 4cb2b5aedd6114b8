/**
 * Browser tests: the real app (built client, real server, fresh SQLite database) driven by Debian's
 * Chromium through playwright-core, with axe-core on every page.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { loadConfig, rateLimitsOff } from '../../src/server/kernel/config.ts';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import { buildClientIfNeeded, DIST_DIR } from '../../scripts/build-client.ts';

export const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;
export type Viewport = (typeof VIEWPORTS)[number];

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../test-results');

export interface E2E {
  server: RunningServer;
  browser: Browser;
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * `node --test` reads a test file's stdout as its serialized report; the in-process server's lines
 * printed there (the console SMS provider's codes) intermittently corrupt it ("Unable to
 * deserialize cloned data", nodejs/node#64061). Everything the server prints goes to stderr.
 */
function keepStdoutForTheRunner(): () => void {
  const log = console.log;
  const info = console.info;
  console.log = (...args: unknown[]) => console.error(...args);
  console.info = (...args: unknown[]) => console.error(...args);
  return () => {
    console.log = log;
    console.info = info;
  };
}

export async function startE2E(extraEnv: Record<string, string> = {}): Promise<E2E> {
  Object.assign(process.env, extraEnv);
  const restoreConsole = keepStdoutForTheRunner();
  await buildClientIfNeeded();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hunter-e2e-'));
  const base = loadConfig();
  // Rate limits have their own API tests; here one address registers many people quickly.
  const rateLimits = rateLimitsOff(base.rateLimits);
  const server = await startServer(
    { ...base, port: 0, databaseUrl: `sqlite:${path.join(dir, 'e2e.db')}`, seedDemo: false, rateLimits, logLevel: process.env.LOG_LEVEL ? base.logLevel : 'warn' },
    { clientDir: DIST_DIR },
  );
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
  });
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return {
    server,
    browser,
    baseUrl: server.url,
    async close() {
      await browser.close();
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
      restoreConsole();
    },
  };
}

/**
 * A page in a fresh context; `colorScheme` is the system's setting the page sees (prefers-color-scheme).
 * The service worker is blocked unless asked for: Playwright's page.route does not see the requests a
 * service worker makes, and the tests that play a failing network route them. It has its own tests
 * (installable-app.e2e.ts).
 */
export async function newPage(e2e: E2E, viewport: Viewport, options: { colorScheme?: 'light' | 'dark'; serviceWorkers?: 'allow' | 'block' } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await e2e.browser.newContext({
    baseURL: e2e.baseUrl,
    viewport: { width: viewport.width, height: viewport.height },
    locale: 'zh-CN',
    colorScheme: options.colorScheme ?? 'light',
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error(`[browser ${viewport.name}]`, err.message));
  return { context, page };
}

/** axe-core on what the page shows now: no serious or critical violation. */
/** The browser page gets the session the login page would store (authToken and userInfo). */
export async function storeSession(page: Page, session: { token: string; user: unknown }): Promise<void> {
  await page.goto('/about');
  await page.evaluate(({ token, user }) => {
    localStorage.setItem('authToken', token);
    localStorage.setItem('userInfo', JSON.stringify(user));
  }, session);
}

/** The page gets the session the login page would store for a user with a token (its user from /api/auth/me). */
export async function signInWithToken(page: Page, baseUrl: string, user: { token: string }): Promise<void> {
  const res = await fetch(`${baseUrl}/api/auth/me`, { headers: { authorization: `Bearer ${user.token}` } });
  const body = await res.json();
  assert.equal(res.status, 200, JSON.stringify(body));
  await storeSession(page, { token: user.token, user: body.data.user });
}

export async function expectAccessible(page: Page, label: string): Promise<void> {
  // axe measures contrast on what is painted: a toast or dialog still fading in reads as faint
  // text. Wait (briefly) for finite animations and transitions to finish first; spinners loop forever
  // and are not waited for.
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity), undefined, { timeout: 3000 })
    .catch(() => undefined);
  // label-content-name-mismatch (WCAG 2.5.3: a voice user says the words they see) is one of axe's
  // experimental rules, off unless asked for.
  const results = await new AxeBuilder({ page })
    .options({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (bad.length) {
    const detail = bad
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.help} → ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(' | ')}`,
      )
      .join('\n');
    throw new Error(`axe found ${bad.length} serious/critical violation(s) on ${label}:\n${detail}`);
  }
}

/**
 * axe's best-practice rules on a page's structure, which expectAccessible leaves out (they are
 * moderate): headings that skip a level, and landmarks that share a name.
 */
export async function expectOrderlyOutline(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withRules(['heading-order', 'landmark-unique']).analyze();
  assert.deepEqual(
    results.violations.map(
      (v) =>
        `${v.id}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    ),
    [],
    label,
  );
}

export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

let phoneSeq = 0;
export function uniquePhone(): string {
  phoneSeq += 1;
  return `137${String(process.pid % 10000).padStart(4, '0')}${String(phoneSeq).padStart(4, '0')}`;
}

/** The prerendered page's app has hydrated it and answers from now on (lib/before-start.ts). */
export const appStarted = (page: Page) => page.waitForFunction(() => (window as unknown as { hunterBeforeStart?: { started: number } }).hunterBeforeStart?.started === 1);
