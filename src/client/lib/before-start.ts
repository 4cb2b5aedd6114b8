/**
 * What a guest did on a prerendered page before the app started. /route-preload.js (vite.config.ts)
 * loads the app there only when the visitor reaches for a control, and meanwhile holds a click on a
 * button or a form's submit (`hunterBeforeStart.tap`) and lets a select change; main.tsx replays the
 * tap once it has hydrated the page and the page applies the choice (`takeChosenBeforeStart`), so the first tap acts (a 登录 tapped while the app was
 * still downloading signs in, with the typed phone number: lib/typed-before-start.ts).
 */

/** The loader's state, on `window.hunterBeforeStart` (only where /route-preload.js ran). */
export interface BeforeStart {
  /** How often the app was asked for (0: not yet). */
  loading: number;
  /** 1 once the app has taken the page over: the loader holds nothing from then on. */
  started: number;
  /** 1 when the app was asked for at once (this visit draws another view than the painted one). */
  eager: number;
  /** The button (or form) last tapped before the app started. */
  tap: Element | null;
  /** Asks for the app (once). */
  load(): void;
  /** 1 once main.tsx has read the page to hydrate it: guest-cards.ts changes nothing after. */
  app?: number;
  /** The first reads guest-cards.ts drew the cards from, for the app's cache (hooks/useStaticCards.ts). */
  cards?: StaticCardsData;
}

/** A read the page's cards were drawn from: the tRPC path, its input, and its answer. */
export interface StaticRead {
  path: 'ideas.publicPage' | 'ideas.allVersions' | 'marketplace.ideas';
  input: Record<string, unknown>;
  data: unknown;
}

export interface StaticCardsData {
  reads: StaticRead[];
}

export function beforeStart(): BeforeStart | undefined {
  return typeof window === 'undefined' ? undefined : (window as unknown as { hunterBeforeStart?: BeforeStart }).hunterBeforeStart;
}

const selectsChanged = new Map<string, string>();

/** Notes the selects under `root` a guest changed before the app started (by id), for their page once hydrated. */
export function noteChosenBeforeStart(root: HTMLElement): void {
  for (const select of root.querySelectorAll('select')) {
    const painted = [...select.options].find((o) => o.defaultSelected)?.value ?? select.options[0]?.value;
    if (select.id && painted !== undefined && select.value !== painted) selectsChanged.set(select.id, select.value);
  }
}

/**
 * What the select `id` was changed to before the app started (once), for its page to apply once
 * hydrated (MarketplacePage's sort); null if it was not.
 */
export function takeChosenBeforeStart(id: string): string | null {
  const value = selectsChanged.get(id) ?? null;
  selectsChanged.delete(id);
  return value;
}

/** The app has hydrated the page: from now on it answers every tap; the button (or form) tapped last is tapped again. */
export function replayBeforeStart(): void {
  const loader = beforeStart();
  if (!loader) return;
  loader.started = 1;
  const tap = loader.tap;
  loader.tap = null;
  if (!tap?.isConnected) return;
  if (tap instanceof HTMLFormElement) tap.requestSubmit();
  else if (tap instanceof HTMLElement) tap.click();
}

/** The app renders the page afresh (not the painted view): what was tapped on the old one is dropped. */
export function forgetBeforeStart(): void {
  const loader = beforeStart();
  if (!loader) return;
  loader.started = 1;
  loader.tap = null;
}
