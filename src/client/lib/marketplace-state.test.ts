/** The marketplace's pure rules: sort and seed, the list state, the way back to a card, search hand-offs. */
import { describe, expect, it } from 'vitest';
import {
  answeredSeed,
  BadDataError,
  checkedPage,
  findWithRetries,
  flattenPages,
  isFromMarketplace,
  LIST_STATE_KEY,
  listErrorText,
  marketAddressFor,
  marketAddressSearch,
  MARKET_MSG,
  marketplaceReturnPath,
  marketQueryInput,
  parseMarketAddress,
  newSeed,
  parseListState,
  readListState,
  returnScrollTop,
  returnState,
  savePendingSearch,
  searchFromState,
  searchQueryOf,
  SEED_MAX,
  startListState,
  tagsToShow,
  takePendingSearch,
  writeListState,
  SEED_BUCKETS,
  type KeyValueStore,
} from './marketplace-state.ts';
import { bioOrDefault, countOr, formatCount, nicknameOrFallback } from './people.ts';

function memoryStore(): KeyValueStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

describe('sort and seed', () => {
  it('draws seeds from a few buckets, so random first pages come from the shared cache', () => {
    expect(newSeed(() => 0)).toBe(1);
    expect(newSeed(() => 0.999999999999)).toBe(SEED_BUCKETS);
    expect(newSeed(() => 0.5)).toBe(1 + SEED_BUCKETS / 2);
    expect(SEED_BUCKETS).toBeLessThanOrEqual(SEED_MAX);
  });

  it('goes on with the seed the server answered, else the one sent', () => {
    expect(answeredSeed(7, { data: [], nextCursor: null, seed: 42 })).toBe(42);
    expect(answeredSeed(7, { data: [], nextCursor: null })).toBe(7);
    expect(answeredSeed(7, { seed: 0 })).toBe(7);
    expect(answeredSeed(7, undefined)).toBe(7);
  });

  it('sends the seed with random only', () => {
    expect(marketQueryInput('random', 42)).toEqual({ sort: 'random', seed: 42, limit: 20 });
    expect(marketQueryInput('newest', 42)).toEqual({ sort: 'newest', limit: 20 });
    expect(marketQueryInput('favorites', 42)).toEqual({ sort: 'favorites', limit: 20 });
  });

  it('keeps sort and seed when coming back, a new seed (same sort) on a new visit', () => {
    const stored = { sort: 'random' as const, seed: 777 };
    expect(startListState(stored, true, () => 0.5)).toEqual(stored);
    expect(startListState(stored, false, () => 0)).toEqual({ sort: 'random', seed: 1 });
    expect(startListState(null, true, () => 0)).toEqual({ sort: 'newest', seed: 1 });
  });

  it('stores the list state and refuses a damaged one', () => {
    const store = memoryStore();
    expect(readListState(store)).toBeNull();
    writeListState(store, { sort: 'favorites', seed: 9 });
    expect(readListState(store)).toEqual({ sort: 'favorites', seed: 9 });
    expect(parseListState('{"sort":"oldest","seed":9}')).toBeNull();
    expect(parseListState('{"sort":"random","seed":0}')).toBeNull();
    expect(parseListState('{"sort":"random","seed":1.5}')).toBeNull();
    expect(parseListState('not json')).toBeNull();
    store.map.set(LIST_STATE_KEY, '{"sort":"random","seed":3000000000}');
    expect(readListState(store)).toBeNull();
  });
});

describe('navigation states', () => {
  it('recognises the return state', () => {
    expect(isFromMarketplace({ fromMarketplace: true, lastViewedCardId: 3, scrollPosition: 120 })).toBe(true);
    expect(isFromMarketplace({ fromMarketplace: true, lastViewedCardId: '3', scrollPosition: 120 })).toBe(false);
    expect(isFromMarketplace(null)).toBe(false);
    expect(isFromMarketplace({ fromInspirationLibrary: true })).toBe(false);
  });

  it('reads the search state, ignoring a blank query', () => {
    expect(searchFromState({ searchQuery: ' 花盆 ', searchResults: [{ id: 1 }], searchTimestamp: 5 })).toEqual({ searchQuery: '花盆', searchResults: [{ id: 1 }], searchTimestamp: 5, searchNextCursor: null });
    expect(searchFromState({ searchQuery: '  ' })).toBeNull();
    expect(searchFromState(undefined)).toBeNull();
    expect(searchFromState({ searchQuery: '花盆', searchResults: 'x' })?.searchResults).toBeNull();
  });

  it('keeps the search beside the return fields', () => {
    const current = { searchQuery: '花盆', searchResults: [], searchTimestamp: 5 };
    expect(returnState(current, 7, 812.6)).toEqual({ searchQuery: '花盆', searchResults: [], searchTimestamp: 5, searchNextCursor: null, fromMarketplace: true, lastViewedCardId: 7, scrollPosition: 813 });
    expect(returnState(null, 7, -4)).toEqual({ fromMarketplace: true, lastViewedCardId: 7, scrollPosition: 0 });
  });

  it('remembers the sort and search of the address, and leads back to them only', () => {
    const state = returnState(null, 7, 0, '?sort=favorites&q=%E8%8A%B1%E7%9B%86&utm=x');
    expect(state.marketplaceSearch).toBe('?sort=favorites&q=%E8%8A%B1%E7%9B%86');
    expect(marketplaceReturnPath(state)).toBe('/marketplace?sort=favorites&q=%E8%8A%B1%E7%9B%86');
    expect(marketplaceReturnPath({ fromMarketplace: true, lastViewedCardId: 7, scrollPosition: 0 })).toBe('/marketplace');
    // Whatever else a history entry holds never becomes part of the path.
    expect(marketplaceReturnPath({ fromMarketplace: true, lastViewedCardId: 7, scrollPosition: 0, marketplaceSearch: '//evil.example/?x=1&sort=random' })).toBe('/marketplace?sort=random');
  });
});

