/**
 * The fast lane's routes, read off the operations: every REST GET route and every tRPC query whose
 * operation says it may be cached (`cache`) or answered without Express (`hot`). Nothing here names a
 * path or an operation: declare it on the operation and both transports follow.
 */
import { match, type MatchFunction } from 'path-to-regexp';
import { operationsByProcedure } from '../trpc/init.ts';
import type { AnyOperation } from '../contract/operation.ts';
import { restRoutes } from '../rest/index.ts';
import { appRouter } from '../trpc/routers/index.ts';

export type Transport = 'rest' | 'trpc';

export interface FastRead {
  op: AnyOperation;
  transport: Transport;
  /** One name per route, the first part of its cache key. */
  id: string;
}

export interface FoundRead {
  read: FastRead;
  /** Path parameters (REST), decoded. */
  params: Record<string, string>;
}

const REST_PREFIX = '/api';

/** REST GET routes in the order Express tries them (restRoutes is in rest/route.ts `matchOrder`). */
function restTable() {
  const exact = new Map<string, FastRead | null>();
  const patterns: { match: MatchFunction<Partial<Record<string, string | string[]>>>; read: FastRead | null }[] = [];
  for (const route of restRoutes) {
    if (route.method !== 'get') continue;
    const read: FastRead | null = route.op.cache || route.op.hot ? { op: route.op, transport: 'rest', id: `GET ${route.path}` } : null;
    const full = REST_PREFIX + route.path;
    if (!route.path.includes(':')) {
      // An earlier route that matches this path wins in Express, and so here.
      if (!exact.has(full) && !patterns.some((p) => p.match(full))) exact.set(full, read);
    } else {
      patterns.push({ match: match(full, { decode: decodeURIComponent }), read });
    }
  }
  return { exact, patterns };
}

function trpcTable(): Map<string, FastRead> {
  const table = new Map<string, FastRead>();
  for (const [name, op] of operationsByProcedure(appRouter)) {
    if (op.cache || op.hot) table.set(`/trpc/${name}`, { op, transport: 'trpc', id: `trpc ${name}` });
  }
  return table;
}

export interface FastRoutes {
  /** The fast read a GET path names, or undefined: then Express answers (a malformed escape included). */
  find(pathname: string): FoundRead | undefined;
}

export function fastRoutes(): FastRoutes {
  const rest = restTable();
  const trpc = trpcTable();
  return {
    find(pathname) {
      const procedure = trpc.get(pathname);
      if (procedure) return { read: procedure, params: {} };
      if (!pathname.startsWith(REST_PREFIX)) return undefined;
      const exact = rest.exact.get(pathname);
      if (exact !== undefined) return exact ? { read: exact, params: {} } : undefined;
      for (const p of rest.patterns) {
        let found: ReturnType<typeof p.match>;
        try {
          found = p.match(pathname);
        } catch {
          // A malformed escape (`%E0%A4%A`): Express answers it.
          return undefined;
        }
        if (found) return p.read ? { read: p.read, params: found.params as Record<string, string> } : undefined;
      }
      return undefined;
    },
  };
}
