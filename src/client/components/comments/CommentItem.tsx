/**
 * One comment: author, time, the text (always as text, never HTML), its like and dislike counts and
 * the action menu (回复, 点赞, 点踩, 举报, 转发, 删除). A top-level comment lists its replies under it.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { CommentInteraction } from '../../../shared/comment-rules.ts';
import type { CommentDto } from '../../../shared/comment-schemas.ts';
import { relativeTime } from '../../../shared/relative-time.ts';
import { Avatar } from '../Avatar.tsx';

export interface CommentActions {
  loggedIn: boolean;
  markOf(id: number): CommentInteraction | null;
  onReply(c: CommentDto): void;
  onReact(c: CommentDto, kind: CommentInteraction): void;
  onReport(c: CommentDto): void;
  onForward(c: CommentDto): void;
  onDelete(c: CommentDto, replies: number): void;
}

export function CommentItem({ comment, replies, actions }: { comment: CommentDto; replies?: CommentDto[]; actions: CommentActions }) {
  const mark = actions.markOf(comment.id);
  return (
    <li className={comment.parentId ? 'comment comment-reply' : 'comment'} data-testid="comment" data-comment-id={comment.id}>
      <article className="comment-body" aria-label={`${comment.userName}的评论`}>
        <Avatar src={comment.userAvatar} alt="" size={comment.parentId ? 28 : 36} className="comment-avatar" />
        <div className="comment-main">
          <header className="comment-meta">
            <span className="comment-author">{comment.userName}</span>
            <time dateTime={comment.createdAt}>{relativeTime(comment.createdAt)}</time>
          </header>
          <p className="comment-text" data-testid="comment-text">
            {comment.content}
          </p>
          <div className="comment-foot">
            <span className={mark === 'like' ? 'comment-count comment-count-on' : 'comment-count'} data-testid="like-count">
              赞 {comment.likeCount}
              {mark === 'like' && <span className="visually-hidden">（已点赞）</span>}
            </span>
            <span className={mark === 'dislike' ? 'comment-count comment-count-on' : 'comment-count'} data-testid="dislike-count">
              踩 {comment.dislikeCount}
              {mark === 'dislike' && <span className="visually-hidden">（已点踩）</span>}
            </span>
            <CommentMenu comment={comment} replies={replies?.length ?? 0} mark={mark} actions={actions} />
          </div>
        </div>
      </article>
      {replies && replies.length > 0 && (
        <ol className="comment-replies" aria-label={`${comment.userName}的评论的回复`}>
          {replies.map((r) => (
            <CommentItem key={r.id} comment={r} actions={actions} />
          ))}
        </ol>
      )}
    </li>
  );
}

/** A disclosure (button + list of buttons): Escape or a click elsewhere closes it, focus returns to the button. */
function CommentMenu({ comment, replies, mark, actions }: { comment: CommentDto; replies: number; mark: CommentInteraction | null; actions: CommentActions }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const wrap = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    wrap.current?.querySelector<HTMLButtonElement>('.comment-menu-list button')?.focus();
    const outside = (e: PointerEvent) => {
      if (!wrap.current?.contains(e.target as Node)) setOpen(false);
    };
    const escape = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      trigger.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  const run = (action: () => void) => () => {
    setOpen(false);
    trigger.current?.focus();
    action();
  };
  const items = [
    ...(actions.loggedIn
      ? [
          { label: '回复', onClick: () => actions.onReply(comment) },
          { label: '点赞', pressed: mark === 'like', onClick: () => actions.onReact(comment, 'like') },
          { label: '点踩', pressed: mark === 'dislike', onClick: () => actions.onReact(comment, 'dislike') },
          { label: '举报', onClick: () => actions.onReport(comment) },
        ]
      : []),
    { label: '转发', onClick: () => actions.onForward(comment) },
    ...(actions.loggedIn ? [{ label: '删除', danger: true, onClick: () => actions.onDelete(comment, replies) }] : []),
  ];
  return (
    <div className="comment-menu" ref={wrap}>
      <button
        type="button"
        ref={trigger}
        className="comment-menu-trigger"
        aria-label={`${comment.userName}的评论的操作`}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((v) => !v)}
        data-testid="comment-menu"
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open && (
        <ul className="comment-menu-list" id={id}>
          {items.map((item) => (
            <li key={item.label}>
              <button type="button" className={'danger' in item && item.danger ? 'danger' : undefined} aria-pressed={'pressed' in item ? item.pressed : undefined} onClick={run(item.onClick)}>
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
