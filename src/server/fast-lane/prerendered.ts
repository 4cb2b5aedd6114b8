/**
 * The guest entry pages written at build time with their first view already in the HTML
 * (scripts/prerender.ts): which paths have one, and which file is today's.
 */
import { communityWeekday } from '../../shared/constants.ts';

export interface PrerenderedPage {
  path: string;
  /** A view of the path that its address names (`?tab=register`): its own file, sent for exactly that query. */
  search?: string;
  /** The landing page draws the day's doodle: one file per weekday. */
  perWeekday: boolean;
}

export const PRERENDERED_PAGES: PrerenderedPage[] = [
  { path: '/', perWeekday: true },
  { path: '/login', perWeekday: false },
  // The login page's 注册 tab is a link here: a tap before the app starts lands on its own first view.
  { path: '/login', search: '?tab=register', perWeekday: false },
  { path: '/guest-marketplace', perWeekday: false },
];

export function prerenderedFile(page: PrerenderedPage, weekday: number): string {
  const view = page.search ? `-${new URLSearchParams(page.search).values().next().value}` : '';
  const name = (page.path === '/' ? 'home' : page.path.slice(1).replace(/\//g, '-')) + view;
  return `prerendered/${name}${page.perWeekday ? `-${weekday}` : ''}.html`;
}

/** The weekday, worked out once a minute: formatting it in the community's time zone cost 1–2 µs a landing-page hit. */
let weekdayMinute = -1;
let weekday = 0;
function weekdayNow(): number {
  const minute = Math.floor(Date.now() / 60_000);
  if (minute !== weekdayMinute) {
    weekdayMinute = minute;
    weekday = communityWeekday(new Date(minute * 60_000));
  }
  return weekday;
}

/** The address a prerendered page is for (main.tsx hydrates it only there). */
export const prerenderedAddress = (page: PrerenderedPage) => page.path + (page.search ?? '');

/**
 * The URL path (as the static file table names it) of the prerendered file for a request's path and
 * query (`''` or `?…`), today.
 */
export function prerenderedFor(pathname: string, search = '', now?: Date): string | null {
  const page = PRERENDERED_PAGES.find((p) => p.path === pathname && (p.search ?? '') === search);
  if (!page) return null;
  if (now) return `/${prerenderedFile(page, communityWeekday(now))}`;
  const day = weekdayNow();
  let files = todaysFiles.get(day);
  if (!files) todaysFiles.set(day, (files = new Map()));
  const address = prerenderedAddress(page);
  let file = files.get(address);
  if (!file) files.set(address, (file = `/${prerenderedFile(page, day)}`));
  return file;
}
const todaysFiles = new Map<number, Map<string, string>>();
