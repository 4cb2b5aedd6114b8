/** A card's tags: at most 3, then +N. */
import { describe, expect, it } from 'vitest';
import { tagOfPath, tagPath, tagsToShow } from './card-tags.ts';

describe('card tags', () => {
  it('shows at most 3, then +N', () => {
    expect(tagsToShow(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: 0 });
    expect(tagsToShow(['a', 'b', 'c'])).toEqual({ shown: ['a', 'b', 'c'], more: 0 });
    expect(tagsToShow(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
  });

  it('links a tag to its page and reads it back from the address', () => {
    // `100%25` and `%E4%B8%AD` are tags that look like escapes: decoded twice they opened another tag's page.
    for (const tag of ['AI', '设计', 'C#', 'a/b', '100%', '100%25', '%E4%B8%AD', '50% off', 'q?x=1', 'ＡＩ']) {
      expect(tagPath(tag)).toBe(`/tag/${encodeURIComponent(tag)}`);
      expect(tagOfPath(tagPath(tag))).toBe(tag);
    }
    expect(tagOfPath('/tag/50%')).toBe('50%');
  });
});
