/** The navigation states between the marketplace, the idea page and the search box. */
import { describe, expect, it } from 'vitest';
import { isFromMarketplace, marketplaceReturnPath, returnState, searchFromState } from './marketplace-nav-state.ts';

describe('navigation states', () => {
  it('recognises the return state', () => {
    expect(isFromMarketplace({ fromMarketplace: true, lastViewedCardId: 3, scrollPosition: 120 })).toBe(true);
    expect(isFromMarketplace({ fromMarketplace: true, lastViewedCardId: '3', scrollPosition: 120 })).toBe(false);
    expect(isFromMarketplace(null)).toBe(false);
    expect(isFromMarketplace({ fromInspirationLibrary: true })).toBe(false);
  });

  it('reads the search state, ignoring a blank query', () => {
    expect(searchFromState({ searchQuery: ' 花盆 ', searchResults: [{ id: 1 }], searchTimestamp: 5 })).toEqual({
      searchQuery: '花盆',
      searchResults: [{ id: 1 }],
      searchTimestamp: 5,
      searchNextCursor: null,
    });
    expect(searchFromState({ searchQuery: '  ' })).toBeNull();
    expect(searchFromState(undefined)).toBeNull();
    expect(searchFromState({ searchQuery: '花盆', searchResults: 'x' })?.searchResults).toBeNull();
  });

  it('keeps the search beside the return fields', () => {
    const current = { searchQuery: '花盆', searchResults: [], searchTimestamp: 5 };
    expect(returnState(current, 7, 812.6)).toEqual({
      searchQuery: '花盆',
      searchResults: [],
      searchTimestamp: 5,
      searchNextCursor: null,
      fromMarketplace: true,
      lastViewedCardId: 7,
      scrollPosition: 813,
    });
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
