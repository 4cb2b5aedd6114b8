/**
 * Text typed into a prerendered page's fields before the app started. The prerendered entry pages
 * (prerender.tsx) paint before their JavaScript runs, so on a slow phone a guest may start typing a
 * phone number on /login; the form's state never had it, so the next render erased it.
 * main.tsx notes what was typed just before it hydrates, and each FormField hands its text back once
 * hydrated, as if typed then: the field's own onChange runs, so the form's state has it.
 */
import { useEffect } from 'react';

const typed = new Map<string, string>();

/** Notes each field's text as it is typed, until the app has started (by the field's id). */
function noteTyping(event: Event): void {
  const input = event.target;
  if (input instanceof HTMLInputElement && input.id) typed.set(input.id, input.value);
}
let noting: HTMLElement | null = null;

/**
 * Notes the text of each field under `root` that differs from what was painted (by the field's id),
 * and what is typed from now until the app has started: React hydrates a task or more after it is
 * asked to, and text typed in between was lost (a phone walkthrough lost a phone number so, in two
 * loads of eight).
 */
export function noteTypedBeforeStart(root: HTMLElement): void {
  for (const input of root.querySelectorAll('input')) {
    if (input.id && input.value !== input.defaultValue) typed.set(input.id, input.value);
  }
  root.addEventListener('input', noteTyping, true);
  noting = root;
}

/** Once the field `id` is hydrated, puts back what was typed into it before the app started (once). */
export function useTypedBeforeStart(id: string): void {
  useEffect(() => {
    // The first field's effect runs once the whole page is hydrated: typing from here on is the app's.
    noting?.removeEventListener('input', noteTyping, true);
    noting = null;
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
