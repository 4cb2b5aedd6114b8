import { describe, expect, it } from 'vitest';
import { canGoBackWithinSite, noteMovedWithinApp } from './in-app-history.ts';

const fakeWindow = (over: { navigation?: unknown; referrer?: string }) =>
  ({ navigation: over.navigation, document: { referrer: over.referrer ?? '' }, location: { origin: 'https://hunter.example' } }) as unknown as Window;

describe('canGoBackWithinSite', () => {
  it("follows the Navigation API's own entries where there is one", () => {
    expect(canGoBackWithinSite(fakeWindow({ navigation: { currentEntry: { index: 0 } }, referrer: 'https://hunter.example/marketplace' }))).toBe(false);
    expect(canGoBackWithinSite(fakeWindow({ navigation: { currentEntry: { index: 2 } }, referrer: 'https://weixin.qq.com/' }))).toBe(true);
  });

  it('elsewhere, goes back only to a page of this site until the app has moved', () => {
    expect(canGoBackWithinSite(fakeWindow({}))).toBe(false);
    expect(canGoBackWithinSite(fakeWindow({ referrer: 'https://weixin.qq.com/s/abc' }))).toBe(false);
    expect(canGoBackWithinSite(fakeWindow({ referrer: 'not a url' }))).toBe(false);
    expect(canGoBackWithinSite(fakeWindow({ referrer: 'https://hunter.example/guest-marketplace' }))).toBe(true);
    noteMovedWithinApp();
    expect(canGoBackWithinSite(fakeWindow({ referrer: 'https://weixin.qq.com/s/abc' }))).toBe(true);
  });
});
