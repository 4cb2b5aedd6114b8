/**
 * /tag/{tag} (docs/product-rules.md "Tags"): the public ideas carrying a tag, newest first, loaded page by
 * page as the end comes into view (as the marketplace's list), under `#标签` and how many there are, with
 * the popular tags of the last 30 days as a row of links. Guests and members alike; a guest's card opens
 * /login and then the idea. Tags compare folded on the server, so `/tag/AI` and `/tag/ai` list the same.
 */
import { useMemo } from 'react';
import { Link, useLocation } from 'wouter';
import type { IdeaDto } from '../../shared/idea-schemas.ts';
import { IdeaCard } from '../components/IdeaCard.tsx';
import { LoadingLine } from '../components/LoadingLine.tsx';
import { CardGrid } from '../components/ui/CardGrid.tsx';
import { EndlessFoot } from '../components/ui/EndlessFoot.tsx';
import { RetryLine } from '../components/ui/RetryLine.tsx';
import { usePageTitle } from '../hooks/usePageTitle.ts';
import { useSession } from '../hooks/useSession.ts';
import { tagOfPath, tagPath } from '../lib/card-tags.ts';
import { BadDataError, cardListFailure, checkedPage, flattenPages } from '../lib/list-pages.ts';
import { logInThenOpenIdea } from '../lib/login-return.ts';
import { MARKET_PAGE_SIZE } from '../lib/marketplace-sort.ts';
import { trpc } from '../lib/trpc.ts';
import '../styles/ideas.css';

/** The popular tags as links, the page's own tag marked as the current one. */
function PopularTags({ current }: { current: string }) {
  const popular = trpc.tags.popular.useQuery(undefined, { select: (a) => a.data, staleTime: 60_000 });
  if (!popular.data?.length) return null;
  return (
    <nav className="tag-popular" aria-labelledby="tag-popular-title">
      <h2 id="tag-popular-title" className="tag-popular-title">
        热门标签
      </h2>
      <ul className="tag-popular-list">
        {popular.data.map(({ tag, count }) => (
          <li key={tag} className="idea-tag">
            <Link href={tagPath(tag)} className="idea-tag-link" aria-current={tag === current ? 'page' : undefined}>
              #{tag}
              <span className="tag-popular-count" aria-hidden="true">
                {count}
              </span>
              <span className="visually-hidden">，{count} 个创意</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function TagPage() {
  // The router's location subscribes this page to address changes; the tag is read from the raw address.
  const [, navigate] = useLocation();
  const tag = tagOfPath(window.location.pathname);
  const { loggedIn } = useSession();
  const list = trpc.tags.ideas.useInfiniteQuery({ tag, limit: MARKET_PAGE_SIZE }, { getNextPageParam: (last) => last.nextCursor ?? null, staleTime: 60_000 });
  usePageTitle(`标签 #${tag}`, `猎人创意社区里带「${tag}」标签的公开创意，最新的在前。`);

  const { items, badData } = useMemo<{ items: IdeaDto[]; badData: BadDataError | null }>(() => {
    try {
      return { items: flattenPages(((list.data?.pages ?? []) as unknown[]).map((page) => checkedPage<IdeaDto>(page))), badData: null };
    } catch (err) {
      return { items: [], badData: err as BadDataError };
    }
  }, [list.data]);
  const count = list.data?.pages[0]?.count;

  const marketplace = loggedIn ? '/marketplace' : '/guest-marketplace';
  const error = badData ?? (list.isError && items.length === 0 ? list.error : null);

  return (
    <main className="page market-page tag-page">
      <header className="market-header">
        <div className="market-heading">
          <h1>#{tag}</h1>
          <p className="market-subtitle" data-testid="tag-count">
            {typeof count === 'number' ? `${count} 个创意` : '\u00a0'}
          </p>
        </div>
      </header>
      <PopularTags current={tag} />

      {list.isPending && !badData ? (
        <LoadingLine text="正在加载创意…" />
      ) : error ? (
        <RetryLine message={cardListFailure(error)} onRetry={() => void list.refetch()} busy={list.isFetching} testId="tag-error" />
      ) : items.length === 0 ? (
        <div className="empty-state" data-testid="tag-empty">
          <p className="empty-state-title">还没有带「#{tag}」标签的公开创意</p>
          <Link href={marketplace} className="btn btn-primary">
            去创意市场看看
          </Link>
        </div>
      ) : (
        <>
          <CardGrid label={`带「#${tag}」标签的创意`}>
            {items.map((idea) => (
              <IdeaCard key={idea.id} idea={idea} href={loggedIn ? `/idea/${idea.id}` : '/login'} onOpen={loggedIn ? undefined : () => logInThenOpenIdea(idea.id, navigate)} headingLevel={2} />
            ))}
          </CardGrid>
          <EndlessFoot key={tag} list={list} pageCount={list.data?.pages.length ?? 0} count={items.length} />
        </>
      )}
    </main>
  );
}
