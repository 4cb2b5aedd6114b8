/**
 * The node:http request listener in front of Express (DESIGN §1). It answers, from memory and with
 * precomputed headers, what every visitor asks for: the built client (brotli/gzip by
 * Accept-Encoding), the app's HTML, shared-idea link previews and the first pages of the public idea
 * lists for callers without a session; and members' hot reads without the Express pass. Everything
 * else — writes, other calls with an Authorization header, errors, deep pages — goes to Express.
 */
import fs from 'node:fs';
import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Express } from 'express';
import proxyAddr from 'proxy-addr';
import type { Deps } from '../deps.ts';
import { isClientRoute } from '../../shared/client-routes.ts';
import { bearerToken } from '../request/caller.ts';
import { PRIVATE_CACHE_CONTROL } from '../request/private-answers.ts';
import type { ChangeKind } from '../request/changes.ts';
import { authenticate } from '../accounts/service.ts';
import { ideaPreviewMeta, withPreviewMeta } from '../ideas/link-preview.ts';
import { chooseEncoding, compressVariants, type Encoding, type Variants } from './encoding.ts';
import { cacheKeyOf, parseInput, runForGuest, runForMember, type ComputedRead } from './fast-reads.ts';
import type { PreparedAnswer } from './response-cache.ts';
import { fastRoutes, type FoundRead } from './routes.ts';
import { prerenderedFor } from './prerendered.ts';
import { securityHeaderSet } from './security-headers.ts';
import { imageOrigins } from '../config.ts';
import { etagOf, loadStaticFiles } from './static-files.ts';

export interface FastLaneOptions {
  /** The built client (dist/); without it only the API reads are served here. */
  clientDir?: string;
  /** `npm run dev`: Vite serves the client, so the fast lane leaves pages alone. */
  dev?: boolean;
}

const PREVIEW_PATH = /^\/idea\/([^/]+)\/?$/;

/** What a link preview shows: the idea and its author. */
const PREVIEW_SHOWS: readonly ChangeKind[] = ['ideas'];

/** URLs remembered with their cache key, so a hit parses nothing; cleared when full (a crawler's junk only costs parsing). */
const KEY_MEMO_MAX = 10_000;

