/**
 * The node:http request listener in front of Express (docs/architecture.md §1). It answers, from memory and with
 * precomputed headers, what every visitor asks for: the built client and the app's HTML with
 * shared-idea link previews (pages.ts), the cached public reads for callers without a session
 * (guest-reads.ts), and members' hot and shared reads without the Express pass (member-reads.ts).
 * Everything else — writes, other calls with an Authorization header, errors, deep pages — goes to
 * Express. Each read is found in the one operation registry (routes.ts) and run as its operation
 * (fast-reads.ts).
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Express } from 'express';
import proxyAddr from 'proxy-addr';
import type { Deps } from '../deps.ts';
import { imageOrigins } from '../kernel/config.ts';
import { logFailure } from '../kernel/errors.ts';
import { addressKey } from '../http/client-address.ts';
import { createAnswers } from './answers.ts';
import { guestReads } from './guest-reads.ts';
import { knownReads, type Lane } from './lane.ts';
import { memberReads } from './member-reads.ts';
import { pages } from './pages.ts';
import { fastRoutes } from './routes.ts';
import { securityHeaderSet } from './security-headers.ts';

export interface FastLaneOptions {
  /** The built client (dist/); without it only the API reads are served here. */
  clientDir?: string;
  /** `npm run dev`: Vite serves the client, so the fast lane leaves pages alone. */
  dev?: boolean;
}

export function createRequestListener(deps: Deps, app: Express, options: FastLaneOptions = {}): RequestListener {
  const trust = app.get('trust proxy fn') as (addr: string, i: number) => boolean;
  const lane: Lane = {
    deps,
    app,
    answers: createAnswers(securityHeaderSet(!!options.dev, imageOrigins(deps.config))),
    clientIp: (req) => () => addressKey(proxyAddr(req, trust)),
  };
  const known = knownReads(fastRoutes());
  const guests = guestReads(lane);
  const members = memberReads(lane, guests);
  const servePage = pages(lane, options.dev ? undefined : options.clientDir);

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
        if (op?.cache?.members) return members.serveShared(req, res, read!);
        return op?.hot ? members.serveHot(req, res, read!) : void app(req, res);
      }
      return read?.found.read.op.cache ? guests.serve(req, res, read) : void app(req, res);
    }
    if (pathname.startsWith('/uploads/') || !servePage(req, res, pathname, q === -1 ? '' : url.slice(q))) app(req, res);
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
}
