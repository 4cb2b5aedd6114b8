/**
 * Comments a watched word of the hold action keeps for a moderator: each with the words
 * that held it and the idea it was written under. Approving publishes it (counted, the idea's author
 * told as for any comment); rejecting removes it and tells its writer, with an optional reason.
 */
import { useCallback, useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { HELD_COMMENT_REJECT_REASON_MAX } from '../../../shared/comment-rules.ts';
import { formatDateTime } from '../../../shared/relative-time.ts';
import { errorMessage } from '../../lib/api-errors.ts';
import { trpc, type RouterOutputs } from '../../lib/trpc.ts';
import { LoadingLine } from '../LoadingLine.tsx';
import { Modal } from '../Modal.tsx';
import { FormError } from '../ui/FormError.tsx';
import { RetryLine } from '../ui/RetryLine.tsx';
import { useToast } from '../ui/Toast.tsx';
import { ModalActions } from '../ui/ModalActions.tsx';
import { BusyButton } from '../ui/BusyButton.tsx';

type Held = RouterOutputs['admin']['heldComments']['data'][number];

export function HeldComments() {
  const id = useId();
  const held = trpc.admin.heldComments.useQuery(undefined, { select: (answer) => answer.data });
  const items = held.data ?? [];
  return (
    <section className="held-comments" aria-labelledby={`${id}-title`}>
      <div className="admin-header">
        <h2 id={`${id}-title`} className="admin-panel-title">
          待审核的评论
        </h2>
        {held.isSuccess && <p className="muted">{items.length} 条</p>}
      </div>
      {held.isPending ? (
        <LoadingLine />
      ) : held.isError ? (
        <RetryLine message={errorMessage(held.error, '加载待审评论失败，请稍后重试')} onRetry={() => void held.refetch()} busy={held.isFetching} />
      ) : items.length === 0 ? (
        <p className="empty-state muted">没有待审核的评论</p>
      ) : (
        <ul className="admin-list">
          {items.map((item) => (
            <li key={item.comment.id}>
              <HeldEntry item={item} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function HeldEntry({ item }: { item: Held }) {
  const titleId = useId();
  const utils = trpc.useUtils();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const closeReject = useCallback(() => setRejecting(false), []);
  const refresh = () => Promise.all([utils.admin.heldComments.invalidate(), utils.admin.log.invalidate(), utils.comments.invalidate()]);

  const approve = async () => {
    setBusy(true);
    try {
      const answer = await utils.client.admin.approveComment.mutate({ id: item.comment.id });
      toast(answer.message ?? '已通过');
      await refresh();
    } catch (err) {
      toast(errorMessage(err, '操作失败，请稍后重试'), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <article className="admin-item" data-testid="held-comment" aria-labelledby={titleId}>
      <h3 id={titleId}>
        {item.comment.userName} 的{item.comment.parentId ? '回复' : '评论'}
        <span className="admin-status admin-status-open">待审核</span>
      </h3>
      <p className="admin-item-meta">
        <time dateTime={item.comment.createdAt}>{formatDateTime(item.comment.createdAt)}</time> · 所在创意：<Link href={`/idea/${item.idea.id}`}>{item.idea.title}</Link>
      </p>
      <p className="admin-item-meta">命中的送审词：{item.words.join('、') || '—'}</p>
      <blockquote className="admin-item-content">{item.comment.content}</blockquote>
      <div className="review-actions">
        <BusyButton className="btn btn-small btn-danger-outline" waiting={busy} onClick={() => setRejecting(true)}>
          驳回
        </BusyButton>
        <BusyButton className="btn btn-small btn-primary" busy={busy} onClick={() => void approve()}>
          {busy ? '处理中…' : '通过'}
        </BusyButton>
      </div>
      {rejecting && (
        <RejectCommentDialog
          item={item}
          onClose={closeReject}
          onDone={async (message) => {
            toast(message);
            setRejecting(false);
            await refresh();
          }}
        />
      )}
    </article>
  );
}

function RejectCommentDialog({ item, onClose, onDone }: { item: Held; onClose: () => void; onDone: (message: string) => Promise<void> }) {
  const reject = trpc.admin.rejectComment.useMutation();
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const answer = await reject.mutateAsync({ id: item.comment.id, ...(reason.trim() ? { reason: reason.trim() } : {}) });
      await onDone(answer.message ?? '已驳回');
    } catch (err) {
      setError(errorMessage(err, '驳回失败，请稍后重试'));
    }
  };
  return (
    <Modal title="驳回评论" onClose={() => !reject.isPending && onClose()}>
      <form onSubmit={submit} noValidate className="stack">
        <p className="muted">评论会被移除，作者会收到系统消息。</p>
        <div className="field">
          <label htmlFor={`${id}-reason`}>原因（选填）</label>
          <textarea id={`${id}-reason`} rows={3} maxLength={HELD_COMMENT_REJECT_REASON_MAX} value={reason} onChange={(e) => setReason(e.target.value)} aria-describedby={`${id}-hint`} />
          <p id={`${id}-hint`} className="field-hint">
            最多 {HELD_COMMENT_REJECT_REASON_MAX} 个字，会写在给作者的消息里
          </p>
        </div>
        <FormError message={error} />
        <ModalActions onCancel={onClose} pending={reject.isPending} label="确认驳回" danger />
      </form>
    </Modal>
  );
}
