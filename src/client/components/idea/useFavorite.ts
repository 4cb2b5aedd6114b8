/**
 * An idea's favourite state (docs/spec/accounts-and-people.md §4, docs/spec/publishing-and-browsing.md §7–§9): whether the member favourites it comes
 * from the page's one member read (useIdeaViewer), the count from the idea; a toggle changes both
 * optimistically, then sets them to the server's answer (or puts them back on failure), with the 3 s
 * toast and the favorite-changed event. Favourites calls give up after the favourites client's 10 s
 * (request-rules.ts).
 */
import { useState } from 'react';
import { useLocation } from 'wouter';
import { failureOf } from '../../lib/api-errors.ts';
import { emitFavoriteChanged } from '../../lib/favorite-events.ts';
import { FAVORITE_MSG, favoriteFailureText, IDEA_PAGE_MSG } from '../../lib/idea-page-rules.ts';
import { trpc } from '../../lib/trpc.ts';
import { useToast } from '../ui/Toast.tsx';
import { rememberThisPageForLogin } from '../../lib/login-return.ts';
import { useIdeaViewer, useSetIdeaViewer } from './useIdeaViewer.ts';

export interface FavoriteState {
  isFavorited: boolean;
  favoriteCount: number;
}

export function useFavorite(ideaId: number, initialCount: number, loggedIn: boolean) {
  const toast = useToast();
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const viewer = useIdeaViewer(ideaId, loggedIn);
  const setViewer = useSetIdeaViewer(ideaId);
  // The count as this page last learnt it from a toggle; until then, the idea's.
  const [count, setCount] = useState<number | null>(null);
  const state: FavoriteState = { isFavorited: viewer.data?.isFavorite ?? false, favoriteCount: count ?? initialCount };
  const [busy, setBusy] = useState(false);

  const toggle = async () => {
    if (!Number.isInteger(ideaId) || ideaId <= 0) return toast(FAVORITE_MSG.invalidId, 'error');
    if (!loggedIn) {
      // A guest is told why, then taken to log in (the toast stays on screen there).
      toast(FAVORITE_MSG.login, 'error');
      rememberThisPageForLogin();
      return navigate('/login');
    }
    if (busy) return;
    const before = state;
    const want = !before.isFavorited;
    setBusy(true);
    // Optimistic: the button and count change at once.
    setViewer({ isFavorite: want });
    setCount(Math.max(0, before.favoriteCount + (want ? 1 : -1)));
    try {
      const answer = await utils.client.favorites.set.mutate({ ideaId, favorite: want });
      const now = { isFavorited: answer.data.favorited, favoriteCount: answer.data.favoriteCount };
      setViewer({ isFavorite: now.isFavorited });
      setCount(now.favoriteCount);
      emitFavoriteChanged({ ideaId, isFavorited: now.isFavorited, favoriteCount: now.favoriteCount });
      // The library's favourites tab, when not on screen, would otherwise show its cached list for its staleTime.
      void utils.favorites.list.invalidate();
      toast(now.isFavorited ? IDEA_PAGE_MSG.favorited : IDEA_PAGE_MSG.unfavorited);
    } catch (err) {
      setViewer({ isFavorite: before.isFavorited });
      setCount(before.favoriteCount);
      toast(favoriteFailureText(failureOf(err), before.isFavorited), 'error');
    } finally {
      setBusy(false);
    }
  };

  return { ...state, busy, toggle };
}
