/**
 * Loading a lazy chunk (a page's code, a piece of the shell) so that a dropped connection or a new
 * deployment does not leave the member on 页面加载出错:
 * - offline, the load waits for the connection to come back and tries again (the page shows its
 *   loading line meanwhile, and the offline banner says why);
 * - online, a chunk the server no longer has (a 404: a deployment replaced the hashed files this
 *   page's build names) reloads the app once, to get the new build's names; a sessionStorage note per
 *   chunk keeps a stale build from reloading in a loop;
 * - any other failure is tried once more after a pause, then thrown for the error boundary, which
 *   tries again when the connection returns.
 */
import { lazy, type ComponentType } from 'react';
import { onceOnline } from './online.ts';

const RETRY_PAUSE_MS = 1000;
/** The chunks this tab reloaded for, so each is reloaded for at most once. */
const RELOADED_FOR_KEY = 'reloadedForMissingChunk';

/** The chunk a failed load names (Chromium: "Failed to fetch dynamically imported module: <url>"; Vite: "Unable to preload CSS for <url>"). */
export function chunkUrlOf(err: unknown): string | null {
  const message = err instanceof Error ? err.message : String(err);
  const match = /(https?:\/\/[^\s'"]+?\.(?:js|css))\b/.exec(message) ?? /(\/assets\/[^\s'"]+?\.(?:js|css))\b/.exec(message);
  return match ? match[1] : null;
}

async function isGone(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { method: 'HEAD', cache: 'no-store' });
    return res.status === 404;
  } catch {
    return false;
  }
}

/** Reloads the app unless it already did for this chunk; false when it did (a reload would loop). */
function reloadOnceFor(url: string): boolean {
  try {
    const reloaded: string[] = JSON.parse(sessionStorage.getItem(RELOADED_FOR_KEY) ?? '[]');
    if (reloaded.includes(url)) return false;
    sessionStorage.setItem(RELOADED_FOR_KEY, JSON.stringify([...reloaded, url].slice(-20)));
  } catch {
    // Nowhere to note it: no reload, rather than risk a loop.
    return false;
  }
  window.location.reload();
  return true;
}

/**
 * Vite adds a stylesheet a chunk needs before loading it, and never again: one that failed offline
 * stays unloaded. Asked for afresh (a new element) before the chunk is tried again.
 */
function askAgainForFailedStylesheets(): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
    if (link.sheet) continue;
    const fresh = link.cloneNode() as HTMLLinkElement;
    fresh.addEventListener('load', () => link.remove(), { once: true });
    link.after(fresh);
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  for (let onlineFailures = 0; ;) {
    try {
      return await load();
    } catch (err) {
      if (typeof window === 'undefined') throw err;
      if (!navigator.onLine) {
        await onceOnline();
      } else {
        const url = chunkUrlOf(err);
        // The reload replaces this page: the load never settles.
        if (url && (await isGone(url)) && reloadOnceFor(url)) return new Promise<T>(() => {});
        if (++onlineFailures > 1) throw err;
        await pause(RETRY_PAUSE_MS);
      }
      askAgainForFailedStylesheets();
    }
  }
}

/** Bumped when the error boundary tries again: a chunk that failed before is asked for afresh then. */
let retryRound = 0;
export function retryFailedChunks(): void {
  retryRound += 1;
}

/**
 * A lazy component loaded by loadChunk, as a getter for the one to mount. React keeps a lazy
 * component's failure for good, so after one the getter hands out a fresh one, but only once the
 * error boundary has asked to try again: a fresh one on every mount would let React, which mounts a
 * suspended page anew each time it retries, ask for the chunk in an endless loop.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound: a page of any props
export function retryingLazy<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): () => T {
  let round = retryRound;
  let failed = false;
  const make = () =>
    lazy(() =>
      loadChunk(load).catch((err: unknown) => {
        failed = true;
        throw err;
      }),
    );
  let current = make();
  return () => {
    if (failed && round !== retryRound) {
      failed = false;
      round = retryRound;
      current = make();
    }
    return current as unknown as T;
  };
}
