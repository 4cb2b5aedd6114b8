/** Turning any failed call into the Chinese sentence a person should read. */
import { TRPCClientError } from '@trpc/client';

export const NETWORK_ERROR = '网络连接失败，请检查网络后重试';
export const TIMEOUT_ERROR = '请求超时，请稍后重试';
export const UNPARSABLE_RESPONSE = '服务器返回的数据无法解析，请稍后重试';
export const statusError = (status: number) => `服务器错误（状态码 ${status}），请稍后重试`;

/** Thrown by the fetch wrapper; kept as the cause of the tRPC client error. */
export class ApiTransportError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ApiTransportError';
  }
}

/** The call ran out of its time (request-rules.ts) before the server answered. */
export class ApiTimeoutError extends ApiTransportError {
  constructor() {
    super(TIMEOUT_ERROR);
    this.name = 'ApiTimeoutError';
  }
}

/** Whether a failed call timed out (the fetch wrapper's error, bare or as a tRPC error's cause). */
export function isTimeout(err: unknown): boolean {
  return err instanceof ApiTimeoutError || (err instanceof TRPCClientError && err.cause instanceof ApiTimeoutError);
}

export function httpStatusOf(err: unknown): number | undefined {
  if (err instanceof TRPCClientError) {
    const data = err.data as { httpStatus?: number } | undefined;
    if (data?.httpStatus) return data.httpStatus;
    if (err.cause instanceof ApiTransportError) return err.cause.status;
  }
  return undefined;
}

export function isNetworkError(err: unknown): boolean {
  return err instanceof TRPCClientError && !err.data && (!(err.cause instanceof ApiTransportError) || err.cause.status === undefined);
}

/** Whether a failure is a 503 the server raised to say why (SMS not configured or refused, storage down): its message is for the person. */
function explainedUnavailable(err: TRPCClientError<never>, status: number | undefined): boolean {
  return status === 503 && (err.data as { appCode?: string } | undefined)?.appCode === 'UNAVAILABLE' && !!err.message;
}

/** How long to wait, in words: 30秒, 2分钟, 1小时 (rounded up, so the wait said is never too short). */
export function waitInWords(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.ceil(seconds))}秒`;
  if (seconds < 3600) return `${Math.ceil(seconds / 60)}分钟`;
  return `${Math.ceil(seconds / 3600)}小时`;
}

/**
 * The seconds a 429 asks to wait (its Retry-After, `data.retryAfter` in tRPC); undefined for any other
 * failure. Only a 429's wait is a promise that trying again then will work: a 503's Retry-After is put
 * into no message, since its write may have happened.
 */
export function retryAfterOf(err: unknown): number | undefined {
  if (!(err instanceof TRPCClientError) || httpStatusOf(err) !== 429) return undefined;
  const retryAfter = (err.data as { retryAfter?: unknown } | undefined)?.retryAfter;
  return typeof retryAfter === 'number' && retryAfter > 0 ? retryAfter : undefined;
}

/**
 * A 429's message with the wait the server sent (its Retry-After, `data.retryAfter` in tRPC) in place
 * of the spec's 稍后: 请稍后再试 becomes 请42秒后再试.
 */
function withWait(message: string, err: TRPCClientError<never>): string {
  const retryAfter = retryAfterOf(err);
  if (retryAfter === undefined) return message;
  // Only where it says 稍后: a message that names its own time (请明天再试) is not told a second one.
  return message.replace('稍后', `${waitInWords(retryAfter)}后`);
}

/**
 * The server's Chinese message for a 4xx, and for a 503 it explained (短信服务未配置，请联系管理员);
 * the given fallback for other 5xx or a network failure.
 */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof TRPCClientError) {
    const status = httpStatusOf(err);
    if (err.cause instanceof ApiTransportError) return err.cause.message;
    if (status && (status < 500 || explainedUnavailable(err, status)) && err.message) return withWait(err.message, err);
    if (!err.data) return fallback;
  }
  return fallback;
}

/** Extra fields the server attached to a failure (errorType, duplicateInfo, moderationResult…). */
export function errorExtra(err: unknown): Record<string, unknown> {
  if (err instanceof TRPCClientError) return (err.data as { extra?: Record<string, unknown> } | undefined)?.extra ?? {};
  return {};
}

/** Per-field messages from a zod validation failure on the server. */
export function fieldErrors(err: unknown): Record<string, string[] | undefined> {
  if (err instanceof TRPCClientError) return (err.data as { zodError?: { fieldErrors?: Record<string, string[]> } } | undefined)?.zodError?.fieldErrors ?? {};
  return {};
}

/** A failed call reduced to what the pages' error rules read: status, no-answer, the server's 4xx message. */
export function failureOf(err: unknown): { status?: number; network: boolean; serverMessage?: string } {
  if (err instanceof ApiTransportError) return { status: err.status, network: err.status === undefined };
  const status = httpStatusOf(err);
  const serverMessage = err instanceof TRPCClientError && err.data && status && status < 500 ? withWait(err.message, err) : undefined;
  return { status, network: isNetworkError(err), serverMessage };
}
