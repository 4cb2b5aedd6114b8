import { describe, expect, it } from 'vitest';
import { isReturnPath, saveLoginReturn, takeLoginReturn, waitingIdeaReturn } from './login-return.ts';

function memoryStore() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k) };
}

describe('returning a guest to the page after login', () => {
  it("says an idea waits only when the login is there to open it (a guest's card), not after an action on its page", () => {
    const store = memoryStore();
    saveLoginReturn(store, '/idea/42');
    expect(waitingIdeaReturn(store), 'a 收藏 on the idea page').toBe(false);
    store.setItem('loginReturnOpensIdea', '1');
    expect(waitingIdeaReturn(store), 'a tapped card').toBe(true);
    // Another action's return replaces it, and the note goes with it; taking the return ends both.
    saveLoginReturn(store, '/hunter/bx100002');
    expect(waitingIdeaReturn(store)).toBe(false);
    saveLoginReturn(store, '/idea/7');
    store.setItem('loginReturnOpensIdea', '1');
    expect(takeLoginReturn(store)).toBe('/idea/7');
    expect(waitingIdeaReturn(store)).toBe(false);
  });

  it('keeps an idea page once, and nothing else', () => {
    const store = memoryStore();
    saveLoginReturn(store, '/idea/42');
    expect(takeLoginReturn(store)).toBe('/idea/42');
    expect(takeLoginReturn(store)).toBeNull();
    saveLoginReturn(store, '/hunter/bx100002');
    expect(takeLoginReturn(store)).toBe('/hunter/bx100002');
    // A member page a session ended on: the editor with the idea it edited.
    for (const path of ['/create-pin', '/create-pin?edit=12', '/inspiration-library', '/messages']) {
      saveLoginReturn(store, path);
      expect(takeLoginReturn(store), path).toBe(path);
    }
    for (const path of ['/create-pin?edit=abc', '/create-pin?edit=1&next=//evil.example', '/messages/../admin', '//evil.example/idea/1', 'https://evil.example', '/admin', '/idea/1/../admin', '/idea/x', '/hunter/nobody', '/hunter/bx100002/../../admin', '/hunter/bx1000021']) {
      expect(isReturnPath(path), path).toBe(false);
      saveLoginReturn(store, path);
      expect(takeLoginReturn(store)).toBeNull();
    }
    // A value planted in storage by other means is checked again when taken.
    store.setItem('loginReturnPath', '//evil.example');
    expect(takeLoginReturn(store)).toBeNull();
  });
});
