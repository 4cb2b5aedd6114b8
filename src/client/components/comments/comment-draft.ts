/**
 * A comment typed and not sent yet, kept in this browser per idea and per member (`guest` without
 * one) until it is sent: a session that ends as it is sent (the password changed on another device)
 * turns the box into the login prompt, and after logging in again the box has the words back.
 */
import type { KeyValueStore } from '../../lib/key-value-store.ts';
import type { ReplyTarget } from './CommentForm.tsx';

export interface CommentDraft {
  text: string;
  replyTo: ReplyTarget | null;
}

export const commentDraftKey = (ideaId: number, registrationNumber: string | null | undefined) => `commentDraft:${registrationNumber || 'guest'}:${ideaId}`;

/** Keeps the draft, or forgets it once the box holds nothing but blanks (or the reply's @name). */
export function keepCommentDraft(store: KeyValueStore, key: string, draft: CommentDraft): void {
  try {
    const bare = draft.replyTo ? draft.text.replace(`@${draft.replyTo.name}`, '') : draft.text;
    if (bare.trim()) store.setItem(key, JSON.stringify(draft));
    else store.removeItem(key);
  } catch {
    // Storage full or off: the box works without its copy.
  }
}

export function findCommentDraft(store: KeyValueStore, key: string): CommentDraft | null {
  try {
    const raw = store.getItem(key);
    if (!raw) return null;
    const { text, replyTo } = JSON.parse(raw) as Partial<CommentDraft>;
    const reply = replyTo && typeof replyTo.id === 'number' && typeof replyTo.name === 'string' ? { id: replyTo.id, name: replyTo.name } : null;
    if (typeof text === 'string' && text.trim()) return { text, replyTo: reply };
  } catch {
    // Unreadable: nothing to give back.
  }
  return null;
}

export function dropCommentDraft(store: KeyValueStore, key: string): void {
  try {
    store.removeItem(key);
  } catch {
    // See keepCommentDraft.
  }
}
