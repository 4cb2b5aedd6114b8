/** The people pages' pure rules: fallbacks and counts. */
import { describe, expect, it } from 'vitest';
import { bioOrDefault, countOr, formatCount, nicknameOrFallback } from './people.ts';

describe('people pages', () => {
  it('falls back to 创意猎人 and the default bio', () => {
    expect(nicknameOrFallback('  ')).toBe('创意猎人');
    expect(nicknameOrFallback('user1234')).toBe('user1234');
    expect(bioOrDefault(null)).toBe('这个猎人很懒，还没有写简介');
  });
  it('counts what the server sends, else what the page knows', () => {
    expect(countOr(5, 2)).toBe(5);
    expect(countOr(undefined, 2)).toBe(2);
    expect(countOr(-1, 0)).toBe(0);
    expect([0, 9999, 10000, 12345, 123456].map(formatCount)).toEqual(['0', '9999', '1万', '1.2万', '12.3万']);
  });
});
