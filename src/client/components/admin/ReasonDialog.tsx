/**
 * A moderator's decision that needs a reason for the author (a rejection in the queue, a take-down on
 * an idea's page): the reason is required and at most REJECT_REASON_MAX characters, checked here as
 * the server checks it, and the server's own word on the field shown under it.
 */
import { useCallback, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { REJECT_REASON_MAX } from '../../../shared/idea-display.ts';
import { textLength } from '../../../shared/text-length.ts';
import { errorMessage, fieldErrors } from '../../lib/api-errors.ts';
import { Modal } from '../Modal.tsx';
import { FormError } from '../ui/FormError.tsx';
import { ModalActions } from '../ui/ModalActions.tsx';

export interface ReasonDialogProps {
  title: string;
  intro: ReactNode;
  label: string;
  placeholder: string;
  confirmLabel: string;
  messages: { required: string; tooLong: string; failed: string };
  pending: boolean;
  /** Fields of the decision shown above the reason (the mute dialog's length). */
  children?: ReactNode;
  /** Sends the decision; a refusal it throws is shown in the dialog. */
  onSubmit: (reason: string) => Promise<void>;
  onClose: () => void;
}

export function ReasonDialog({ title, intro, label, placeholder, confirmLabel, messages, pending, children, onSubmit, onClose }: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const fieldId = useId();
  const errorId = `${fieldId}-error`;
  const hintId = `${fieldId}-hint`;
  const pendingNow = useRef(false);
  pendingNow.current = pending;
  const close = useCallback(() => {
    if (!pendingNow.current) onClose();
  }, [onClose]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const text = reason.trim();
    if (!text) return setFieldError(messages.required);
    if (textLength(text) > REJECT_REASON_MAX) return setFieldError(messages.tooLong);
    setFieldError(null);
    setFormError(null);
    try {
      await onSubmit(text);
    } catch (err) {
      const reasonErrors = fieldErrors(err).reason;
      if (reasonErrors?.length) setFieldError(reasonErrors[0]!);
      else setFormError(errorMessage(err, messages.failed));
    }
  };

  return (
    <Modal title={title} onClose={close}>
      <form onSubmit={submit} noValidate className="stack reject-form">
        <p className="muted">{intro}</p>
        {children}
        <div className="field">
          <label htmlFor={fieldId}>{label}</label>
          <textarea
            id={fieldId}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              // The message was about the text before this change.
              setFieldError(null);
            }}
            required
            aria-required="true"
            // In UTF-16 units, so twice the characters: a rare character counts two (the count below is the rule).
            maxLength={REJECT_REASON_MAX * 2}
            rows={4}
            placeholder={placeholder}
            aria-invalid={!!fieldError}
            aria-describedby={fieldError ? errorId : hintId}
          />
          {fieldError ? (
            <p id={errorId} className="field-error" role="alert">
              {fieldError}
            </p>
          ) : (
            <p id={hintId} className="field-hint">
              必填，最多{REJECT_REASON_MAX}个字（{textLength(reason)}/{REJECT_REASON_MAX}）
            </p>
          )}
        </div>
        <FormError message={formError} />
        <ModalActions onCancel={onClose} pending={pending} label={confirmLabel} danger />
      </form>
    </Modal>
  );
}
