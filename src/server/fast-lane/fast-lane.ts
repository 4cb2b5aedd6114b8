/**
 * The node:http request listener in front of Express (docs/architecture.md §1). It answers, from memory and with
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
import { addressKey } from '../request/client-address.ts';
import type { Deps } from '../deps.ts';
import { isClientRoute } from '../../shared/client-routes.ts';
import { bearerToken } from '../request/caller.ts';
import { logFailure, rememberDatabaseFailure } from '../kernel/errors.ts';
import { PRIVATE_CACHE_CONTROL } from '../request/private-answers.ts';
import type { ChangeKind } from '../request/changes.ts';
import { authenticate, type Authenticated } from '../accounts/service.ts';
import { ideaPreviewMeta, withPreviewMeta } from '../ideas/link-preview.ts';
import { differsForViewer } from '../ideas/shape.ts';
import type { ViewerFacts } from '../ideas/viewer-facts.ts';
import { chooseEncoding, COMPRESS_THRESHOLD_BYTES, compressedFor, compressVariants, type Encoding, type Variants } from './encoding.ts';
import { cacheKeyOf, parseInput, runForGuest, runForMember, type ComputedRead } from './fast-reads.ts';
import type { PreparedAnswer } from './response-cache.ts';
import { fastRoutes, type FoundRead } from './routes.ts';
import { prerenderedFor } from './prerendered.ts';
import { securityHeaderSet } from './security-headers.ts';
import { imageOrigins } from '../kernel/config.ts';
import { ZIdeaId } from '../../shared/ids.ts';
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

/** URLs remembered with their route and parsed input, so a repeated call parses nothing; cleared when full (a crawler's junk only costs parsing). */
const KEY_MEMO_MAX = 10_000;

/** A fast read's URL, understood: its route, its parsed input and (built on first use) its cache key. */
interface KnownRead {
  found: FoundRead;
  input: unknown;
  key?: string;
}

