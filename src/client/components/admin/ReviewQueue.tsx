/** The review queue: the ideas waiting for review, oldest first, each approved, edited and approved, or rejected with a reason. */
import { useCallback, useRef, useState } from 'react';
import type { IdeaDto } from '../../../shared/idea-schemas.ts';
import { REJECT_REASON_MSG } from '../../../shared/idea-display.ts';
import { errorMessage, httpStatusOf } from '../../lib/api-errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { Feedback, type FeedbackState } from '../Feedback.tsx';
import { LoadingLine } from '../LoadingLine.tsx';
import { BusyButton } from '../ui/BusyButton.tsx';
import { quoteName, useConfirm } from '../ui/ConfirmDialog.tsx';
import { RetryLine } from '../ui/RetryLine.tsx';
import { useToast } from '../ui/Toast.tsx';
import { EditApproveDialog } from './EditApproveDialog.tsx';
import { nestHeadings } from './nest-headings.ts';
import { ReasonDialog } from './ReasonDialog.tsx';
import { ReviewItem } from './ReviewItem.tsx';
import { ADMIN_MSG, titleOf, type ReviewIdea } from './review-text.ts';

/** The edit dialog's preview sits under its h3 预览: the analysis's headings start at h4 there. */
const nestPreview = (html: string) => nestHeadings(html, 4);

export function ReviewQueue() {
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
