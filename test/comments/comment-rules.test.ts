import { describe, expect, it } from 'vitest';
import { buildCommentTree, counterState, deletePreview, nextInteraction } from '../../src/shared/comment-rules.ts';

describe('comment rules', () => {
  it('counts characters, turns orange above 400 and refuses blank or over 500', () => {
    expect(counterState('')).toMatchObject({ length: 0, warn: false, sendable: false });
    expect(counterState('   ')).toMatchObject({ sendable: false });
    expect(counterState('字'.repeat(400))).toMatchObject({ warn: false, sendable: true });
    expect(counterState('字'.repeat(401))).toMatchObject({ warn: true, over: false, sendable: true });
    expect(counterState('😀'.repeat(500))).toMatchObject({ length: 500, over: false, sendable: true });
    expect(counterState('字'.repeat(501))).toMatchObject({ over: true, sendable: false });
  });

  it('previews the first 20 characters for the delete confirmation', () => {
    expect(deletePreview('短评')).toBe('短评');
    expect(deletePreview('一二三四五六七八九十一二三四五六七八九十多')).toBe('一二三四五六七八九十一二三四五六七八九十…');
  });

  it('nests replies under their top-level comment: newest threads first, replies in order', () => {
    const c = (id: number, parentId: number | null, createdAt: string) => ({ id, parentId, createdAt });
    const tree = buildCommentTree([
      c(1, null, '2026-01-01T00:00:00Z'),
      c(2, null, '2026-01-02T00:00:00Z'),
      c(3, 1, '2026-01-03T00:00:00Z'),
      c(4, 1, '2026-01-02T12:00:00Z'),
      c(5, 99, '2026-01-04T00:00:00Z'),
    ]);
    expect(tree.map((t) => t.id)).toEqual([2, 1]);
    expect(tree[1].replies.map((r) => r.id)).toEqual([4, 3]);
    expect(tree[0].replies).toEqual([]);
  });

  it('makes like and dislike exclusive, and the same click again removes it', () => {
    expect(nextInteraction(null, 'like')).toBe('like');
    expect(nextInteraction('like', 'like')).toBeNull();
    expect(nextInteraction('like', 'dislike')).toBe('dislike');
  });
});
