/**
 * The admin console's comment reports (docs/architecture.md §10): open reports first, each with an excerpt of the
 * reported text, its writer, the idea's title, the reason and who reported it; an admin dismisses the
 * report or deletes the comment with a reason for its writer (which closes every open report on it).
 * The server tells the reporters the outcome. Both land in the moderation log.
 */
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { formatDateTime } from '../../../shared/relative-time.ts';
import { errorMessage } from '../../lib/api-errors.ts';
import { trpc, type RouterOutputs } from '../../lib/trpc.ts';
import { LoadingLine } from '../LoadingLine.tsx';
import { useConfirm } from '../ui/ConfirmDialog.tsx';
import { useToast } from '../ui/Toast.tsx';
import { RetryLine } from '../ui/RetryLine.tsx';
import { BusyButton } from '../ui/BusyButton.tsx';
import { REMOVAL_REASON_MSG } from '../../../shared/comment-schemas.ts';
import { ReasonDialog } from './ReasonDialog.tsx';

type Report = RouterOutputs['admin']['reports']['data'][number];

const STATUS_LABEL: Record<Report['status'], string> = { open: '待处理', dismissed: '已驳回', removed: '评论已删除' };

export function CommentReports() {
  const reports = trpc.admin.reports.useQuery(undefined, { select: (answer) => answer.data });
  if (reports.isPending) return <LoadingLine />;
  if (reports.isError) return <RetryLine message={errorMessage(reports.error, '加载举报失败，请稍后重试')} onRetry={() => void reports.refetch()} busy={reports.isFetching} />;
  const items = reports.data ?? [];
  if (!items.length) return <p className="empty-state muted">还没有评论举报</p>;
  const open = items.filter((r) => r.status === 'open').length;
  return (
    <>
      {/* The tab's heading, under the page's h1, so each report's h3 does not skip a level (axe). */}
      <h2 className="admin-panel-title">评论举报</h2>
      <p className="muted">
        待处理 {open} 条，共 {items.length} 条
      </p>
      <ul className="admin-list">
        {items.map((report) => (
          <li key={report.id}>
            <ReportEntry report={report} />
          </li>
        ))}
      </ul>
    </>
  );
}

/** How much of a reported comment the card shows before 展开全文. */
const EXCERPT_CHARS = 80;
const excerptOf = (text: string) => ([...text].length > EXCERPT_CHARS ? `${[...text].slice(0, EXCERPT_CHARS).join('')}…` : text);

function ReportEntry({ report }: { report: Report }) {
  const titleId = useId();
  const utils = trpc.useUtils();
  const confirm = useConfirm();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState(false);
  const remove = trpc.admin.removeReportedComment.useMutation();
  const refresh = () => Promise.all([utils.admin.reports.invalidate(), utils.admin.log.invalidate(), utils.admin.pendingCounts.invalidate()]);
  const excerpt = excerptOf(report.commentContent);
  const writer = report.commentAuthor ? `${report.commentAuthor.name}${report.commentAuthor.registrationNumber ? `（猎人编号：${report.commentAuthor.registrationNumber}）` : ''}` : '未记录';

  const dismiss = async () => {
    const ok = await confirm({ title: `驳回对评论 #${report.commentId} 的举报？`, message: '评论保留，举报标记为已驳回，举报人会收到处理结果。', confirmLabel: '驳回举报' });
    if (!ok) return;
    setBusy(true);
    try {
      const answer = await utils.client.admin.dismissReport.mutate({ id: report.id });
      toast(answer.message ?? '已处理', 'success');
      await refresh();
    } catch (err) {
      toast(errorMessage(err, '操作失败，请稍后重试'), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <article className="admin-item" data-testid="admin-report" data-report-id={report.id} aria-labelledby={titleId}>
      <h3 id={titleId}>
        对评论 #{report.commentId} 的举报
        <span className={`admin-status admin-status-${report.status === 'open' ? 'open' : 'replied'}`}>{STATUS_LABEL[report.status]}</span>
      </h3>
      <p className="admin-item-meta">
        <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time> · 举报人猎人编号：{report.reporterRegistrationNumber}
      </p>
      <p className="admin-item-meta" data-testid="report-context">
        评论作者：{writer} · 所在创意：<Link href={`/idea/${report.ideaId}`}>{report.ideaTitle ? `「${report.ideaTitle}」` : `#${report.ideaId}`}</Link>
      </p>
      <p className="admin-item-meta">举报原因：{report.reason}</p>
      <blockquote className="admin-item-content" data-testid="report-excerpt">
        {excerpt}
      </blockquote>
      {excerpt !== report.commentContent && (
        <details className="admin-item-full">
          <summary>展开全文</summary>
          <p className="admin-item-content">{report.commentContent}</p>
        </details>
      )}
      {report.status === 'open' && (
        <div className="review-actions">
          <BusyButton className="btn btn-small" busy={busy} onClick={() => void dismiss()}>
            驳回举报
          </BusyButton>
          {report.commentExists && (
            <BusyButton className="btn btn-small btn-danger-outline" busy={busy} onClick={() => setRemoving(true)}>
              删除评论
            </BusyButton>
          )}
        </div>
      )}
      {removing && (
        <ReasonDialog
          title={`删除评论 #${report.commentId}？`}
          intro="评论及其回复将被删除，相关举报一并关闭；评论作者会收到包含原因的消息，举报人会收到处理结果。"
          label="删除原因"
          placeholder="例如：含有广告链接"
          confirmLabel="删除评论"
          messages={{ ...REMOVAL_REASON_MSG, failed: '删除失败，请稍后重试' }}
          pending={remove.isPending}
          onClose={() => setRemoving(false)}
          onSubmit={async (reason) => {
            const answer = await remove.mutateAsync({ id: report.id, reason });
            setRemoving(false);
            toast(answer.message ?? '已删除', 'success');
            await refresh();
          }}
        />
      )}
    </article>
  );
}
