/**
 * The hot public reads the fast lane answers from memory: the same operations the REST shim and
 * tRPC expose, run for an anonymous caller and serialized exactly as those transports would. Only
 * requests without an Authorization header come here, so nothing personal is ever cached.
 */
import type { ZodType } from 'zod';
import type { Deps } from '../deps.ts';
import { ideaOps } from '../ideas/operations.ts';
import { marketplaceOps } from '../marketplace/operations.ts';
import type { Caller } from '../request/caller.ts';
import type { AnyOperation } from '../request/operation.ts';
import { restBody } from '../rest/route.ts';
import { toOutput } from '../trpc/init.ts';

/**
 * Public reads every visitor asks for, first pages and the pages after them: a guest scrolling a
 * sort asks for the same cursors as the guests before (the newest order, or one of the 64 random
 * seeds), until a write clears them all. The LRU bounds what a crawler walking cursors can hold.
 */
const REST_READS: Record<string, AnyOperation> = {
  '/api/ideas': ideaOps.publicPage,
  '/api/ideas/all': ideaOps.publicPage,
  '/api/ideas/guest': ideaOps.guestPage,
  '/api/ideas/hot': ideaOps.hot,
  '/api/ideas/recent': ideaOps.recent,
  '/api/ideas/all-versions': ideaOps.allVersions,
  // Each sort's pages (random: per seed) and each search's.
  '/api/marketplace/ideas': marketplaceOps.ideas,
  '/api/marketplace/search': marketplaceOps.search,
};

const TRPC_READS: Record<string, AnyOperation> = {
  '/trpc/ideas.publicPage': ideaOps.publicPage,
  '/trpc/ideas.guestPage': ideaOps.guestPage,
  '/trpc/ideas.hot': ideaOps.hot,
  '/trpc/ideas.recent': ideaOps.recent,
  '/trpc/ideas.allVersions': ideaOps.allVersions,
  '/trpc/marketplace.ideas': marketplaceOps.ideas,
  '/trpc/marketplace.search': marketplaceOps.search,
};

export interface ComputedRead {
  status: number;
  contentType: string;
  extraHeaders: [string, string][];
  body: Buffer;
}

export interface CachedRead {
  compute(): Promise<ComputedRead>;
}

function parsedInput(schema: ZodType, raw: unknown): { ok: true; value: unknown } | { ok: false } {
  const parsed = schema.safeParse(raw);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false };
}

const anonymous = (deps: Deps): Caller => ({ deps, auth: null, tokenPresented: false, ip: '' });

/** Whether a path is one of the cached reads (checked before anything is parsed). */
export const isCachedReadPath = (pathname: string) => pathname in REST_READS || pathname in TRPC_READS;

/**
 * The cacheable read a GET names, or null: then Express answers (input it refuses). Parsed only on
 * a cache miss: hits are looked up by the request's URL as it came. A cursor the operation refuses
 * fails the fill, and Express answers that too.
 */
export function cachedRead(deps: Deps, pathname: string, search: URLSearchParams): CachedRead | null {
  const rest = REST_READS[pathname];
  if (rest) {
    const input = parsedInput(rest.input, Object.fromEntries(search));
    if (!input.ok) return null;
    return {
      async compute() {
        const answer = await rest.run(anonymous(deps), input.value);
        return { status: answer.status ?? 200, contentType: 'application/json; charset=utf-8', extraHeaders: [], body: Buffer.from(JSON.stringify(restBody(answer))) };
      },
    };
  }
  const trpc = TRPC_READS[pathname];
  // A batch goes to tRPC's own handler, which refuses it.
  if (trpc && !search.has('batch')) {
    let raw: unknown;
    try {
      raw = search.has('input') ? JSON.parse(search.get('input')!) : undefined;
    } catch {
      return null;
    }
    const input = parsedInput(trpc.input, raw);
    if (!input.ok) return null;
    return {
      async compute() {
        const answer = await trpc.run(anonymous(deps), input.value);
        // tRPC's own answer to a query: { result: { data } }, with the Vary its handler sets.
        return { status: 200, contentType: 'application/json', extraHeaders: [['vary', 'trpc-accept, accept']], body: Buffer.from(JSON.stringify({ result: { data: toOutput(answer) } })) };
      },
    };
  }
  return null;
}