export function createRequestListener(deps: Deps, app: Express, options: FastLaneOptions = {}): RequestListener {
  const security = securityHeaderSet(!!options.dev, imageOrigins(deps.config));
  const hasClient = !options.dev && !!options.clientDir && fs.existsSync(path.join(options.clientDir, 'index.html'));
  const cache = deps.publicCache;
  const routes = fastRoutes();
  // The client's address as Express sees it (TRUST_PROXY), for the rate limits of the reads run here.
  const trust = app.get('trust proxy fn') as (addr: string, i: number) => boolean;
  const clientIp = (req: IncomingMessage) => () => addressKey(proxyAddr(req, trust));
  const keyMemo = new Map<string, KnownRead | null>();

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
  });

  /**
   * The header block of a member's own answer (no-store), built once per content type: the answer is
   * sent as computed, without an ETag (nothing may keep it, so nothing revalidates it) and compressed
   * only in the encoding this client takes when it is large enough.
   */
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

  function sendOwn(req: IncomingMessage, res: ServerResponse, c: ComputedRead): void {
    const base = memberHeadFor(c);
    const { encoding, bytes } = compressedFor(req.headers['accept-encoding'], c.body);
    const head: OutgoingHttpHeaders = { ...base, 'content-length': bytes.length };
    if (encoding !== 'identity') head['content-encoding'] = encoding;
    if (c.body.length >= COMPRESS_THRESHOLD_BYTES) head.vary = base.vary ? `${base.vary}, accept-encoding` : 'accept-encoding';
    res.writeHead(c.status, head);
    res.end(req.method === 'HEAD' ? undefined : bytes);
  }

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

  async function serveCached(req: IncomingMessage, res: ServerResponse, key: string, shows: readonly ChangeKind[], compute: () => Promise<ComputedRead>, cacheControl?: string, about?: number): Promise<void> {
    try {
      const answer = await cache.getOrFill(key, shows, async () => fromComputed(await compute(), cacheControl), about);
      if (answer) return send(req, res, answer);
    } catch (err) {
      // Express answers the failure with the error model (and logs it).
      rememberDatabaseFailure(req, err);
    }
    app(req, res);
  }

  /** The guests' answer of a cached read: from memory, or filled (throws what the read throws). */
  async function guestsAnswer(req: IncomingMessage, read: KnownRead): Promise<PreparedAnswer | null> {
    const key = keyOf(read);
    const { found, input } = read;
    const declared = found.read.op.cache!;
    return cache.get(key) ?? cache.getOrFill(key, declared.shows, async () => fromComputed(await runForGuest(deps, found, input, clientIp(req)), 'no-cache'), declared.about?.(input));
  }

  /**
   * A shared idea's page with its link preview, cached per public idea. An id with no public idea is
   * the app's 404 from memory, never an entry: any number would otherwise make one.
   */
  async function servePreview(req: IncomingMessage, res: ServerResponse, id: number): Promise<void> {
    try {
      const answer = await cache.getOrFill(`preview ${id}`, PREVIEW_SHOWS, async () => {
        const meta = await ideaPreviewMeta(deps, String(id));
        if (!meta) return null;
        const html = withPreviewMeta(index!.variants.identity.toString('utf8'), meta, deps.config.site.platformName);
        return fromComputed({ status: 200, contentType: 'text/html; charset=utf-8', extraHeaders: [], body: Buffer.from(html) }, 'no-cache');
      });
      return send(req, res, answer ?? notFoundIndex!);
    } catch (err) {
      // Express answers with the error model.
      rememberDatabaseFailure(req, err);
    }
    app(req, res);
  }

  /** The fast read a URL names with its parsed input, or null (Express answers: no such read, or input it refuses). */
  function known(url: string, pathname: string, search: string): KnownRead | null {
    let read = keyMemo.get(url);
    if (read === undefined) {
      const found = routes.find(pathname);
      const input = found ? parseInput(found, search) : undefined;
      read = found && input ? { found, input: input.value } : null;
      if (keyMemo.size >= KEY_MEMO_MAX) keyMemo.clear();
      keyMemo.set(url, read);
    }
    return read;
  }
  const keyOf = (read: KnownRead) => (read.key ??= cacheKeyOf(read.found, read.input));

  /** A hot read's answer kept with the remembered session (`hot: 'session'`): its user row is all it shows. */
  const sessionAnswers = new WeakMap<Authenticated, Map<string, ComputedRead>>();

  /**
   * The remembered session a request's token names, found without a promise (the hot path); undefined
   * when it must be looked up (then the async path below does, with `authenticate`).
   */
  const rememberedAuth = (req: IncomingMessage): Authenticated | undefined => {
    const token = bearerToken(req.headers.authorization);
    return token ? deps.sessionCache.get(token) : undefined;
  };

  /**
   * A member's hot read. With a remembered session: at once when its answer is kept with it
   * (auth.me), else the operation run straight away; otherwise the session is looked up first.
   */
  function serveMember(req: IncomingMessage, res: ServerResponse, read: KnownRead): void {
    const auth = rememberedAuth(req);
    if (!auth) return void serveMemberLater(req, res, read);
    if (read.found.read.op.hot === 'session') {
      const kept = sessionAnswers.get(auth)?.get(keyOf(read));
      if (kept) return sendOwn(req, res, kept);
    }
    void answerMember(req, res, read, auth);
  }

  async function serveMemberLater(req: IncomingMessage, res: ServerResponse, read: KnownRead): Promise<void> {
    let auth: Authenticated | null = null;
    try {
      const token = bearerToken(req.headers.authorization);
      auth = token ? await authenticate(deps, token) : null;
    } catch (err) {
      rememberDatabaseFailure(req, err);
    }
    // No live session (or no answer on whether it is): Express sends the 401 and the expired-session flag, or the error.
    if (!auth) return void app(req, res);
    await answerMember(req, res, read, auth);
  }

  /** Runs a member's hot read for a live session and sends it; a failure goes to Express, which answers with the error model. */
  async function answerMember(req: IncomingMessage, res: ServerResponse, read: KnownRead, auth: Authenticated): Promise<void> {
    try {
      const { found, input } = read;
      if (found.read.op.hot !== 'session') return sendOwn(req, res, await runForMember(deps, found, input, auth, clientIp(req)));
      let kept = sessionAnswers.get(auth);
      if (!kept) sessionAnswers.set(auth, (kept = new Map()));
      let answer = kept.get(keyOf(read));
      if (!answer) kept.set(keyOf(read), (answer = await runForMember(deps, found, input, auth, clientIp(req))));
      return sendOwn(req, res, answer);
    } catch (err) {
      rememberDatabaseFailure(req, err);
    }
    app(req, res);
  }

  /** A guest's cached read: looked up by URL when seen before, else by its parsed input. */
  function serveGuest(req: IncomingMessage, res: ServerResponse, read: KnownRead): void {
    const key = keyOf(read);
    const hit = cache.get(key);
    if (hit) return send(req, res, hit);
    const { found, input } = read;
    const declared = found.read.op.cache!;
    void serveCached(req, res, key, declared.shows, () => runForGuest(deps, found, input, clientIp(req)), 'no-cache', declared.about?.(input));
  }

  /** Whether this member's answer differs from the guests' (request/sharing.ts), given the member's facts when it needs them. */
  function differsGiven(auth: Authenticated, read: KnownRead, answer: PreparedAnswer, facts: ViewerFacts | undefined): boolean | undefined {
    const { members, about } = read.found.read.op.cache!;
    if (members === 'same') return false;
    const user = auth.user;
    if (user.role === 'admin') return true;
    if (!facts) return undefined;
    if (members === 'comments') return facts.heldOn.has(about!(read.input));
    return differsForViewer(user, answer.shown ?? [], facts);
  }

  async function differs(auth: Authenticated, read: KnownRead, answer: PreparedAnswer): Promise<boolean> {
    const known = differsGiven(auth, read, answer, deps.viewerFacts.peek(auth.user.id));
    return known ?? differsGiven(auth, read, answer, await deps.viewerFacts.of(deps.db, auth.user.id))!;
  }

  /**
   * A member's call of a cached read members share (`cache.members`): after the session check, the
   * guests' bytes (said no-store), unless this member's answer differs — then it is computed for
   * them here. No live session, or a guests' answer that is a failure: Express answers (the 401 and
   * its flag; the member's own view of a hidden idea, or the error).
   */
  function serveShared(req: IncomingMessage, res: ServerResponse, read: KnownRead): void {
    // The common case without a promise: a remembered session, the guests' answer in memory, the
    // member's facts remembered, and the answer theirs too.
    const auth = rememberedAuth(req);
    const answer = auth && cache.get(keyOf(read));
    if (answer && differsGiven(auth, read, answer, deps.viewerFacts.peek(auth.user.id)) === false) return send(req, res, answer, true);
    void serveSharedLater(req, res, read);
  }

  async function serveSharedLater(req: IncomingMessage, res: ServerResponse, read: KnownRead): Promise<void> {
    try {
      const token = bearerToken(req.headers.authorization);
      const auth = token ? await authenticate(deps, token) : null;
      if (auth) {
        const answer = await guestsAnswer(req, read);
        if (answer && !(await differs(auth, read, answer))) return send(req, res, answer, true);
        if (answer) return sendOwn(req, res, await runForMember(deps, read.found, read.input, auth, clientIp(req)));
      }
    } catch (err) {
      // Express answers with the error model.
      rememberDatabaseFailure(req, err);
    }
    app(req, res);
  }

  // Whatever goes wrong in the fast lane, Express (with its error model) answers: the process never
  // dies of one request.
  return (req, res) => {
    try {
      fastLane(req, res);
    } catch (err) {
      logFailure('fast-lane', err);
      if (!res.headersSent) app(req, res);
    }
  };

  function fastLane(req: IncomingMessage, res: ServerResponse): void {
    if (req.method !== 'GET' && req.method !== 'HEAD') return void app(req, res);
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const pathname = q === -1 ? url : url.slice(0, q);

    if (pathname.startsWith('/api/') || pathname.startsWith('/trpc/')) {
      const read = known(url, pathname, q === -1 ? '' : url.slice(q + 1));
      if (req.headers.authorization) {
        // A token means a member, or a dead session the client must hear about: the shared cache only
        // for the reads members share, after the session check.
        const op = read?.found.read.op;
        if (op?.cache?.members) return serveShared(req, res, read!);
        return op?.hot ? serveMember(req, res, read!) : void app(req, res);
      }
      return read?.found.read.op.cache ? serveGuest(req, res, read) : void app(req, res);
    }
    if (!index || pathname.startsWith('/uploads/')) return void app(req, res);

    const file = pathname === '/index.html' ? undefined : files.get(pathname);
    if (file) return send(req, res, file);
    // A missing asset is Express's 404, not the app's HTML.
    if (pathname.startsWith('/assets/')) return void app(req, res);
    const preview = PREVIEW_PATH.exec(pathname);
    if (preview) {
      // Keyed by the idea's id: any other text is the app's 404, never an entry of its own (a crawler
      // asking /idea/<junk> would push real pages out of the cache).
      const id = ZIdeaId.safeParse(preview[1]);
      return id.success ? void servePreview(req, res, id.data) : send(req, res, notFoundIndex!);
    }
    // The guest entry pages have their first view prerendered; every other client route gets the
    // same HTML for everyone, revalidated so a deploy shows; any other path the same HTML as a 404.
    if (!isClientRoute(pathname)) return send(req, res, notFoundIndex!);
    const prerendered = prerenderedFor(pathname, q === -1 ? '' : url.slice(q));
    send(req, res, (prerendered && files.get(prerendered)) || index);
  }
}