describe('the address', () => {
  it('reads the sort and the search; an unknown sort or a blank query is none', () => {
    expect(parseMarketAddress('?sort=random&q=%20%E8%8A%B1%E7%9B%86%20')).toEqual({ sort: 'random', q: '花盆' });
    expect(parseMarketAddress('sort=favorites')).toEqual({ sort: 'favorites', q: null });
    expect(parseMarketAddress('?sort=hot&q=%20%20')).toEqual({ sort: null, q: null });
    expect(parseMarketAddress('')).toEqual({ sort: null, q: null });
    expect([...parseMarketAddress(`?q=${'创'.repeat(60)}`).q!].length).toBe(50);
  });

  it('writes them back: what it writes reads the same', () => {
    expect(marketAddressSearch({ sort: 'favorites', q: '办公 硬件' })).toBe('?sort=favorites&q=%E5%8A%9E%E5%85%AC+%E7%A1%AC%E4%BB%B6');
    expect(parseMarketAddress(marketAddressSearch({ sort: 'favorites', q: '办公 硬件' }))).toEqual({ sort: 'favorites', q: '办公 硬件' });
    expect(marketAddressSearch({ sort: 'newest' })).toBe('?sort=newest');
    expect(marketAddressSearch({ q: ' a&b=c ' })).toBe('?q=a%26b%3Dc');
    expect(marketAddressSearch({})).toBe('');
  });

  it("leaves the default sort unnamed: the plain address is the default view", () => {
    expect(marketAddressFor('newest')).toBe('');
    expect(marketAddressFor('newest', '花盆')).toBe('?q=%E8%8A%B1%E7%9B%86');
    expect(marketAddressFor('random')).toBe('?sort=random');
  });
});

describe('search', () => {
  it('does nothing for a blank query and trims the rest to 50 characters', () => {
    expect(searchQueryOf('   ')).toBeNull();
    expect(searchQueryOf(' 花盆 ')).toBe('花盆');
    expect([...searchQueryOf('创'.repeat(60))!].length).toBe(50);
  });

  it("keeps a guest's query through login, once", () => {
    const store = memoryStore();
    expect(takePendingSearch(store)).toBeNull();
    savePendingSearch(store, ' 智能 家居 ');
    expect(takePendingSearch(store)).toBe('智能 家居');
    expect(takePendingSearch(store)).toBeNull();
    savePendingSearch(store, '   ');
    expect(takePendingSearch(store)).toBeNull();
  });
});

describe('coming back to the last card', () => {
  function fakeTimers() {
    const queue: { fn: () => void; ms: number }[] = [];
    return {
      queue,
      schedule: (fn: () => void, ms: number) => queue.push({ fn, ms }),
      cancel: () => void queue.splice(0),
      runNext: () => queue.shift()!.fn(),
    };
  }

  it('finds the card at once when it is there', () => {
    const timers = fakeTimers();
    let result: string | null | undefined;
    findWithRetries(() => 'card', (found) => (result = found), timers);
    expect(result).toBe('card');
    expect(timers.queue).toHaveLength(0);
  });

  it('tries again up to 5 times, 300 ms apart, then gives up', () => {
    const timers = fakeTimers();
    let tries = 0;
    let result: string | null | undefined;
    findWithRetries(() => (tries++, null), (found) => (result = found), timers);
    for (let i = 0; i < 5; i++) {
      expect(timers.queue[0].ms).toBe(300);
      timers.runNext();
    }
    expect(tries).toBe(6);
    expect(result).toBeNull();
    expect(timers.queue).toHaveLength(0);
  });

  it('stops when the card appears on a retry, and when cancelled', () => {
    const timers = fakeTimers();
    let tries = 0;
    let result: string | null | undefined;
    findWithRetries(() => (++tries === 3 ? 'card' : null), (found) => (result = found), timers);
    timers.runNext();
    timers.runNext();
    expect(result).toBe('card');
    expect(timers.queue).toHaveLength(0);

    const t2 = fakeTimers();
    let called = false;
    const cancel = findWithRetries(() => null, () => (called = true), t2);
    cancel();
    expect(t2.queue).toHaveLength(0);
    expect(called).toBe(false);
  });

  it('returns to the saved position when the card shows there, else 70 px above the card', () => {
    expect(returnScrollTop({ saved: 1000, cardTop: 1300, viewportHeight: 800 })).toBe(1000);
    expect(returnScrollTop({ saved: 1000, cardTop: 2400, viewportHeight: 800 })).toBe(2330);
    expect(returnScrollTop({ saved: 1000, cardTop: 1020, viewportHeight: 800 })).toBe(950);
    expect(returnScrollTop({ saved: 1000, cardTop: null, viewportHeight: 800 })).toBe(1000);
    expect(returnScrollTop({ saved: 0, cardTop: 30, viewportHeight: 800 })).toBe(0);
  });
});

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

describe('card tags', () => {
  it('shows at most 3, then +N', () => {
    expect(tagsToShow(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: 0 });
    expect(tagsToShow(['a', 'b', 'c'])).toEqual({ shown: ['a', 'b', 'c'], more: 0 });
    expect(tagsToShow(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
  });
});

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
