/**
 * The foot of an endless card list (the marketplace, a tag's page): the next page once the foot comes
 * within 600 px of the viewport, 加载更多 for whoever does not scroll, 重试 when a page failed, and at the
 * end 已经到底了 with how many cards there are. guest-cards.ts draws the same foot before the app starts.
 * Give it a `key` that changes with the list's order or query, so a new list starts its own watch.
 */
import { useEffect, useRef } from 'react';
import { cardListFailure, MARKET_MSG } from '../../lib/list-pages.ts';
import { BusyButton } from './BusyButton.tsx';
import type { PagedList } from './LoadMore.tsx';
import { RetryLine } from './RetryLine.tsx';

export function EndlessFoot({ list, pageCount, count }: { list: PagedList & { error: unknown }; pageCount: number; count: number }) {
  const sentinel = useRef<HTMLDivElement>(null);
  const loadMore = useRef<() => void>(() => {});
  loadMore.current = () => {
    if (list.hasNextPage && !list.isFetchingNextPage && !list.isFetchNextPageError) void list.fetchNextPage();
  };
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !list.hasNextPage || typeof IntersectionObserver === 'undefined') return;
    // Re-created per page: observing again reports a sentinel that is still in view after a short page.
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && loadMore.current(), { rootMargin: '0px 0px 600px 0px' });
    io.observe(el);
    return () => io.disconnect();
  }, [list.hasNextPage, pageCount]);

  return (
    <div ref={sentinel} className="market-sentinel">
      {list.isFetchNextPageError ? (
        <RetryLine message={cardListFailure(list.error)} onRetry={() => void list.fetchNextPage()} />
      ) : list.hasNextPage ? (
        <BusyButton className="btn btn-small market-more" onClick={() => loadMore.current()} busy={list.isFetchingNextPage}>
          {list.isFetchingNextPage ? '加载中…' : '加载更多'}
        </BusyButton>
      ) : (
        <p className="market-end" data-testid="list-end">
          <span aria-hidden="true">— </span>
          {MARKET_MSG.end}，共 {count} 个创意
          <span aria-hidden="true"> —</span>
        </p>
      )}
    </div>
  );
}
