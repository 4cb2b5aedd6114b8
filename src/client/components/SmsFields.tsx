/**
 * The phone and SMS-code inputs every account form uses: digits only while typing, the right
 * keyboard and autofill, and the resend button with its seconds left. One rule, one place.
 */
import type { ComponentProps } from 'react';
import { SMS_CODE_LENGTH } from '../../shared/constants.ts';
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

/** Shows the seconds left while counting down; it waits then, and while `busy`, staying focusable (BusyButton). */
export function ResendButton({ secondsLeft, busy, label, onClick }: { secondsLeft: number; busy: boolean; label: string; onClick: () => void }) {
  return (
    <BusyButton className="btn" onClick={onClick} busy={busy} waiting={secondsLeft > 0}>
      {secondsLeft > 0 ? `${secondsLeft}秒后重发` : label}
    </BusyButton>
  );
}