export function createRequestListener(deps: Deps, app: Express, options: FastLaneOptions = {}): RequestListener {
  const security = securityHeaderSet(!!options.dev, imageOrigins(deps.config));
  const hasClient = !options.dev && !!options.clientDir && fs.existsSync(path.join(options.clientDir, 'index.html'));
  const cache = deps.publicCache;
  const routes = fastRoutes();
  // The client's address as Express sees it (TRUST_PROXY), for the rate limits of the reads run here.
  const clientIp = (req: IncomingMessage) => proxyAddr(req, app.get('trust proxy fn') as (addr: string, i: number) => boolean);
  const keyMemo = new Map<string, { found: FoundRead; input: unknown; key: string } | null>();

  function prepare(status: number, headers: [string, string][], variants: Variants, etag = etagOf(variants.identity)): PreparedAnswer {
    const vary = headers.find(([n]) => n === 'vary')?.[1];
    const base: [string, string][] = [...security, ...headers.filter(([n]) => n !== 'vary'), ['etag', etag]];
    if (vary || variants.gzip) base.push(['vary', [vary, variants.gzip ? 'accept-encoding' : ''].filter(Boolean).join(', ')]);
    return { status, variants, etag, heads: {}, base };
  }

  function headFor(answer: PreparedAnswer, encoding: Encoding): OutgoingHttpHeaders {
    let head = answer.heads[encoding];
    if (!head) {
      head = Object.fromEntries(answer.base);
      if (encoding !== 'identity') head['content-encoding'] = encoding;
      head['content-length'] = answer.variants[encoding]!.length;
      answer.heads[encoding] = head;
    }
    return head;
  }

  function send(req: IncomingMessage, res: ServerResponse, answer: PreparedAnswer): void {
    if (answer.status === 200 && req.headers['if-none-match'] === answer.etag) {
      // A 304 has no body and says nothing about its length.
      const { 'content-length': _length, ...head } = headFor(answer, 'identity');
      res.writeHead(304, head);
      res.end();
      return;
    }
    const encoding = chooseEncoding(req.headers['accept-encoding'], answer.variants);
    res.writeHead(answer.status, headFor(answer, encoding));
    res.end(req.method === 'HEAD' ? undefined : answer.variants[encoding]);
  }

  const fromComputed = (c: ComputedRead, cacheControl?: string): PreparedAnswer =>
    prepare(c.status, [['content-type', c.contentType], ...(cacheControl ? ([['cache-control', cacheControl]] as [string, string][]) : []), ...c.extraHeaders], compressVariants(c.body));

  // The built client, each file with its header blocks prepared once.
  const files = new Map<string, PreparedAnswer>();
  if (hasClient) {
    for (const [urlPath, file] of loadStaticFiles(options.clientDir!)) {
      files.set(urlPath, prepare(200, [['content-type', file.contentType], ['cache-control', file.cacheControl]], file.variants, file.etag));
    }
  }
  const index = files.get('/index.html');
  // Any path the app has no page for: the same HTML (the app shows its 404 page), with status 404.
  const notFoundIndex = index && prepare(404, index.base.filter(([n]) => n === 'content-type' || n === 'cache-control'), index.variants);

  async function serveCached(req: IncomingMessage, res: ServerResponse, key: string, shows: readonly ChangeKind[], compute: () => Promise<ComputedRead>, cacheControl?: string): Promise<void> {
    try {
      const answer = await cache.getOrFill(key, shows, async () => fromComputed(await compute(), cacheControl));
      if (answer) return send(req, res, answer);
    } catch {
      // Express answers the failure with the error model (and logs it).
    }
    app(req, res);
  }

  function previewPage(id: string): () => Promise<ComputedRead> {
    return async () => {
      const source = index!.variants.identity.toString('utf8');
      const meta = await ideaPreviewMeta(deps, id);
      const html = meta ? withPreviewMeta(source, meta, deps.config.site.platformName) : source;
      return { status: meta ? 200 : 404, contentType: 'text/html; charset=utf-8', extraHeaders: [], body: Buffer.from(html) };
    };
  }

  async function serveMember(req: IncomingMessage, res: ServerResponse, found: FoundRead, search: string): Promise<void> {
    try {
      const token = bearerToken(req.headers.authorization);
      const auth = token ? await authenticate(deps, token) : null;
      const input = parseInput(found, search);
      // No live session (Express sends the 401 and the expired-session flag) or refused input: Express answers.
      if (auth && input) return send(req, res, fromComputed(await runForMember(deps, found, input.value, auth, clientIp(req)), PRIVATE_CACHE_CONTROL));
    } catch {
      // Express answers with the error model.
    }
    app(req, res);
  }

  /** A guest's cached read: looked up by URL when seen before, else by its parsed input. */
  function serveGuest(req: IncomingMessage, res: ServerResponse, url: string, pathname: string, search: string): void {
    let known = keyMemo.get(url);
    if (known === undefined) {
      const found = routes.find(pathname);
      const input = found?.read.op.cache ? parseInput(found, search) : undefined;
      known = found && input ? { found, input: input.value, key: cacheKeyOf(found, input.value) } : null;
      if (keyMemo.size >= KEY_MEMO_MAX) keyMemo.clear();
      keyMemo.set(url, known);
    }
    if (!known) return void app(req, res);
    const hit = cache.get(known.key);
    if (hit) return send(req, res, hit);
    const { found, input, key } = known;
    void serveCached(req, res, key, found.read.op.cache!.shows, () => runForGuest(deps, found, input, clientIp(req)), 'no-cache');
  }

  // Whatever goes wrong in the fast lane, Express (with its error model) answers: the process never
  // dies of one request.
  return (req, res) => {
    try {
      fastLane(req, res);
    } catch (err) {
      console.error('[fast-lane]', err);
      if (!res.headersSent) app(req, res);
    }
  };

  function fastLane(req: IncomingMessage, res: ServerResponse): void {
    if (req.method !== 'GET' && req.method !== 'HEAD') return void app(req, res);
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const pathname = q === -1 ? url : url.slice(0, q);
    const search = q === -1 ? '' : url.slice(q + 1);

    if (pathname.startsWith('/api/') || pathname.startsWith('/trpc/')) {
      if (req.headers.authorization) {
        // Never from the shared cache: a token means a member, or a dead session the client must hear about.
        const found = routes.find(pathname);
        return void (found?.read.op.hot ? serveMember(req, res, found, search) : app(req, res));
      }
      return serveGuest(req, res, url, pathname, search);
    }
    if (!index || pathname.startsWith('/uploads/')) return void app(req, res);

    const file = pathname === '/index.html' ? undefined : files.get(pathname);
    if (file) return send(req, res, file);
    // A missing asset is Express's 404, not the app's HTML.
    if (pathname.startsWith('/assets/')) return void app(req, res);
    const preview = PREVIEW_PATH.exec(pathname);
    if (preview) return void serveCached(req, res, `preview ${preview[1]}`, PREVIEW_SHOWS, previewPage(preview[1]), 'no-cache');
    // The guest entry pages have their first view prerendered; every other client route gets the
    // same HTML for everyone, revalidated so a deploy shows; any other path the same HTML as a 404.
    if (!isClientRoute(pathname)) return send(req, res, notFoundIndex!);
    const prerendered = prerenderedFor(pathname);
    send(req, res, (prerendered && files.get(prerendered)) || index);
  }
}
