/**
 * An idea's favourite state (accounts §4, publishing §7–§9): read with favorites.check, toggled
 * optimistically, then set to the server's answer (or put back on failure), with the 3 s toast and
 * the favorite-changed event. Favourites calls give up after the favourites client's 10 s (request-rules.ts).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { failureOf } from '../../lib/api-errors.ts';
import { emitFavoriteChanged } from '../../lib/favorite-events.ts';
import { FAVORITE_MSG, favoriteFailureText, IDEA_PAGE_MSG } from '../../lib/idea-page-rules.ts';
import { trpc } from '../../lib/trpc.ts';
import { useToast } from '../ui/Toast.tsx';
import { rememberThisIdeaForLogin } from '../../lib/login-return.ts';

export interface FavoriteState {
  isFavorited: boolean;
  favoriteCount: number;
}

export function useFavorite(ideaId: number, initialCount: number, loggedIn: boolean) {
  const toast = useToast();
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const key = ['idea-page', 'favorite', ideaId, loggedIn];
  const check = useQuery<FavoriteState>({
    queryKey: key,
    queryFn: async () => {
      const answer = await utils.client.favorites.check.query({ ideaId });
      return { isFavorited: answer.data.isFavorite, favoriteCount: answer.data.favoriteCount };
    },
    enabled: Number.isInteger(ideaId) && ideaId > 0,
  });
  const state: FavoriteState = check.data ?? { isFavorited: false, favoriteCount: initialCount };
  const [busy, setBusy] = useState(false);

  const toggle = async () => {
    if (!Number.isInteger(ideaId) || ideaId <= 0) return toast(FAVORITE_MSG.invalidId, 'error');
    if (!loggedIn) {
      // A guest is told why, then taken to log in (the toast stays on screen there).
      toast(FAVORITE_MSG.login, 'error');
      rememberThisIdeaForLogin();
      return navigate('/login');
    }
    if (busy) return;
    const before = state;
    const want = !before.isFavorited;
    setBusy(true);
    // Optimistic: the button and count change at once.
    queryClient.setQueryData<FavoriteState>(key, { isFavorited: want, favoriteCount: Math.max(0, before.favoriteCount + (want ? 1 : -1)) });
    try {
      const answer = await utils.client.favorites.set.mutate({ ideaId, favorite: want });
      const now = { isFavorited: answer.data.favorited, favoriteCount: answer.data.favoriteCount };
      queryClient.setQueryData<FavoriteState>(key, now);
      emitFavoriteChanged({ ideaId, isFavorited: now.isFavorited, favoriteCount: now.favoriteCount });
      toast(now.isFavorited ? IDEA_PAGE_MSG.favorited : IDEA_PAGE_MSG.unfavorited);
    } catch (err) {
      queryClient.setQueryData<FavoriteState>(key, before);
      toast(favoriteFailureText(failureOf(err), before.isFavorited), 'error');
    } finally {
      setBusy(false);
    }
  };

  return { ...state, busy, toggle };
}
