/**
 * The window event the idea page fires when the visitor favourites or un-favourites an idea, so any
 * open list of favourites (the library's favourites tab) refreshes without waiting for focus.
 */
export const FAVORITE_CHANGED_EVENT = 'favorite-changed';

export interface FavoriteChangedDetail {
  ideaId: number;
  isFavorited: boolean;
  favoriteCount: number;
}

export function emitFavoriteChanged(detail: FavoriteChangedDetail): void {
  window.dispatchEvent(new CustomEvent<FavoriteChangedDetail>(FAVORITE_CHANGED_EVENT, { detail }));
}

/** Subscribes; returns the unsubscribe function (for a useEffect cleanup). */
export function onFavoriteChanged(listener: (detail: FavoriteChangedDetail) => void): () => void {
  const handler = (e: Event) => listener((e as CustomEvent<FavoriteChangedDetail>).detail);
  window.addEventListener(FAVORITE_CHANGED_EVENT, handler);
  return () => window.removeEventListener(FAVORITE_CHANGED_EVENT, handler);
}
