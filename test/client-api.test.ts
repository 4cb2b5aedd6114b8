/** The client's API layer rules, without a browser: errors for bad responses, which calls retry and when. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import { ApiTransportError, statusError, UNPARSABLE_RESPONSE } from '../src/client/lib/api-errors.ts';
import { apiFetch, createQueryClient } from '../src/client/lib/trpc.ts';

afterEach(() => vi.unstubAllGlobals());

describe('client API layer', () => {
  it('turns an unparsable body into a clear error, with the status when it failed', async () => {
    vi.stubGlobal('fetch', async () => new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(apiFetch('/trpc/x')).rejects.toEqual(new ApiTransportError(statusError(502), 502));
    vi.stubGlobal('fetch', async () => new Response('<html>ok?</html>', { status: 200 }));
    await expect(apiFetch('/trpc/x')).rejects.toThrow(UNPARSABLE_RESPONSE);
    vi.stubGlobal('fetch', async () => new Response('{"result":{"data":1}}', { status: 200 }));
    expect(await (await apiFetch('/trpc/x')).json()).toEqual({ result: { data: 1 } });
  });

  it('retries reads 3 times after 2, 4 and 8 s, never a 4xx, never a write', () => {
    const options = createQueryClient().getDefaultOptions();
    const retry = options.queries!.retry as (count: number, err: unknown) => boolean;
    const delay = options.queries!.retryDelay as (attempt: number) => number;
    const serverError = new TRPCClientError('boom', { result: { error: { data: { httpStatus: 503 } } } as never });
    const clientError = TRPCClientError.from({ error: { message: '请先登录', code: -32001, data: { httpStatus: 401 } } } as never);
    expect([0, 1, 2, 3].map((n) => retry(n, serverError))).toEqual([true, true, true, false]);
    expect(retry(0, clientError)).toBe(false);
    expect([0, 1, 2].map(delay)).toEqual([2000, 4000, 8000]);
    expect(options.mutations!.retry).toBe(false);
  });
});
