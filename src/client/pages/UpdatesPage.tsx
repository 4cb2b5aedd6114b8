/**
 * 关注动态 (/updates), docs/spec/publishing-and-browsing.md §2 "Follow updates": followed members who published in the last
 * 7 days on the left; on the right the timeline of everyone the member follows (docs/product-rules.md "Profiles"),
 * or the selected member's recent ideas (on phones: the list above the timeline, or the member's ideas with a back
 * control). Opening the page marks every listed member's latest idea as seen, which clears the navigation badge as
 * opening one member does; the red dots and the timeline's 未看过 keep, for this visit, what was new when it opened.
 * A later publication lights them again (docs/architecture.md §10).
 * The open member is in the address (`?hunter=`), so the browser's Back and an idea's 返回 keep it.
 * Logged-out visitors get a state linking to /login rather than a redirect.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { formatDateTime } from '../../shared/relative-time.ts';
import { UNREAD_REFRESH_NAV_MS } from '../../shared/message-texts.ts';
import { Avatar } from '../components/Avatar.tsx';
import { IdeaCard } from '../components/IdeaCard.tsx';
import { LoadingLine } from '../components/LoadingLine.tsx';
import { useToast } from '../components/ui/Toast.tsx';
import { usePageTitle } from '../hooks/usePageTitle.ts';
import { useSession } from '../hooks/useSession.ts';
import { useFollowUpdates } from '../hooks/useBadgeCounts.ts';
import { errorMessage } from '../lib/api-errors.ts';
import { isUnseenIdea, isUnviewed, markAllViewed, markViewed, readViewedMarks, resetViewedMarks, type FollowUpdateItem, type ViewedMarks } from '../lib/message-state.ts';
import { trpc, type RouterOutputs } from '../lib/trpc.ts';
import '../styles/ideas.css';
import '../styles/messages.css';
import { RetryLine } from '../components/ui/RetryLine.tsx';
import { LoadMore } from '../components/ui/LoadMore.tsx';

export const UPDATES_MSG = {
  loggedOut: '登录后即可查看你关注的猎人的最新动态',
  // Said the same whether the member follows nobody yet or their hunters were quiet: both read true.
  empty: '最近 7 天还没有新动态',
  emptyHint: '关注喜欢的猎人后，他们发布的新创意会出现在这里',
  loadFailed: '加载关注动态失败，请稍后重试',
  recentFailed: '加载该猎人的创意失败，请稍后重试',
  recentEmpty: '这位猎人最近没有公开的新创意',
  quiet: '最近 7 天你关注的猎人没有发布新创意',
  timelineFailed: '加载关注的猎人的创意失败，请稍后重试',
  timelineMoreFailed: '加载更多创意失败，请重试',
  timelineEmpty: '你关注的猎人还没有公开的创意',
  reset: '已重置查看记录，所有动态重新标为未查看',
} as const;

export default function UpdatesPage() {
  usePageTitle('关注动态');
  const { loggedIn } = useSession();
  return <main className="page updates-page">{loggedIn ? <Updates /> : <LoggedOut />}</main>;
}

function LoggedOut() {
  return (
    <>
      <h1>关注动态</h1>
      <div className="empty-state" data-testid="updates-logged-out">
        <p className="empty-state-title">{UPDATES_MSG.loggedOut}</p>
        <Link href="/login" className="btn btn-primary">
          去登录
        </Link>
      </div>
    </>
  );
}

/** The member named by `?hunter=`, or null. */
export function hunterFromSearch(search: string): string | null {
  return new URLSearchParams(search).get('hunter') || null;
}

/** Marks the history entry the list pushed when it opened a member, so 返回列表 can go back to it. */
const OPENED_FROM_LIST = 'updatesOpenedFromList';

