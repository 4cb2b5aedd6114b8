/**
 * The built client held in memory with its brotli and gzip copies (written by the build; made here
 * if missing), answered by path. Hashed assets are immutable; everything else revalidates.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { compressVariants, type Variants } from './encoding.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt', '.webmanifest', '.ico']);

export interface StaticFile {
  contentType: string;
  cacheControl: string;
  variants: Variants;
  etag: string;
}

export const etagOf = (body: Buffer) => `"${createHash('sha1').update(body).digest('base64url')}"`;

function readVariants(file: string, ext: string): Variants {
  const identity = fs.readFileSync(file);
  if (!COMPRESSIBLE.has(ext)) return { identity };
  const br = fs.existsSync(`${file}.br`) ? fs.readFileSync(`${file}.br`) : undefined;
  const gzip = fs.existsSync(`${file}.gz`) ? fs.readFileSync(`${file}.gz`) : undefined;
  return br && gzip ? { identity, br, gzip } : compressVariants(identity);
}

/**
 * The service worker's files (vite.config.ts `installableApp`) and the colour theme's script revalidate on every
 * visit: a deployment's new worker and its manifest are seen at once instead of an hour later.
 */
const REVALIDATED = new Set(['sw.js', 'registerSW.js', 'manifest.webmanifest', 'theme.js']);

/** Hashed names never change content; the rest (logo, avatars, index.html) may with a deploy. */
function cacheControlOf(rel: string, ext: string): string {
  if (rel.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  if (ext === '.html' || REVALIDATED.has(rel)) return 'no-cache';
  return 'public, max-age=3600';
}

/** Every file under `dir` by URL path (`/assets/index-ab12.js`), except the compressed copies. */
export function loadStaticFiles(dir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const walk = (sub: string) => {
    for (const entry of fs.readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = path.posix.join(sub, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== '.vite') walk(rel);
        continue;
      }
      const ext = path.extname(entry.name);
      if (ext === '.br' || ext === '.gz' || !TYPES[ext]) continue;
      const variants = readVariants(path.join(dir, rel), ext);
      files.set(`/${rel}`, {
        contentType: TYPES[ext],
        cacheControl: cacheControlOf(rel, ext),
        variants,
        etag: etagOf(variants.identity),
      });
    }
  };
  walk('');
  return files;
}
