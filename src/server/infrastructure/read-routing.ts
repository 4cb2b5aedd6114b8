/**
 * Which database a read uses, the one rule (docs/architecture.md, "A read replica"). Only public reads
 * (contract/operation.ts `read`) ask; everything else — writes, member reads, sessions, rate limits,
 * jobs — uses the primary. A public read runs on the replica (DATABASE_READ_URL, db/replica.ts) when:
 *
 * 1. a replica is configured, and the replica's handle finds it usable (replicating, lag within
 *    DATABASE_READ_MAX_LAG_SECONDS, no failed read in the last moments) — else that handle itself
 *    runs the statement on the primary;
 * 2. the caller has not written in the last `windowMs` in this process: the member, or for a guest's
 *    write (login, register, a view) the client address — read-your-writes;
 * 3. for a read the shared cache keeps (`cache`), this process has written nothing in the last
 *    `windowMs`: the cache is filled again right after a write's invalidation, and that fill must see
 *    the write, not a replica that has not applied it yet.
 *
 * `windowMs` is the lag bound plus CHECK_EVERY_MS twice and a second: a replica used within the bound
 * has applied any write older than that.
 */
import { CHECK_EVERY_MS } from '../../../db/replica.ts';

/** What a public read's caller carries (contract/caller.ts `Caller`, named here without importing it: deps.ts imports this file). */
interface RoutedCaller {
  deps: object;
  auth: { user: { id: number } } | null;
  tokenPresented: boolean;
  ip: string;
}

export function readYourWritesMs(maxLagSeconds: number): number {
  return maxLagSeconds * 1000 + 2 * CHECK_EVERY_MS + 1000;
}

export class ReadRouting {
  /** Member ids (`u<id>`) and client addresses (`a<address>`) → when they last wrote, oldest first. */
  private readonly writers = new Map<string, number>();
  private lastWriteAt = -Infinity;

  /**
   * `onReplica`: the process's deps with `db` the replica's handle (create-deps.ts; undefined: no
   * replica, every read on the primary).
   */
  constructor(
    private readonly onReplica: object | undefined,
    readonly windowMs: number,
  ) {}

  /** A write succeeded for this caller (contract/operation.ts `write`). */
  wrote(userId: number | undefined, ip: string): void {
    if (!this.onReplica) return;
    const now = Date.now();
    this.lastWriteAt = now;
    this.forgetBefore(now - this.windowMs);
    if (userId !== undefined) this.remember(`u${userId}`, now);
    this.remember(`a${ip}`, now);
  }

  /** Another process told of a write (the change bus): the shared cache's next fills here must see it too. */
  othersWrote(): void {
    if (this.onReplica) this.lastWriteAt = Date.now();
  }

  /** The caller a public read runs as: with the replica's deps when the rule above allows, else as given. */
  route<C extends RoutedCaller>(caller: C, cached: boolean): C {
    if (!this.onReplica) return caller;
    const since = Date.now() - this.windowMs;
    if (cached && this.lastWriteAt > since) return caller;
    const userId = caller.auth?.user.id;
    if (userId !== undefined && (this.writers.get(`u${userId}`) ?? -Infinity) > since) return caller;
    if ((this.writers.get(`a${caller.ip}`) ?? -Infinity) > since) return caller;
    const deps = this.onReplica;
    // A public read needs no more of its caller than these (contract/caller.ts); `ip` stays lazy (the fast lane's).
    return {
      deps,
      auth: caller.auth,
      tokenPresented: caller.tokenPresented,
      get ip() {
        return caller.ip;
      },
    } as RoutedCaller as C;
  }

  private remember(key: string, at: number): void {
    // Deleted first, so the map stays in order of time and forgetting stops at the first recent one.
    this.writers.delete(key);
    this.writers.set(key, at);
  }

  private forgetBefore(time: number): void {
    for (const [key, at] of this.writers) {
      if (at > time) break;
      this.writers.delete(key);
    }
  }
}

/** The routing of a process without a replica: every read on the primary. */
export const PRIMARY_ONLY = new ReadRouting(undefined, 0);
