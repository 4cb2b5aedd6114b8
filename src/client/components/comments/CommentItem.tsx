/**
 * One comment: author, time, the text (always as text, never HTML), then its two common actions on
 * the comment itself, as every comment thread shows them (点赞 with the count, 回复; for a guest they
 * lead to the login), the dislike count, and the menu for the rest (点踩, 举报, 转发, and 删除 for whoever may delete it). A top-level
 * comment lists its replies under it.
 */
import { COMMENT_MSG } from '../../../shared/comment-rules.ts';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { rememberThisPageForLogin } from '../../lib/login-return.ts';
import type { CommentInteraction } from '../../../shared/comment-rules.ts';
import type { CommentDto } from '../../../shared/comment-schemas.ts';
import { relativeTime } from '../../../shared/relative-time.ts';
import { Avatar } from '../Avatar.tsx';

export interface CommentActions {
  loggedIn: boolean;
  /**
   * Whether a member may like, reply, dislike and report here: the idea is public or theirs
   * (idea-display.ts mayActOn). An admin reading one that is not sees the counts, and may still delete.
   */
  mayAct: boolean;
  /** Whether this member may delete the comment (comment-rules.ts mayDeleteComment): 删除 is offered only then. */
  mayDelete(c: CommentDto): boolean;
  /** Whether the comment is this member's own: 举报 is not offered then (the server refuses it). */
  isOwn(c: CommentDto): boolean;
  /** The comment the address names (`#comment-{id}`, a message's link): shown highlighted. */
  targetId: number | null;
  markOf(id: number): CommentInteraction | null;
  onReply(c: CommentDto): void;
  onReact(c: CommentDto, kind: CommentInteraction): void;
  onReport(c: CommentDto): void;
  onForward(c: CommentDto): void;
  onDelete(c: CommentDto, replies: number): void;
}

/** The element id of a comment: `/idea/{id}#comment-{id}` leads to it. */
export const commentAnchor = (id: number) => `comment-${id}`;

/** The comment an address's hash names, if any. */
export function commentFromHash(hash: string): number | null {
  const m = /^#comment-([1-9]\d{0,14})$/.exec(hash);
  return m ? Number(m[1]) : null;
}

