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

/** Public reads whose first pages every visitor asks for. */
const REST_READS: Record<string, AnyOperation> = {
  '/api/ideas': ideaOps.publicPage,
  '/api/ideas/all': ideaOps.publicPage,
  '/api/ideas/guest': ideaOps.guestPage,
  '/api/ideas/hot': ideaOps.hot,
  '/api/ideas/recent': ideaOps.recent,
  '/api/ideas/all-versions': ideaOps.allVersions,
  // Each sort's first page (random: one per seed) and the first page of each search.
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
 * The cacheable read a GET names, or null: then Express answers (errors, cursors past the first
 * page…). Parsed only on a cache miss: hits are looked up by the request's URL as it came.
 */
export function cachedRead(deps: Deps, pathname: string, search: URLSearchParams): CachedRead | null {
  const rest = REST_READS[pathname];
  if (rest) {
    const input = parsedInput(rest.input, Object.fromEntries(search));
    // Deep pages change with every publish and are asked for far less often: they pass through.
    if (!input.ok || (input.value as { cursor?: string } | undefined)?.cursor) return null;
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
    if (!input.ok || (input.value as { cursor?: string } | undefined)?.cursor) return null;
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
