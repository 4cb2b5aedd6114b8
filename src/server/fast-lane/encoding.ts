/**
 * Compressed copies of an answer and the choice among them by Accept-Encoding. Bodies below the
 * threshold are sent as they are: compressing a few hundred bytes costs more CPU than it saves.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const COMPRESS_THRESHOLD_BYTES = 1024;
/** Cached answers are compressed once per fill, so a good ratio is worth more than speed here. */
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;

export type Encoding = 'br' | 'gzip' | 'identity';

export interface Variants {
  identity: Buffer;
  gzip?: Buffer;
  br?: Buffer;
}

export function compressVariants(body: Buffer): Variants {
  if (body.length < COMPRESS_THRESHOLD_BYTES) return { identity: body };
  return {
    identity: body,
    gzip: gzipSync(body, { level: GZIP_LEVEL }),
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  };
}

/** br before gzip when the client takes both; q=0 refuses an encoding. */
export function chooseEncoding(acceptEncoding: string | undefined, variants: Variants): Encoding {
  if (!acceptEncoding) return 'identity';
  const accepted = new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
      .map(([name]) => name.trim().toLowerCase()),
  );
  if (variants.br && (accepted.has('br') || accepted.has('*'))) return 'br';
  if (variants.gzip && (accepted.has('gzip') || accepted.has('*'))) return 'gzip';
  return 'identity';
}