function Updates() {
  const { query, list } = useFollowUpdates(UNREAD_REFRESH_NAV_MS);
  const timeline = trpc.follows.timeline.useInfiniteQuery({}, { getNextPageParam: (last) => last.nextCursor ?? null });
  const timelineIdeas = timeline.data?.pages.flatMap((page) => page.data) ?? [];
  const search = useSearch();
  const [, navigate] = useLocation();
  const selectedNumber = hunterFromSearch(search);
  const selected = list.find((item) => item.registrationNumber === selectedNumber) ?? null;
  const [devTools, setDevTools] = useState(false);
  const toast = useToast();
  const listRef = useRef<HTMLUListElement>(null);

  // The marks as the page opened: what was new then stays marked on the page while the stored marks, and the
  // badge, clear at once. A member opened here loses their dot.
  const [shownMarks, setShownMarks] = useState<ViewedMarks>(readViewedMarks);
  const fresh = query.isSuccess && !query.isPlaceholderData ? query.data : null;
  useEffect(() => {
    if (fresh) markAllViewed(fresh);
  }, [fresh]);

  const seen = (item: Pick<FollowUpdateItem, 'registrationNumber' | 'latestIdeaTime'>) => {
    markViewed(item);
    setShownMarks((marks) => ({ ...marks, [item.registrationNumber]: item.latestIdeaTime }));
  };
  // Whatever opened the member (a tap, Back from their idea, a reload), their latest idea is seen.
  // Keyed by the member and their latest idea, not the item: the list is a new array on every fetch.
  const selectedLatest = selected?.latestIdeaTime;
  useEffect(() => {
    if (selectedNumber && selectedLatest) seen({ registrationNumber: selectedNumber, latestIdeaTime: selectedLatest });
  }, [selectedNumber, selectedLatest]);

  // Closing a member (返回列表 or the browser's Back) puts focus back on them in the list.
  const lastOpen = useRef<string | null>(selectedNumber);
  useEffect(() => {
    const closed = lastOpen.current;
    lastOpen.current = selectedNumber;
    if (selectedNumber === null && closed !== null) {
      requestAnimationFrame(() => listRef.current?.querySelector<HTMLElement>(`[data-number="${closed}"]`)?.focus());
    }
  }, [selectedNumber]);

  const open = (item: FollowUpdateItem) => {
    seen(item);
    const href = `/updates?hunter=${encodeURIComponent(item.registrationNumber)}`;
    // From the list a new history entry (Back returns to the list); from one member to another, the same.
    if (selectedNumber === null) navigate(href, { state: { [OPENED_FROM_LIST]: true } });
    else navigate(href, { replace: true });
    // On phones the list is hidden once a member is open: focus goes to the member's heading.
    requestAnimationFrame(() => document.getElementById('updates-detail-title')?.focus());
  };
  const back = () => {
    if ((window.history.state as Record<string, unknown> | null)?.[OPENED_FROM_LIST]) window.history.back();
    else navigate('/updates', { replace: true });
  };

  // One 重试 asks for both: an API that was down failed them together.
  const retryAll = () => {
    void query.refetch();
    if (timeline.isError) void timeline.refetch();
  };
  const listPending = query.isPending && list.length === 0;
  // Nothing to show at all: no one followed has a public idea (or no one is followed).
  const nothing = !listPending && !query.isError && list.length === 0 && timeline.isSuccess && timelineIdeas.length === 0;

  return (
    <>
      <div className="updates-header">
        {/* Double-clicking the title reveals the developer reset (docs/spec/publishing-and-browsing.md §2). */}
        <h1 onDoubleClick={() => setDevTools(true)}>关注动态</h1>
        {devTools && (
          <button
            type="button"
            className="btn btn-small"
            data-testid="reset-viewed"
            onClick={() => {
              resetViewedMarks();
              setShownMarks({});
              toast(UPDATES_MSG.reset);
            }}
          >
            重置查看记录（开发用）
          </button>
        )}
      </div>
      <p className="muted updates-sub">你关注的猎人最近发布的创意</p>

      {listPending && timeline.isPending ? (
        <LoadingLine />
      ) : nothing ? (
        <div className="empty-state" data-testid="updates-empty">
          <p className="empty-state-title">{UPDATES_MSG.empty}</p>
          <p className="muted">{UPDATES_MSG.emptyHint}</p>
          <Link href="/marketplace" className="btn btn-primary">
            去创意市场看看
          </Link>
        </div>
      ) : (
        <div className={`updates-layout ${selected ? 'updates-layout-detail' : ''}`}>
          <section className="updates-list-panel" aria-labelledby="updates-list-title">
            <h2 id="updates-list-title" className="updates-panel-title">
              有新动态的猎人（{list.length}）
            </h2>
            {listPending ? (
              <LoadingLine />
            ) : query.isError && list.length === 0 ? (
              <RetryLine message={errorMessage(query.error, UPDATES_MSG.loadFailed)} onRetry={retryAll} busy={query.isFetching} />
            ) : list.length === 0 ? (
              <p className="muted updates-quiet" data-testid="updates-quiet">
                {UPDATES_MSG.quiet}
              </p>
            ) : (
              <ul className="updates-list" ref={listRef}>
                {list.map((item) => {
                  const unviewed = isUnviewed(item, shownMarks);
                  const current = selected?.registrationNumber === item.registrationNumber;
                  return (
                    <li key={item.registrationNumber}>
                      <button
                        type="button"
                        className={`updates-person ${current ? 'updates-person-current' : ''}`}
                        aria-pressed={current}
                        data-number={item.registrationNumber}
                        data-testid="updates-person"
                        onClick={() => open(item)}
                      >
                        <Avatar src={item.avatarUrl} alt="" size={44} />
                        <span className="updates-person-text">
                          <span className="updates-person-name">
                            {item.nickname}
                            {unviewed && (
                              <span className="updates-dot" data-testid="updates-dot">
                                <span className="visually-hidden">（未查看）</span>
                              </span>
                            )}
                          </span>
                          <span className="updates-person-meta">猎人编号：{item.registrationNumber}</span>
                          <span className="updates-person-meta">
                            {item.recentIdeasCount} 个新创意 · 最近更新 <time dateTime={item.latestIdeaTime}>{formatDateTime(item.latestIdeaTime)}</time>
                          </span>
                        </span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
          <section className="updates-detail-panel" aria-labelledby="updates-detail-title">
            {selected ? <RecentIdeas person={selected} onBack={back} /> : <Timeline timeline={timeline} ideas={timelineIdeas} marks={shownMarks} />}
          </section>
        </div>
      )}
    </>
  );
}

type TimelineQuery = ReturnType<typeof trpc.follows.timeline.useInfiniteQuery>;
type TimelineIdea = RouterOutputs['follows']['timeline']['data'][number];

/** Everyone followed, newest first, paged; the cards published since the member last looked say 未看过. */
function Timeline({ timeline, ideas, marks }: { timeline: TimelineQuery; ideas: readonly TimelineIdea[]; marks: ViewedMarks }) {
  const unseen = ideas.filter((idea) => isUnseenIdea(idea, marks)).length;
  return (
    <>
      <h2 id="updates-detail-title" className="updates-panel-title" tabIndex={-1}>
        关注的猎人的创意{unseen > 0 && <span className="timeline-unseen-count">（{unseen} 个未看过）</span>}
      </h2>
      {timeline.isPending ? (
        <LoadingLine />
      ) : timeline.isError ? (
        <RetryLine message={errorMessage(timeline.error, UPDATES_MSG.timelineFailed)} onRetry={() => void timeline.refetch()} busy={timeline.isFetching} />
      ) : ideas.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state-title">{UPDATES_MSG.timelineEmpty}</p>
        </div>
      ) : (
        <>
          <ul className="updates-ideas" aria-label="关注的猎人的创意" data-testid="timeline">
            {ideas.map((idea) => (
              <li key={idea.id}>
                <IdeaCard idea={idea} href={`/idea/${idea.id}`}>
                  {isUnseenIdea(idea, marks) && (
                    <p className="timeline-unseen" data-testid="timeline-unseen">
                      <span className="updates-dot" aria-hidden="true" />
                      未看过
                    </p>
                  )}
                </IdeaCard>
              </li>
            ))}
          </ul>
          <LoadMore list={timeline} label="加载更多创意" failedMessage={UPDATES_MSG.timelineMoreFailed} />
        </>
      )}
    </>
  );
}

function RecentIdeas({ person, onBack }: { person: FollowUpdateItem; onBack: () => void }) {
  const recent = trpc.follows.recentOf.useQuery({ registrationNumber: person.registrationNumber }, { select: (answer) => answer.data });
  const ideas = recent.data ?? [];
  return (
    <>
      <button type="button" className="btn btn-small updates-back" onClick={onBack}>
        <span aria-hidden="true">‹ </span>返回列表
      </button>
      <div className="updates-detail-head">
        <Avatar src={person.avatarUrl} alt="" size={40} />
        <div>
          <h2 id="updates-detail-title" className="updates-panel-title" tabIndex={-1}>
            {person.nickname} 的近期创意
          </h2>
          <Link href={`/hunter/${person.registrationNumber}`} className="updates-hunter-link">
            查看主页
          </Link>
        </div>
      </div>
      {recent.isPending ? (
        <LoadingLine />
      ) : recent.isError ? (
        <RetryLine message={errorMessage(recent.error, UPDATES_MSG.recentFailed)} onRetry={() => void recent.refetch()} busy={recent.isFetching} />
      ) : ideas.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state-title">{UPDATES_MSG.recentEmpty}</p>
        </div>
      ) : (
        // A plain grid, not the masonry: its columns follow the panel's width, not the window's.
        <ul className="updates-ideas" aria-label={`${person.nickname} 的近期创意`}>
          {ideas.map((idea) => (
            <li key={idea.id}>
              <IdeaCard
                key={idea.id}
                idea={{
                  id: idea.id,
                  title: idea.title,
                  description: idea.description,
                  tags: idea.tags,
                  price: idea.price,
                  createdAt: idea.publishedAt || idea.createdAt,
                  viewCount: idea.viewCount,
                  authorName: idea.nickname,
                  authorAvatar: idea.avatarUrl,
                }}
                href={`/idea/${idea.id}`}
              >
                <p className="updates-favorites">收藏 {idea.favoriteCount}</p>
              </IdeaCard>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