export function CommentItem({ comment, replies, actions }: { comment: CommentDto; replies?: CommentDto[]; actions: CommentActions }) {
  const mark = actions.markOf(comment.id);
  return (
    <li className={comment.parentId ? 'comment comment-reply' : 'comment'} data-testid="comment" data-comment-id={comment.id}>
      {/* The anchor a message links to; focusable by script only, so the page can take the reader there. */}
      <article
        id={commentAnchor(comment.id)}
        tabIndex={-1}
        className={actions.targetId === comment.id ? 'comment-body comment-targeted' : 'comment-body'}
        aria-label={`${comment.userName}的评论`}
        data-testid={actions.targetId === comment.id ? 'comment-targeted' : undefined}
      >
        <Avatar src={comment.userAvatar} alt="" size={comment.parentId ? 28 : 36} className="comment-avatar" />
        <div className="comment-main">
          <header className="comment-meta">
            <span className="comment-author">{comment.userName}</span>
            <time dateTime={comment.createdAt}>{relativeTime(comment.createdAt)}</time>
            {comment.held && (
              <span className="comment-held" data-testid="comment-held">
                {COMMENT_MSG.heldBadge}
              </span>
            )}
          </header>
          <p className="comment-text" data-testid="comment-text">
            {comment.content}
          </p>
          <div className="comment-foot">
            <CommentQuickActions comment={comment} mark={mark} actions={actions} />
            {comment.dislikeCount > 0 || mark === 'dislike' ? (
              <span className={mark === 'dislike' ? 'comment-count comment-count-on' : 'comment-count'} data-testid="dislike-count">
                踩 {comment.dislikeCount}
                {mark === 'dislike' && <span className="visually-hidden">（已点踩）</span>}
              </span>
            ) : null}
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

function ThumbIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M7 10.5v9H4.5a1 1 0 0 1-1-1v-7a1 1 0 0 1 1-1H7zm0 0 3.6-6.3a1.6 1.6 0 0 1 2.9 1.1l-.6 3.7h5.3a2 2 0 0 1 2 2.4l-1.3 6.5a2 2 0 0 1-2 1.6H7"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.7"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function ReplyIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="M4.5 5.5h15a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H10l-4.5 3.5v-3.5h-1a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1z" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * 点赞 (with the count) and 回复, each a 44 px target. A guest sees the same two, as links to the
 * login that come back to this idea afterwards.
 */
function CommentQuickActions({ comment, mark, actions }: { comment: CommentDto; mark: CommentInteraction | null; actions: CommentActions }) {
  const liked = mark === 'like';
  const like = (
    <>
      <ThumbIcon filled={liked} />
      <span>赞</span>
      {/* No count before the first like, as comment threads usually show it. */}
      <span className="comment-action-count" data-testid="like-count">
        {comment.likeCount > 0 ? comment.likeCount : ''}
      </span>
    </>
  );
  const reply = (
    <>
      <ReplyIcon />
      <span>回复</span>
    </>
  );
  if (actions.loggedIn && !actions.mayAct) return <span className="comment-action comment-action-static">{like}</span>;
  if (!actions.loggedIn) {
    return (
      <>
        <Link href="/login" className="comment-action" onClick={rememberThisPageForLogin} data-testid="comment-like">
          {like}
          <span className="visually-hidden">（登录后点赞）</span>
        </Link>
        <Link href="/login" className="comment-action" onClick={rememberThisPageForLogin} data-testid="comment-reply">
          {reply}
          <span className="visually-hidden">（登录后回复）</span>
        </Link>
      </>
    );
  }
  return (
    <>
      <button type="button" className={liked ? 'comment-action comment-action-on' : 'comment-action'} aria-pressed={liked} onClick={() => actions.onReact(comment, 'like')} data-testid="comment-like">
        {like}
      </button>
      <button type="button" className="comment-action" onClick={() => actions.onReply(comment)} data-testid="comment-reply">
        {reply}
      </button>
    </>
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
    // The whole list in view: near the bottom of a phone it would run under the fixed bar or off the screen.
    wrap.current?.querySelector('.comment-menu-list')?.scrollIntoView({ block: 'nearest' });
    wrap.current?.querySelector<HTMLButtonElement>('.comment-menu-list button')?.focus({ preventScroll: true });
    const outside = (e: PointerEvent) => {
      if (!wrap.current?.contains(e.target as Node)) setOpen(false);
    };
    const escape = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      trigger.current?.focus();
    };
    // Tab past its last item closes it too (it stayed open over the next comment).
    const focusLeft = (e: FocusEvent) => {
      if (e.target instanceof Node && !wrap.current?.contains(e.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    document.addEventListener('focusin', focusLeft);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
      document.removeEventListener('focusin', focusLeft);
    };
  }, [open]);

  const run = (action: () => void) => () => {
    setOpen(false);
    trigger.current?.focus();
    action();
  };
  const items = [
    ...(actions.loggedIn && actions.mayAct
      ? [
          { label: '点踩', pressed: mark === 'dislike', onClick: () => actions.onReact(comment, 'dislike') },
          ...(actions.isOwn(comment) ? [] : [{ label: '举报', onClick: () => actions.onReport(comment) }]),
        ]
      : []),
    { label: '转发', onClick: () => actions.onForward(comment) },
    ...(actions.mayDelete(comment) ? [{ label: '删除', danger: true, onClick: () => actions.onDelete(comment, replies) }] : []),
  ];
  return (
    <div className="comment-menu" ref={wrap}>
      <button
        type="button"
        ref={trigger}
        className="comment-menu-trigger"
        aria-label={`${comment.userName}的评论：更多操作`}
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
