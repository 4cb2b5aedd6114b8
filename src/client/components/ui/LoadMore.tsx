/**
 * The end of a paged list (messages, favourites, the library): the next page on request, 加载中…
 * while it comes, and a page that failed with 重试; the pages already shown stay.
 */
import { BusyButton } from './BusyButton.tsx';
import { RetryLine } from './RetryLine.tsx';

/** What an infinite query tells about its next page. */
export interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

export function LoadMore({ list, label, failedMessage }: { list: PagedList; label: string; failedMessage: string }) {
  return (
    <>
      {list.hasNextPage && (
        <div className="list-more">
          <BusyButton className="btn" onClick={() => void list.fetchNextPage()} busy={list.isFetchingNextPage}>
            {list.isFetchingNextPage ? '加载中…' : label}
          </BusyButton>
        </div>
      )}
      {list.isFetchNextPageError && <RetryLine message={failedMessage} onRetry={() => void list.fetchNextPage()} busy={list.isFetchingNextPage} />}
    </>
  );
}
