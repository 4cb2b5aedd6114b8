import { BusyButton } from './BusyButton.tsx';

/** Above a list whose refresh failed: what is shown is what was loaded before (it used to fail silently). */
export const STALE_LIST_MESSAGE = '刷新失败，下面是之前加载的内容';

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
