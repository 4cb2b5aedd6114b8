import { BusyButton } from './BusyButton.tsx';

/** A failed load in place of its content: what went wrong, and 重试 (重试中… while it runs). */
export function RetryLine({ message, onRetry, busy = false, testId }: { message: string; onRetry?: () => void; busy?: boolean; testId?: string }) {
  return (
    <div className="retry-line error-box" role="alert" data-testid={testId}>
      <span>{message}</span>
      {onRetry && (
        <BusyButton className="btn btn-small" onClick={onRetry} busy={busy}>
          {busy ? '重试中…' : '重试'}
        </BusyButton>
      )}
    </div>
  );
}
