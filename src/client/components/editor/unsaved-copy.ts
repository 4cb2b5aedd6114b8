/**
 * The editor's unsaved copy: what a member typed and has not saved, kept in this browser per member
 * and per idea (`new` for one not saved yet), so nothing typed is lost when they leave the editor by
 * the tab bar or Back, reload or close the page, or when their session ends and publishing sends them
 * to log in. The editor offers the copy back when it opens again; a save or a publish that succeeds
 * drops it.
 */
import type { KeyValueStore } from '../../lib/key-value-store.ts';
import { MARKET_IDENTIFIERS } from '../../../shared/idea-rules.ts';
import type { IdeaFormValues } from './form-values.ts';

/** A copy older than this is not offered (and is dropped when found). */
export const UNSAVED_COPY_DAYS = 7;

export const unsavedCopyKey = (registrationNumber: string, ideaId: number | null) => `unsavedIdea:${registrationNumber}:${ideaId ?? 'new'}`;

/** An empty paragraph is what the rich-text editor holds when nothing is typed. */
const analysisText = (html: string) => html.replace(/<p><\/p>/g, '').trim();

/** Whether `values` hold something `base` does not: worth keeping, and worth offering back. */
export function differsFrom(values: IdeaFormValues, base: IdeaFormValues): boolean {
  return (
    values.title.trim() !== base.title.trim() ||
    values.description.trim() !== base.description.trim() ||
    values.tagsText.trim() !== base.tagsText.trim() ||
    analysisText(values.analysis) !== analysisText(base.analysis) ||
    values.marketIdentifier !== base.marketIdentifier ||
    values.allowComments !== base.allowComments ||
    values.showSimilar !== base.showSimilar
  );
}

/** Keeps the copy when it differs from what is saved, and forgets it when it does not. */
export function keepUnsavedCopy(store: KeyValueStore, key: string, values: IdeaFormValues, base: IdeaFormValues, now = Date.now()): void {
  try {
    if (differsFrom(values, base)) store.setItem(key, JSON.stringify({ values, keptAt: now }));
    else store.removeItem(key);
  } catch {
    // Storage full or off: the editor works without its copy.
  }
}

const isValues = (v: unknown): v is IdeaFormValues => {
  const o = v as Record<string, unknown> | null;
  return (
    !!o &&
    ['title', 'description', 'analysis', 'tagsText'].every((k) => typeof o[k] === 'string') &&
    (MARKET_IDENTIFIERS as readonly unknown[]).includes(o.marketIdentifier) &&
    typeof o.allowComments === 'boolean' &&
    typeof o.showSimilar === 'boolean'
  );
};

/** The copy to offer back: recent, well-formed and different from what is saved; else null (and a stale copy is dropped). */
export function findUnsavedCopy(store: KeyValueStore, key: string, base: IdeaFormValues, now = Date.now()): IdeaFormValues | null {
  try {
    const raw = store.getItem(key);
    if (!raw) return null;
    const { values, keptAt } = JSON.parse(raw) as { values?: unknown; keptAt?: unknown };
    if (isValues(values) && typeof keptAt === 'number' && now - keptAt < UNSAVED_COPY_DAYS * 86_400_000 && differsFrom(values, base)) return values;
    store.removeItem(key);
  } catch {
    // Unreadable: nothing to offer.
  }
  return null;
}

export function dropUnsavedCopy(store: KeyValueStore, key: string): void {
  try {
    store.removeItem(key);
  } catch {
    // See keepUnsavedCopy.
  }
}
