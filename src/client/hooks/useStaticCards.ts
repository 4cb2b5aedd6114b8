/**
 * The app taking over the cards guest-cards.ts drew into a prerendered page before it started.
 * main.tsx reads them just before hydrating (`captureStaticCards`); while hydrating, the page renders
 * that very markup in their place (`useStaticCards`: a `dangerouslySetInnerHTML` React leaves as it
 * is), so hydration matches what is on screen; the reads they were drawn from are put in the app's
 * cache first (`seedStaticReads`), and right after hydrating the page renders its own cards from
 * them: no skeleton, no second request.
 */
import { useSyncExternalStore } from 'react';
import { beforeStart } from '../lib/before-start.ts';
import type { trpc } from '../lib/trpc.ts';

type Utils = ReturnType<typeof trpc.useUtils>;

const captured = new Map<string, string>();

/** Reads the drawn cards under `root` (by their `data-static-cards` name); guest-cards.ts draws nothing after. */
export function captureStaticCards(root: HTMLElement): void {
  const loader = beforeStart();
  if (loader) loader.app = 1;
  for (const el of root.querySelectorAll<HTMLElement>('[data-static-cards]')) captured.set(el.dataset.staticCards ?? '', el.innerHTML);
}

/** Puts the reads the drawn cards came from in the app's cache (only when cards were drawn). */
export function seedStaticReads(utils: Utils): void {
  if (!captured.size) return;
  for (const read of beforeStart()?.cards?.reads ?? []) {
    const input = read.input as never;
    if (read.path === 'ideas.publicPage') utils.ideas.publicPage.setData(input, read.data as never);
    else if (read.path === 'ideas.allVersions') utils.ideas.allVersions.setData(input, read.data as never);
    else utils.marketplace.ideas.setInfiniteData(input, { pages: [read.data], pageParams: [null] } as never);
  }
}

const noSubscription = () => () => undefined;

/**
 * The markup guest-cards.ts drew as `name`, while the page hydrates (the server snapshot's render);
 * null after, and on any page it did not draw.
 */
export function useStaticCards(name: 'featured' | 'market'): string | null {
  const hydrating = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  return hydrating ? (captured.get(name) ?? null) : null;
}
