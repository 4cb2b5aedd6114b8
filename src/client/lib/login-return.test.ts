import { describe, expect, it } from 'vitest';
import { isReturnPath, saveLoginReturn, takeLoginReturn, waitingIdeaReturn, waitingPageName } from './login-return.ts';
import { PENDING_SEARCH_KEY, savePendingSearch } from './search-query.ts';

function memoryStore() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k) };
}

describe('returning a guest to the page after login', () => {
  it("says an idea waits only when the login is there to open it (a guest's card), not after an action on its page", () => {
    const store = memoryStore();
    saveLoginReturn(store, '/idea/42');
    expect(waitingIdeaReturn(store), 'a 收藏 on the idea page').toBe(false);
    saveLoginReturn(store, '/idea/42', 'openIdea');
    expect(waitingIdeaReturn(store), 'a tapped card').toBe(true);
    // Another action's return replaces it, and the note goes with it; taking the return ends both.
    saveLoginReturn(store, '/hunter/bx100002');
    expect(waitingIdeaReturn(store)).toBe(false);
    saveLoginReturn(store, '/idea/7', 'openIdea');
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
    for (const path of ['/create-pin', '/create-pin?edit=12', '/inspiration-library', '/messages', '/messages/settings']) {
      saveLoginReturn(store, path);
      expect(takeLoginReturn(store), path).toBe(path);
    }
    for (const path of [
      '/create-pin?edit=abc',
      '/create-pin?edit=1&next=//evil.example',
      '/messages/../admin',
      '//evil.example/idea/1',
      'https://evil.example',
      '/admin',
      '/idea/1/../admin',
      '/idea/x',
      '/hunter/nobody',
      '/hunter/bx100002/../../admin',
      '/hunter/bx1000021',
    ]) {
      expect(isReturnPath(path), path).toBe(false);
      saveLoginReturn(store, path);
      expect(takeLoginReturn(store)).toBeNull();
    }
    // The login page itself, and addresses elsewhere, however written.
    for (const path of [
      '/login',
      '/login?tab=register',
      '//evil.com',
      '/\\evil.com',
      'https://evil.com/messages',
      'javascript:alert(1)',
      '/messages?next=//evil.com',
      '/messages#x',
      '/inspiration-library?tab=drafts&tab=x',
      '/marketplace?q=a?b=c?',
    ]) {
      expect(isReturnPath(path), path).toBe(false);
    }
    // Member pages with the query each takes.
    for (const path of ['/inspiration-library?tab=drafts', '/marketplace?q=%E8%8A%B1%E7%9B%86&sort=favorites', '/marketplace?sort=random', '/feedback']) {
      expect(isReturnPath(path), path).toBe(true);
    }
    // A value planted in storage by other means is checked again when taken.
    store.setItem('loginReturnPath', '//evil.example');
    expect(takeLoginReturn(store)).toBeNull();
  });

  it('says which member page a guest opened, and only the latest reason to log in counts', () => {
    const store = memoryStore();
    saveLoginReturn(store, '/inspiration-library?tab=drafts', 'openPage');
    expect(waitingPageName(store)).toBe('我的灵感库');
    expect(waitingIdeaReturn(store)).toBe(false);
    // A card tapped after that: the idea is what the login is for.
    saveLoginReturn(store, '/idea/9', 'openIdea');
    expect(waitingPageName(store)).toBeNull();
    expect(waitingIdeaReturn(store)).toBe(true);
    // A search left waiting is dropped by a later page to return to.
    savePendingSearch(store, '花盆');
    saveLoginReturn(store, '/messages', 'openPage');
    expect(store.getItem(PENDING_SEARCH_KEY)).toBeNull();
    expect(waitingPageName(store)).toBe('消息');
    expect(takeLoginReturn(store)).toBe('/messages');
    expect(waitingPageName(store)).toBeNull();
  });
});
