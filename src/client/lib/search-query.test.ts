/** The query a search runs, and a guest's search kept through login. */
import { describe, expect, it } from 'vitest';
import type { KeyValueStore } from './key-value-store.ts';
import { savePendingSearch, searchQueryOf, takePendingSearch } from './search-query.ts';

function memoryStore(): KeyValueStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

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
