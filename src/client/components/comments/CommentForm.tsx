/**
 * The comment box: a labelled textarea, the 500-character counter (orange above 400, red over the
 * limit) and the send button, disabled when the text is blank or too long. A reply shows whom it
 * answers and can be cancelled; the text starts with "@name ".
 */
import { forwardRef, useId, type FormEvent } from 'react';
import { COMMENT_MAX, counterState } from '../../../shared/comment-rules.ts';
import { SubmitButton } from '../ui/SubmitButton.tsx';

export interface ReplyTarget {
  id: number;
  name: string;
}

interface Props {
  text: string;
  onText(text: string): void;
  replyTo: ReplyTarget | null;
  onCancelReply(): void;
  sending: boolean;
  onSend(): void;
}

export const CommentForm = forwardRef<HTMLTextAreaElement, Props>(function CommentForm({ text, onText, replyTo, onCancelReply, sending, onSend }, ref) {
  const id = useId();
  const counter = counterState(text);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (counter.sendable && !sending) onSend();
  };
  return (
    <form className="comment-form" onSubmit={submit} data-testid="comment-form">
      <div className="field">
        <label htmlFor={`${id}-text`}>{replyTo ? `回复 @${replyTo.name}` : '发表评论'}</label>
        <textarea
          id={`${id}-text`}
          ref={ref}
          rows={3}
          value={text}
          placeholder={replyTo ? '写下你的回复…' : '说说你的看法…'}
          aria-describedby={`${id}-count`}
          aria-invalid={counter.over || undefined}
          onChange={(e) => onText(e.target.value)}
        />
      </div>
      <div className="comment-form-bar">
        <span id={`${id}-count`} className={`comment-counter${counter.over ? ' comment-counter-over' : counter.warn ? ' comment-counter-warn' : ''}`} data-testid="comment-counter">
          {counter.length}/{COMMENT_MAX}
          {counter.over && <span className="visually-hidden">，已超出字数上限</span>}
        </span>
        {replyTo && (
          <button type="button" className="btn btn-small btn-ghost" onClick={onCancelReply}>
            取消回复
          </button>
        )}
        <SubmitButton className="btn btn-primary btn-small" disabled={!counter.sendable} pending={sending} pendingLabel="发送中…">
          {replyTo ? '回复' : '发送'}
        </SubmitButton>
      </div>
    </form>
  );
});
