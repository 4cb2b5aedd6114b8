/**
 * The guest entry pages written at build time with their first view already in the HTML
 * (scripts/prerender.ts): which paths have one, and which file is today's.
 */
import { communityWeekday } from '../../shared/constants.ts';

export interface PrerenderedPage {
  path: string;
  /** The landing page draws the day's doodle: one file per weekday. */
  perWeekday: boolean;
}

export const PRERENDERED_PAGES: PrerenderedPage[] = [
  { path: '/', perWeekday: true },
  { path: '/login', perWeekday: false },
  { path: '/guest-marketplace', perWeekday: false },
];

export function prerenderedFile(page: PrerenderedPage, weekday: number): string {
  const name = page.path === '/' ? 'home' : page.path.slice(1).replace(/\//g, '-');
  return `prerendered/${name}${page.perWeekday ? `-${weekday}` : ''}.html`;
}

/** The URL path (as the static file table names it) of the prerendered file for a request path, today. */
export function prerenderedFor(pathname: string, now = new Date()): string | null {
  const page = PRERENDERED_PAGES.find((p) => p.path === pathname);
  return page ? `/${prerenderedFile(page, communityWeekday(now))}` : null;
}
