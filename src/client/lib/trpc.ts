/**
 * The client's API layer: tRPC over fetch with the timeouts of request-rules.ts (20 s; the
 * favourites client's 10 s), the bearer token, clear errors for unparsable or failed responses, read
 * retries after 2, 4 and 8 s (never after a timeout), and the session rule of session-guard.ts (401,
 * `x-session-expired`) applied to every response.
 */
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { httpLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import type { AppRouter } from '../../server/trpc/routers/index.ts';
import { READ_RETRY_DELAYS_MS } from '../../shared/constants.ts';
import { ApiTimeoutError, ApiTransportError, httpStatusOf, isTimeout, statusError, UNPARSABLE_RESPONSE } from './api-errors.ts';
import { requestTimeoutMs, retriesRead } from './request-rules.ts';
import { bearerTokenOf, guardSession } from './session-guard.ts';
import { getToken } from './storage.ts';

export const trpc = createTRPCReact<AppRouter>();

function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/**
 * A signal that aborts after `ms`, from a timer (not AbortSignal.timeout): the page's clock drives
 * it, so a browser test can let the time pass without waiting for it.
 */
function timeoutSignal(ms: number): { signal: AbortSignal; done: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), ms);
  return { signal: controller.signal, done: () => clearTimeout(timer) };
}

export async function apiFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const timeout = timeoutSignal(requestTimeoutMs(urlOf(input)));
  const signal = init?.signal ? AbortSignal.any([init.signal, timeout.signal]) : timeout.signal;
  try {
    let res: Response;
    try {
      res = await fetch(input, { ...init, signal });
    } catch (err) {
      if (timeout.signal.aborted) throw new ApiTimeoutError();
      throw err;
    }
    guardSession(res, bearerTokenOf(init?.headers));
    let text: string;
    try {
      text = await res.text();
    } catch (err) {
      if (timeout.signal.aborted) throw new ApiTimeoutError();
      throw err;
    }
    try {
      JSON.parse(text);
    } catch {
      throw new ApiTransportError(res.ok ? UNPARSABLE_RESPONSE : statusError(res.status), res.status);
    }
    return new Response(text, { status: res.status, statusText: res.statusText, headers: res.headers });
  } finally {
    timeout.done();
  }
}

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      httpLink({
        url: '/trpc',
        fetch: apiFetch,
        headers() {
          const token = getToken();
          return token ? { authorization: `Bearer ${token}` } : {};
        },
      }),
    ],
  });
}

export function createQueryClient() {
  // react-query learns of a change from the online/offline events: a page opened offline starts offline.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, err) => retriesRead(failureCount, { status: httpStatusOf(err), timedOut: isTimeout(err) }),
        retryDelay: (attempt) => READ_RETRY_DELAYS_MS[Math.min(attempt, READ_RETRY_DELAYS_MS.length - 1)],
        refetchOnWindowFocus: false,
        // Offline (the browser says so), a read waits, paused, and runs once the connection is back;
        // the offline banner says so meanwhile. A read that failed is asked again then too.
        networkMode: 'online',
        refetchOnReconnect: true,
        staleTime: 10_000,
      },
      // Writes are never retried (a retried publish would hit 409), nor held back offline: they fail
      // at once with their message, and what was typed stays.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/** What each procedure answers, for typing a page's rows. */
export type RouterOutputs = import('@trpc/server').inferRouterOutputs<AppRouter>;
