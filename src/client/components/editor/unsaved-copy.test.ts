import { describe, expect, it } from 'vitest';
import { EMPTY_VALUES } from './form-values.ts';
import { differsFrom, dropUnsavedCopy, findUnsavedCopy, keepUnsavedCopy, UNSAVED_COPY_DAYS, unsavedCopyKey } from './unsaved-copy.ts';

function memoryStore() {
  const items = new Map<string, string>();
  return { items, getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k) };
}

const typed = { ...EMPTY_VALUES, title: '共享雨伞站', analysis: '<p>地铁口扫码借伞</p>' };
const DAY = 86_400_000;

describe("the editor's unsaved copy", () => {
  it('is kept per member and idea, offered back once typed, and forgotten when it matches what is saved', () => {
    const store = memoryStore();
    const key = unsavedCopyKey('bx100002', null);
    expect(key).not.toBe(unsavedCopyKey('bx100003', null));
    expect(key).not.toBe(unsavedCopyKey('bx100002', 7));
    keepUnsavedCopy(store, key, typed, EMPTY_VALUES, 1000);
    expect(findUnsavedCopy(store, key, EMPTY_VALUES, 2000)).toEqual(typed);
    // Typed back to what is saved: nothing to keep.
    keepUnsavedCopy(store, key, EMPTY_VALUES, EMPTY_VALUES, 3000);
    expect(store.items.has(key)).toBe(false);
    keepUnsavedCopy(store, key, typed, EMPTY_VALUES, 1000);
    dropUnsavedCopy(store, key);
    expect(findUnsavedCopy(store, key, EMPTY_VALUES, 2000)).toBeNull();
  });

  it('is not offered when stale, malformed, or the same as what is saved (then dropped)', () => {
    const store = memoryStore();
    const key = unsavedCopyKey('bx100002', 7);
    keepUnsavedCopy(store, key, typed, EMPTY_VALUES, 0);
    expect(findUnsavedCopy(store, key, EMPTY_VALUES, UNSAVED_COPY_DAYS * DAY - 1)).toEqual(typed);
    expect(findUnsavedCopy(store, key, EMPTY_VALUES, UNSAVED_COPY_DAYS * DAY)).toBeNull();
    expect(store.items.has(key)).toBe(false);
    for (const raw of ['not json', JSON.stringify({ values: { ...typed, allowComments: 'yes' }, keptAt: 0 }), JSON.stringify({ values: typed })]) {
      store.setItem(key, raw);
      expect(findUnsavedCopy(store, key, EMPTY_VALUES, 1)).toBeNull();
    }
    keepUnsavedCopy(store, key, typed, EMPTY_VALUES, 0);
    expect(findUnsavedCopy(store, key, typed, 1)).toBeNull();
  });

  it('counts what a person would miss, not what the rich-text editor adds on its own', () => {
    expect(differsFrom({ ...EMPTY_VALUES, analysis: '<p></p>' }, EMPTY_VALUES)).toBe(false);
    expect(differsFrom({ ...EMPTY_VALUES, title: '  ' }, EMPTY_VALUES)).toBe(false);
    for (const change of [
      { title: '标题' },
      { description: '简介' },
      { tagsText: '效率' },
      { analysis: '<p>分析</p>' },
      { allowComments: false },
      { showSimilar: false },
      { marketIdentifier: 'market_not_exists' as const },
    ]) {
      expect(differsFrom({ ...EMPTY_VALUES, ...change }, EMPTY_VALUES), JSON.stringify(change)).toBe(true);
    }
  });
});
