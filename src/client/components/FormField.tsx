import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

/** A labelled input with its error beside it (DESIGN §7: forms show errors beside fields). */
export function FormField({ label, error, hint, after, ...input }: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | null; hint?: string; after?: ReactNode }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="field-row">
        <input id={id} aria-invalid={!!error} aria-describedby={error ? errorId : undefined} {...input} />
        {after}
      </div>
      {hint && !error && <p className="field-hint">{hint}</p>}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
