/** The UI kit's pure rules, kept apart from React so unit tests can check them. */

/**
 * Masonry columns by window width (react-masonry-css keys are "at most this many pixels"): 1 column
 * only below 340px, 2 on phones, 3 from 900px (the desktop breakpoint), 4 from 1280px (UI.md).
 */
export const CARD_GRID_COLUMNS = { default: 4, 1279: 3, 899: 2, 339: 1 } as const;

/**
 * The landing's featured cards: "two rows of 3" (docs/spec/publishing-and-browsing.md §2) at every desktop width, so the grid
 * stops at 3 columns where the feeds go on to 4; phones keep the feeds' 2 (1 below 340px).
 */
export const FEATURED_GRID_COLUMNS = { default: 3, 899: 2, 339: 1 } as const;

export type GridColumns = typeof CARD_GRID_COLUMNS | typeof FEATURED_GRID_COLUMNS;

/**
 * A card's cover keeps the image's own shape (UI.md: no crop to one ratio, no shift when it loads),
 * between a wide 2:1 and a tall 5:8; past those it is cropped to them, so one panorama or one long
 * screenshot does not make a strip or a tower of the masonry. Without a known size: 4:3.
 */
export const COVER_HEIGHT_PER_WIDTH = { min: 0.5, max: 1.6, unknown: 0.75 } as const;

/** The cover's CSS aspect ratio (`width / height`) for an image of that size, if known. */
export function coverAspectRatio(width: number | null | undefined, height: number | null | undefined): string {
  const { min, max, unknown } = COVER_HEIGHT_PER_WIDTH;
  const ratio = width && height ? Math.min(max, Math.max(min, height / width)) : unknown;
  return `1 / ${Math.round(ratio * 1000) / 1000}`;
}

/** The column count `columns` gives a window `width` pixels wide (what react-masonry-css computes). */
export function cardGridColumns(width: number, columns: GridColumns = CARD_GRID_COLUMNS): number {
  const limits = Object.keys(columns)
    .filter((k) => k !== 'default')
    .map(Number)
    .sort((a, b) => a - b);
  const at = limits.find((limit) => width <= limit);
  return at === undefined ? columns.default : (columns as Record<number, number>)[at];
}

/** The tab title: `页面名 - 平台名`, or the platform name alone when the page has no name yet. */
export function pageTitle(name: string | null | undefined, platformName: string): string {
  const page = name?.trim();
  return page ? withinTitle(page, platformName) : platformName;
}

/** A part named within what holds it, in a title: `草稿 - 我的灵感库`, `我的灵感库 - 平台名`. */
export const withinTitle = (part: string, whole: string) => `${part} - ${whole}`;

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

/**
 * Where a key moves the focus in a row of `count` items from item `at` (the WAI-ARIA tabs and menu
 * patterns): the row's two arrow keys step and wrap at the ends, Home and End jump to them; any other
 * key, undefined. A tab row runs left to right, a menu top to bottom.
 */
export function rovingTarget(key: string, at: number, count: number, axis: 'row' | 'column'): number | undefined {
  const last = count - 1;
  const [back, on] = axis === 'row' ? ['ArrowLeft', 'ArrowRight'] : ['ArrowUp', 'ArrowDown'];
  if (key === on) return at < last ? at + 1 : 0;
  if (key === back) return at > 0 ? at - 1 : last;
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  return undefined;
}
