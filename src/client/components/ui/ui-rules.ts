/** The UI kit's pure rules, kept apart from React so unit tests can check them. */

/**
 * Masonry columns by window width (react-masonry-css keys are "at most this many pixels"): 1 column
 * only below 340px, 2 on phones, 3 from 900px (the desktop breakpoint), 4 from 1280px (UI.md).
 */
export const CARD_GRID_COLUMNS = { default: 4, 1279: 3, 899: 2, 339: 1 } as const;

/** The column count CARD_GRID_COLUMNS gives a window `width` pixels wide (what react-masonry-css computes). */
export function cardGridColumns(width: number): number {
  if (width <= 339) return 1;
  if (width <= 899) return 2;
  if (width <= 1279) return 3;
  return 4;
}

/** The tab title: `页面名 - 平台名`, or the platform name alone when the page has no name yet. */
export function pageTitle(name: string | null | undefined, platformName: string): string {
  const page = name?.trim();
  return page ? `${page} - ${platformName}` : platformName;
}

/**
 * The description search engines show for a page that names none of its own; index.html carries
 * the same text, so it is there before the app runs.
 */
export const DEFAULT_PAGE_DESCRIPTION = '猎人创意社区：发现、记录、分享好点子。发布你的创意卡片，每一张都经过平台审核后公开，谁先捕捉并实现灵感，谁就拥有命名权。';

/** A page's meta description: its own when it has one, the site's otherwise. */
export function pageDescription(description: string | null | undefined): string {
  return description?.trim() || DEFAULT_PAGE_DESCRIPTION;
}

/** Titles longer than this are shortened with … when a dialog names them. */
export const CONFIRM_NAME_MAX = 20;

/** 「标题」 for a dialog or toast, shortened to `max` characters with an ellipsis. */
export function quoteName(name: string, max = CONFIRM_NAME_MAX): string {
  const chars = [...name.trim()];
  return `「${chars.length > max ? chars.slice(0, max).join('') + '…' : chars.join('')}」`;
}
