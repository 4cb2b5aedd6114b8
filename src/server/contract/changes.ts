/**
 * What a write changes of what others see, and so which cached answers go stale: one rule per kind,
 * here and nowhere else. A cached read names the kinds its answer shows (`cache.shows`); a write names
 * the kinds it changes (`changes`). Once a write succeeds, its process drops every cached answer that
 * shows a kind it changed; other processes drop them too when told through the change bus (REDIS_URL,
 * infrastructure/change-bus.ts), or else follow within CACHE_TTL_MS (docs/architecture.md §9).
 *
 * One rule for scope: a cached answer may be about one idea (`cache.about`: its page, its comments),
 * and a write may say which idea it changed (its answer's `about`: an edit, a delete or restore, a
 * review decision, a comment written or removed). Such a write drops that idea's pages and every
 * answer about no one idea (the lists, which may show it), and leaves the pages of other ideas. A
 * write that says no idea (a profile change, a deactivation, the recycle-bin purge: they touch many
 * ideas, or the names on many comments) drops every answer showing its kinds.
 */
export const CHANGE_KINDS = {
  /**
   * Which ideas are public and what they say, their authors' public names and avatars included:
   * publish, review decisions, edits, images, deletes and restores, the recycle-bin purge, an author's
   * profile change or deactivation. Dropped at once.
   */
  ideas: 'ideas',
  /**
   * Comment threads and comment counts: writing, deleting or removing a comment, and the commenters'
   * names and avatars (a profile change, a deactivation). Dropped at once.
   */
  comments: 'comments',
  /**
   * Favourite, like and view counts. No cached answer is dropped for them: a cached page may show a
   * count up to CACHE_TTL_MS old, so one member toggling a favourite in a loop cannot empty every
   * guest's cache. Reads list this kind only if a late count would be wrong for them.
   */
  counts: 'counts',
} as const;

export type ChangeKind = keyof typeof CHANGE_KINDS;

export const ALL_CHANGES: readonly ChangeKind[] = Object.keys(CHANGE_KINDS) as ChangeKind[];

/** What a public list of idea cards shows: the ideas, and on each card its comment count. */
export const CACHED_IDEA_CARDS = { shows: ['ideas', 'comments'] } as const satisfies { shows: readonly ChangeKind[] };
