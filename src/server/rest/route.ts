/**
 * The REST shim: mounts the paths each operation declares (`rest`, contract/operation.ts). The caller is
 * identified (http/identify.ts) and authorized (contract/operation.ts) before anything else runs, so an anonymous upload is refused
 * unread; the input is the path parameters, query and JSON body together, validated by the
 * operation's zod schema; the envelope of docs/architecture.md §6 is written here and in sendError, nowhere else.
 */
import type { Request, RequestHandler, Response, Router } from 'express';
import multer from 'multer';
import { z, ZodError } from 'zod';
import type { Deps } from '../deps.ts';
import { badRequest, logFailure, toPublicError, validationMessage, AppError } from '../kernel/errors.ts';
import { jsonWritesOnly } from '../http/body.ts';
import type { Caller } from '../contract/caller.ts';
import { identify } from '../http/identify.ts';
import { authorize, type AnyOperation, type Answer, type Download, type Method, type Output, type RestPath } from '../contract/operation.ts';
import { restView } from './rest-view.ts';

/** A REST path with the operation it runs. */
export interface RestRoute extends RestPath {
  op: AnyOperation;
}

/** Every REST path the operations declare (`rest`), in the order given. */
export function routesOf(operations: Iterable<AnyOperation>): RestRoute[] {
  const routes: RestRoute[] = [];
  const seen = new Set<AnyOperation>();
  for (const op of operations) {
    if (seen.has(op)) continue;
    seen.add(op);
    for (const path of op.rest ?? []) routes.push({ ...path, op });
  }
  return routes;
}

/**
 * Express tries routes in the order they are mounted; at each segment a fixed name goes before a
 * parameter, so `/ideas/all` is never read as `/ideas/:id` (the order of declaration does not matter).
 */
export function matchOrder(routes: readonly RestRoute[]): RestRoute[] {
  const ranks = (path: string) => path.split('/').map((segment) => (segment.startsWith(':') ? 1 : 0));
  const compare = (a: number[], b: number[]) => {
    for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
    return a.length - b.length;
  };
  return [...routes].sort((a, b) => compare(ranks(a.path), ranks(b.path)));
}

/** Parses a declared upload with multer: its size limit makes a 12 MB file a 413 before it is read whole. */
function uploadParser(upload: NonNullable<RestPath['upload']>): RequestHandler {
  const parse = multer({ storage: multer.memoryStorage(), limits: { fileSize: upload.maxBytes, files: 1, fields: 5 } }).single(upload.field);
  return (req, res, next) => {
    parse(req, res, (err: unknown) => {
      if (!err) return next();
      const code = (err as { code?: string }).code;
      sendError(res, code === 'LIMIT_FILE_SIZE' ? new AppError('PAYLOAD_TOO_LARGE', upload.tooLarge) : badRequest(upload.malformed));
    });
  };
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

/** Mounts the routes in the order given: rest/index.ts gives them in matchOrder. */
export function mountRoutes(router: Router, deps: Deps, routes: readonly RestRoute[]): void {
  for (const r of routes) {
    const upload = r.upload;
    const handler: RequestHandler = async (req, res) => {
      try {
        const raw = upload ? { ...req.body, [upload.field]: req.file?.buffer, ...req.params } : jsonInput(req, r.method);
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
    const steps = [jsonWritesOnly({ multipart: !!upload }), authorizeFor(r, deps), ...(upload ? [uploadParser(upload)] : []), handler];
    router[r.method](r.path, ...steps);
  }
}
