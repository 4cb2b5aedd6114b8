/**
 * The built client as the code under test makes it: tests that read dist/ build it first unless its
 * stamp (scripts/build-client.ts) says it already is the production build of the current sources.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildDecision, currentStamp, DIST_DIR } from '../../scripts/build-client.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Text only React's development build carries (a warning the production build strips). */
export const DEVELOPMENT_ONLY_TEXT = 'unique "key" prop';

/** Builds dist/ from the current sources when it is not already their production build. */
export function ensureCurrentBuild(): void {
  const decision = buildDecision(DIST_DIR, currentStamp());
  if (!decision.build) return;
  // A child process: Vite sets NODE_ENV while it builds, and the test process keeps its own.
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-client.ts'], { cwd: ROOT, encoding: 'utf8', timeout: 300_000 });
  if (run.status !== 0) throw new Error(`build failed (${decision.reason}):\n${run.stdout}\n${run.stderr}`);
  const after = buildDecision(DIST_DIR, currentStamp());
  if (after.build) throw new Error(`dist/ is still not the build of the current sources: ${after.reason}`);
}

/** The entry module index.html loads, as text. */
export function entryScript(dir = DIST_DIR): string {
  const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  const src = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
  if (!src) throw new Error('index.html loads no module script');
  return fs.readFileSync(path.join(dir, src), 'utf8');
}
