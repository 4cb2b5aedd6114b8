/**
 * The admin console's feedback inbox (docs/architecture.md §10): open feedback first, each with who sent it, from
 * which page and browser; a reply form on open items (the member gets a `feedback_reply` message
 * carrying the original), the reply shown on answered ones.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { FEEDBACK_MAX, FEEDBACK_TEXT } from '../../../shared/message-texts.ts';
import { formatDateTime } from '../../../shared/relative-time.ts';
import { errorMessage } from '../../lib/api-errors.ts';
import { trpc, type RouterOutputs } from '../../lib/trpc.ts';
import { LoadingLine } from '../LoadingLine.tsx';
import { useToast } from '../ui/Toast.tsx';
import { RetryLine } from '../ui/RetryLine.tsx';
import { SubmitButton } from '../ui/SubmitButton.tsx';

type FeedbackItem = RouterOutputs['feedback']['inbox']['data'][number];

export function FeedbackInbox() {
  const inbox = trpc.feedback.inbox.useQuery(undefined, { select: (answer) => answer.data });
  const items = inbox.data ?? [];
  const open = items.filter((f) => f.status === 'open').length;
  if (inbox.isPending) return <LoadingLine />;
  if (inbox.isError) return <RetryLine message={errorMessage(inbox.error, '加载反馈失败，请稍后重试')} onRetry={() => void inbox.refetch()} busy={inbox.isFetching} />;
  if (!items.length) return <p className="empty-state muted">还没有收到反馈</p>;
  return (
    <>
      <p className="muted">
        待回复 {open} 条，共 {items.length} 条
      </p>
      <ul className="admin-list">
        {items.map((item) => (
          <li key={item.id}>
            <FeedbackEntry item={item} />
          </li>
        ))}
      </ul>
    </>
  );
}

function FeedbackEntry({ item }: { item: FeedbackItem }) {
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <article className="admin-item" data-testid="admin-feedback" data-feedback-id={item.id} aria-labelledby={titleId}>
      <h3 id={titleId} ref={heading} tabIndex={-1}>
        {item.user.nickname}（猎人编号：{item.user.registrationNumber}）的反馈
        <span className={`admin-status admin-status-${item.status}`}>{item.status === 'open' ? '待回复' : '已回复'}</span>
      </h3>
      <p className="admin-item-meta">
        <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
        {item.url && <> · 页面：{item.url}</>}
      </p>
      {item.userAgent && <p className="admin-item-meta">浏览器：{item.userAgent}</p>}
      <p className="admin-item-content">{item.content}</p>
      {item.status === 'replied' ? (
        <div className="admin-reply">
          <p>
            <strong>管理员回复</strong>
            {item.repliedAt && <>（{formatDateTime(item.repliedAt)}）</>}：
          </p>
          <p>{item.reply}</p>
        </div>
      ) : (
        // The form gives way to the reply once sent: focus goes to the entry's heading (now 已回复).
        <ReplyForm item={item} onReplied={() => requestAnimationFrame(() => heading.current?.focus())} />
      )}
    </article>
  );
}

function ReplyForm({ item, onReplied }: { item: FeedbackItem; onReplied: () => void }) {
  const utils = trpc.useUtils();
  const reply = trpc.feedback.reply.useMutation();
  const toast = useToast();
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const text = content.trim();
    if (!text) return setError(FEEDBACK_TEXT.replyEmpty);
    setError(null);
    try {
      await reply.mutateAsync({ id: item.id, content: text });
      toast('回复已发送，用户会在「消息」中看到');
      await Promise.all([utils.feedback.inbox.invalidate(), utils.admin.log.invalidate()]);
      onReplied();
    } catch (err) {
      setError(errorMessage(err, '回复失败，请稍后重试'));
    }
  };
  return (
    <form onSubmit={submit} noValidate className="admin-reply-form">
      <div className="field">
        <label htmlFor={id}>回复内容</label>
        <textarea id={id} rows={3} value={content} maxLength={FEEDBACK_MAX} onChange={(e) => setContent(e.target.value)} aria-invalid={!!error} aria-describedby={error ? `${id}-error` : undefined} />
        {error && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="modal-actions">
        <SubmitButton className="btn btn-primary btn-small" pending={reply.isPending} pendingLabel="发送中…">
          发送回复
        </SubmitButton>
      </div>
    </form>
  );
}
