/**
 * An idea's favourite state (docs/spec/accounts-and-people.md §4, docs/spec/publishing-and-browsing.md §7–§9), kept in
 * one place, the query cache: whether the member favourites it is the page's member read
 * (useIdeaViewer, `isFavorite`), the count is the idea's (`favoriteCount`). A toggle writes both
 * there optimistically, then the server's answer (or puts them back on failure), and marks the
 * favourites list stale, so every part of the app that shows them follows. Favourites calls give up
 * after the favourites client's 10 s (request-rules.ts).
 */
import { useState } from 'react';
import { useLocation } from 'wouter';
import { failureOf } from '../../lib/api-errors.ts';
import { FAVORITE_MSG, favoriteFailureText, IDEA_PAGE_MSG } from '../../lib/idea-page-rules.ts';
import { trpc } from '../../lib/trpc.ts';
import { useToast } from '../ui/Toast.tsx';
import { rememberThisPageForLogin } from '../../lib/login-return.ts';
import { useIdeaViewer, useSetIdeaViewer } from './useIdeaViewer.ts';

export interface FavoriteState {
  isFavorite: boolean;
  favoriteCount: number;
}

/** `favoriteCount` is the idea's as the page holds it (`ideas.byId`). */
export function useFavorite(ideaId: number, favoriteCount: number, loggedIn: boolean) {
  const toast = useToast();
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const viewer = useIdeaViewer(ideaId, loggedIn);
  const setViewer = useSetIdeaViewer(ideaId);
  const state: FavoriteState = { isFavorite: viewer.data?.isFavorite ?? false, favoriteCount };
  const [busy, setBusy] = useState(false);

  const show = (shown: FavoriteState) => {
    setViewer({ isFavorite: shown.isFavorite });
    utils.ideas.byId.setData({ id: ideaId }, (old) => (old ? { ...old, data: { ...old.data, favoriteCount: shown.favoriteCount } } : old));
  };

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
    const want = !before.isFavorite;
    setBusy(true);
    // Optimistic: the button and count change at once.
    show({ isFavorite: want, favoriteCount: Math.max(0, before.favoriteCount + (want ? 1 : -1)) });
    try {
      const answer = await utils.client.favorites.set.mutate({ ideaId, favorite: want });
      show(answer.data);
      void utils.favorites.list.invalidate();
      toast(answer.data.isFavorite ? IDEA_PAGE_MSG.favorited : IDEA_PAGE_MSG.unfavorited);
    } catch (err) {
      show(before);
      toast(favoriteFailureText(failureOf(err), before.isFavorite), 'error');
    } finally {
      setBusy(false);
    }
  };

  return { ...state, busy, toggle };
}
