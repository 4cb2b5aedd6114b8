/**
 * 我的灵感库 (/inspiration-library?tab=published|drafts|favorite|deleted), docs/spec/publishing-and-browsing.md §2 "Inspiration
 * library": the author's published (including in review and rejected), draft and deleted ideas, with
 * delete, restore and permanent delete, and the member's favourites (FavoritesPanel).
 */
import { usePageTitle, withinTitle } from '../hooks/usePageTitle.ts';
import { LoadingLine } from '../components/LoadingLine.tsx';
import { Feedback, type FeedbackState } from '../components/Feedback.tsx';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { displayTitle, recycleDaysLeft } from '../../shared/idea-display.ts';
import { IDEA_MSG, RECYCLE_BIN_DAYS } from '../../shared/idea-rules.ts';
import type { IdeaDto } from '../../shared/idea-schemas.ts';
import { cardStage, ClockIcon, IdeaCard } from '../components/IdeaCard.tsx';
import { CardGrid } from '../components/ui/CardGrid.tsx';
import { FAVORITES_QUERY_INPUT, FavoritesPanel, favoritesPageAfter } from '../components/library/FavoritesPanel.tsx';
import { quoteName, useConfirm } from '../components/ui/ConfirmDialog.tsx';
import { useToast } from '../components/ui/Toast.tsx';
import { Tabs } from '../components/Modal.tsx';
import { errorMessage, httpStatusOf } from '../lib/api-errors.ts';
import { isFromLibrary, type FromLibraryState } from '../lib/idea-page-rules.ts';
import { editIdeaPath } from '../lib/routes.ts';
import { trpc, type RouterOutputs } from '../lib/trpc.ts';
import '../styles/ideas.css';
// The favourites tab's toolbar and the 加载更多 rows (visited first, they were unstyled).
import '../styles/messages.css';
import { RetryLine, STALE_LIST_MESSAGE } from '../components/ui/RetryLine.tsx';
import { LoadMore } from '../components/ui/LoadMore.tsx';
import { BusyButton } from '../components/ui/BusyButton.tsx';

export const LIBRARY_TABS = ['published', 'drafts', 'favorite', 'deleted'] as const;
export type LibraryTab = (typeof LIBRARY_TABS)[number];

/** The author's own lists; the favourites tab reads favorites.list instead. */
const STATUS_OF: Record<Exclude<LibraryTab, 'favorite'>, 'published' | 'draft' | 'deleted'> = { published: 'published', drafts: 'draft', deleted: 'deleted' };

export const LIBRARY_MSG = {
  loadFailed: '加载创意失败，请稍后重试',
  loadMoreFailed: '加载更多创意失败，请稍后重试',
  recycleNotice: `已删除的创意会保留${RECYCLE_BIN_DAYS}天，期间可以恢复，之后将被永久删除`,
  confirmDelete: (title: string) => `删除${quoteName(title)}？`,
  confirmDeleteDetail: `删除后会在回收站保留${RECYCLE_BIN_DAYS}天，期间可以恢复。`,
  confirmPurge: (title: string) => `永久删除${quoteName(title)}？`,
  confirmPurgeDetail: '永久删除后无法恢复。',
  confirmRestore: (title: string) => `恢复${quoteName(title)}？`,
  confirmRestoreDetail: '恢复后它会回到删除前所在的分类。',
  deleted: `已移入回收站，${RECYCLE_BIN_DAYS}天内可以恢复`,
  purged: '已永久删除',
  restored: (toDrafts: boolean) => `已恢复，可在「${toDrafts ? '草稿' : '已发布'}」中查看`,
} as const;

/** Each tab's name, on the tab and in the page's title (the first tab is the page itself). */
const TAB_LABEL: Record<LibraryTab, string> = { published: '已发布', drafts: '草稿', favorite: '收藏', deleted: '回收站' };

const nextPageOf = (last: RouterOutputs['ideas']['my']) => last.nextCursor ?? null;

