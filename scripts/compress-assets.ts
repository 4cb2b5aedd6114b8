/**
 * Writes brotli (quality 11) and gzip (level 9) copies beside every compressible file of the built
 * client, once at build time, so the server never compresses a static file per request.
 */
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt', '.webmanifest', '.ico']);

export function compressDist(dir: string): { files: number; rawBytes: number; brBytes: number } {
  const totals = { files: 0, rawBytes: 0, brBytes: 0 };
  const walk = (sub: string) => {
    for (const entry of fs.readdirSync(sub, { withFileTypes: true })) {
      const file = path.join(sub, entry.name);
      if (entry.isDirectory()) {
        walk(file);
        continue;
      }
      if (!COMPRESSIBLE.has(path.extname(entry.name))) continue;
      const body = fs.readFileSync(file);
      const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
      fs.writeFileSync(`${file}.br`, br);
      fs.writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      totals.files++;
      totals.rawBytes += body.length;
      totals.brBytes += br.length;
    }
  };
  walk(dir);
  return totals;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = path.resolve(import.meta.dirname, '..', 'dist');
  const t = compressDist(dir);
  console.log(`已压缩 ${t.files} 个文件：${(t.rawBytes / 1024).toFixed(0)} KB → brotli ${(t.brBytes / 1024).toFixed(0)} KB`);
}
