/**
 * 管理后台 (/admin, admins only; docs/architecture.md §4, §10), one tab each (?tab=): the ideas waiting for review,
 * oldest first, each approved or rejected with a reason; the feedback inbox with replies; comment
 * reports (dismiss, or delete the comment); the announcement form; the moderation log. The server
 * refuses non-admins with 403 as well.
 */
import { usePageTitle, withinTitle } from '../hooks/usePageTitle.ts';
import { LoadingLine } from '../components/LoadingLine.tsx';
import { Feedback, type FeedbackState } from '../components/Feedback.tsx';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { marketMarker } from '../../shared/idea-rules.ts';
import type { IdeaDto } from '../../shared/idea-schemas.ts';
import { authorName, displayTitle } from '../../shared/idea-display.ts';
import { cardAuthor, cardTags } from '../components/IdeaCard.tsx';
import { CommentReports } from '../components/admin/CommentReports.tsx';
import { RetryLine } from '../components/ui/RetryLine.tsx';
import { Tabs } from '../components/Modal.tsx';
import { useLocation, useSearch } from 'wouter';
import { AnnouncementForm } from '../components/admin/AnnouncementForm.tsx';
import { FeedbackInbox } from '../components/admin/FeedbackInbox.tsx';
import { ModerationLog } from '../components/admin/ModerationLog.tsx';
import { WatchedWords } from '../components/admin/WatchedWords.tsx';
import { HeldComments } from '../components/admin/HeldComments.tsx';
import { EditApproveDialog } from '../components/admin/EditApproveDialog.tsx';
import { quoteName, useConfirm } from '../components/ui/ConfirmDialog.tsx';
import { useToast } from '../components/ui/Toast.tsx';
import { errorMessage, httpStatusOf } from '../lib/api-errors.ts';
import { formatDateTime, relativeTime } from '../../shared/relative-time.ts';
import { trpc, type RouterOutputs } from '../lib/trpc.ts';
import '../styles/ideas.css';
import '../styles/messages.css';
import { REJECT_REASON_MSG } from '../../shared/idea-display.ts';
import { ReasonDialog } from '../components/admin/ReasonDialog.tsx';
import { BusyButton } from '../components/ui/BusyButton.tsx';

export const ADMIN_MSG = {
  loadFailed: '加载审核队列失败，请稍后重试',
  forbidden: '只有管理员可以访问审核后台',
  approveFailed: '操作失败，请稍后重试',
  rejectFailed: '驳回失败，请稍后重试',
  approved: (title: string) => `已通过「${title}」，该创意现已在创意市场展示`,
  approvedOwn: (title: string) => `已通过「${title}」，操作记录中已标为自审通过`,
  ownIdea: '这是你自己的创意，没有其他管理员看过；通过会在操作记录中标为自审。',
  rejected: (title: string) => `已驳回「${title}」，作者会收到包含原因的系统消息`,
  editedApproved: (title: string) => `已修改并通过「${title}」，作者会收到说明修改内容的消息`,
} as const;

type ReviewIdea = RouterOutputs['admin']['reviewQueue']['data'][number];

/** Where a hold word was found, as the queue names it. */
export function fieldLabel(field: string): string {
  const named: Record<string, string> = { title: '标题', description: '简介', tags: '标签', detailedAnalysis: '详细分析', links: '详细分析中的链接' };
  const expansion = /^expansions\[(\d+)\]$/.exec(field);
  const caption = /^captions\[(\d+)\]$/.exec(field);
  return named[field] ?? (expansion ? `扩展 ${Number(expansion[1]) + 1}` : caption ? `图片说明 ${Number(caption[1]) + 1}` : field);
}

/**
 * The editor allows h2–h4 in the analysis; shown under an item's h3 and its 详细分析 h4 they would
 * break the page's heading outline, so the console renumbers them: the levels the analysis uses, by
 * rank, become `top`, `top + 1`… (capped at h6), and none is more than one level below the heading
 * before it: an analysis starting at h4 jumped from the 详细分析 h4 to an h6 (axe's heading-order). The HTML is
 * parsed in an inert document (nothing runs or loads there); it was sanitized by the server already.
 */