const PANEL_TITLE: Record<LibraryTab, string> = { published: '已发布的创意', drafts: '草稿', favorite: '收藏的创意', deleted: '回收站中的创意' };

export function tabFromSearch(search: string): LibraryTab {
  const tab = new URLSearchParams(search).get('tab');
  return (LIBRARY_TABS as readonly string[]).includes(tab ?? '') ? (tab as LibraryTab) : 'published';
}

export default function InspirationLibraryPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const tab = tabFromSearch(search);
  usePageTitle(tab === 'published' ? '我的灵感库' : withinTitle(TAB_LABEL[tab], '我的灵感库'));
  const [feedback, setFeedback] = useState<FeedbackState>(null);
  const confirm = useConfirm();
  const toast = useToast();
  const [busyId, setBusyId] = useState<number | null>(null);
  const panelHeading = useRef<HTMLHeadingElement>(null);

  const utils = trpc.useUtils();
  const ownTab = tab === 'favorite' ? null : STATUS_OF[tab];
  // Pages of 50 (加载更多); the recycle bin's count shows on its tab whichever tab is open (the same
  // query as that tab's list).
  const list = trpc.ideas.my.useInfiniteQuery({ status: ownTab ?? 'published' }, { getNextPageParam: nextPageOf, enabled: ownTab !== null });
  const deletedList = trpc.ideas.my.useInfiniteQuery({ status: 'deleted' }, { getNextPageParam: nextPageOf });
  const remove = trpc.ideas.remove.useMutation();
  const restore = trpc.ideas.restore.useMutation();

  // ?tab= always names the open tab.
  useEffect(() => {
    if (new URLSearchParams(search).get('tab') !== tab) navigate(`/inspiration-library?tab=${tab}`, { replace: true });
  }, [search, tab, navigate]);

  // Back from an idea opened here (its back button hands our state back): the scroll it was opened at,
  // once the open tab's list is there (the favourites tab's is the panel's query, shared by key).
  const favorites = trpc.favorites.list.useInfiniteQuery(FAVORITES_QUERY_INPUT, { getNextPageParam: favoritesPageAfter, enabled: tab === 'favorite' });
  const panelPending = tab === 'favorite' ? favorites.isPending : list.isPending;
  const returnScroll = useRef<number | null>(isFromLibrary(window.history.state) ? window.history.state.scrollPosition : null);
  useEffect(() => {
    const top = returnScroll.current;
    if (top === null || panelPending) return;
    returnScroll.current = null;
    requestAnimationFrame(() => window.scrollTo({ top, behavior: 'instant' }));
  }, [panelPending]);

  const selectTab = (next: LibraryTab) => {
    setFeedback(null);
    if (next !== tab) navigate(`/inspiration-library?tab=${next}`, { replace: true });
  };

  /** Success is a toast; a failure stays on the page beside the list until the next action. */
  const finish = async (result: FeedbackState) => {
    if (result?.kind === 'success') toast(result.text);
    setFeedback(result?.kind === 'error' ? result : null);
    setBusyId(null);
    await utils.ideas.my.invalidate();
    // The card acted on has left the list; keep keyboard focus on the page instead of losing it: on the
    // chosen tab, which is seen and says where one is (the panel's heading is hidden, so focus there
    // showed nothing, an accessibility review found).
    if (result?.kind === 'success') (document.querySelector<HTMLElement>('main [role="tab"][aria-selected="true"]') ?? panelHeading.current)?.focus();
  };

  const deleteIdea = async (idea: IdeaDto, force: boolean) => {
    const title = displayTitle(idea.title);
    const ok = await confirm({
      title: force ? LIBRARY_MSG.confirmPurge(title) : LIBRARY_MSG.confirmDelete(title),
      message: force ? LIBRARY_MSG.confirmPurgeDetail : LIBRARY_MSG.confirmDeleteDetail,
      confirmLabel: force ? '永久删除' : '删除',
      danger: true,
    });
    if (!ok) return;
    setBusyId(idea.id);
    setFeedback(null);
    try {
      await remove.mutateAsync({ id: idea.id, force });
      await finish({ kind: 'success', text: force ? LIBRARY_MSG.purged : LIBRARY_MSG.deleted });
    } catch (err) {
      const text = httpStatusOf(err) === 404 ? IDEA_MSG.notFoundOrForbidden : errorMessage(err, IDEA_MSG.deleteFailed);
      await finish({ kind: 'error', text });
    }
  };

  const restoreIdea = async (idea: IdeaDto) => {
    const title = displayTitle(idea.title);
    const ok = await confirm({ title: LIBRARY_MSG.confirmRestore(title), message: LIBRARY_MSG.confirmRestoreDetail, confirmLabel: '恢复' });
    if (!ok) return;
    setBusyId(idea.id);
    setFeedback(null);
    try {
      const { data: restored } = await restore.mutateAsync({ id: idea.id });
      await finish({ kind: 'success', text: LIBRARY_MSG.restored(restored.status === 'draft') });
    } catch (err) {
      const status = httpStatusOf(err);
      const text = status === 410 ? IDEA_MSG.restoreExpired : status === 404 ? IDEA_MSG.restoreGone : errorMessage(err, IDEA_MSG.restoreFailed);
      await finish({ kind: 'error', text });
    }
  };

  const openDetail = (idea: IdeaDto) => {
    const state: FromLibraryState = { fromInspirationLibrary: true, activeTab: tab, scrollPosition: window.scrollY };
    navigate(`/idea/${idea.id}`, { state });
  };

  const ideas = useMemo(() => list.data?.pages.flatMap((page) => page.data) ?? [], [list.data]);
  const deleted = deletedList.data && { count: deletedList.data.pages.reduce((n, page) => n + page.data.length, 0), more: deletedList.hasNextPage };

  return (
    <main className="page library-page">
      <div className="library-header">
        <h1>我的灵感库</h1>
        <Link href="/create-pin" className="btn btn-primary btn-small">
          <span aria-hidden="true">＋</span>写新创意
        </Link>
      </div>
      <Tabs<LibraryTab>
        label="灵感库分类"
        active={tab}
        onChange={selectTab}
        tabs={[
          { id: 'published', label: TAB_LABEL.published },
          { id: 'drafts', label: TAB_LABEL.drafts },
          { id: 'favorite', label: TAB_LABEL.favorite },
          { id: 'deleted', label: deleted ? `${TAB_LABEL.deleted} (${deleted.count}${deleted.more ? '+' : ''})` : TAB_LABEL.deleted },
        ]}
      />
      <Feedback feedback={feedback} />

      <section role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="library-panel">
        <h2 className="visually-hidden" tabIndex={-1} ref={panelHeading}>
          {PANEL_TITLE[tab]}
        </h2>
        {tab === 'deleted' && <p className="notice notice-warn">{LIBRARY_MSG.recycleNotice}</p>}
        {tab !== 'favorite' && list.isRefetchError && <RetryLine message={STALE_LIST_MESSAGE} onRetry={() => void list.refetch()} busy={list.isFetching} />}

        {tab === 'favorite' ? (
          <FavoritesPanel
            onOpenIdea={(id) => {
              const state: FromLibraryState = { fromInspirationLibrary: true, activeTab: tab, scrollPosition: window.scrollY };
              navigate(`/idea/${id}`, { state });
            }}
          />
        ) : list.isPending ? (
          <LoadingLine />
        ) : !list.data ? (
          // Only when nothing is loaded: a failed 加载更多 or refresh keeps the pages shown.
          <RetryLine message={errorMessage(list.error, LIBRARY_MSG.loadFailed)} onRetry={() => void list.refetch()} busy={list.isFetching} />
        ) : ideas.length === 0 ? (
          <EmptyState tab={tab} onBackToPublished={() => selectTab('published')} />
        ) : (
          <CardGrid label={PANEL_TITLE[tab]}>
            {ideas.map((idea) => (
              <LibraryCard
                key={idea.id}
                idea={idea}
                tab={tab}
                busy={busyId === idea.id}
                onOpenDetail={() => openDetail(idea)}
                onDelete={(force) => void deleteIdea(idea, force)}
                onRestore={() => void restoreIdea(idea)}
              />
            ))}
          </CardGrid>
        )}
        {tab !== 'favorite' && <LoadMore list={list} label="加载更多" failedMessage={LIBRARY_MSG.loadMoreFailed} />}
      </section>
    </main>
  );
}

