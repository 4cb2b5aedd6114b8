/** A list's pages: checked, joined, and their failure named. */
import { describe, expect, it } from 'vitest';
import { BadDataError, checkedPage, flattenPages, listErrorText, MARKET_MSG } from './list-pages.ts';

describe('list pages', () => {
  it('accepts { data: [...] } and refuses anything else as a data format error', () => {
    expect(checkedPage({ data: [{ id: 1 }], nextCursor: 'c' })).toEqual({ data: [{ id: 1 }], nextCursor: 'c' });
    expect(checkedPage({ data: [], nextCursor: null })).toEqual({ data: [], nextCursor: null });
    expect(() => checkedPage({ data: { id: 1 } })).toThrow(BadDataError);
    expect(() => checkedPage(null)).toThrow(MARKET_MSG.badData);
  });

  it('shows each card once across pages', () => {
    expect(flattenPages([{ data: [{ id: 1 }, { id: 2 }] }, { data: [{ id: 2 }, { id: 3 }] }]).map((i) => i.id)).toEqual([1, 2, 3]);
    expect(flattenPages(undefined)).toEqual([]);
  });

  it('names the failure', () => {
    expect(listErrorText(new BadDataError())).toBe('数据格式错误，请稍后重试');
    expect(listErrorText(new Error('请求超时'))).toBe('获取创意失败：请求超时');
    expect(listErrorText('x')).toBe('获取创意失败：网络异常');
  });
});
