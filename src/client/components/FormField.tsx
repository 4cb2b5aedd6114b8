import { useEffect, useId, type InputHTMLAttributes, type ReactNode, type RefObject } from 'react';
import { useTypedBeforeStart } from '../lib/typed-before-start.ts';

/**
 * A labelled input with its error beside it (docs/architecture.md §7: forms show errors beside fields). Its hint
 * (至少 6 位…) and error are its description, read with the field (an accessibility review found the
 * hints never read); `aria-describedby` given by the caller comes first.
 */
export function FormField({ label, error, hint, after, ...input }: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | null; hint?: string; after?: ReactNode }) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  useTypedBeforeStart(id);
  const describedBy = [input['aria-describedby'], hint && !error ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="field-row">
        <input id={id} aria-invalid={!!error} {...input} aria-describedby={describedBy} />
        {after}
      </div>
      {hint && !error && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * When a form's errors change to some, focus goes to the first field marked invalid, so a keyboard
 * or screen-reader user lands where the message is (the submit button keeps it otherwise).
 */
export function useFocusFirstInvalid(form: RefObject<HTMLFormElement | null>, errors: Record<string, unknown>): void {
  useEffect(() => {
    if (Object.values(errors).some(Boolean)) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors, form]);
}
