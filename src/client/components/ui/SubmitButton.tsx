import type { ReactNode } from 'react';
import { BusyButton } from './BusyButton.tsx';

/** A form's submit button: focusable while its request runs (BusyButton), showing `pendingLabel` meanwhile. */
export function SubmitButton({ pending, pendingLabel, className, disabled, children }: { pending: boolean; pendingLabel?: ReactNode; className: string; disabled?: boolean; children: ReactNode }) {
  return (
    <BusyButton type="submit" busy={pending} className={className} disabled={disabled}>
      {pending && pendingLabel ? pendingLabel : children}
    </BusyButton>
  );
}
