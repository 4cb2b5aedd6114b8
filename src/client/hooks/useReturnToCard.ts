/**
 * Coming back to the marketplace from an idea (docs/spec/publishing-and-browsing.md §4 "Marketplace return"): once the cards are
 * there, scroll to where the visit was and highlight the card it opened for about 4 s, focus on it.
 *
 * Idempotent, as <StrictMode> requires: each run of the effect starts its own search for
 * the card and its cleanup cancels it; the return counts as done only when it has happened. (Marking it
 * done at the start let StrictMode's mount–cleanup–mount cancel the search and skip the second run.)
 */
import { useEffect, useState, type RefObject } from 'react';
import { cardGridColumns } from '../components/ui/ui-rules.ts';
import type { FromMarketplaceState } from '../lib/marketplace-nav-state.ts';
import { findWithRetries, RETURN_RULES, returnScrollTop } from '../lib/return-to-card.ts';

/** The card as laid out: null until the masonry has dealt its columns for this width. */
function findCard(id: number): HTMLElement | null {
  const grid = document.querySelector('main [data-testid="card-grid"]');
  if (!grid) return null;
  const expected = Math.min(cardGridColumns(window.innerWidth), grid.querySelectorAll('[data-testid="idea-card"]').length);
  if (grid.querySelectorAll(':scope > .card-grid-column').length !== expected) return null;
  return grid.querySelector<HTMLElement>(`[data-testid="idea-card"][data-idea-id="${id}"]`);
}

/** `pending` holds the return still to make (null when none); the id of the card to highlight comes back. */
export function useReturnToCard(pending: RefObject<FromMarketplaceState | null>, itemCount: number): number | null {
  const [highlightId, setHighlightId] = useState<number | null>(null);

  useEffect(() => {
    const back = pending.current;
    if (!back || itemCount === 0) return;
    return findWithRetries(
      () => findCard(back.lastViewedCardId),
      (card) => {
        pending.current = null;
        const cardTop = card ? card.getBoundingClientRect().top + window.scrollY : null;
        window.scrollTo({ top: returnScrollTop({ saved: back.scrollPosition, cardTop, viewportHeight: window.innerHeight }), behavior: 'instant' });
        // The return is done: a reload of this entry starts at the top again (the search stays).
        const { fromMarketplace: _f, lastViewedCardId: _l, scrollPosition: _s, ...rest } = (window.history.state ?? {}) as Record<string, unknown>;
        window.history.replaceState(Object.keys(rest).length ? rest : null, '');
        if (!card) return;
        setHighlightId(back.lastViewedCardId);
        // Keyboard users continue from the card they opened.
        card.querySelector<HTMLElement>('.idea-card-open')?.focus({ preventScroll: true });
      },
    );
  }, [pending, itemCount]);

  useEffect(() => {
    if (highlightId === null) return;
    const timer = setTimeout(() => setHighlightId(null), RETURN_RULES.highlightMs);
    return () => clearTimeout(timer);
  }, [highlightId]);

  return highlightId;
}
