/**
 * The only place that calls initTRPC. Procedures are made from operations (contract/operation.ts)
 * by `query` and `mutation` alone, so none can skip the access check or the error mapping.
 */
import { initTRPC, TRPCError } from '@trpc/server';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { Response } from 'express';
import { ZodError, z, type ZodType } from 'zod';
import { AppError, databaseError, ERROR_TABLE, FRAMEWORK_MESSAGES, INTERNAL_MESSAGE, logFailure, validationMessage } from '../kernel/errors.ts';
import type { Caller } from '../contract/caller.ts';
import { authorize, type Access, type AnyOperation, type Answer, type Operation } from '../contract/operation.ts';

export interface TrpcContext {
  caller: Caller;
}

// tRPC's own failures (unknown procedure, broken JSON) have English messages.
const TRPC_MESSAGES: Partial<Record<string, string>> = {
  PARSE_ERROR: FRAMEWORK_MESSAGES.notJson,
  // tRPC's own refusals (a batch, a malformed call) say so in English.
  BAD_REQUEST: FRAMEWORK_MESSAGES.badRequest,
  NOT_FOUND: FRAMEWORK_MESSAGES.notFound,
  METHOD_NOT_SUPPORTED: FRAMEWORK_MESSAGES.methodNotAllowed,
  PAYLOAD_TOO_LARGE: FRAMEWORK_MESSAGES.tooLarge,
  UNSUPPORTED_MEDIA_TYPE: FRAMEWORK_MESSAGES.unsupportedMediaType,
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
      message = validationMessage(cause);
      data.zodError = z.flattenError(cause);
    } else if (error.code === 'INTERNAL_SERVER_ERROR') {
      message = INTERNAL_MESSAGE;
    } else if (TRPC_MESSAGES[error.code]) {
      message = TRPC_MESSAGES[error.code]!;
    }
    // No stack, ever (shape.data.stack exists in development).
    return { code: shape.code, message, data };
  },
});

/** An AppError (or a database failure, as its 503) with the tRPC code its table names. */
export function toTrpcError(err: unknown): TRPCError {
  if (err instanceof TRPCError) return err;
  const appError = err instanceof AppError ? err : databaseError(err);
  if (!appError) return new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: INTERNAL_MESSAGE, cause: err });
  if (!(err instanceof AppError)) logFailure('trpc', err);
  return new TRPCError({ code: ERROR_TABLE[appError.code].trpc, message: appError.message, cause: appError });
}

/** Services throw AppError; this turns it into the tRPC code its table names. A database failure becomes its 503. */
const mapAppErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && (result.error.cause instanceof AppError || databaseError(result.error.cause))) throw toTrpcError(result.error.cause);
  return result;
});

const withAccess = (access: Access, loginMessage?: string) => t.procedure.use(mapAppErrors).use(({ ctx, next }) => next({ ctx: { ...ctx, caller: authorize(ctx.caller, access, loginMessage) } }));

/** What tRPC returns for an answer: the REST envelope without `success` (and without the REST status). */
export type TrpcOutput<T, X extends object> = { data: T; message?: string } & X;

export function toOutput<T, X extends object>(answer: Answer<T, X>): TrpcOutput<T, X> {
  return { ...(answer.extra as X), ...(answer.message ? { message: answer.message } : {}), data: answer.data } as TrpcOutput<T, X>;
}

/** The operation behind each procedure `query` and `mutation` make. */
const operationOfProcedure = new WeakMap<object, AnyOperation>();
/** Each router `router` made: its operations by dotted procedure name (`ideas.byId`). */
const operationsOfRouter = new WeakMap<object, Map<string, AnyOperation>>();

export function query<S extends ZodType, T, X extends object, A extends Access>(op: Operation<S, T, X, A>) {
  if (op.kind !== 'read') throw new Error('a write operation cannot be a tRPC query');
  const procedure = withAccess(op.access, op.loginMessage)
    .input(op.input)
    .query(async ({ ctx, input }) => toOutput(await op.run(ctx.caller as never, input as z.output<S>)));
  operationOfProcedure.set(procedure, op as unknown as AnyOperation);
  return procedure;
}

export function mutation<S extends ZodType, T, X extends object, A extends Access>(op: Operation<S, T, X, A>) {
  if (op.kind !== 'write') throw new Error('a read operation is a tRPC query');
  const procedure = withAccess(op.access, op.loginMessage)
    .input(op.input)
    .mutation(async ({ ctx, input }) => toOutput(await op.run(ctx.caller as never, input as z.output<S>)));
  operationOfProcedure.set(procedure, op as unknown as AnyOperation);
  return procedure;
}

/** A failure before tRPC saw the call (the body parser), answered as the error formatter shapes tRPC's own. */
export function sendTrpcError(res: Response, err: AppError): void {
  const code = ERROR_TABLE[err.code].trpc;
  res.status(err.status).json({ error: { code: TRPC_ERROR_CODES_BY_KEY[code], message: err.message, data: { code, httpStatus: err.status, appCode: err.code } } });
}

/**
 * tRPC's router, noting which operation each procedure runs, by its full name: the fast lane and the
 * REST document read that registry (`operationsByProcedure`), never tRPC's internals.
 */
export function router<R extends Parameters<typeof t.router>[0]>(record: R) {
  const made = t.router(record);
  const operations = new Map<string, AnyOperation>();
  for (const [name, child] of Object.entries(record)) {
    const op = operationOfProcedure.get(child);
    if (op) operations.set(name, op);
    for (const [inner, innerOp] of operationsOfRouter.get(child) ?? []) operations.set(`${name}.${inner}`, innerOp);
  }
  operationsOfRouter.set(made, operations);
  return made;
}

/** The operations of a router `router` made, by procedure name (`ideas.byId`), in declaration order. */
export function operationsByProcedure(made: object): ReadonlyMap<string, AnyOperation> {
  const operations = operationsOfRouter.get(made);
  if (!operations) throw new Error('not a router made by trpc/init.ts router()');
  return operations;
}
