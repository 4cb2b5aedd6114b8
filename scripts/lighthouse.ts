/**
 * `npm run lighthouse`: Lighthouse (mobile, simulated throttling) on the guest pages of the real app,
 * served over a throw-away SQLite database with the demo data, in Debian's Chromium. Prints the
 * scores and LCP / TBT / CLS per page and exits 1 when a page misses a target of the issue
 * ("Fast by design"). Needs no network: Chrome's background traffic is off and the pages load
 * nothing from other hosts. Full reports: test-results/lighthouse/<page>.json. With
 * LIGHTHOUSE_BASE_URL=http://host:port it audits that server instead of starting one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import { isEmpty, seedDemoData } from '../src/server/seed/demo.ts';
import { loadConfig } from '../src/server/config.ts';
import { startServer } from '../src/server/server.ts';
import { buildClientIfNeeded, DIST_DIR } from './build-client.ts';

export const PAGES = ['/', '/login', '/guest-marketplace'] as const;

/** The issue's targets: category scores (0–100) and LCP in milliseconds, simulated mobile. */
export const TARGETS = { performance: 95, accessibility: 95, seo: 95, lcpMs: 2000 } as const;

const CATEGORIES = ['performance', 'accessibility', 'seo', 'best-practices'] as const;

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-default-apps', '--disable-extensions'];

const REPORT_DIR = path.resolve(import.meta.dirname, '../test-results/lighthouse');

export interface PageResult {
  page: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

/** The targets a page missed, in words (empty when it met them all). */
export function missedTargets(r: PageResult): string[] {
  const missed: string[] = [];
  if (r.scores.performance < TARGETS.performance) missed.push(`performance ${r.scores.performance} < ${TARGETS.performance}`);
  if (r.scores.accessibility < TARGETS.accessibility) missed.push(`accessibility ${r.scores.accessibility} < ${TARGETS.accessibility}`);
  if (r.scores.seo < TARGETS.seo) missed.push(`SEO ${r.scores.seo} < ${TARGETS.seo}`);
  if (r.lcpMs > TARGETS.lcpMs) missed.push(`LCP ${Math.round(r.lcpMs)} ms > ${TARGETS.lcpMs} ms`);
  return missed;
}

async function startDemoServer() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hunter-lighthouse-'));
  const server = await startServer(
    { ...loadConfig(), port: 0, databaseUrl: `sqlite:${path.join(dir, 'lighthouse.db')}`, seedDemo: true, logLevel: process.env.LOG_LEVEL ? loadConfig().logLevel : 'warn' },
    {
      clientDir: DIST_DIR,
      async beforeListen(deps) {
        if (await isEmpty(deps.db)) await seedDemoData(deps.db);
      },
    },
  );
  return {
    url: server.url,
    async stop() {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function audit(baseUrl: string, page: string, port: number): Promise<PageResult> {
  const flags: Flags = { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES], throttlingMethod: 'simulate', formFactor: 'mobile' };
  const runner = await lighthouse(new URL(page, baseUrl).href, flags);
  if (!runner) throw new Error(`Lighthouse returned nothing for ${page}`);
  const { lhr } = runner;
  if (lhr.runtimeError) throw new Error(`${page}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  fs.mkdirSync(REPORT_DIR, { recursive: true });
  fs.writeFileSync(path.join(REPORT_DIR, `${page === '/' ? 'home' : page.slice(1)}.json`), JSON.stringify(lhr, null, 1));
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    page,
    scores: { performance: score('performance'), accessibility: score('accessibility'), seo: score('seo'), 'best-practices': score('best-practices') },
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
  };
}

/** LIGHTHOUSE_BASE_URL audits a server that is already running (a deployment, a proxy) instead. */
async function serverToAudit(): Promise<{ url: string; stop(): Promise<void> }> {
  const given = process.env.LIGHTHOUSE_BASE_URL;
  if (given) return { url: given, stop: async () => undefined };
  await buildClientIfNeeded();
  return startDemoServer();
}

async function main() {
  const server = await serverToAudit();
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS, logLevel: 'error' });
  const results: PageResult[] = [];
  try {
    for (const page of PAGES) results.push(await audit(server.url, page, chrome.port));
  } finally {
    chrome.kill();
    await server.stop();
  }
  console.log('page                 perf  a11y  SEO  best-pr.     LCP      TBT     CLS');
  let failed = false;
  for (const r of results) {
    const missed = missedTargets(r);
    failed ||= missed.length > 0;
    const s = r.scores;
    console.log(
      `${r.page.padEnd(20)} ${String(s.performance).padStart(4)}  ${String(s.accessibility).padStart(4)}  ${String(s.seo).padStart(3)}  ${String(s['best-practices']).padStart(8)}  ${`${Math.round(r.lcpMs)} ms`.padStart(7)}  ${`${Math.round(r.tbtMs)} ms`.padStart(7)}  ${r.cls.toFixed(3).padStart(6)}${missed.length ? `  ✗ ${missed.join('; ')}` : ''}`,
    );
  }
  console.log(`targets: performance ≥ ${TARGETS.performance}, accessibility ≥ ${TARGETS.accessibility}, SEO ≥ ${TARGETS.seo}, LCP ≤ ${TARGETS.lcpMs} ms (mobile, simulated)`);
  process.exit(failed ? 1 : 0);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
