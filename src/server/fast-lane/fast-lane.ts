/**
 * The node:http request listener in front of Express (DESIGN §1). It answers, from memory and with
 * precomputed headers, what every visitor asks for: the built client (brotli/gzip by
 * Accept-Encoding), the app's HTML, shared-idea link previews and the first pages of the public idea
 * lists for callers without a session. Everything else — writes, anything with an Authorization
 * header, errors, deep pages — goes to Express unchanged.
 */
import fs from 'node:fs';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Express } from 'express';
import type { Deps } from '../deps.ts';
import { ideaPreviewMeta, withPreviewMeta } from '../services/link-preview.ts';
import { cachedRead, type ComputedRead } from './cached-reads.ts';
import { chooseEncoding, compressVariants, type Variants } from './encoding.ts';
import type { CachedAnswer } from './response-cache.ts';
import { securityHeaderSet } from './security-headers.ts';
import { etagOf, loadStaticFiles, type StaticFile } from './static-files.ts';

export interface FastLaneOptions {
  /** The built client (dist/); without it only the API reads are served here. */
  clientDir?: string;
  /** `npm run dev`: Vite serves the client, so the fast lane leaves pages alone. */
  dev?: boolean;
}

const PREVIEW_PATH = /^\/idea\/([^/]+)\/?$/;

export function createRequestListener(deps: Deps, app: Express, options: FastLaneOptions = {}): RequestListener {
  const security = securityHeaderSet(!!options.dev);
  const hasClient = !options.dev && !!options.clientDir && fs.existsSync(path.join(options.clientDir, 'index.html'));
  const files = hasClient ? loadStaticFiles(options.clientDir!) : new Map<string, StaticFile>();
  const index = files.get('/index.html');
  const cache = deps.publicCache;

  function send(req: IncomingMessage, res: ServerResponse, answer: { status: number; headers: [string, string][]; variants: Variants; etag: string }): void {
    for (const [name, value] of security) res.setHeader(name, value);
    for (const [name, value] of answer.headers) res.setHeader(name, value);
    res.setHeader('etag', answer.etag);
    if (answer.variants.gzip) res.setHeader('vary', [res.getHeader('vary'), 'accept-encoding'].filter(Boolean).join(', '));
    if (answer.status === 200 && req.headers['if-none-match'] === answer.etag) {
      res.statusCode = 304;
      res.end();
      return;
    }
    const encoding = chooseEncoding(req.headers['accept-encoding'], answer.variants);
    const body = answer.variants[encoding]!;
    if (encoding !== 'identity') res.setHeader('content-encoding', encoding);
    res.setHeader('content-length', body.length);
    res.statusCode = answer.status;
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  const toAnswer = (computed: ComputedRead): Omit<CachedAnswer, 'expiresAt'> => ({
    status: computed.status,
    headers: [['content-type', computed.contentType], ['cache-control', 'no-cache'], ...computed.extraHeaders],
    variants: compressVariants(computed.body),
    etag: etagOf(computed.body),
  });

  async function serveCached(req: IncomingMessage, res: ServerResponse, key: string, compute: () => Promise<ComputedRead>): Promise<void> {
    let answer: CachedAnswer | null;
    try {
      answer = await cache.getOrFill(key, async () => toAnswer(await compute()));
    } catch {
      // Express answers the failure with the error model (and logs it).
      return void app(req, res);
    }
    if (answer) send(req, res, answer);
    else app(req, res);
  }

  function previewPage(id: string): () => Promise<ComputedRead> {
    return async () => {
      const source = index!.variants.identity.toString('utf8');
      const meta = await ideaPreviewMeta(deps, id);
      const html = meta ? withPreviewMeta(source, meta, deps.config.site.platformName) : source;
      return { status: meta ? 200 : 404, contentType: 'text/html; charset=utf-8', extraHeaders: [], body: Buffer.from(html) };
    };
  }

  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return void app(req, res);
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const pathname = q === -1 ? url : url.slice(0, q);
    const search = q === -1 ? '' : url.slice(q + 1);

    if (pathname.startsWith('/api/') || pathname.startsWith('/trpc/')) {
      // A token means a member (or a dead session the client must be told about): never from the shared cache.
      if (req.headers.authorization) return void app(req, res);
      const read = cachedRead(deps, pathname, new URLSearchParams(search));
      if (!read) return void app(req, res);
      return void serveCached(req, res, read.key, read.compute);
    }
    if (!index || pathname.startsWith('/uploads/')) return void app(req, res);

    const file = pathname === '/index.html' ? undefined : files.get(pathname);
    if (file) return send(req, res, { status: 200, headers: [['content-type', file.contentType], ['cache-control', file.cacheControl]], variants: file.variants, etag: file.etag });
    // A missing asset is Express's 404, not the app's HTML.
    if (pathname.startsWith('/assets/')) return void app(req, res);
    const preview = PREVIEW_PATH.exec(pathname);
    if (preview) return void serveCached(req, res, `preview ${preview[1]}`, previewPage(preview[1]));
    // Every other path is a client route: the same HTML for everyone, revalidated so a deploy shows.
    send(req, res, { status: 200, headers: [['content-type', index.contentType], ['cache-control', 'no-cache']], variants: index.variants, etag: index.etag });
  };
}
