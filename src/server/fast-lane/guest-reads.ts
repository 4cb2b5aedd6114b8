/**
 * Reads for callers without a token, from the shared cache (response-cache.ts): an answer in memory
 * is sent at once; otherwise the operation runs once for everyone asking the same (getOrFill) and its
 * answer is kept until a write that changes what it shows drops it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { rememberDatabaseFailure } from '../kernel/errors.ts';
import { runForGuest } from './fast-reads.ts';
import { keyOf, type KnownRead, type Lane } from './lane.ts';
import type { PreparedAnswer } from './response-cache.ts';

export interface GuestReads {
  /** A guest's cached read: looked up by URL when seen before, else by its parsed input. */
  serve(req: IncomingMessage, res: ServerResponse, read: KnownRead): void;
  /** The guests' answer of a cached read: from memory, or filled (throws what the read throws). */
  answer(req: IncomingMessage, read: KnownRead): Promise<PreparedAnswer | null>;
}

export function guestReads(lane: Lane): GuestReads {
  const { deps, app, answers } = lane;
  const cache = deps.publicCache;

  const compute = (req: IncomingMessage, read: KnownRead) => async () => answers.fromComputed(await runForGuest(deps, read.found, read.input, lane.clientIp(req)), 'no-cache');

  async function fill(req: IncomingMessage, res: ServerResponse, read: KnownRead): Promise<void> {
    const declared = read.found.read.op.cache!;
    try {
      const answer = await cache.getOrFill(keyOf(read), declared.shows, compute(req, read), declared.about?.(read.input));
      if (answer) return answers.send(req, res, answer);
    } catch (err) {
      // Express answers the failure with the error model (and logs it).
      rememberDatabaseFailure(req, err);
    }
    app(req, res);
  }

  return {
    serve(req, res, read) {
      const hit = cache.get(keyOf(read));
      if (hit) return answers.send(req, res, hit);
      void fill(req, res, read);
    },
    async answer(req, read) {
      const declared = read.found.read.op.cache!;
      return cache.get(keyOf(read)) ?? cache.getOrFill(keyOf(read), declared.shows, compute(req, read), declared.about?.(read.input));
    },
  };
}
