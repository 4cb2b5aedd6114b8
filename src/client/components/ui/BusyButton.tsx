import type { ButtonHTMLAttributes } from 'react';

/**
 * A button that stays focusable while it cannot act: its request runs (`busy`) or what it acts on is
 * still being read (`waiting`). It says so with `aria-disabled` (and `aria-busy` while busy), and a
 * click — or Enter in a form, which clicks the form's submit button — does nothing meanwhile.
 * `disabled` would drop keyboard focus to the page, and a screen reader would lose its place; it stays
 * for what cannot act at all (an empty or invalid form).
 */
export function BusyButton({ busy = false, waiting = false, type = 'button', onClick, ...button }: ButtonHTMLAttributes<HTMLButtonElement> & { busy?: boolean; waiting?: boolean }) {
  const held = busy || waiting;
  return (
    <button
      {...button}
      type={type}
      aria-disabled={held || undefined}
      aria-busy={busy || undefined}
      onClick={(e) => {
        if (held) e.preventDefault();
        else onClick?.(e);
      }}
    />
  );
}