export function nestHeadings(html: string, top: number): string {
  if (!html || typeof DOMParser === 'undefined' || !/<h[1-6]/i.test(html)) return html;
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const headings = Array.from(doc.body.querySelectorAll('h1, h2, h3, h4, h5, h6'));
  const levels = [...new Set(headings.map((h) => Number(h.tagName[1])))].sort((a, b) => a - b);
  // Never more than one level below the heading before it (the item's 详细分析 heading, top - 1, first).
  let previous = top - 1;
  for (const heading of headings) {
    const level = Math.min(6, top + levels.indexOf(Number(heading.tagName[1])), previous + 1);
    previous = level;
    const replacement = doc.createElement(`h${level}`);
    for (const attr of Array.from(heading.attributes)) replacement.setAttribute(attr.name, attr.value);
    replacement.append(...Array.from(heading.childNodes));
    heading.replaceWith(replacement);
  }
  return doc.body.innerHTML;
}


export const ADMIN_TABS = ['review', 'words', 'feedback', 'reports', 'announce', 'log'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];
const TAB_LABEL: Record<AdminTab, string> = { review: '审核', words: '敏感词', feedback: '反馈', reports: '评论举报', announce: '公告', log: '操作记录' };
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
        {/* These panels' items are h3: each panel is its h2 (the outline skipped a level). */}
        {(tab === 'feedback' || tab === 'announce' || tab === 'log') && <h2 className="admin-panel-title">{PANEL_TITLE[tab]}</h2>}
        {tab === 'feedback' && <FeedbackInbox />}
        {tab === 'announce' && <AnnouncementForm />}
        {tab === 'log' && <ModerationLog />}
      </section>
    </main>
  );
}

/** The review queue: the ideas waiting for review, each approved or rejected with a reason. */
function ReviewQueue() {
  const utils = trpc.useUtils();
  const queue = trpc.admin.reviewQueue.useQuery(undefined, { select: (answer) => answer.data });
  const approve = trpc.admin.approve.useMutation();
  const confirm = useConfirm();
  const toast = useToast();
  const [feedback, setFeedback] = useState<FeedbackState>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState<IdeaDto | null>(null);
  const [editing, setEditing] = useState<ReviewIdea | null>(null);
  // Stable, so the dialog does not re-run its focus handling on every keystroke.
  const closeReject = useCallback(() => setRejecting(null), []);
  const closeEdit = useCallback(() => setEditing(null), []);

  const heading = useRef<HTMLHeadingElement>(null);
  /** Reloads the queue; the decided item leaves it, so focus goes back to the top of the page. */
  const refresh = async (moveFocus: boolean) => {
    await Promise.all([utils.admin.reviewQueue.invalidate(), utils.ideas.invalidate(), utils.admin.log.invalidate()]);
    if (moveFocus) heading.current?.focus();
  };

  const onApprove = async (idea: IdeaDto) => {
    const message = idea.isOwner ? `${ADMIN_MSG.ownIdea}通过后该创意会立即在创意市场展示。` : '通过后该创意会立即在创意市场展示。';
    const confirmed = await confirm({ title: `通过${quoteName(titleOf(idea))}？`, message, confirmLabel: '通过' });
    if (!confirmed) return;
    setBusyId(idea.id);
    setFeedback(null);
    let ok = false;
    try {
      await approve.mutateAsync({ id: idea.id });
      ok = true;
      toast(idea.isOwner ? ADMIN_MSG.approvedOwn(titleOf(idea)) : ADMIN_MSG.approved(titleOf(idea)));
    } catch (err) {
      setFeedback({ kind: 'error', text: errorMessage(err, ADMIN_MSG.approveFailed) });
    } finally {
      setBusyId(null);
      await refresh(ok);
    }
  };

  const items = queue.data ?? [];
  const forbidden = httpStatusOf(queue.error) === 403;

  return (
    <>
      <div className="admin-header">
        <h2 ref={heading} tabIndex={-1} className="admin-panel-title">
          审核队列
        </h2>
        {queue.isSuccess && <p className="muted">待审核 {items.length} 条</p>}
      </div>
      <Feedback feedback={feedback} />

      {queue.isPending ? (
        <LoadingLine />
      ) : queue.isError ? (
        <RetryLine message={forbidden ? ADMIN_MSG.forbidden : errorMessage(queue.error, ADMIN_MSG.loadFailed)} onRetry={forbidden ? undefined : () => void queue.refetch()} busy={queue.isFetching} />
      ) : items.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state-title">暂无待审核的创意</p>
          <BusyButton className="btn" onClick={() => void queue.refetch()} busy={queue.isFetching}>
            {queue.isFetching ? '刷新中…' : '刷新'}
          </BusyButton>
        </div>
      ) : (
        <ul className="review-list">
          {items.map((idea) => (
            <li key={idea.id}>
              <ReviewItem idea={idea} busy={busyId === idea.id} onApprove={() => void onApprove(idea)} onReject={() => setRejecting(idea)} onEdit={() => setEditing(idea)} />
            </li>
          ))}
        </ul>
      )}

      {editing && (
        <EditApproveDialog
          idea={editing}
          nest={nestPreview}
          onClose={closeEdit}
          onDone={async () => {
            toast(ADMIN_MSG.editedApproved(titleOf(editing)));
            setEditing(null);
            await refresh(true);
          }}
        />
      )}

      {rejecting && (
        <RejectDialog
          idea={rejecting}
          onClose={closeReject}
          onRejected={async () => {
            toast(ADMIN_MSG.rejected(titleOf(rejecting)));
            setRejecting(null);
            await refresh(true);
          }}
        />
      )}
    </>
  );
}

