/** The way back to the last viewed marketplace card: found with retries, scrolled to with an offset. */

/** docs/spec/publishing-and-browsing.md §4 "Marketplace return". */
export const RETURN_RULES = { highlightMs: 4000, retries: 5, retryDelayMs: 300, offsetPx: 70 } as const;

/**
 * Looks for something that may not be rendered yet: now, then up to `retries` more times every
 * `delayMs`; `done` gets it, or null when every try missed. Returns a cancel function.
 */
export function findWithRetries<T>(
  find: () => T | null | undefined,
  done: (found: T | null) => void,
  {
    retries = RETURN_RULES.retries,
    delayMs = RETURN_RULES.retryDelayMs,
    schedule = (fn: () => void, ms: number) => setTimeout(fn, ms) as unknown as number,
    cancel = (id: number) => clearTimeout(id),
  }: {
    retries?: number;
    delayMs?: number;
    schedule?: (fn: () => void, ms: number) => number;
    cancel?: (id: number) => void;
  } = {},
): () => void {
  let timer: number | null = null;
  let stopped = false;
  const attempt = (left: number) => {
    if (stopped) return;
    const found = find();
    if (found) return done(found);
    if (left <= 0) return done(null);
    timer = schedule(() => attempt(left - 1), delayMs);
  };
  attempt(retries);
  return () => {
    stopped = true;
    if (timer !== null) cancel(timer);
  };
}

/**
 * Where to scroll when coming back: the saved position when the card shows there (below the sticky
 * bar's `offset`, its top inside the viewport); otherwise the card itself, `offset` pixels below the
 * top (a different width may have dealt the cards into other columns). Without the card, the saved position.
 */
export function returnScrollTop({ saved, cardTop, viewportHeight, offset = RETURN_RULES.offsetPx }: { saved: number; cardTop: number | null; viewportHeight: number; offset?: number }): number {
  if (cardTop === null) return Math.max(0, saved);
  const visible = cardTop >= saved + offset && cardTop <= saved + viewportHeight - offset;
  return Math.max(0, visible ? saved : cardTop - offset);
}
