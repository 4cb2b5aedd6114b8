/**
 * The feedback dialog (docs/spec/publishing-and-browsing.md §2 "Feedback", §4): content trimmed and non-empty, at most
 * FEEDBACK_MAX characters (the counter turns orange above 80%), then submitting → the success
 * message for FEEDBACK_SUCCESS_MS → the dialog closes. Sends the page's address and the browser.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FEEDBACK_MAX, FEEDBACK_SUCCESS_MS, FEEDBACK_TEXT } from '../../shared/message-texts.ts';
import { errorMessage, httpStatusOf } from '../lib/api-errors.ts';
import { trpc } from '../lib/trpc.ts';
import { Modal } from './Modal.tsx';
import { textLength } from '../../shared/text-length.ts';
import { FormError } from './ui/FormError.tsx';
import { ModalActions } from './ui/ModalActions.tsx';

/** The counter warns from this share of the limit on. */
export const FEEDBACK_WARN_RATIO = 0.8;

export function FeedbackModal({ onClose }: { onClose: () => void }) {
  const submit = trpc.feedback.submit.useMutation();
  const [content, setContent] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const id = useId();
  const length = textLength(content);
  const warn = length > FEEDBACK_MAX * FEEDBACK_WARN_RATIO;

  const thanks = useRef<HTMLParagraphElement>(null);
  // The thank-you stays for FEEDBACK_SUCCESS_MS, then the dialog closes by itself.
  useEffect(() => {
    if (!sent) return;
    thanks.current?.focus();
    const timer = setTimeout(onClose, FEEDBACK_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [sent, onClose]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const text = content.trim();
    if (!text) return setFieldError(FEEDBACK_TEXT.empty);
    if (textLength(text) > FEEDBACK_MAX) return setFieldError(FEEDBACK_TEXT.tooLong);
    setFieldError(null);
    setFormError(null);
    try {
      const answer = await submit.mutateAsync({ content: text, userAgent: navigator.userAgent, url: window.location.href });
      setSent(answer.message ?? '感谢你的反馈，我们会认真处理');
    } catch (err) {
      // A 400 names the problem with the text, a 403 why the member may not send (a word, a mute); anything else is the spec's generic failure.
      const status = httpStatusOf(err);
      setFormError(status === 400 || status === 403 ? errorMessage(err, FEEDBACK_TEXT.submitFailed) : FEEDBACK_TEXT.submitFailed);
    }
  };

  return (
    <Modal title="意见反馈" onClose={() => !submit.isPending && onClose()}>
      {sent ? (
        // Focused: the form that held focus is gone, and a screen reader reads the thanks.
        <p className="success" role="status" data-testid="feedback-sent" tabIndex={-1} ref={thanks}>
          {sent}
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="stack feedback-form">
          <p className="muted">遇到问题或有好的建议？告诉我们，管理员会在「消息」里回复你。</p>
          <div className="field">
            <label htmlFor={id}>反馈内容</label>
            <textarea
              id={id}
              value={content}
              onChange={(e) => {
                setContent(e.target.value);
                if (fieldError) setFieldError(null);
              }}
              rows={6}
              maxLength={FEEDBACK_MAX}
              aria-required="true"
              aria-invalid={!!fieldError}
              aria-describedby={`${id}-count${fieldError ? ` ${id}-error` : ''}`}
              placeholder="请描述你遇到的问题或建议"
            />
            <p id={`${id}-count`} className={`field-hint feedback-count ${warn ? 'feedback-count-warn' : ''}`} data-testid="feedback-count">
              {length}/{FEEDBACK_MAX}
            </p>
            {fieldError && (
              <p id={`${id}-error`} className="field-error" role="alert">
                {fieldError}
              </p>
            )}
          </div>
          <FormError message={formError} />
          <ModalActions onCancel={onClose} pending={submit.isPending} label="提交反馈" />
        </form>
      )}
    </Modal>
  );
}
