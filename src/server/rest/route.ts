/**
 * The REST shim's one way to declare a path: its zod inputs (validated here and described in
 * /api/openapi.json), who may call it, and a handler that calls a service. Envelope and status
 * rules of DESIGN §6 live here and in sendError, nowhere else.
 */
import type { Request, RequestHandler, Response, Router } from 'express';
import { z, ZodError, type ZodType } from 'zod';
import type { Deps } from '../deps.ts';
import { AppError, forbidden, NOT_LOGGED_IN_MESSAGE, SESSION_EXPIRED_MESSAGE, toPublicError, unauthorized } from '../errors.ts';
import { authenticate, type Authenticated } from '../services/accounts.ts';
import { bearerToken, clientIp } from '../trpc/context.ts';
import { ADMIN_ONLY_MESSAGE } from '../trpc/init.ts';

export type Access = 'public' | 'member' | 'admin';

export interface RestCall<B, Q, P> {
  body: B;
  query: Q;
  params: P;
  deps: Deps;
  auth: Authenticated | null;
  ip: string;
  req: Request;
}

export interface Reply {
  data?: unknown;
  message?: string;
  /** Top-level fields beside data, where the spec names them (debugCode, favorited, count…). */
  extra?: Record<string, unknown>;
  status?: number;
}

export interface RouteSpec<B = unknown, Q = unknown, P = unknown> {
  method: 'get' | 'post' | 'put' | 'delete';
  /** Express style, relative to /api: `/users/:id/stats`. */
  path: string;
  summary: string;
  tag: string;
  access: Access;
  body?: ZodType<B>;
  query?: ZodType<Q>;
  params?: ZodType<P>;
  /** Middleware run before validation (multer for uploads). */
  before?: RequestHandler[];
  /** Extra documented responses, status → description. */
  responses?: Record<number, string>;
  handler(call: RestCall<B, Q, P> & { auth: Authenticated | null }): Promise<Reply>;
}

export type AnyRoute = RouteSpec<any, any, any>;

export function defineRoute<B = undefined, Q = undefined, P = undefined>(spec: RouteSpec<B, Q, P>): AnyRoute {
  return spec as AnyRoute;
}

export const reply = (data?: unknown, options: Omit<Reply, 'data'> = {}): Reply => ({ data, ...options });

export const INVALID_INPUT_MESSAGE = '请求参数不正确';

function parse<T>(schema: ZodType<T> | undefined, value: unknown): T {
  if (!schema) return undefined as T;
  return schema.parse(value ?? {});
}

export function sendError(res: Response, err: unknown): void {
  if (err instanceof ZodError) {
    res.status(400).json({ success: false, message: err.issues[0]?.message ?? INVALID_INPUT_MESSAGE, errors: z.flattenError(err).fieldErrors });
    return;
  }
  const publicError = toPublicError(err);
  if (!(err instanceof AppError)) console.error('[api]', err);
  if (publicError.retryAfter) res.setHeader('Retry-After', String(publicError.retryAfter));
  res.status(publicError.status).json({ success: false, message: publicError.message, ...publicError.extra });
}

/** The member who is calling, for handlers of `member`/`admin` routes (the registry has checked). */
export function member(call: { auth: Authenticated | null }): Authenticated {
  if (!call.auth) throw unauthorized();
  return call.auth;
}

/** Who is calling, checked before anything else runs, so an anonymous upload is refused unread. */
function authenticateFor(route: AnyRoute, deps: Deps): RequestHandler {
  return async (req, res, next) => {
    try {
      const token = bearerToken(req);
      const auth = await authenticate(deps, token);
      if (route.access !== 'public' && !auth) throw unauthorized(token ? SESSION_EXPIRED_MESSAGE : NOT_LOGGED_IN_MESSAGE);
      if (route.access === 'admin' && auth!.user.role !== 'admin') throw forbidden(ADMIN_ONLY_MESSAGE);
      res.locals.auth = auth;
      next();
    } catch (err) {
      sendError(res, err);
    }
  };
}

export function mountRoutes(router: Router, deps: Deps, routes: AnyRoute[]): void {
  for (const route of routes) {
    const handler: RequestHandler = async (req, res) => {
      try {
        const call = {
          body: parse(route.body, req.body),
          query: parse(route.query, req.query),
          params: parse(route.params, req.params),
          deps,
          auth: (res.locals.auth as Authenticated | null) ?? null,
          ip: clientIp(req),
          req,
        };
        const out = await route.handler(call);
        const body: Record<string, unknown> = { success: true };
        if (out.message) body.message = out.message;
        Object.assign(body, out.extra);
        body.data = out.data ?? null;
        res.status(out.status ?? 200).json(body);
      } catch (err) {
        sendError(res, err);
      }
    };
    router[route.method](route.path, authenticateFor(route, deps), ...(route.before ?? []), handler);
  }
}
