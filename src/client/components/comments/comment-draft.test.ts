import { describe, expect, it } from 'vitest';
import { commentDraftKey, dropCommentDraft, findCommentDraft, keepCommentDraft } from './comment-draft.ts';

function memoryStore() {
  const items = new Map<string, string>();
  return { items, getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k) };
}

describe("a comment's draft", () => {
  it('is kept per idea and per member until it is sent', () => {
    const store = memoryStore();
    const mine = commentDraftKey(7, 'bx100002');
    keepCommentDraft(store, mine, { text: '扫码借伞，押金一元', replyTo: null });
    expect(findCommentDraft(store, mine)).toEqual({ text: '扫码借伞，押金一元', replyTo: null });
    expect(findCommentDraft(store, commentDraftKey(8, 'bx100002')), 'another idea').toBeNull();
    expect(findCommentDraft(store, commentDraftKey(7, 'bx100003')), 'another member').toBeNull();
    expect(commentDraftKey(7, null)).toBe('commentDraft:guest:7');
    dropCommentDraft(store, mine);
    expect(findCommentDraft(store, mine)).toBeNull();
  });

  it('keeps a reply with whom it answers, and nothing for a box holding only blanks or the @name', () => {
    const store = memoryStore();
    const key = commentDraftKey(7, 'bx100002');
    keepCommentDraft(store, key, { text: '@小林 ', replyTo: { id: 3, name: '小林' } });
    expect(store.items.size).toBe(0);
    keepCommentDraft(store, key, { text: '@小林 押金怎么退？', replyTo: { id: 3, name: '小林' } });
    expect(findCommentDraft(store, key)).toEqual({ text: '@小林 押金怎么退？', replyTo: { id: 3, name: '小林' } });
    keepCommentDraft(store, key, { text: '   ', replyTo: null });
    expect(findCommentDraft(store, key)).toBeNull();
    store.setItem(key, '{not json');
    expect(findCommentDraft(store, key)).toBeNull();
  });
});
