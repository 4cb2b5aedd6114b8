/**
 * The favorite-changed window event (docs/spec/accounts-and-people.md §4): whoever toggles a favourite announces the
 * server's result, so any list or card on screen showing that idea's state can follow it.
 */

export const FAVORITE_CHANGED_EVENT = 'favorite-changed';

/** Also the library's favourites tab and the cards listen to it. */
export interface FavoriteChange {
  ideaId: number;
  isFavorited: boolean;
  favoriteCount: number;
}

export function emitFavoriteChanged(change: FavoriteChange, target: EventTarget = window): void {
  target.dispatchEvent(new CustomEvent<FavoriteChange>(FAVORITE_CHANGED_EVENT, { detail: change }));
}

/** Calls `listener` for each change; returns the unsubscribe function (an effect's cleanup). */
export function onFavoriteChanged(listener: (change: FavoriteChange) => void, target: EventTarget = window): () => void {
  const handler = (event: Event) => {
    const detail = (event as CustomEvent<FavoriteChange>).detail;
    if (detail && typeof detail.ideaId === 'number') listener(detail);
  };
  target.addEventListener(FAVORITE_CHANGED_EVENT, handler);
  return () => target.removeEventListener(FAVORITE_CHANGED_EVENT, handler);
}
