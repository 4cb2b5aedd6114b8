/**
 * The phone and SMS-code inputs every account form uses: digits only while typing, the right
 * keyboard and autofill, and the resend button with its seconds left. One rule, one place.
 */
import type { ComponentProps } from 'react';
import { SMS_CODE_LENGTH, SMS_RESEND_SECONDS } from '../../shared/constants.ts';
import { retryAfterOf, waitInWords } from '../lib/api-errors.ts';
import { FormField } from './FormField.tsx';
import { BusyButton } from './ui/BusyButton.tsx';

type FieldProps = Omit<ComponentProps<typeof FormField>, 'onChange' | 'value'> & { value: string; onValue: (digits: string) => void };

const digitsOnly = (text: string) => text.replace(/\D/g, '');

export function PhoneField({ onValue, ...props }: FieldProps) {
  return <FormField type="tel" inputMode="numeric" autoComplete="tel" maxLength={11} {...props} onChange={(e) => onValue(digitsOnly(e.target.value))} />;
}

export function CodeField({ onValue, ...props }: FieldProps) {
  return <FormField inputMode="numeric" autoComplete="one-time-code" maxLength={SMS_CODE_LENGTH} {...props} onChange={(e) => onValue(digitsOnly(e.target.value))} />;
}

/**
 * How long the resend button waits after a send: the usual interval after a code went out, the
 * server's own wait after a 429 (a minute's spacing, or the daily cap until tomorrow), and none after
 * another failure, so a person who fixes the number can send at once.
 */
export function resendWaitAfter(err?: unknown): number {
  if (err === undefined) return SMS_RESEND_SECONDS;
  return Math.ceil(retryAfterOf(err) ?? 0);
}

/** Up to two minutes the button counts seconds; a longer wait (the daily cap) in minutes or hours. */
const resendLabel = (secondsLeft: number) => `${secondsLeft <= 2 * SMS_RESEND_SECONDS ? `${secondsLeft}秒` : waitInWords(secondsLeft)}后重发`;

/** Shows the wait left while counting down; it waits then, and while `busy`, staying focusable (BusyButton). */
export function ResendButton({ secondsLeft, busy, label, onClick }: { secondsLeft: number; busy: boolean; label: string; onClick: () => void }) {
  return (
    <BusyButton className="btn" onClick={onClick} busy={busy} waiting={secondsLeft > 0}>
      {secondsLeft > 0 ? resendLabel(secondsLeft) : label}
    </BusyButton>
  );
}
