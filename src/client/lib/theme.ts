/**
 * The member's colour theme (docs/product-rules.md "Appearance"): 跟随系统, 浅色 or 深色, kept in localStorage
 * `theme`. public/theme.js applies it before the first paint and on every change; this module only writes
 * the choice and tells it.
 */
import { STORAGE_KEYS } from './storage.ts';

export type ThemeChoice = 'system' | 'light' | 'dark';

export const THEME_CHOICES: readonly { value: ThemeChoice; label: string }[] = [
  { value: 'system', label: '跟随系统' },
  { value: 'light', label: '浅色' },
  { value: 'dark', label: '深色' },
];

/** What public/theme.js listens for in this tab (another tab hears the storage event). */
const THEME_EVENT = 'themechange';

export function readThemeChoice(): ThemeChoice {
  try {
    const value = localStorage.getItem(STORAGE_KEYS.theme);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

export function chooseTheme(choice: ThemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(STORAGE_KEYS.theme);
    else localStorage.setItem(STORAGE_KEYS.theme, choice);
  } catch {
    // Storage blocked: the theme changes for this page only. No event, or theme.js, reading no choice,
    // would put the system's back at once.
    if (choice !== 'system') document.documentElement.setAttribute('data-theme', choice);
    return;
  }
  window.dispatchEvent(new Event(THEME_EVENT));
}