function LibraryCard({
  idea,
  tab,
  busy,
  onOpenDetail,
  onDelete,
  onRestore,
}: {
  idea: IdeaDto;
  tab: LibraryTab;
  busy: boolean;
  onOpenDetail: () => void;
  onDelete: (force: boolean) => void;
  onRestore: () => void;
}) {
  if (tab === 'deleted') {
    const daysLeft = idea.deletedAt ? recycleDaysLeft(idea.deletedAt) : null;
    return (
      <IdeaCard
        idea={idea}
        actions={
          <>
            <BusyButton className="btn btn-small btn-primary" onClick={onRestore} busy={busy}>
              恢复
            </BusyButton>
            <BusyButton className="btn btn-small btn-danger" onClick={() => onDelete(true)} busy={busy}>
              永久删除
            </BusyButton>
          </>
        }
      >
        {daysLeft !== null && (
          <p className={`library-days-left ${daysLeft <= 1 ? 'library-days-left-urgent' : ''}`}>
            <ClockIcon />
            {daysLeft > 0 ? `还剩 ${daysLeft} 天，之后将被永久删除` : '已过恢复期限，即将被永久删除'}
          </p>
        )}
      </IdeaCard>
    );
  }

  const stage = cardStage(idea);
  const inReview = stage === 'review';
  const rejected = stage === 'rejected';
  // Published ideas (and anything in review) open the detail page; other drafts open the editor.
  const opensDetail = tab === 'published' || inReview;
  const deleteButton = (
    <BusyButton className="btn btn-small" onClick={() => onDelete(false)} busy={busy}>
      删除
    </BusyButton>
  );
  return (
    <IdeaCard
      idea={idea}
      href={opensDetail ? `/idea/${idea.id}` : editIdeaPath(idea.id)}
      onOpen={opensDetail ? onOpenDetail : undefined}
      actions={
        <>
          {rejected && (
            <Link href={editIdeaPath(idea.id)} className="btn btn-small btn-primary">
              修改后重新发布
            </Link>
          )}
          {/* A draft's card opens the editor too; the button says so. A public idea's opens its page. */}
          {(stage === 'draft' || stage === 'public') && (
            <Link href={editIdeaPath(idea.id)} className={`btn btn-small ${stage === 'draft' ? 'btn-primary' : ''}`} aria-label={`编辑「${displayTitle(idea.title)}」`}>
              编辑
            </Link>
          )}
          {deleteButton}
        </>
      }
    >
      {inReview && <p>{IDEA_MSG.notEditable}</p>}
    </IdeaCard>
  );
}

function EmptyState({ tab, onBackToPublished }: { tab: LibraryTab; onBackToPublished: () => void }) {
  if (tab === 'deleted') {
    return (
      <div className="empty-state">
        <p className="empty-state-title">回收站是空的</p>
        <button type="button" className="btn btn-primary" onClick={onBackToPublished}>
          返回已发布
        </button>
      </div>
    );
  }
  const published = tab === 'published';
  return (
    <div className="empty-state">
      <p className="empty-state-title">{published ? '还没有发布过创意' : '暂无草稿'}</p>
      <Link href="/create-pin" className="btn btn-primary">
        {published ? '去发布' : '写一个新创意'}
      </Link>
    </div>
  );
}
