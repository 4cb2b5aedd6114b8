/**
 * Serialized answers in memory: bounded by count and bytes (least recently used goes first) and by
 * a short TTL, so another server process that changed the data is never seen stale for long
 * (docs/architecture.md §9). A write in this process drops at once the answers that show what it changed
 * (`invalidate`, contract/changes.ts): every answer showing a kind it changed, or, when the write was
 * about one idea, that idea's own pages and every answer that is not about one idea (the lists), and
 * tells the other processes the same through the change bus (infrastructure/change-bus.ts), when there is one.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import { ALL_CHANGES, type ChangeKind } from '../contract/changes.ts';
import type { ShownIdea } from '../contract/sharing.ts';
import { NO_PEERS, type Peers } from '../infrastructure/change-bus.ts';
import type { Encoding, Variants } from './encoding.ts';

/** An answer ready to send: its bytes per encoding and, built once on first use, the header block for each. */
export interface PreparedAnswer {
  status: number;
  variants: Variants;
  etag: string;
  /** Every header but the per-encoding ones. */
  base: [string, string][];
  heads: Partial<Record<Encoding, OutgoingHttpHeaders>>;
  /** The same blocks for a member (`Cache-Control: no-store`), built on a member's first hit. */
  memberHeads?: Partial<Record<Encoding, OutgoingHttpHeaders>>;
  /** The ideas the answer shows and their authors (a list's cards, an idea's page), for the members' sharing rule. */
  shown?: readonly ShownIdea[];
  /** A computed read's content type and its transport's headers, to send a member's answer made from these bytes. */
  own?: { contentType: string; extraHeaders: [string, string][] };
}

export interface CachedAnswer extends PreparedAnswer {
  expiresAt: number;
  /** The kinds of change that make this answer stale. */
  shows: readonly ChangeKind[];
  /** The one idea this answer is about (its page, its comments); undefined for lists. */
  about?: number;
}

export interface ResponseCacheOptions {
  ttlMs: number;
  maxEntries: number;
  maxBytes: number;
}

/**
 * What an entry holds beside its bytes (header blocks, its key and remembered URL, the shown ideas),
 * counted against the byte bound: measured by `npm run bench:memory`, an idea's page or comments
 * cost 6.6 KB of heap and buffers per entry after a full collection, 3.6 KB of them its bytes.
 */
const ENTRY_OVERHEAD_BYTES = 3 * 1024;
const sizeOf = (a: CachedAnswer) => ENTRY_OVERHEAD_BYTES + a.variants.identity.length + (a.variants.gzip?.length ?? 0) + (a.variants.br?.length ?? 0);

/** Per-idea generations kept at most; past it they are forgotten and every idea's fill under way starts over. */
const MAX_IDEA_GENERATIONS = 100_000;

/** Whether a change (kinds, and the idea it was about if one) makes an answer stale. */
function staleBy(entry: { shows: readonly ChangeKind[]; about?: number }, changes: readonly ChangeKind[], ideaId: number | undefined): boolean {
  if (!entry.shows.some((kind) => changes.includes(kind))) return false;
  return ideaId === undefined || entry.about === undefined || entry.about === ideaId;
}

export class ResponseCache {
  private readonly entries = new Map<string, CachedAnswer>();
  /** Fills in progress: concurrent misses for one key wait for the same computation. */
  private readonly pending = new Map<string, { promise: Promise<CachedAnswer | null>; shows: readonly ChangeKind[]; about?: number }>();
  private bytes = 0;
  /** Where each stored answer is kept, and the bytes kept with it beyond its own (`charge`). */
  private readonly keys = new WeakMap<PreparedAnswer, string>();
  private readonly charged = new WeakMap<PreparedAnswer, number>();
  /**
   * Generations, bumped by invalidate, so a fill that started before a write is not stored after it.
   * Per kind: `any` moves with every change (what a list snapshots), `all` with changes about no one
   * idea; per kind and idea, with changes about that idea (an idea's page snapshots `all` and its own).
   */
  private readonly anyGen = new Map<ChangeKind, number>(ALL_CHANGES.map((kind) => [kind, 0]));
  private readonly allGen = new Map<ChangeKind, number>(ALL_CHANGES.map((kind) => [kind, 0]));
  private readonly ideaGen = new Map<string, number>();

  constructor(
    readonly options: ResponseCacheOptions,
    private readonly peers: Peers = NO_PEERS,
  ) {}

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

