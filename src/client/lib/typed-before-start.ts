/**
 * Text typed into a prerendered page's fields before the app started. The prerendered entry pages
 * (prerender.tsx) paint before their JavaScript runs, so on a slow phone a guest may start typing a
 * phone number on /login; the form's state never had it, so the next render erased it.
 * main.tsx notes what was typed just before it hydrates, and each FormField hands its text back once
 * hydrated, as if typed then: the field's own onChange runs, so the form's state has it.
 */
import { useEffect } from 'react';

const typed = new Map<string, string>();

/** Notes the text of each field under `root` that differs from what was painted (by the field's id). */
export function noteTypedBeforeStart(root: HTMLElement): void {
  for (const input of root.querySelectorAll('input')) {
    if (input.id && input.value !== input.defaultValue) typed.set(input.id, input.value);
  }
}

/** Once the field `id` is hydrated, puts back what was typed into it before the app started (once). */
export function useTypedBeforeStart(id: string): void {
  useEffect(() => {
    const value = typed.get(id);
    if (value === undefined) return;
    typed.delete(id);
    const input = document.getElementById(id);
    if (!(input instanceof HTMLInputElement)) return;
    // React fires onChange when the field's value differs from the one it tracks (set through the
    // field's own setter). Hydration may have left the typed text in place and tracked it, so the
    // tracked value is emptied first and the text put back past the tracker.
    input.value = '';
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, [id]);
}
