import { SubmitButton } from './SubmitButton.tsx';

/** A dialog form's buttons: 取消 and the submit, both held while the request is under way. */
export function ModalActions({
  onCancel,
  pending,
  label,
  pendingLabel = '提交中…',
  danger = false,
}: {
  onCancel: () => void;
  pending: boolean;
  label: string;
  pendingLabel?: string;
  /** The submit removes or refuses something (red). */
  danger?: boolean;
}) {
  return (
    <div className="modal-actions">
      <button type="button" className="btn" onClick={onCancel} disabled={pending}>
        取消
      </button>
      <SubmitButton className={danger ? 'btn btn-danger' : 'btn btn-primary'} pending={pending} pendingLabel={pendingLabel}>
        {label}
      </SubmitButton>
    </div>
  );
}
