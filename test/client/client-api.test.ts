/** The client's API layer rules, without a browser: errors for bad responses, which calls retry and when. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import { ApiTimeoutError, ApiTransportError, isTimeout, statusError, TIMEOUT_ERROR, UNPARSABLE_RESPONSE } from '../../src/client/lib/api-errors.ts';
import { requestTimeoutMs } from '../../src/client/lib/request-rules.ts';
import { apiFetch, createQueryClient } from '../../src/client/lib/trpc.ts';
import { FAVORITES_TIMEOUT_MS, HTTP_TIMEOUT_MS } from '../../src/shared/constants.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A server that never answers: the call ends only when its signal aborts. */
function hangingFetch() {
  return (_input: unknown, init?: RequestInit) => new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
}

/** How long apiFetch(url) waits for a server that never answers before it fails with the timeout. */
async function waitedMs(url: string): Promise<number> {
  vi.useFakeTimers();
  vi.stubGlobal('fetch', hangingFetch());
  const started = Date.now();
  let failure: unknown = null;
  const call = apiFetch(url).catch((err) => (failure = err));
  while (!failure) await vi.advanceTimersByTimeAsync(500);
  await call;
  expect(failure).toBeInstanceOf(ApiTimeoutError);
  expect((failure as Error).message).toBe(TIMEOUT_ERROR);
  return Date.now() - started;
}

