/**
 * The client's rules for staying in touch (docs/spec/publishing-and-browsing.md §2/§4, docs/architecture.md §10): badge text, the viewed
 * marks of follow updates (`follow_updates_viewed_users`: registration number → the latest idea time
 * seen, so a new publication after a visit lights the dot again), the cached last list
 * (`followUpdatesAll`) and the message previews. The pure parts take their input as arguments.
 */
import { BADGE_CAP } from '../../shared/constants.ts';
import { NEW_IDEA_DAYS } from '../../shared/idea-rules.ts';
import { STORAGE_KEYS } from './storage.ts';

import type { RouterOutputs } from './trpc.ts';

/** What the server's follows.updates answers, one followed member with recent ideas. */
export type FollowUpdateItem = RouterOutputs['follows']['updates']['data'][number];

export type ViewedMarks = Record<string, string>;

/** The badge's text: nothing for 0, the number up to BADGE_CAP, then "99+". Pure. */
export function badgeText(count: number | null | undefined): string | null {
  if (!count || count <= 0) return null;
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
}

const time = (iso: string | null | undefined) => (iso ? Date.parse(iso) : NaN);

/** A followed member is unviewed when no mark exists or their latest idea is newer than the mark. Pure. */
export function isUnviewed(item: Pick<FollowUpdateItem, 'registrationNumber' | 'latestIdeaTime'>, marks: ViewedMarks): boolean {
  const seen = time(marks[item.registrationNumber]);
  if (Number.isNaN(seen)) return true;
  const latest = time(item.latestIdeaTime);
  return !Number.isNaN(latest) && latest > seen;
}

/**
 * A timeline card not seen before this visit: published in the recent window (the updates list's
 * 7 days, past which no mark is kept) and after its author's mark from before the visit. Pure.
 */
export function isUnseenIdea(idea: { authorRegistrationNumber?: string; publishedAt?: string | null }, marks: ViewedMarks, now = Date.now()): boolean {
  const published = time(idea.publishedAt);
  if (Number.isNaN(published) || now - published > NEW_IDEA_DAYS * 24 * 3600 * 1000) return false;
  const seen = time(idea.authorRegistrationNumber ? marks[idea.authorRegistrationNumber] : undefined);
  return Number.isNaN(seen) || published > seen;
}

/** The follow-updates badge: updated members not yet viewed. Pure. */
export function countUnviewed(list: readonly FollowUpdateItem[], marks: ViewedMarks): number {
  return list.filter((item) => isUnviewed(item, marks)).length;
}

/** The marks of members still in the list only (docs/spec/publishing-and-browsing.md §4). Pure. */
export function pruneMarks(marks: ViewedMarks, list: readonly Pick<FollowUpdateItem, 'registrationNumber'>[]): ViewedMarks {
  const keep = new Set(list.map((item) => item.registrationNumber));
  return Object.fromEntries(Object.entries(marks).filter(([number]) => keep.has(number)));
}

/** Text up to `max` characters (code points, so no emoji is cut in half) with an ellipsis. Pure. */
export function preview(text: string, max: number): { text: string; truncated: boolean } {
  const chars = [...text];
  return chars.length > max ? { text: chars.slice(0, max).join('') + '…', truncated: true } : { text, truncated: false };
}

// ---------------------------------------------------------------- local storage

/** Fired in this tab when the marks change, so every badge recomputes at once. */
export const VIEWED_MARKS_EVENT = 'follow-updates-viewed';

function readObject(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

/** The stored marks; anything unreadable (or the spec's older plain list of numbers) counts as none. */
export function readViewedMarks(): ViewedMarks {
  const value = readObject(STORAGE_KEYS.followUpdatesViewed);
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

export function writeViewedMarks(marks: ViewedMarks): void {
  const raw = JSON.stringify(marks);
  if (localStorage.getItem(STORAGE_KEYS.followUpdatesViewed) === raw) return;
  localStorage.setItem(STORAGE_KEYS.followUpdatesViewed, raw);
  window.dispatchEvent(new Event(VIEWED_MARKS_EVENT));
}

/** Opening a followed member marks their latest idea as seen. */
export function markViewed(item: Pick<FollowUpdateItem, 'registrationNumber' | 'latestIdeaTime'>): void {
  writeViewedMarks({ ...readViewedMarks(), [item.registrationNumber]: item.latestIdeaTime });
}

/** Opening /updates marks every listed member's latest idea as seen (the badge clears). */
export function markAllViewed(list: readonly Pick<FollowUpdateItem, 'registrationNumber' | 'latestIdeaTime'>[]): void {
  writeViewedMarks({ ...readViewedMarks(), ...Object.fromEntries(list.map((item) => [item.registrationNumber, item.latestIdeaTime])) });
}

/** The developer reset behind the title's double-click. */
export function resetViewedMarks(): void {
  localStorage.removeItem(STORAGE_KEYS.followUpdatesViewed);
  window.dispatchEvent(new Event(VIEWED_MARKS_EVENT));
}

/**
 * The last list fetched, shown at once on the next visit while the fresh one loads. Stored with the
 * member it belongs to, so someone else logging in on this browser never sees it.
 */
export function readUpdatesCache(owner: string | undefined): FollowUpdateItem[] | null {
  const value = readObject(STORAGE_KEYS.followUpdatesAll) as { owner?: unknown; list?: unknown } | null;
  if (!owner || !value || value.owner !== owner || !Array.isArray(value.list)) return null;
  return value.list.filter((item): item is FollowUpdateItem => !!item && typeof item === 'object' && typeof (item as FollowUpdateItem).registrationNumber === 'string');
}

export function writeUpdatesCache(owner: string | undefined, list: readonly FollowUpdateItem[]): void {
  if (owner) localStorage.setItem(STORAGE_KEYS.followUpdatesAll, JSON.stringify({ owner, list }));
}
