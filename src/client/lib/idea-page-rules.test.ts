/** The idea page's pure rules: the way back, extensions in both shapes, the session view count, failure texts. */
import { describe, expect, it } from 'vitest';
import { marketMarker } from '../../shared/idea-rules.ts';
import { backTarget, favoriteFailureText, followFailureText, ideaUrl, parseExpansions, posterFileName, readViewCount, VIEW_COUNT_KEY, writeViewCount } from './idea-page-rules.ts';

const store = () => {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k), map };
};

describe('back target', () => {
  it('returns to the marketplace with its state, or to the library tab', () => {
    const market = { fromMarketplace: true, lastViewedCardId: 7, scrollPosition: 420 };
    expect(backTarget(market)).toEqual({ path: '/marketplace', state: market });
    const searched = { ...market, marketplaceSearch: '?sort=random&q=%E8%8A%B1%E7%9B%86' };
    expect(backTarget(searched)).toEqual({ path: '/marketplace?sort=random&q=%E8%8A%B1%E7%9B%86', state: searched });
    const library = { fromInspirationLibrary: true, activeTab: 'deleted', scrollPosition: 90 };
    expect(backTarget(library)).toEqual({ path: '/inspiration-library?tab=deleted', state: library });
  });
  it('falls back to history for anything else', () => {
    expect(backTarget(null)).toBeNull();
    expect(backTarget({ fromMarketplace: true })).toBeNull();
    expect(backTarget({ fromInspirationLibrary: true, activeTab: '../x', scrollPosition: 0 })).toBeNull();
  });
});

describe('market marker', () => {
  it('reads either spelling, defaults to market_exists, and any other value is 市场暂无', () => {
    expect(marketMarker({ marketIdentifier: 'market_exists' }).label).toBe('市场已有');
    expect(marketMarker({ marketIdentifier: 'market_not_exists' }).label).toBe('市场暂无');
    expect(marketMarker({ marketIdentifier: 'something_else' }).label).toBe('市场暂无');
    expect(marketMarker({}).label).toBe('市场已有');
  });
});

describe('extensions', () => {
  it('accepts an array or a JSON string, dropping empty or unreadable items', () => {
    const items = [{ id: 1, content: '加一个夜间模式', createdAt: '2026-01-01T00:00:00Z' }, { id: 2, content: '  ' }, 5];
    expect(parseExpansions(items)).toEqual([{ id: 1, content: '加一个夜间模式', createdAt: '2026-01-01T00:00:00Z' }]);
    expect(parseExpansions(JSON.stringify(items))).toEqual(parseExpansions(items));
    expect(parseExpansions('not json')).toEqual([]);
    expect(parseExpansions(null)).toEqual([]);
    expect(parseExpansions(['纯文本'])[0].content).toBe('纯文本');
  });
});

describe('view count per idea for the session', () => {
  it('keeps one count per idea and ignores junk', () => {
    const s = store();
    expect(readViewCount(s, 3)).toBeNull();
    writeViewCount(s, 3, 12);
    writeViewCount(s, 4, -1);
    expect(readViewCount(s, 3)).toBe(12);
    expect(readViewCount(s, 4)).toBeNull();
    s.setItem(VIEW_COUNT_KEY(5), 'abc');
    expect(readViewCount(s, 5)).toBeNull();
    expect(readViewCount(null, 3)).toBeNull();
  });
});

describe('failure texts', () => {
  it('favourite: every docs/spec/publishing-and-browsing.md §8 message', () => {
    expect(favoriteFailureText({ network: true }, false)).toBe('网络连接失败，请检查网络后重试');
    expect(favoriteFailureText({ network: false, status: 401 }, false)).toBe('请先登录后再收藏');
    expect(favoriteFailureText({ network: false, status: 404 }, false)).toBe('创意不存在或已被删除');
    expect(favoriteFailureText({ network: false, status: 400 }, false)).toBe('无法收藏，创意ID无效');
    expect(favoriteFailureText({ network: false, status: 500 }, true)).toBe('取消收藏失败，请稍后重试');
    expect(favoriteFailureText({ network: false, status: 503 }, false)).toBe('收藏失败，请稍后重试');
    expect(favoriteFailureText({ network: false }, false)).toBe('操作失败，请稍后重试');
    // Too many toggles: the server's limit text says what to do.
    expect(favoriteFailureText({ network: false, status: 429, serverMessage: '收藏操作过于频繁，请稍后再试' }, true)).toBe('收藏操作过于频繁，请稍后再试');
  });
  it('follow: the server message, else 关注操作失败; no answer: the retry text', () => {
    expect(followFailureText({ network: false, status: 400, serverMessage: '不能关注自己' })).toBe('不能关注自己');
    expect(followFailureText({ network: false, status: 500, serverMessage: 'x' })).toBe('关注操作失败');
    expect(followFailureText({ network: true })).toBe('关注操作失败，请稍后重试');
  });
});

describe('sharing', () => {
  it('builds the absolute idea URL and a safe poster file name', () => {
    expect(ideaUrl('https://example.com/', 9)).toBe('https://example.com/idea/9');
    expect(posterFileName('a/b:c*?', 9)).toBe('abc-9.png');
    expect(posterFileName('  ', 9)).toBe('创意-9.png');
  });
});