describe('client API layer', () => {
  it('turns an unparsable body into a clear error, with the status when it failed', async () => {
    vi.stubGlobal('fetch', async () => new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(apiFetch('/trpc/x')).rejects.toEqual(new ApiTransportError(statusError(502), 502));
    vi.stubGlobal('fetch', async () => new Response('<html>ok?</html>', { status: 200 }));
    await expect(apiFetch('/trpc/x')).rejects.toThrow(UNPARSABLE_RESPONSE);
    vi.stubGlobal('fetch', async () => new Response('{"result":{"data":1}}', { status: 200 }));
    expect(await (await apiFetch('/trpc/x')).json()).toEqual({ result: { data: 1 } });
  });

  it('gives up after 20 s, and after 10 s on every favourites call (docs/spec/publishing-and-browsing.md §7)', async () => {
    expect(await waitedMs('/trpc/messages.list?input=%7B%7D')).toBe(HTTP_TIMEOUT_MS);
    expect(await waitedMs('/trpc/favorites.list')).toBe(FAVORITES_TIMEOUT_MS);
    expect(requestTimeoutMs('/trpc/favorites.check?input=%7B%22ideaId%22%3A1%7D')).toBe(FAVORITES_TIMEOUT_MS);
    expect(requestTimeoutMs('http://localhost:3000/trpc/favorites.set')).toBe(FAVORITES_TIMEOUT_MS);
    expect(requestTimeoutMs('/trpc/favoritesExtra.list')).toBe(HTTP_TIMEOUT_MS);
    expect(requestTimeoutMs('/trpc/ideas.byId?input=favorites.list')).toBe(HTTP_TIMEOUT_MS);
    expect(requestTimeoutMs('/api/upload/idea-image')).toBe(HTTP_TIMEOUT_MS);
  });

  it('does not retry a read that timed out: the page shows its error once the timeout has passed', () => {
    const retry = createQueryClient().getDefaultOptions().queries!.retry as (count: number, err: unknown) => boolean;
    const timedOut = new TRPCClientError(TIMEOUT_ERROR, { cause: new ApiTimeoutError() });
    expect(isTimeout(timedOut)).toBe(true);
    expect(retry(0, timedOut)).toBe(false);
    const refused = new TRPCClientError('Failed to fetch', { cause: new TypeError('Failed to fetch') });
    expect(isTimeout(refused)).toBe(false);
    expect([0, 1, 2, 3].map((n) => retry(n, refused))).toEqual([true, true, true, false]);
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

describe('error messages', () => {
  it('shows the server’s message for a 4xx and for a 503 it explained (SMS not configured), the fallback for other 5xx', async () => {
    const { errorMessage } = await import('../../src/client/lib/api-errors.ts');
    const failure = (httpStatus: number, message: string, data: Record<string, unknown> = {}) => TRPCClientError.from({ error: { message, code: -32000, data: { httpStatus, ...data } } } as never);
    expect(errorMessage(failure(400, '验证码错误或已过期', { appCode: 'BAD_REQUEST' }), '注册失败')).toBe('验证码错误或已过期');
    const notConfigured = failure(503, '短信服务未配置，请联系管理员', { appCode: 'UNAVAILABLE', extra: { smsError: '短信服务未配置' } });
    expect(errorMessage(notConfigured, '发送验证码失败，请稍后重试')).toBe('短信服务未配置，请联系管理员');
    expect(errorMessage(failure(500, '服务器开小差了，请稍后重试', { appCode: 'INTERNAL' }), '发送失败')).toBe('发送失败');
    // A 503 without the server's own reason (a proxy in front, tRPC itself) keeps the fallback.
    expect(errorMessage(failure(503, 'Service Unavailable'), '发送失败')).toBe('发送失败');
  });
});

describe('waits in refusals', () => {
  const refusal = (httpStatus: number, message: string, retryAfter?: number) =>
    TRPCClientError.from({ error: { message, code: -32000, data: { httpStatus, appCode: 'TOO_MANY_REQUESTS', ...(retryAfter === undefined ? {} : { retryAfter }) } } } as never);

  it('says how long to wait where the server said 请稍后再试, from its Retry-After', async () => {
    const { errorMessage, failureOf } = await import('../../src/client/lib/api-errors.ts');
    expect(errorMessage(refusal(429, '验证码发送过于频繁，请稍后再试', 42), '发送失败')).toBe('验证码发送过于频繁，请42秒后再试');
    expect(errorMessage(refusal(429, '密码错误次数过多，请稍后再试', 61), '失败')).toBe('密码错误次数过多，请2分钟后再试');
    expect(errorMessage(refusal(429, '该手机号登录失败次数过多，请稍后再试或找回密码', 900), '失败')).toBe('该手机号登录失败次数过多，请15分钟后再试或找回密码');
    expect(errorMessage(refusal(429, '评论过于频繁，请稍后重试', 3601), '失败')).toBe('评论过于频繁，请2小时后重试');
    // A message that names its own time is left as it is (a walkthrough read 请明天再试（24小时后可再试）), and so is one without a wait sent.
    expect(errorMessage(refusal(429, '今日验证码发送次数已达上限，请明天再试', 86_400), '失败')).toBe('今日验证码发送次数已达上限，请明天再试');
    expect(errorMessage(refusal(429, '上传过于频繁，请稍后再试'), '失败')).toBe('上传过于频繁，请稍后再试');
    expect(failureOf(refusal(429, '搜索过于频繁，请稍后再试', 0.2)).serverMessage).toBe('搜索过于频繁，请1秒后再试');
    // Only a 429: a 503 whose write may have gone through must not invite sending it again, nor a 409's hint repeat.
    const unknownCommit = TRPCClientError.from({ error: { message: '数据库连接中断，请刷新页面确认后再试', code: -32000, data: { httpStatus: 503, appCode: 'UNAVAILABLE', retryAfter: 5 } } } as never);
    expect(errorMessage(unknownCommit, '失败')).toBe('数据库连接中断，请刷新页面确认后再试');
    expect(errorMessage(refusal(409, '发布过于频繁，请稍后再试', 120), '失败')).toBe('发布过于频繁，请稍后再试');
  });
});

describe('publish failure messages', () => {
  const serverError = (httpStatus: number, message: string, extra: Record<string, unknown> = {}) => TRPCClientError.from({ error: { message, code: -32000, data: { httpStatus, extra } } } as never);

  it('adds the hint for each duplicate type and offers to save a draft', async () => {
    const { publishFailure } = await import('../../src/client/components/editor/publish-failure.ts');
    const hints: Record<string, string> = {
      exact: '请撰写不同的内容，或编辑已有的创意',
      similar_title: '请修改标题，或24小时后再试',
      highly_similar: '请大幅修改内容，增加更多原创性',
      rate_limit: '请稍后再试，或先保存为草稿',
    };
    for (const [type, hint] of Object.entries(hints)) {
      const failure = publishFailure(serverError(409, '服务器的说明', { errorType: 'duplicate_content', duplicateInfo: { type } }));
      expect(failure).toEqual({ message: '服务器的说明', hint, offerDraft: true });
    }
    const moderation = publishFailure(serverError(403, '内容包含敏感词', { errorType: 'content_moderation', moderationResult: { matchedWords: ['赌博'] } }));
    expect(moderation).toEqual({ message: '内容包含敏感词', hint: '请修改相关内容后重新提交', detail: '涉及词语：赌博', offerDraft: true });
    expect(publishFailure(serverError(401, 'x')).message).toBe('请先登录后再发布创意');
    expect(publishFailure(serverError(500, 'internal')).message).toBe('发布创意失败，请重试');
  });

  it('says which call failed: creating an idea, publishing a draft, saving a draft (docs/spec/publishing-and-browsing.md §8)', async () => {
    const { draftFailure, publishFailure } = await import('../../src/client/components/editor/publish-failure.ts');
    const retry = '请稍后重试，你写的内容还在这里';
    expect(draftFailure(serverError(500, 'internal'), { creating: true })).toEqual({ message: '创建创意失败', hint: retry });
    expect(draftFailure(serverError(500, 'internal'))).toEqual({ message: '保存草稿失败，请重试' });
    expect(publishFailure(serverError(500, 'internal'), { draft: true })).toEqual({ message: '发布草稿失败', hint: retry });
    expect(publishFailure(serverError(500, 'internal'))).toEqual({ message: '发布创意失败，请重试' });
    // The server's own 4xx sentence wins over the defaults.
    expect(draftFailure(serverError(400, '草稿太多了'), { creating: true })).toEqual({ message: '草稿太多了' });
    expect(publishFailure(serverError(400, '标题太长'), { draft: true })).toEqual({ message: '标题太长' });
  });
});