  private generationOf(shows: readonly ChangeKind[], about: number | undefined): number {
    let sum = 0;
    for (const kind of shows) sum += about === undefined ? this.anyGen.get(kind)! : this.allGen.get(kind)! + (this.ideaGen.get(`${kind}:${about}`) ?? 0);
    return sum;
  }

  /**
   * The cached answer, or the one `fill` computes (null: not cacheable, the caller answers another
   * way), kept until a change of a kind in `shows` (about `about`, when the answer is one idea's).
   */
  async getOrFill(key: string, shows: readonly ChangeKind[], fill: () => Promise<PreparedAnswer | null>, about?: number): Promise<CachedAnswer | null> {
    const hit = this.get(key);
    if (hit) return hit;
    const running = this.pending.get(key);
    if (running) return running.promise;
    // Generations only grow, so an unchanged sum means no change of these kinds since the fill began.
    const generation = this.generationOf(shows, about);
    const promise = fill()
      .then((answer) => {
        if (!answer) return null;
        const entry: CachedAnswer = { ...answer, shows, about, expiresAt: Date.now() + this.options.ttlMs };
        if (generation === this.generationOf(shows, about)) this.set(key, entry);
        return entry;
      })
      .finally(() => {
        // Only its own: after an invalidation a newer fill may hold the key.
        if (this.pending.get(key)?.promise === promise) this.pending.delete(key);
      });
    this.pending.set(key, { promise, shows, about });
    return promise;
  }

  private set(key: string, entry: CachedAnswer): void {
    this.delete(key);
    const size = sizeOf(entry);
    if (size > this.options.maxBytes) return;
    this.entries.set(key, entry);
    this.keys.set(entry, key);
    this.bytes += size;
    this.keepWithinBounds();
  }

  /**
   * Counts `bytes` more against the bound for as long as `answer` stays (what is remembered with it
   * and goes with it: an author's spliced copy, author-overlay.ts); the least recently used go first
   * if that passes the bound. An answer no longer stored costs nothing here: what it holds goes with it.
   */
  charge(answer: PreparedAnswer, bytes: number): void {
    const key = this.keys.get(answer);
    if (key === undefined || this.entries.get(key) !== answer) return;
    this.charged.set(answer, (this.charged.get(answer) ?? 0) + bytes);
    this.bytes += bytes;
    this.keepWithinBounds();
  }

  private keepWithinBounds(): void {
    for (const [oldest] of this.entries) {
      if (this.entries.size <= this.options.maxEntries && this.bytes <= this.options.maxBytes) break;
      this.delete(oldest);
    }
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= sizeOf(entry) + (this.charged.get(entry) ?? 0);
    this.charged.delete(entry);
  }

  /**
   * Drops every answer that shows one of these kinds of change (contract/changes.ts). A change about
   * one idea (`ideaId`) leaves the pages of other ideas: it drops that idea's pages and the lists.
   */
  invalidate(changes: readonly ChangeKind[] = ALL_CHANGES, ideaId?: number): void {
    this.dropStale(changes, ideaId);
    if (changes.length) this.peers.tell({ what: 'answers', kinds: changes, ...(ideaId === undefined ? {} : { idea: ideaId }) });
  }

  /** The same drop, told by another process (infrastructure/change-bus.ts): not told on. */
  dropStale(changes: readonly ChangeKind[], ideaId?: number): void {
    for (const kind of changes) {
      this.anyGen.set(kind, this.anyGen.get(kind)! + 1);
      if (ideaId === undefined) this.allGen.set(kind, this.allGen.get(kind)! + 1);
      else {
        if (this.ideaGen.size >= MAX_IDEA_GENERATIONS) this.forgetIdeaGenerations();
        const key = `${kind}:${ideaId}`;
        this.ideaGen.set(key, (this.ideaGen.get(key) ?? 0) + 1);
      }
    }
    for (const [key, entry] of this.entries) if (staleBy(entry, changes, ideaId)) this.delete(key);
    // A fill under way that shows one of them is not stored (its generation moved): later callers
    // start their own. Others stay shared, so a favourite loop does not make every caller compute.
    for (const [key, fill] of this.pending) if (staleBy(fill, changes, ideaId)) this.pending.delete(key);
  }

  /**
   * Per-idea generations dropped. Every `all` generation moves past the largest of them, so no
   * snapshot taken before (its `all` plus its idea's) can equal one taken after: no fill under way is stored.
   */
  private forgetIdeaGenerations(): void {
    let largest = 0;
    for (const n of this.ideaGen.values()) largest = Math.max(largest, n);
    this.ideaGen.clear();
    for (const kind of ALL_CHANGES) this.allGen.set(kind, this.allGen.get(kind)! + largest + 1);
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }
}
