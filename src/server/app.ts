/** Express wiring: security headers, body limits, /trpc, /api, /uploads, the client and JSON errors. */
import fs from 'node:fs';
import path from 'node:path';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import compression from 'compression';
import { imageOrigins } from './kernel/config.ts';
import type { Deps } from './deps.ts';
import { AppError, databaseError, FRAMEWORK_MESSAGES, frameworkMessage, INTERNAL_MESSAGE, logFailure, rememberedDatabaseFailure } from './kernel/errors.ts';
import { COMPRESS_THRESHOLD_BYTES } from './fast-lane/encoding.ts';
import { securityHeaders } from './fast-lane/security-headers.ts';
import { jsonBody, jsonWritesOnly, TOO_DEEP_TYPE, TOO_WIDE_TYPE } from './http/body.ts';
import { refusedUnlessRead } from './http/read-only.ts';
import { identify } from './http/identify.ts';
import { privateAnswers } from './http/private-answers.ts';
import { createRestRouter } from './rest/index.ts';
import { sendError } from './rest/route.ts';
import { ideaPreviewMeta, withPreviewMeta } from './ideas/link-preview.ts';
import { uploadsHandler } from './infrastructure/uploads-route.ts';
import { sendTrpcError, toTrpcError } from './trpc/init.ts';
import { appRouter } from './trpc/routers/index.ts';
import { isClientRoute } from '../shared/client-routes.ts';

export interface AppOptions {
  /** Built client (dist/). Absent in API tests. */
  clientDir?: string;
  /** Vite's dev middleware (npm run dev); relaxes the CSP for hot reload. */
  devMiddleware?: RequestHandler;
}

/** Failures of the body parsers (and the JSON-only check), in the error model; undefined for anything else. */
function bodyFailure(err: unknown): AppError | undefined {
  if (err instanceof AppError) return err;
  const type = (err as { type?: string }).type;
  if (type === 'entity.too.large') return new AppError('PAYLOAD_TOO_LARGE', FRAMEWORK_MESSAGES.tooLarge);
  if (type === TOO_DEEP_TYPE) return new AppError('BAD_REQUEST', FRAMEWORK_MESSAGES.tooDeep);
  if (type === TOO_WIDE_TYPE) return new AppError('BAD_REQUEST', FRAMEWORK_MESSAGES.tooWide);
  if (type === 'entity.parse.failed') return new AppError('BAD_REQUEST', FRAMEWORK_MESSAGES.notJson);
  return undefined;
}

const jsonErrors: ErrorRequestHandler = (err, req, res, _next) => {
  const failure = bodyFailure(err);
  // Before tRPC has seen the call: answered in tRPC's shape, so the app's client reads the message.
  if (failure) return req.originalUrl.startsWith('/trpc') ? sendTrpcError(res, failure) : sendError(res, failure);
  // Errors from Express's own parts (static files, body parsers) carry a 4xx status: keep it.
  const status = Number((err as { status?: number; statusCode?: number }).status ?? (err as { statusCode?: number }).statusCode);
  if (status >= 400 && status < 500) {
    res.status(status).json({ success: false, message: frameworkMessage(status) });
    return;
  }
  logFailure('express', err);
  const unavailable = databaseError(err);
  if (unavailable) {
    res.setHeader('Retry-After', String(unavailable.retryAfter));
    res.status(unavailable.status).json({ success: false, message: unavailable.message });
    return;
  }
  res.status(500).json({ success: false, message: INTERNAL_MESSAGE });
};

export function createApp(deps: Deps, options: AppOptions = {}): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.config.trustProxy ? (/^\d+$/.test(deps.config.trustProxy) ? Number(deps.config.trustProxy) : deps.config.trustProxy) : false);
  app.use(securityHeaders(!!options.devMiddleware, imageOrigins(deps.config)));
  // A database failure the fast lane already met: answered now, not run again into the same wait.
  app.use((req, res, next) => {
    const failure = rememberedDatabaseFailure(req);
    if (!failure) return next();
    if (!req.originalUrl.startsWith('/trpc')) return sendError(res, failure);
    res.setHeader('Retry-After', String(failure.retryAfter));
    sendTrpcError(res, failure);
  });
  // What reaches Express (members' reads, deep pages) is compressed above 1 KB; the fast lane
  // answers the hot public reads with copies compressed once.
  app.use(compression({ threshold: COMPRESS_THRESHOLD_BYTES }));

  app.use('/api', privateAnswers, jsonBody(), createRestRouter(deps));
  app.use(
    '/trpc',
    privateAnswers,
    jsonWritesOnly(),
    jsonBody(),
    createExpressMiddleware({
      router: appRouter,
      // The client sends one call per request; a batch of hundreds would hold the server (security probe).
      allowBatching: false,
      createContext: async ({ req, res }) => {
        try {
          return { caller: await identify(deps, req, res) };
        } catch (err) {
          // The session lookup met a database that is down: 503 like any operation would answer.
          throw toTrpcError(err);
        }
      },
      responseMeta({ errors }) {
        const retryAfter = errors.map((e) => (e.cause instanceof AppError ? e.cause.retryAfter : undefined)).find(Boolean);
        return retryAfter ? { headers: new Headers({ 'Retry-After': String(retryAfter) }) } : {};
      },
      onError({ error }) {
        if (error.code === 'INTERNAL_SERVER_ERROR' && !(error.cause instanceof AppError)) logFailure('trpc', error.cause ?? error);
      },
    }),
  );

  // Uploaded images, from the folder or the bucket (infrastructure/uploads-route.ts).
  app.use('/uploads', uploadsHandler(deps.storage, deps.config.uploadsDir));

  if (options.devMiddleware) {
    app.use(options.devMiddleware);
  } else if (options.clientDir && fs.existsSync(path.join(options.clientDir, 'index.html'))) {
    const clientDir = options.clientDir;
    const indexHtml = path.join(clientDir, 'index.html');
    app.use('/assets', express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false, redirect: false }));
    app.use(express.static(clientDir, { index: false, maxAge: '1h', redirect: false }));
    // Shared idea links: Open Graph meta for public ideas, 404 (and no meta) for anything else.
    const indexSource = fs.readFileSync(indexHtml, 'utf8');
    app.get('/idea/:id', async (req, res, next) => {
      try {
        const meta = await ideaPreviewMeta(deps, req.params.id);
        res.setHeader('Cache-Control', 'no-cache');
        res
          .status(meta ? 200 : 404)
          .type('html')
          .send(meta ? withPreviewMeta(indexSource, meta, deps.config.site.platformName) : indexSource);
      } catch (err) {
        next(err);
      }
    });
    // The sign-in forms post (so a password never lands in a URL); one sent before the app has
    // started comes back to the same page, unread, for the app to take over.
    app.post(['/login', '/forgot-password'], (req, res) => {
      res.redirect(303, req.path);
    });
    // Every other GET gets the app, which shows the page, or its 404 page for a path it has none
    // for: then with status 404 (src/shared/client-routes.ts).
    app.get('/{*splat}', (req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.status(isClientRoute(req.path) ? 200 : 404).sendFile(indexHtml);
    });
  }

  // What nothing above answered (a POST to a page's address, say) gets the error model in Chinese,
  // not Express's English HTML: a page's address is only read.
  app.use((req, res, next) => {
    if (!refusedUnlessRead(req, res, next)) next(Object.assign(new Error(`no route: ${req.method} ${req.path}`), { status: 404 }));
  });
  app.use(jsonErrors);
  return app;
}
