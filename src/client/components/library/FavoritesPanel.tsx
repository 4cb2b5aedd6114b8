/**
 * The library's favourites tab (docs/spec/publishing-and-browsing.md §2 "Inspiration library"): the member's favourites as
 * cards, 50 a page (加载更多收藏), a refresh button, a refresh on window focus and when the idea page reports a change
 * (FAVORITE_CHANGED_EVENT). A favourite whose idea its author deleted comes back as
 * `{ id, title, isDeleted }` and shows greyed with the deleted badge; clicking it offers to clear the
 * record (a 404 means it is gone already: it leaves the list all the same).
 */
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { displayTitle } from '../../../shared/idea-display.ts';
import { errorMessage, httpStatusOf } from '../../lib/api-errors.ts';
import { trpc, type RouterOutputs } from '../../lib/trpc.ts';
import { IdeaCard, isDeletedIdea, type IdeaCardData } from '../IdeaCard.tsx';
import { LoadingLine } from '../LoadingLine.tsx';
import { CardGrid } from '../ui/CardGrid.tsx';
import { quoteName, useConfirm } from '../ui/ConfirmDialog.tsx';
import { useToast } from '../ui/Toast.tsx';
import { RetryLine, STALE_LIST_MESSAGE } from '../ui/RetryLine.tsx';
import { LoadMore } from '../ui/LoadMore.tsx';
import { BusyButton } from '../ui/BusyButton.tsx';

type Favorite = RouterOutputs['favorites']['list']['data'][number];

/** The tab's query input: the library page reads the same query (by this key) to know when it is there. */
export const FAVORITES_QUERY_INPUT = {};
export const favoritesPageAfter = (last: RouterOutputs['favorites']['list']) => last.nextCursor ?? null;

export const FAVORITES_MSG = {
  loadFailed: '加载收藏失败，请稍后重试',
  loadMoreFailed: '加载更多收藏失败，请稍后重试',
  empty: '还没有收藏任何创意',
  confirmClear: (title: string) => `清除${quoteName(title)}的收藏记录？`,
  confirmClearDetail: '这个创意已被作者删除，清除后它不再出现在你的收藏里。',
  cleared: '已清除收藏记录',
  alreadyGone: '这条收藏记录已不存在，已从列表中移除',
  clearFailed: '清除收藏记录失败，请稍后重试',
} as const;

export function FavoritesPanel({ onOpenIdea }: { onOpenIdea: (id: number) => void }) {
  const utils = trpc.useUtils();
  const list = trpc.favorites.list.useInfiniteQuery(FAVORITES_QUERY_INPUT, { getNextPageParam: favoritesPageAfter });
  const favorites = useMemo(() => list.data?.pages.flatMap((page) => page.data) ?? [], [list.data]);
  const remove = trpc.favorites.remove.useMutation();
  const confirm = useConfirm();
  const toast = useToast();
  const [busyId, setBusyId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  // Another tab may have changed them: refresh on focus (in this tab a toggle marks the list stale).
  useEffect(() => {
    const refresh = () => void utils.favorites.list.invalidate();
    window.addEventListener('focus', refresh);
    return () => window.removeEventListener('focus', refresh);
  }, [utils]);

  /** Drops one record from the cached list at once (the refetch that follows agrees). */
  const dropFromList = (id: number) =>
    utils.favorites.list.setInfiniteData(FAVORITES_QUERY_INPUT, (old) => (old ? { ...old, pages: old.pages.map((page) => ({ ...page, data: page.data.filter((f) => f.id !== id) })) } : old));

  const clear = async (favorite: Favorite) => {
    const title = displayTitle(favorite.title);
    const ok = await confirm({ title: FAVORITES_MSG.confirmClear(title), message: FAVORITES_MSG.confirmClearDetail, confirmLabel: '清除收藏', danger: true });
    if (!ok) return;
    setBusyId(favorite.id);
    setError(null);
    try {
      await remove.mutateAsync({ ideaId: favorite.id });
      dropFromList(favorite.id);
      toast(FAVORITES_MSG.cleared);
    } catch (err) {
      if (httpStatusOf(err) === 404) {
        dropFromList(favorite.id);
        toast(FAVORITES_MSG.alreadyGone, 'info');
      } else setError(errorMessage(err, FAVORITES_MSG.clearFailed));
    } finally {
      setBusyId(null);
      void utils.favorites.list.invalidate();
    }
  };

  return (
    <>
      <div className="library-toolbar">
        <BusyButton className="btn btn-small" onClick={() => void list.refetch()} busy={list.isFetching}>
          {list.isFetching && !list.isPending ? '刷新中…' : '刷新'}
        </BusyButton>
      </div>
      <div role="alert">{error && <p className="error-box">{error}</p>}</div>
      {list.isRefetchError && <RetryLine message={STALE_LIST_MESSAGE} onRetry={() => void list.refetch()} busy={list.isFetching} />}
      {list.isPending ? (
        <LoadingLine />
      ) : !list.data ? (
        // Only when nothing is loaded: a failed 加载更多收藏 or refresh keeps the pages shown.
        <RetryLine message={errorMessage(list.error, FAVORITES_MSG.loadFailed)} onRetry={() => void list.refetch()} busy={list.isFetching} />
      ) : favorites.length === 0 && !list.hasNextPage ? (
        <div className="empty-state">
          <p className="empty-state-title">{FAVORITES_MSG.empty}</p>
          <Link href="/marketplace" className="btn btn-primary">
            去创意市场逛逛
          </Link>
        </div>
      ) : (
        <CardGrid label="收藏的创意">
          {favorites.map((favorite) => {
            const card = favorite as IdeaCardData;
            return isDeletedIdea(card) ? (
              <IdeaCard key={favorite.id} idea={card} onOpen={() => void clear(favorite)} onClearFavorite={() => void clear(favorite)} busy={busyId === favorite.id}>
                <p className="library-deleted-note">作者已删除这个创意</p>
              </IdeaCard>
            ) : (
              <IdeaCard key={favorite.id} idea={card} href={`/idea/${favorite.id}`} onOpen={() => onOpenIdea(favorite.id)} />
            );
          })}
        </CardGrid>
      )}
      <LoadMore list={list} label="加载更多收藏" failedMessage={FAVORITES_MSG.loadMoreFailed} />
    </>
  );
}
