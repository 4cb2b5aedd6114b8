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

/**
 * A copy in memory of its own size. What zlib returns is a view into its 16 KB (or larger) output
 * chunk, and a small Buffer.from() a view into a shared 8 KB pool: kept in the cache, either holds on
 * to the whole block (measured: 37 KB of memory per cached answer of under 5 KB).
 */
function exact(view: Buffer): Buffer {
  if (view.byteOffset === 0 && view.buffer.byteLength === view.length) return view;
  const own = Buffer.allocUnsafeSlow(view.length);
  view.copy(own);
  return own;
}

/** The answer and its compressed copies, each in memory of its own size (they are kept). */
export function compressVariants(body: Buffer): Variants {
  if (body.length < COMPRESS_THRESHOLD_BYTES) return { identity: exact(body) };
  return {
    identity: exact(body),
    gzip: exact(gzipSync(body, { level: GZIP_LEVEL })),
    br: exact(brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })),
  };
}

/** What an Accept-Encoding header accepts of ours. */
interface Accepted {
  br: boolean;
  gzip: boolean;
}

function parseAccepted(acceptEncoding: string): Accepted {
  const accepted = new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
      .map(([name]) => name.trim().toLowerCase()),
  );
  return { br: accepted.has('br') || accepted.has('*'), gzip: accepted.has('gzip') || accepted.has('*') };
}

/**
 * Parsed headers by their text: browsers send a handful of spellings, so each is parsed once (the
 * parse cost 1.3 µs a request, a tenth of a bare server's whole answer). Cleared when full, so odd
 * spellings cannot grow it.
 */
const acceptedMemo = new Map<string, Accepted>();
const ACCEPTED_MEMO_MAX = 200;

function acceptedBy(acceptEncoding: string): Accepted {
  let accepted = acceptedMemo.get(acceptEncoding);
  if (!accepted) {
    accepted = parseAccepted(acceptEncoding);
    if (acceptedMemo.size >= ACCEPTED_MEMO_MAX) acceptedMemo.clear();
    acceptedMemo.set(acceptEncoding, accepted);
  }
  return accepted;
}

/** br before gzip when the client takes both; q=0 refuses an encoding. */
export function chooseEncoding(acceptEncoding: string | undefined, variants: Variants): Encoding {
  if (!acceptEncoding || (!variants.br && !variants.gzip)) return 'identity';
  const accepted = acceptedBy(acceptEncoding);
  if (variants.br && accepted.br) return 'br';
  if (variants.gzip && accepted.gzip) return 'gzip';
  return 'identity';
}

/**
 * One answer compressed for one request (a member's own answer above the threshold): only the
 * encoding the client takes, at Express's per-request levels (brotli 4, gzip 6).
 */
export function compressedFor(acceptEncoding: string | undefined, body: Buffer): { encoding: Encoding; bytes: Buffer } {
  if (body.length < COMPRESS_THRESHOLD_BYTES || !acceptEncoding) return { encoding: 'identity', bytes: body };
  const accepted = acceptedBy(acceptEncoding);
  if (accepted.br) return { encoding: 'br', bytes: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }) };
  if (accepted.gzip) return { encoding: 'gzip', bytes: gzipSync(body, { level: GZIP_LEVEL }) };
  return { encoding: 'identity', bytes: body };
}
