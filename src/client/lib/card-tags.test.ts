/** A card's tags: at most 3, then +N. */
import { describe, expect, it } from 'vitest';
import { tagOfParam, tagPath, tagsToShow } from './card-tags.ts';

describe('card tags', () => {
  it('shows at most 3, then +N', () => {
    expect(tagsToShow(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: 0 });
    expect(tagsToShow(['a', 'b', 'c'])).toEqual({ shown: ['a', 'b', 'c'], more: 0 });
    expect(tagsToShow(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
  });

  it('links a tag to its page and reads it back', () => {
    for (const tag of ['AI', '设计', 'C#', 'a/b', '100%', 'ＡＩ']) {
      expect(tagPath(tag)).toBe(`/tag/${encodeURIComponent(tag)}`);
      // What the router hands the page: the path decoded with decodeURI.
      expect(tagOfParam(decodeURI(tagPath(tag).slice(5)))).toBe(tag);
    }
    expect(tagOfParam('50%')).toBe('50%');
  });
});
