/**
 * Which ideas a member unlocked, remembered per process for CACHE_TTL_MS (issue 20): the fast lane
 * asks it to tell whether a shared page of cards, or an idea's page, differs for the member
 * (view.ts `differsForViewer`) without a query per request. An unlock in this process forgets the
 * member's set at once; another process's unlock shows here within the TTL, the window every
 * per-process memory has (DESIGN §9).
 */
import type { Db } from '../../../db/types.ts';

const MAX_MEMBERS = 10_000;

export class UnlockMemo {
  private readonly entries = new Map<number, { ids: ReadonlySet<number>; expiresAt: number }>();
  private readonly loading = new Map<number, Promise<ReadonlySet<number>>>();

  constructor(readonly ttlMs: number) {}

  /** The member's unlocked ideas if remembered (no promise to wait for: the hot path). */
  peek(userId: number): ReadonlySet<number> | undefined {
    const hit = this.entries.get(userId);
    return hit && hit.expiresAt > Date.now() ? hit.ids : undefined;
  }

  /** The member's unlocked ideas: remembered, or read in one query (concurrent askers share it). */
  async of(db: Db, userId: number): Promise<ReadonlySet<number>> {
    const hit = this.entries.get(userId);
    if (hit && hit.expiresAt > Date.now()) return hit.ids;
    let load = this.loading.get(userId);
    if (!load) {
      load = db
        .selectFrom('idea_purchases')
        .select('idea_id')
        .where('user_id', '=', userId)
        .execute()
        .then((rows) => {
          const ids = new Set(rows.map((r) => r.idea_id));
          // Only if no unlock forgot the member meanwhile (then the next asker reads again).
          if (this.loading.get(userId) === load && this.ttlMs > 0) {
            if (this.entries.size >= MAX_MEMBERS) this.entries.delete(this.entries.keys().next().value!);
            this.entries.set(userId, { ids, expiresAt: Date.now() + this.ttlMs });
          }
          return ids;
        })
        .finally(() => {
          if (this.loading.get(userId) === load) this.loading.delete(userId);
        });
      this.loading.set(userId, load);
    }
    return load;
  }

  forget(userId: number): void {
    this.entries.delete(userId);
    this.loading.delete(userId);
  }
}
