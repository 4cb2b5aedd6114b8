/** What the fast lane's parts share: the app's dependencies, Express behind them, the way answers are sent, and the URLs understood. */
import type { IncomingMessage } from 'node:http';
import type { Express } from 'express';
import type { Deps } from '../deps.ts';
import type { Answers } from './answers.ts';
import { cacheKeyOf, parseInput } from './fast-reads.ts';
import type { FastRoutes, FoundRead } from './routes.ts';

export interface Lane {
  deps: Deps;
  /** Express: whatever the fast lane does not answer, and every failure (with the error model). */
  app: Express;
  answers: Answers;
  /** The client's address as Express sees it (TRUST_PROXY), for the rate limits of the reads run here; worked out only if asked. */
  clientIp(req: IncomingMessage): () => string;
}

/** A fast read's URL, understood: its route, its parsed input and (built on first use) its cache key. */
export interface KnownRead {
  found: FoundRead;
  input: unknown;
  key?: string;
}

export const keyOf = (read: KnownRead) => (read.key ??= cacheKeyOf(read.found, read.input));

/** URLs remembered with their route and parsed input, so a repeated call parses nothing; cleared when full (a crawler's junk only costs parsing). */
const KEY_MEMO_MAX = 10_000;

/** The fast read a URL names with its parsed input, or null (Express answers: no such read, or input it refuses). */
export function knownReads(routes: FastRoutes): (url: string, pathname: string, search: string) => KnownRead | null {
  const memo = new Map<string, KnownRead | null>();
  return (url, pathname, search) => {
    let read = memo.get(url);
    if (read === undefined) {
      const found = routes.find(pathname);
      const input = found ? parseInput(found, search) : undefined;
      read = found && input ? { found, input: input.value } : null;
      if (memo.size >= KEY_MEMO_MAX) memo.clear();
      memo.set(url, read);
    }
    return read;
  };
}
