/**
 * What makes a member's view of a shared page their own (contract/sharing.ts), remembered per process
 * for CACHE_TTL_MS: the ideas they unlocked (their cards and pages show the analysis) and
 * the ideas where they have a comment held for a moderator (only they see it, in the idea's comments).
 * The fast lane asks it to tell whether a shared answer differs for the member without a query per
 * request. A change in this process (an unlock, a held comment written, approved or rejected) forgets
 * the member's facts at once and tells the other processes through the change bus
 * (infrastructure/change-bus.ts); without one, another process's change shows here within the TTL, the
 * window every per-process memory has (docs/architecture.md §9).
 */
import { runRead } from '../../../db/prepared.ts';
import { paddedList, placeholders, turnBatched } from '../../../db/turn-batch.ts';
import type { Db } from '../../../db/types.ts';
import { NO_PEERS, type Peers } from '../infrastructure/change-bus.ts';

export interface ViewerFacts {
  unlocked: ReadonlySet<number>;
  /** Ideas with a comment of theirs a moderator has not decided on yet. */
  heldOn: ReadonlySet<number>;
}

const MAX_MEMBERS = 10_000;

/** The facts of the members asked in one turn, one statement (db/turn-batch.ts): each row names its member, each caller takes its own. */
const factsOf = turnBatched<number, ViewerFacts>(async (db, userIds) => {
  const users = paddedList(userIds);
  const rows = await runRead<{ k: number | string; u: number | string; id: number | string }>(
    db,
    `select 0 as k, user_id as u, idea_id as id from idea_purchases where user_id in (${placeholders(users)})
      union all select 1, user_id, idea_id from comments where user_id in (${placeholders(users)}) and held = 1`,
    [...users, ...users],
  );
  return userIds.map((userId) => {
    const facts = { unlocked: new Set<number>(), heldOn: new Set<number>() };
    for (const r of rows) if (Number(r.u) === userId) (Number(r.k) === 0 ? facts.unlocked : facts.heldOn).add(Number(r.id));
    return facts;
  });
});

export class ViewerFactsMemo {
  private readonly entries = new Map<number, { facts: ViewerFacts; expiresAt: number }>();
  private readonly loading = new Map<number, Promise<ViewerFacts>>();

  constructor(
    readonly ttlMs: number,
    private readonly peers: Peers = NO_PEERS,
  ) {}

  /** The member's facts if remembered (no promise to wait for: the hot path). */
  peek(userId: number): ViewerFacts | undefined {
    const hit = this.entries.get(userId);
    return hit && hit.expiresAt > Date.now() ? hit.facts : undefined;
  }

  /** The member's facts: remembered, or read in one statement with the other members' of the turn (concurrent askers share it). */
  async of(db: Db, userId: number): Promise<ViewerFacts> {
    const hit = this.peek(userId);
    if (hit) return hit;
    let load = this.loading.get(userId);
    if (!load) {
      const started: Promise<ViewerFacts> = factsOf(db, userId)
        .then((facts) => {
          // Only if nothing forgot the member meanwhile (then the next asker reads again).
          if (this.loading.get(userId) === started && this.ttlMs > 0) {
            if (this.entries.size >= MAX_MEMBERS) this.entries.delete(this.entries.keys().next().value!);
            this.entries.set(userId, { facts, expiresAt: Date.now() + this.ttlMs });
          }
          return facts;
        })
        .finally(() => {
          if (this.loading.get(userId) === started) this.loading.delete(userId);
        });
      this.loading.set(userId, started);
      load = started;
    }
    return load;
  }

  /** `heard`: another process told it (not told on). */
  forget(userId: number, heard = false): void {
    this.entries.delete(userId);
    this.loading.delete(userId);
    if (!heard) this.peers.tell({ what: 'viewer', id: userId });
  }
}