const titleOf = (idea: IdeaDto) => displayTitle(idea.title);
/** The edit dialog's preview sits under its h3 预览: the analysis's headings start at h4 there. */
const nestPreview = (html: string) => nestHeadings(html, 4);

/**
 * Why an idea the moderators have seen before is back: a rejection or a take-down the author answered
 * with a new version (and the reason given then), or an edit of an idea that was public.
 */
function ReviewHistory({ idea }: { idea: ReviewIdea }) {
  const last = idea.previousDecision;
  if (!last && !idea.wasPublic) return null;
  const by = last && (
    <>
      （{last.admin ? last.admin.nickname : '管理员'}，<time dateTime={last.decidedAt}>{relativeTime(last.decidedAt)}</time>）
    </>
  );
  let text: ReactNode;
  if (last?.outcome === 'rejected' || last?.outcome === 'taken_down') {
    text = (
      <>
        {last.outcome === 'rejected' ? '上次审核未通过' : '曾被下架'}，作者再次提交。当时的原因：{last.reason || '未填写'}
        {by}
      </>
    );
  } else {
    text = (
      <>
        已公开过，作者再次提交，通过前不在创意市场展示。{last ? <>上次通过{by}</> : '上次由自动审核通过。'}
      </>
    );
  }
  return (
    <p className="review-history-note" data-testid="review-history">
      {text}
    </p>
  );
}

