import type { ReactNode } from 'react';

/**
 * A form's submit button that stays focusable while its request runs: `aria-disabled` and `aria-busy`,
 * and a click — or Enter in a field, which clicks the form's submit button — does nothing meanwhile.
 * `disabled` would drop keyboard focus to the page, and a screen reader would lose its place.
 * `disabled` stays for what cannot be sent at all (an empty or invalid form).
 */
export function SubmitButton({ pending, pendingLabel, className, disabled, children }: { pending: boolean; pendingLabel?: ReactNode; className: string; disabled?: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      className={className}
      disabled={disabled}
      aria-disabled={pending || undefined}
      aria-busy={pending || undefined}
      onClick={(e) => {
        if (pending) e.preventDefault();
      }}
    >
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
}
