/**
 * The client build (`npm run build`, and `npm start` when dist/ is not the build of these sources):
 * the Vite bundle, the prerendered entry pages and their brotli/gzip copies — always a production
 * build, whatever NODE_ENV the caller runs with.
 *
 * A finished build leaves a stamp (dist/.vite/build-stamp.json, never served): the hash of every file
 * the build reads and the mode. A build is reused only when its stamp matches the sources as they are
 * now, so a development bundle, a half-finished build or one made from other sources is never served
 * as the current production build.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'vite';
import { compressDist } from './compress-assets.ts';
import { prerenderPages } from './prerender.ts';

const root = path.resolve(import.meta.dirname, '..');
export const DIST_DIR = path.join(root, 'dist');
export const STAMP_FILE = '.vite/build-stamp.json';

/** Everything the build reads besides node_modules (package-lock.json stands for those). */
export const BUILD_INPUTS = [
  'src/client',
  'src/shared',
  'public',
  'vite.config.ts',
  'package-lock.json',
  'scripts/build-client.ts',
  'scripts/prerender.ts',
  'scripts/compress-assets.ts',
  'scripts/route-bytes.ts',
  'src/server/fast-lane/prerendered.ts',
];
/** The only mode `npm start` serves. */
export const BUILD_MODE = 'production';

export interface BuildStamp {
  mode: string;
  /** sha256 over the inputs' relative paths and contents, in path order. */
  sources: string;
}

/** Unit tests beside the client code are not part of the bundle: editing one needs no rebuild. */
const isTestFile = (file: string) => /\.test\.tsx?$/.test(file);

function inputFiles(base: string, rel: string): string[] {
  const full = path.join(base, rel);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return isTestFile(rel) ? [] : [rel];
  return fs
    .readdirSync(full)
    .sort()
    .flatMap((entry) => inputFiles(base, path.posix.join(rel, entry)));
}

/** The stamp a build of the sources under `base` as they are now would carry. */
export function currentStamp(base = root, inputs = BUILD_INPUTS): BuildStamp {
  const hash = createHash('sha256');
  for (const rel of inputs.flatMap((input) => inputFiles(base, input)).sort()) {
    const content = fs.readFileSync(path.join(base, rel));
    // Path and length first, so moving bytes between files changes the hash too.
    hash.update(`${rel}\0${content.length}\0`).update(content);
  }
  return { mode: BUILD_MODE, sources: hash.digest('hex') };
}

export function readStamp(distDir: string): BuildStamp | null {
  try {
    const stamp = JSON.parse(fs.readFileSync(path.join(distDir, STAMP_FILE), 'utf8')) as Partial<BuildStamp>;
    return typeof stamp.mode === 'string' && typeof stamp.sources === 'string' ? { mode: stamp.mode, sources: stamp.sources } : null;
  } catch {
    return null;
  }
}

export type BuildDecision = { build: false } | { build: true; reason: string };

/** Whether `distDir` must be built again to be the production build of the sources stamped `wanted`. */
export function buildDecision(distDir: string, wanted: BuildStamp): BuildDecision {
  if (!fs.existsSync(path.join(distDir, 'index.html'))) return { build: true, reason: '还没有构建' };
  const stamp = readStamp(distDir);
  if (!stamp) return { build: true, reason: '构建没有记录来源（旧版本或未完成的构建）' };
  if (stamp.mode !== wanted.mode) return { build: true, reason: `构建模式是 ${stamp.mode}，需要 ${wanted.mode}` };
  if (stamp.sources !== wanted.sources) return { build: true, reason: '源码或构建配置已改变' };
  return { build: false };
}

/** Builds dist/ from the current sources, in production mode, and stamps it once every step is done. */
export async function buildClient(): Promise<void> {
  // A build that stops half-way leaves no stamp, so the next start builds again.
  fs.rmSync(path.join(DIST_DIR, STAMP_FILE), { force: true });
  const stamp = currentStamp();
  // Vite picks React's development or production bundle from NODE_ENV (`NODE_ENV=development npm
  // start` used to build a development bundle), and leaves it set after a build: the caller's value
  // comes back afterwards.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = BUILD_MODE;
  try {
    await build({ configFile: path.join(root, 'vite.config.ts'), mode: BUILD_MODE, logLevel: 'warn' });
    await prerenderPages(DIST_DIR);
    compressDist(DIST_DIR);
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  fs.writeFileSync(path.join(DIST_DIR, STAMP_FILE), JSON.stringify(stamp, null, 2) + '\n');
}

/** Builds unless dist/ already is the production build of the current sources. */
export async function buildClientIfNeeded(force = false): Promise<void> {
  const decision: BuildDecision = force ? { build: true, reason: '要求重新构建' } : buildDecision(DIST_DIR, currentStamp());
  if (!decision.build) return;
  console.log(`正在构建前端（${decision.reason}）…`);
  await buildClient();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildClientIfNeeded(process.argv.includes('--force'));
}
