/**
 * The REST shim's one way to expose an operation: method, path and its documentation. The caller is
 * identified and authorized (request/) before anything else runs, so an anonymous upload is refused
 * unread; the input is the path parameters, query and JSON body together, validated by the
 * operation's zod schema; the envelope of docs/architecture.md §6 is written here and in sendError, nowhere else.
 */
import type { Request, RequestHandler, Response, Router } from 'express';
import { z, ZodError } from 'zod';
import type { Deps } from '../deps.ts';
import { badRequest, logFailure, toPublicError, validationMessage, AppError } from '../kernel/errors.ts';
import { jsonWritesOnly } from '../request/body.ts';
import { identify, type Caller } from '../request/caller.ts';
import { authorize, type AnyOperation, type Answer, type Download, type Output } from '../request/operation.ts';
import { restView } from './rest-view.ts';

export type Method = 'get' | 'post' | 'put' | 'delete';

export interface RestRoute {
  method: Method;
  /** Express style, relative to /api: `/users/:id/stats`. */
  path: string;
  op: AnyOperation;
  summary: string;
  tag: string;
  /** The document's name for it; by default the operation's tRPC name (`ideas.byId`). */
  operationId?: string;
  /** The failures this route answers beyond every operation's (400, 401, 500…), status → description. */
  responses?: Record<number, string>;
  /** A multipart upload: `before` parses it, `input` picks the fields. */
  multipart?: { before: RequestHandler; input(req: Request): Record<string, unknown> };
}

type RouteDoc = Omit<RestRoute, 'method' | 'path' | 'op'>;

export function route(method: Method, path: string, op: AnyOperation, doc: RouteDoc): RestRoute {
  if (op.kind === 'write' && method === 'get') throw new Error(`${path}: a write operation cannot be a GET`);
  return { method, path, op, ...doc };
}

export function sendError(res: Response, err: unknown): void {
  if (err instanceof ZodError) {
    res.status(400).json({ success: false, message: validationMessage(err), errors: z.flattenError(err).fieldErrors });
    return;
  }
  const publicError = toPublicError(err);
  if (!(err instanceof AppError)) logFailure('api', err);
  if (publicError.retryAfter) res.setHeader('Retry-After', String(publicError.retryAfter));
  res.status(publicError.status).json({ success: false, message: publicError.message, ...publicError.extra });
}

/**
 * The success envelope of docs/architecture.md §6, `{ success, message?, ...extra, data }`, with
 * `data` in its REST view (rest-view.ts) and the fields the output sends beside it on REST.
 */
export function restBody(answer: Answer<unknown, object>, output: Output | undefined): Record<string, unknown> {
  // A check that answers 503 with its data (health/ready) is still a failure (docs/architecture.md §6).
  const body: Record<string, unknown> = { success: (answer.status ?? 200) < 400 };
  if (answer.message) body.message = answer.message;
  Object.assign(body, answer.extra);
  const view = output && restView(output.data);
  const data = (view ? view(answer.data) : answer.data) ?? null;
  for (const name of output?.restBeside ?? []) body[name] = (data as Record<string, unknown>)[name];
  body.data = data;
  return body;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads (and DELETE's `force`) take the query; POST and PUT take the JSON body only, so a password
 * never travels in a URL (or an access log). Path parameters win, so `/ideas/7` always means idea 7.
 */
function jsonInput(req: Request, method: Method): Record<string, unknown> {
  if (method === 'get' || method === 'delete') return { ...(req.query as Record<string, unknown>), ...req.params };
  if (req.body !== undefined && !isPlainObject(req.body)) throw badRequest('请求内容必须是 JSON 对象');
  return { ...(req.body ?? {}), ...req.params };
}

function authorizeFor(route: RestRoute, deps: Deps): RequestHandler {
  return async (req, res, next) => {
    try {
      res.locals.caller = authorize(await identify(deps, req, res), route.op.access, route.op.loginMessage);
      next();
    } catch (err) {
      sendError(res, err);
    }
  };
}

/** Streams a download: the file's bytes as the body, named for saving (an ASCII name, and the UTF-8 one). */
async function sendDownload(res: Response, download: Download, mediaType: string): Promise<void> {
  const ascii = download.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  res.status(200);
  res.setHeader('Content-Type', mediaType);
  res.setHeader('Content-Disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(download.fileName)}`);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  await download.write(res);
}

export function mountRoutes(router: Router, deps: Deps, routes: RestRoute[]): void {
  for (const r of routes) {
    const handler: RequestHandler = async (req, res) => {
      try {
        const raw = r.multipart ? { ...r.multipart.input(req), ...req.params } : jsonInput(req, r.method);
        const out = await r.op.run(res.locals.caller as Caller as never, r.op.input.parse(raw));
        const file = r.op.output?.file;
        if (file) return await sendDownload(res, out.data as Download, file.mediaType);
        res.status(out.status ?? 200).json(restBody(out, r.op.output));
      } catch (err) {
        // A failure after the file began cannot become a JSON answer: the download is cut short.
        if (res.headersSent) res.destroy(err instanceof Error ? err : undefined);
        else sendError(res, err);
      }
    };
    const steps = [jsonWritesOnly({ multipart: !!r.multipart }), authorizeFor(r, deps), ...(r.multipart ? [r.multipart.before] : []), handler];
    router[r.method](r.path, ...steps);
  }
}
