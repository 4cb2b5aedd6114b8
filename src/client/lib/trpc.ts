/**
 * The client's API layer: tRPC over fetch with a 20 s timeout, the bearer token, clear errors for
 * unparsable or failed responses, read retries after 2, 4 and 8 s, and the session rule of
 * session-guard.ts (401, `x-session-expired`) applied to every response.
 */
import { QueryClient } from '@tanstack/react-query';
import { httpLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import type { AppRouter } from '../../server/trpc/routers/index.ts';
import { HTTP_TIMEOUT_MS, READ_RETRY_DELAYS_MS } from '../../shared/constants.ts';
import { ApiTransportError, httpStatusOf, statusError, TIMEOUT_ERROR, UNPARSABLE_RESPONSE } from './api-errors.ts';
import { bearerTokenOf, guardSession } from './session-guard.ts';
import { getToken } from './storage.ts';

export const trpc = createTRPCReact<AppRouter>();

export async function apiFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const timeout = AbortSignal.timeout(HTTP_TIMEOUT_MS);
  const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(input, { ...init, signal });
  } catch (err) {
    if (timeout.aborted) throw new ApiTransportError(TIMEOUT_ERROR);
    throw err;
  }
  guardSession(res, bearerTokenOf(init?.headers));
  const text = await res.text();
  try {
    JSON.parse(text);
  } catch {
    throw new ApiTransportError(res.ok ? UNPARSABLE_RESPONSE : statusError(res.status), res.status);
  }
  return new Response(text, { status: res.status, statusText: res.statusText, headers: res.headers });
}

/**
 * A call with its own, shorter timeout (the favourites client's 10 s, publishing §9): `run` gets the
 * signal to pass as tRPC's `{ signal }`; running out of time fails like apiFetch's own timeout.
 */
export async function withTimeout<T>(ms: number, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const signal = AbortSignal.timeout(ms);
  try {
    return await run(signal);
  } catch (err) {
    if (signal.aborted) throw new ApiTransportError(TIMEOUT_ERROR);
    throw err;
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
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry(failureCount, err) {
          const status = httpStatusOf(err);
          // A 4xx will not change on retry; network failures and 5xx may.
          if (status && status < 500) return false;
          return failureCount < READ_RETRY_DELAYS_MS.length;
        },
        retryDelay: (attempt) => READ_RETRY_DELAYS_MS[Math.min(attempt, READ_RETRY_DELAYS_MS.length - 1)],
        refetchOnWindowFocus: false,
        staleTime: 10_000,
      },
      // Writes are never retried: a retried publish would hit 409.
      mutations: { retry: false },
    },
  });
}

/** What each procedure answers, for typing a page's rows. */
export type RouterOutputs = import('@trpc/server').inferRouterOutputs<AppRouter>;
