/**
 * One error model for the whole server: services throw AppError; the tRPC error formatter and the
 * REST error handler both read the same table, so status codes and Chinese messages come from one place.
 */
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';
import type { ZodError } from 'zod';
import { databaseFailure, isCommitOutcomeUnknown } from '../../../db/failures.ts';
import { processLog } from './process-log.ts';

export type AppErrorCode =
  'BAD_REQUEST' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'GONE' | 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE' | 'TOO_MANY_REQUESTS' | 'UNAVAILABLE' | 'INTERNAL';

export const ERROR_TABLE: Record<AppErrorCode, { status: number; trpc: TRPC_ERROR_CODE_KEY }> = {
  BAD_REQUEST: { status: 400, trpc: 'BAD_REQUEST' },
  UNAUTHORIZED: { status: 401, trpc: 'UNAUTHORIZED' },
  FORBIDDEN: { status: 403, trpc: 'FORBIDDEN' },
  NOT_FOUND: { status: 404, trpc: 'NOT_FOUND' },
  CONFLICT: { status: 409, trpc: 'CONFLICT' },
  // tRPC has no 410; PRECONDITION_FAILED carries it and `data.httpStatus` says 410.
  GONE: { status: 410, trpc: 'PRECONDITION_FAILED' },
  PAYLOAD_TOO_LARGE: { status: 413, trpc: 'PAYLOAD_TOO_LARGE' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, trpc: 'UNSUPPORTED_MEDIA_TYPE' },
  TOO_MANY_REQUESTS: { status: 429, trpc: 'TOO_MANY_REQUESTS' },
  UNAVAILABLE: { status: 503, trpc: 'SERVICE_UNAVAILABLE' },
  INTERNAL: { status: 500, trpc: 'INTERNAL_SERVER_ERROR' },
};

export const INTERNAL_MESSAGE = '服务器开小差了，请稍后重试';
export const NOT_LOGGED_IN_MESSAGE = '请先登录';
export const SESSION_EXPIRED_MESSAGE = '登录已过期，请重新登录';
export const ADMIN_ONLY_MESSAGE = '仅管理员可以访问';
export const INVALID_INPUT_MESSAGE = '请求参数不正确';
export const NOT_JSON_MESSAGE = '请求内容不是有效的 JSON';
export const JSON_ONLY_MESSAGE = '请求内容必须是 JSON（Content-Type: application/json）';

/**
 * Chinese messages for failures raised by the frameworks themselves (tRPC, body parsers, static
 * files), which come with English text or none: one table for every transport.
 */
export const FRAMEWORK_MESSAGES = {
  badRequest: '请求格式不正确',
  notJson: NOT_JSON_MESSAGE,
  notFound: '接口不存在',
  fileNotFound: '文件不存在',
  forbidden: '禁止访问',
  methodNotAllowed: '请求方法不正确',
  tooLarge: '请求内容过大',
  headersTooLarge: '请求头过大，请缩短地址或减少 Cookie 后重试',
  timedOut: '请求超时，请重试',
  tooDeep: '请求内容的嵌套层级过多',
  tooWide: '请求内容的字段过多',
  unsupportedMediaType: '不支持的请求内容格式',
  other: '请求无法处理',
} as const;

/** The message for a 4xx status raised outside our code (static files, body parser). */
export function frameworkMessage(status: number): string {
  const byStatus: Record<number, string> = {
    400: FRAMEWORK_MESSAGES.badRequest,
    403: FRAMEWORK_MESSAGES.forbidden,
    404: FRAMEWORK_MESSAGES.fileNotFound,
    405: FRAMEWORK_MESSAGES.methodNotAllowed,
    413: FRAMEWORK_MESSAGES.tooLarge,
    408: FRAMEWORK_MESSAGES.timedOut,
    415: FRAMEWORK_MESSAGES.unsupportedMediaType,
    431: FRAMEWORK_MESSAGES.headersTooLarge,
  };
  return byStatus[status] ?? FRAMEWORK_MESSAGES.other;
}

/** zod's first issue is the message (our schemas carry Chinese text); forms read the rest per field. */
export function validationMessage(err: ZodError): string {
  return err.issues[0]?.message ?? INVALID_INPUT_MESSAGE;
}

