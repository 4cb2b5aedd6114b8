/**
 * Serialized answers in memory: bounded by count and bytes (least recently used goes first) and by
 * a short TTL, so another server process that changed the data is never seen stale for long
 * (DESIGN §9). A write in this process drops at once the answers that show what it changed
 * (`invalidate`, request/changes.ts).
 */
import type { OutgoingHttpHeaders } from 'node:http';
import { ALL_CHANGES, type ChangeKind } from '../request/changes.ts';
import type { Encoding, Variants } from './encoding.ts';

/** An answer ready to send: its bytes per encoding and, built once on first use, the header block for each. */
export interface PreparedAnswer {
  status: number;
  variants: Variants;
  etag: string;
  /** Every header but the per-encoding ones. */
  base: [string, string][];
  heads: Partial<Record<Encoding, OutgoingHttpHeaders>>;
}

export interface CachedAnswer extends PreparedAnswer {
  expiresAt: number;
  /** The kinds of change that make this answer stale. */
  shows: readonly ChangeKind[];
}

export interface ResponseCacheOptions {
  ttlMs: number;
  maxEntries: number;
  maxBytes: number;
}

const sizeOf = (a: CachedAnswer) => a.variants.identity.length + (a.variants.gzip?.length ?? 0) + (a.variants.br?.length ?? 0);

export class ResponseCache {
  private readonly entries = new Map<string, CachedAnswer>();
  /** Fills in progress: concurrent misses for one key wait for the same computation. */
  private readonly pending = new Map<string, { promise: Promise<CachedAnswer | null>; shows: readonly ChangeKind[] }>();
  private bytes = 0;
  /** Per kind of change, bumped by invalidate, so a fill that started before a write is not stored after it. */
  private readonly generations = new Map<ChangeKind, number>(ALL_CHANGES.map((kind) => [kind, 0]));

  constructor(readonly options: ResponseCacheOptions) {}

  get(key: string, now = Date.now()): CachedAnswer | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expiresAt <= now) {
      this.delete(key);
      return undefined;
    }
    // Re-inserting keeps the Map in least-recently-used order.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  private generationOf(shows: readonly ChangeKind[]): number {
    let sum = 0;
    for (const kind of shows) sum += this.generations.get(kind)!;
    return sum;
  }

  /**
   * The cached answer, or the one `fill` computes (null: not cacheable, the caller answers another
   * way), kept until a change of a kind in `shows`.
   */
  async getOrFill(key: string, shows: readonly ChangeKind[], fill: () => Promise<PreparedAnswer | null>): Promise<CachedAnswer | null> {
    const hit = this.get(key);
    if (hit) return hit;
    const running = this.pending.get(key);
    if (running) return running.promise;
    // Generations only grow, so an unchanged sum means no change of these kinds since the fill began.
    const generation = this.generationOf(shows);
    const promise = fill()
      .then((answer) => {
        if (!answer) return null;
        const entry: CachedAnswer = { ...answer, shows, expiresAt: Date.now() + this.options.ttlMs };
        if (generation === this.generationOf(shows)) this.set(key, entry);
        return entry;
      })
      .finally(() => {
        // Only its own: after an invalidation a newer fill may hold the key.
        if (this.pending.get(key)?.promise === promise) this.pending.delete(key);
      });
    this.pending.set(key, { promise, shows });
    return promise;
  }

  private set(key: string, entry: CachedAnswer): void {
    this.delete(key);
    const size = sizeOf(entry);
    if (size > this.options.maxBytes) return;
    this.entries.set(key, entry);
    this.bytes += size;
    for (const [oldest] of this.entries) {
      if (this.entries.size <= this.options.maxEntries && this.bytes <= this.options.maxBytes) break;
      this.delete(oldest);
    }
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= sizeOf(entry);
  }

  /** Drops every answer that shows one of these kinds of change (request/changes.ts). */
  invalidate(changes: readonly ChangeKind[] = ALL_CHANGES): void {
    for (const kind of changes) this.generations.set(kind, this.generations.get(kind)! + 1);
    const stale = (entry: CachedAnswer) => entry.shows.some((kind) => changes.includes(kind));
    for (const [key, entry] of this.entries) if (stale(entry)) this.delete(key);
    // A fill under way that shows one of them is not stored (its generation moved): later callers
    // start their own. Others stay shared, so a favourite loop does not make every caller compute.
    for (const [key, fill] of this.pending) if (fill.shows.some((kind) => changes.includes(kind))) this.pending.delete(key);
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }
}
