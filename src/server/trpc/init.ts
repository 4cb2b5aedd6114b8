/**
 * The only place that calls initTRPC. It exports just the builders the app may use, so no
 * procedure can skip the auth middleware or the error mapping.
 */
import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError, z } from 'zod';
import { AppError, ERROR_TABLE, INTERNAL_MESSAGE, NOT_LOGGED_IN_MESSAGE, SESSION_EXPIRED_MESSAGE } from '../errors.ts';
import type { TrpcContext } from './context.ts';

export const ADMIN_ONLY_MESSAGE = '仅管理员可以访问';

const TRPC_MESSAGES: Partial<Record<string, string>> = {
  PARSE_ERROR: '请求内容不是有效的 JSON',
  NOT_FOUND: '接口不存在',
  METHOD_NOT_SUPPORTED: '请求方法不正确',
  PAYLOAD_TOO_LARGE: '请求内容过大',
};

const t = initTRPC.context<TrpcContext>().create({
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    const data: Record<string, unknown> = { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path };
    let message = shape.message;
    if (cause instanceof AppError) {
      message = cause.message;
      data.httpStatus = cause.status;
      data.appCode = cause.code;
      data.extra = cause.extra;
      if (cause.retryAfter) data.retryAfter = cause.retryAfter;
    } else if (cause instanceof ZodError) {
      // The first field's Chinese message is the message; forms read the rest beside each field.
      message = cause.issues[0]?.message ?? '请求参数不正确';
      data.zodError = z.flattenError(cause);
    } else if (error.code === 'INTERNAL_SERVER_ERROR') {
      message = INTERNAL_MESSAGE;
    } else if (TRPC_MESSAGES[error.code]) {
      // tRPC's own failures (unknown procedure, broken JSON) have English messages.
      message = TRPC_MESSAGES[error.code]!;
    }
    // No stack, ever (shape.data.stack exists in development).
    return { code: shape.code, message, data };
  },
});

/** Services throw AppError; this turns it into the tRPC code its table names. */
const mapAppErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: ERROR_TABLE[cause.code].trpc, message: cause.message, cause });
  }
  if (!result.ok && result.error.code === 'INTERNAL_SERVER_ERROR') console.error('[trpc]', result.error.cause ?? result.error);
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

export const publicProcedure = t.procedure.use(mapAppErrors);

export const memberProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.auth) {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: ctx.tokenPresented ? SESSION_EXPIRED_MESSAGE : NOT_LOGGED_IN_MESSAGE });
  }
  return next({ ctx: { ...ctx, user: ctx.auth.user, session: ctx.auth.session } });
});

export const adminProcedure = memberProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== 'admin') throw new TRPCError({ code: 'FORBIDDEN', message: ADMIN_ONLY_MESSAGE });
  return next();
});
