/**
 * Sending what the fast lane answers: prepared answers (static files, cached reads) with their
 * header blocks built once per encoding, and a member's own answer, sent as computed with no-store.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { PRIVATE_CACHE_CONTROL } from '../http/private-answers.ts';
import { chooseEncoding, COMPRESS_THRESHOLD_BYTES, compressedFor, compressVariants, type Encoding, type Variants } from './encoding.ts';
import type { ComputedRead } from './fast-reads.ts';
import type { PreparedAnswer } from './response-cache.ts';
import { etagOf } from './static-files.ts';

export interface Answers {
  prepare(status: number, headers: [string, string][], variants: Variants, etag?: string): PreparedAnswer;
  /** A computed read as a prepared answer (compressed, with its ETag), to keep in the cache. */
  fromComputed(c: ComputedRead, cacheControl?: string): PreparedAnswer;
  /** A prepared answer, or 304 to an If-None-Match that names it; `member`: said no-store. */
  send(req: IncomingMessage, res: ServerResponse, answer: PreparedAnswer, member?: boolean): void;
  /**
   * A member's own answer as computed: no ETag (nothing may keep it), compressed when large enough.
   * `kept`: its body is bytes this process keeps and sends again (an author's page): compressed once.
   */
  sendOwn(req: IncomingMessage, res: ServerResponse, c: ComputedRead, kept?: boolean): void;
}

/** The fast lane's way of sending, with `security` (the shared security headers) on every answer. */
export function createAnswers(security: [string, string][]): Answers {
  function prepare(status: number, headers: [string, string][], variants: Variants, etag = etagOf(variants.identity)): PreparedAnswer {
    const vary = headers.find(([n]) => n === 'vary')?.[1];
    const base: [string, string][] = [...security, ...headers.filter(([n]) => n !== 'vary'), ['etag', etag]];
    if (vary || variants.gzip) base.push(['vary', [vary, variants.gzip ? 'accept-encoding' : ''].filter(Boolean).join(', ')]);
    return { status, variants, etag, heads: {}, base };
  }

  /** The header block of an answer in one encoding, built on first use; a member's says no-store (nothing may keep an answer to a token). */
  function headFor(answer: PreparedAnswer, encoding: Encoding, member: boolean): OutgoingHttpHeaders {
    const heads = member ? (answer.memberHeads ??= {}) : answer.heads;
    let head = heads[encoding];
    if (!head) {
      head = Object.fromEntries(answer.base);
      if (member) head['cache-control'] = PRIVATE_CACHE_CONTROL;
      if (encoding !== 'identity') head['content-encoding'] = encoding;
      head['content-length'] = answer.variants[encoding]!.length;
      heads[encoding] = head;
    }
    return head;
  }

  function send(req: IncomingMessage, res: ServerResponse, answer: PreparedAnswer, member = false): void {
    if (answer.status === 200 && req.headers['if-none-match'] === answer.etag) {
      // A 304 has no body and says nothing about its length.
      const { 'content-length': _length, ...head } = headFor(answer, 'identity', member);
      res.writeHead(304, head);
      res.end();
      return;
    }
    const encoding = chooseEncoding(req.headers['accept-encoding'], answer.variants);
    res.writeHead(answer.status, headFor(answer, encoding, member));
    res.end(req.method === 'HEAD' ? undefined : answer.variants[encoding]);
  }

  const fromComputed = (c: ComputedRead, cacheControl?: string): PreparedAnswer => ({
    ...prepare(c.status, [['content-type', c.contentType], ...(cacheControl ? ([['cache-control', cacheControl]] as [string, string][]) : []), ...c.extraHeaders], compressVariants(c.body)),
    shown: c.shown,
    own: { contentType: c.contentType, extraHeaders: c.extraHeaders },
  });

  /** The header block of a member's own answer (no-store), built once per content type and transport's extra headers. */
  const memberHeads = new Map<string, WeakMap<readonly [string, string][], Record<string, string>>>();
  function memberHeadFor(c: ComputedRead): Record<string, string> {
    let byExtras = memberHeads.get(c.contentType);
    if (!byExtras) memberHeads.set(c.contentType, (byExtras = new WeakMap()));
    let head = byExtras.get(c.extraHeaders);
    if (!head) {
      head = Object.fromEntries([...security, ['content-type', c.contentType], ['cache-control', PRIVATE_CACHE_CONTROL], ...c.extraHeaders]);
      byExtras.set(c.extraHeaders, head);
    }
    return head;
  }

  /** The compressed copies of kept bodies, made once (as a cached answer's are); gone with the body. */
  const keptVariants = new WeakMap<Buffer, Variants>();
  function compressedOnce(acceptEncoding: string | undefined, body: Buffer): { encoding: Encoding; bytes: Buffer } {
    let variants = keptVariants.get(body);
    if (!variants) keptVariants.set(body, (variants = compressVariants(body)));
    const encoding = chooseEncoding(acceptEncoding, variants);
    return { encoding, bytes: variants[encoding]! };
  }

  function sendOwn(req: IncomingMessage, res: ServerResponse, c: ComputedRead, kept = false): void {
    const base = memberHeadFor(c);
    const { encoding, bytes } = (kept ? compressedOnce : compressedFor)(req.headers['accept-encoding'], c.body);
    const head: OutgoingHttpHeaders = { ...base, 'content-length': bytes.length };
    if (encoding !== 'identity') head['content-encoding'] = encoding;
    if (c.body.length >= COMPRESS_THRESHOLD_BYTES) head.vary = base.vary ? `${base.vary}, accept-encoding` : 'accept-encoding';
    res.writeHead(c.status, head);
    res.end(req.method === 'HEAD' ? undefined : bytes);
  }

  return { prepare, fromComputed, send, sendOwn };
}
