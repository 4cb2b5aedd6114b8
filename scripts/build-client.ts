/** Builds the client with Vite when dist/ is missing or older than its sources. */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'vite';
import { compressDist } from './compress-assets.ts';
import { prerenderPages } from './prerender.ts';

const root = path.resolve(import.meta.dirname, '..');
const distIndex = path.join(root, 'dist/index.html');
const SOURCES = ['src/client', 'src/shared', 'public', 'vite.config.ts', 'package-lock.json'];

function newestMtime(p: string): number {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

export function clientIsStale(): boolean {
  if (!fs.existsSync(distIndex)) return true;
  const built = fs.statSync(distIndex).mtimeMs;
  return SOURCES.some((s) => newestMtime(s) > built);
}

export async function buildClientIfNeeded(force = false): Promise<void> {
  if (!force && !clientIsStale()) return;
  console.log('正在构建前端…');
  // Vite sets NODE_ENV=production in this process while it builds; the server must not inherit that.
  const nodeEnv = process.env.NODE_ENV;
  try {
    await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
    await prerenderPages(DIST_DIR);
    compressDist(DIST_DIR);
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

export const DIST_DIR = path.join(root, 'dist');

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildClientIfNeeded(process.argv.includes('--force'));
}
