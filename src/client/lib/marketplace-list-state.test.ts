/** The marketplace's list state: kept when coming back, a new seed on a new visit, a damaged one refused. */
import { describe, expect, it } from 'vitest';
import type { KeyValueStore } from './key-value-store.ts';
import { LIST_STATE_KEY, parseListState, readListState, startListState, writeListState } from './marketplace-list-state.ts';

function memoryStore(): KeyValueStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

describe('the list state', () => {
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
