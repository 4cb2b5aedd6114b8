/**
 * How long the client waits for one call, and which failed reads it tries again (docs/spec/publishing-and-browsing.md §4, §7):
 * one rule for every call the app makes, so a page never waits longer than its timeout to say so.
 */
import { FAVORITES_TIMEOUT_MS, HTTP_TIMEOUT_MS, READ_RETRY_DELAYS_MS } from '../../shared/constants.ts';

/** tRPC procedures of the favourites client, which gives up sooner (docs/spec/publishing-and-browsing.md §7). */
const FAVORITES_PROCEDURE = /^\/trpc\/favorites\.[A-Za-z]+(?:[?,]|$)/;

/** The timeout of a call to `url` (a path such as `/trpc/favorites.list?input=…`, or a full URL). */
export function requestTimeoutMs(url: string): number {
  let path = url;
  try {
    const parsed = new URL(url, 'http://app.invalid');
    path = parsed.pathname + parsed.search;
  } catch {
    // Not a URL: judged as it is.
  }
  return FAVORITES_PROCEDURE.test(path) ? FAVORITES_TIMEOUT_MS : HTTP_TIMEOUT_MS;
}

/**
 * Whether a failed read is tried again (after READ_RETRY_DELAYS_MS). Not a 4xx (the answer will not
 * change) and not a timeout: the member has waited the whole timeout already, so they get the error
 * and its 重试 button at once rather than three more timeouts. Network failures and 5xx answers,
 * which come back quickly, are tried again.
 */
export function retriesRead(failureCount: number, failure: { status?: number; timedOut: boolean }): boolean {
  if (failure.timedOut) return false;
  if (failure.status && failure.status < 500) return false;
  return failureCount < READ_RETRY_DELAYS_MS.length;
}
