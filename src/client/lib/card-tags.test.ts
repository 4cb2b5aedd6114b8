/** A card's tags: at most 3, then +N. */
import { describe, expect, it } from 'vitest';
import { tagsToShow } from './card-tags.ts';

describe('card tags', () => {
  it('shows at most 3, then +N', () => {
    expect(tagsToShow(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: 0 });
    expect(tagsToShow(['a', 'b', 'c'])).toEqual({ shown: ['a', 'b', 'c'], more: 0 });
    expect(tagsToShow(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
  });
});