function ReviewItem({ idea, busy, onApprove, onReject, onEdit }: { idea: ReviewIdea; busy: boolean; onApprove: () => void; onReject: () => void; onEdit: () => void }) {
  const titleId = useId();
  const submitted = idea.publishedAt ?? idea.updatedAt ?? idea.createdAt;
  const analysis = useMemo(() => nestHeadings(idea.detailedAnalysis ?? '', 5), [idea.detailedAnalysis]);
  const tags = cardTags(idea.tags);
  return (
    <article className="review-item" data-testid="review-item" data-idea-id={idea.id} aria-labelledby={titleId}>
      <h3 id={titleId}>{titleOf(idea)}</h3>
      {idea.isOwner && (
        <p className="review-own-note" data-testid="review-own-note">
          {ADMIN_MSG.ownIdea}
        </p>
      )}
      {idea.heldWords.length > 0 && (
        <p className="review-held-note" data-testid="review-held-words">
          因命中送审词进入审核：
          {idea.heldWords.map((h, i) => (
            <span key={`${h.field}-${h.word}`}>
              {i > 0 && '、'}「{h.word}」（{fieldLabel(h.field)}）
            </span>
          ))}
        </p>
      )}
      {idea.heldImages.length > 0 && (
        <p className="review-held-note" data-testid="review-held-images">
          因含 {idea.heldImages.length} 张未经人工查看的图片进入审核（自动审核看不了图片），图片见下方详细分析。
        </p>
      )}
      {idea.heldAsCopyOf.length > 0 && (
        <p className="review-held-note" data-testid="review-held-copies">
          与其他猎人尚未公开的创意内容相同或高度相似（作者未被告知）：
          {idea.heldAsCopyOf.map((c, i) => (
            <span key={c.id}>
              {i > 0 && '、'}「{c.title}」（#{c.id}）
            </span>
          ))}
        </p>
      )}
      <ReviewHistory idea={idea} />
      <dl className="review-meta">
        <div>
          <dt>作者：</dt>
          <dd>
            {authorName(cardAuthor(idea))}（猎人编号：{idea.authorRegistrationNumber || '未知'}）
          </dd>
        </div>
        <div>
          <dt>提交时间：</dt>
          <dd>
            <time dateTime={submitted}>{formatDateTime(submitted)}</time>（{relativeTime(submitted)}）
          </dd>
        </div>
        <div>
          <dt>市场情况：</dt>
          <dd data-testid="review-market">{marketMarker(idea).label}</dd>
        </div>
      </dl>
      {idea.description?.trim() ? <p className="review-desc">{idea.description}</p> : <p className="review-desc muted">（没有填写简介）</p>}
      {tags.length > 0 && (
        <ul className="idea-card-tags" aria-label="标签">
          {tags.map((tag) => (
            <li key={tag} className="idea-tag">
              #{tag}
            </li>
          ))}
        </ul>
      )}
      {/* No landmark name: every item has one, and the box below is named with its title. */}
      <section>
        <h4>详细分析</h4>
        {analysis.trim() ? (
          // Sanitized on the server with an allowlist before it was stored (docs/architecture.md §4).
          // tabIndex: a long analysis scrolls inside the box, so keyboard users must be able to reach it.
          <div className="review-analysis" tabIndex={0} role="region" aria-label={`${titleOf(idea)}的详细分析`} dangerouslySetInnerHTML={{ __html: analysis }} />
        ) : (
          <div className="review-analysis">
            <p className="review-empty-analysis">（没有填写详细分析）</p>
          </div>
        )}
      </section>
      <div className="review-actions">
        <BusyButton className="btn btn-danger" onClick={onReject} busy={busy}>
          驳回
        </BusyButton>
        {/* Named 修改, not 修改后通过: the dialog it opens says the rest, and 通过 stays one button's name. */}
        <BusyButton className="btn" onClick={onEdit} busy={busy}>
          修改
        </BusyButton>
        <BusyButton className="btn btn-primary" onClick={onApprove} busy={busy}>
          {busy ? '处理中…' : '通过'}
        </BusyButton>
      </div>
    </article>
  );
}

function RejectDialog({ idea, onClose, onRejected }: { idea: IdeaDto; onClose: () => void; onRejected: () => Promise<void> }) {
  const reject = trpc.admin.reject.useMutation();
  return (
    <ReasonDialog
      title="驳回创意"
      intro={`驳回「${titleOf(idea)}」。原因会通过系统消息发给作者；作者修改后重新提交，仍需管理员审核通过才会公开。`}
      label="驳回原因"
      placeholder="例如：内容与已有创意高度相似，请补充原创部分后再提交"
      confirmLabel="确认驳回"
      messages={{ ...REJECT_REASON_MSG, failed: ADMIN_MSG.rejectFailed }}
      pending={reject.isPending}
      onSubmit={async (reason) => {
        await reject.mutateAsync({ id: idea.id, reason });
        await onRejected();
      }}
      onClose={onClose}
    />
  );
}
