/** The marketplace's address: the sort and the search it names. */
import { describe, expect, it } from 'vitest';
import { marketAddressFor, marketAddressSearch, parseMarketAddress } from './marketplace-address.ts';

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

  it('leaves the default sort unnamed: the plain address is the default view', () => {
    expect(marketAddressFor('newest')).toBe('');
    expect(marketAddressFor('newest', '花盆')).toBe('?q=%E8%8A%B1%E7%9B%86');
    expect(marketAddressFor('random')).toBe('?sort=random');
  });
});
