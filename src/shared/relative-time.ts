/**
 * Relative time for cards and lists (docs/spec/accounts-and-people.md §9): under a minute 刚刚, then minutes,
 * hours, and days up to 6 days; from the 7th day on, the full zh-CN date and time (2-digit, 24-hour).
 */

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Days shown as "n天前"; older dates show the full date and time. */
export const RELATIVE_DAYS_MAX = 6;

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * One formatter, made on first use: `toLocaleString` with options builds a new one per call, which
 * cost a card grid tens of milliseconds on a phone (each card's time carries the full date as its title).
 */
let dateTimeFormat: Intl.DateTimeFormat | undefined;

/** "2026/03/05 14:07" — the spec's zh-CN date-time, 2-digit and 24-hour. Empty for a missing or invalid date. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return '';
  dateTimeFormat ??= new Intl.DateTimeFormat('zh-CN', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false });
  return dateTimeFormat.format(date);
}

/** 刚刚 / n分钟前 / n小时前 / n天前 (1–6), then the full date and time. A future time (clock skew) reads 刚刚. */
export function relativeTime(value: string | number | Date | null | undefined, now: number | Date = Date.now()): string {
  const date = toDate(value);
  if (!date) return '';
  const diff = (now instanceof Date ? now.getTime() : now) - date.getTime();
  if (diff < MINUTE) return '刚刚';
  if (diff < HOUR) return `${Math.floor(diff / MINUTE)}分钟前`;
  if (diff < DAY) return `${Math.floor(diff / HOUR)}小时前`;
  const days = Math.floor(diff / DAY);
  if (days <= RELATIVE_DAYS_MAX) return `${days}天前`;
  return formatDateTime(date);
}