/** Fields a failure may carry beside `message` (errorType, duplicateInfo, moderationResult…). */
export type ErrorExtra = Record<string, unknown>;

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly extra: ErrorExtra;
  /** Seconds, sent as the Retry-After header on 429. */
  readonly retryAfter?: number;

  constructor(code: AppErrorCode, message: string, options: { extra?: ErrorExtra; retryAfter?: number } = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.extra = options.extra ?? {};
    this.retryAfter = options.retryAfter;
  }

  get status(): number {
    return ERROR_TABLE[this.code].status;
  }
}

export const badRequest = (message: string, extra?: ErrorExtra) => new AppError('BAD_REQUEST', message, { extra });
export const unauthorized = (message = NOT_LOGGED_IN_MESSAGE) => new AppError('UNAUTHORIZED', message);
export const forbidden = (message: string, extra?: ErrorExtra) => new AppError('FORBIDDEN', message, { extra });
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const conflict = (message: string, extra?: ErrorExtra) => new AppError('CONFLICT', message, { extra });
export const gone = (message: string) => new AppError('GONE', message);
export const tooManyRequests = (message: string, retryAfter: number) => new AppError('TOO_MANY_REQUESTS', message, { retryAfter });

/**
 * When the database is down, restarting, or too busy (db/failures.ts): a 503 with Retry-After, on
 * every transport, never a 500 or a hang. Contention that outlived the retries of db/transaction.ts
 * reads as busy too.
 */
export const DATABASE_MSG = {
  unavailable: '数据库暂时无法连接，请稍后重试',
  busy: '服务器繁忙，请稍后重试',
  commitUnknown: '数据库连接中断，操作结果未知，请刷新页面确认后再试',
} as const;

/** The 503 a database failure answers, or undefined when `err` is not one. */
export function databaseError(err: unknown): AppError | undefined {
  const failure = databaseFailure(err);
  if (!failure) return undefined;
  if (isCommitOutcomeUnknown(err)) return new AppError('UNAVAILABLE', DATABASE_MSG.commitUnknown, { retryAfter: 5 });
  if (failure === 'connection') return new AppError('UNAVAILABLE', DATABASE_MSG.unavailable, { retryAfter: 5 });
  return new AppError('UNAVAILABLE', DATABASE_MSG.busy, { retryAfter: 2 });
}

/** Whatever was thrown, as what a client may see: an AppError keeps its message, a database failure is a 503, anything else is a 500. */
export function toPublicError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  return databaseError(err) ?? new AppError('INTERNAL', INTERNAL_MESSAGE);
}

const FAILED = Symbol('databaseFailure');

/**
 * The fast lane met a database failure: it notes the 503 on the request and hands it to Express,
 * which answers it at once (app.ts) instead of running the read again into the same wait.
 */
export function rememberDatabaseFailure(req: object, err: unknown): void {
  const failure = databaseError(err);
  if (!failure) return;
  logFailure('fast-lane', err);
  (req as { [FAILED]?: AppError })[FAILED] = failure;
}

export function rememberedDatabaseFailure(req: object): AppError | undefined {
  return (req as { [FAILED]?: AppError })[FAILED];
}

/** How often one kind of database failure is written while it lasts; the requests between are counted. */
export const DATABASE_FAILURE_LOG_EVERY_MS = 5000;
const failureLines = new Map<string, { at: number; since: number }>();

/**
 * A database failure in one line, at most one per kind and place every 5 s with how many more there
 * were (an outside review counted 2,900 plain-text lines for a 12 s outage of two processes; their
 * stacks say nothing); any other error whole.
 */
export function logFailure(where: string, err: unknown, now = Date.now()): void {
  const failure = databaseFailure(err);
  // The error itself to pino, which writes its stack, cause and own fields.
  if (!failure) return processLog.error(`[${where}] ${(err as Error)?.message ?? String(err)}`, { where, err });
  const code = (err as { code?: string }).code ?? '';
  const key = `${where} ${failure} ${code}`;
  const last = failureLines.get(key);
  if (last && now - last.at < DATABASE_FAILURE_LOG_EVERY_MS) {
    last.since += 1;
    return;
  }
  failureLines.set(key, { at: now, since: 0 });
  processLog.warn(`数据库${DATABASE_FAILURE_NAMES[failure]}：${code} ${(err as Error).message ?? ''}`.trim(), { where, failure, code, ...(last?.since ? { alsoSince: last.since } : {}) });
}

const DATABASE_FAILURE_NAMES = { connection: '连接失败', overload: '繁忙', conflict: '冲突' } as const;
