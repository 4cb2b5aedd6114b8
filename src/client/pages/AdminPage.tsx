/**
 * 管理后台 (/admin, admins only; docs/architecture.md §4, §10), one tab each (?tab=): the ideas waiting for review,
 * oldest first, each approved or rejected with a reason; the feedback inbox with replies; comment
 * reports (dismiss, or delete the comment); the members, muted or not (用户); the announcement form; the moderation log. The server
 * refuses non-admins with 403 as well. Each tab's panel is a component of components/admin/; the page
 * is the tab frame around them.
 */
import { usePageTitle, withinTitle } from '../hooks/usePageTitle.ts';
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ReviewQueue } from '../components/admin/ReviewQueue.tsx';
import { CommentReports } from '../components/admin/CommentReports.tsx';
import { Tabs } from '../components/Modal.tsx';
import { useLocation, useSearch } from 'wouter';
import { AnnouncementForm } from '../components/admin/AnnouncementForm.tsx';
import { FeedbackInbox } from '../components/admin/FeedbackInbox.tsx';
import { ModerationLog } from '../components/admin/ModerationLog.tsx';
import { WatchedWords } from '../components/admin/WatchedWords.tsx';
import { HeldComments } from '../components/admin/HeldComments.tsx';
import { MembersTab } from '../components/admin/MembersTab.tsx';
import { trpc, type RouterOutputs } from '../lib/trpc.ts';
import '../styles/ideas.css';
import '../styles/messages.css';

export const ADMIN_TABS = ['review', 'words', 'feedback', 'reports', 'members', 'announce', 'log'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];
const TAB_LABEL: Record<AdminTab, string> = { review: '审核', words: '敏感词', feedback: '反馈', reports: '评论举报', members: '用户', announce: '公告', log: '操作记录' };
const PANEL_TITLE = { feedback: '用户反馈', announce: '发布公告', log: '操作记录' } as const;

type PendingCounts = RouterOutputs['admin']['pendingCounts']['data'];
/** The lists a tab's count follows: when one of them is fetched again (after a decision), so is the count. */
const COUNTED_LISTS = ['reviewQueue', 'heldComments', 'reports', 'inbox'];

/** 审核（3）: the count is part of the tab's name, so a screen reader says it too; none when nothing waits. */
export function tabLabel(tab: AdminTab, pending: PendingCounts | undefined): string {
  const count = tab === 'review' || tab === 'feedback' || tab === 'reports' ? pending?.[tab] : undefined;
  return count ? `${TAB_LABEL[tab]}（${count > 99 ? '99+' : count}）` : TAB_LABEL[tab];
}

function usePendingCounts(): PendingCounts | undefined {
  const counts = trpc.admin.pendingCounts.useQuery(undefined, { select: (answer) => answer.data });
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        const path = event.query.queryKey[0];
        if (event.type === 'updated' && event.action.type === 'success' && Array.isArray(path) && COUNTED_LISTS.includes(String(path.at(-1)))) void utils.admin.pendingCounts.invalidate();
      }),
    [queryClient, utils],
  );
  return counts.data;
}

export default function AdminPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const asked = new URLSearchParams(search).get('tab');
  const tab: AdminTab = (ADMIN_TABS as readonly string[]).includes(asked ?? '') ? (asked as AdminTab) : 'review';
  // The first tab is the console itself; the others name themselves in the title.
  usePageTitle(tab === 'review' ? '管理后台' : withinTitle(TAB_LABEL[tab], '管理后台'));
  const pending = usePendingCounts();
  return (
    <main className="page admin-page">
      <div className="admin-header">
        <h1>管理后台</h1>
      </div>
      <Tabs<AdminTab> label="管理后台分类" active={tab} onChange={(next) => navigate(`/admin?tab=${next}`, { replace: true })} tabs={ADMIN_TABS.map((id) => ({ id, label: tabLabel(id, pending) }))} />
      <section role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'review' && (
          <>
            <ReviewQueue />
            <HeldComments />
          </>
        )}
        {tab === 'words' && <WatchedWords />}
        {tab === 'reports' && <CommentReports />}
        {tab === 'members' && <MembersTab />}
        {/* These panels' items are h3: each panel is its h2 (the outline skipped a level). */}
        {(tab === 'feedback' || tab === 'announce' || tab === 'log') && <h2 className="admin-panel-title">{PANEL_TITLE[tab]}</h2>}
        {tab === 'feedback' && <FeedbackInbox />}
        {tab === 'announce' && <AnnouncementForm />}
        {tab === 'log' && <ModerationLog />}
      </section>
    </main>
  );
}
