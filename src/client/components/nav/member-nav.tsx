/**
 * The member navigation's entries, once: the desktop side navigation and the phone tab bar both
 * render this list, so an entry added here is reachable on every screen size.
 */
import type { ReactNode } from 'react';
import { LineIcon } from '../ui/LineIcon.tsx';

export interface MemberNavEntry {
  href: string;
  /** The side navigation's label. */
  label: string;
  /** The tab bar's label (11–12 px under the icon): two or three characters, a part of `label` (the name it is read by). */
  short: string;
  icon: ReactNode;
  /** Which count this entry's badge shows. */
  badge?: NavBadgeKind;
  /** The entry opens the feedback dialog instead of a page (docs/spec/publishing-and-browsing.md §2 "Side navigation"). */
  opensFeedback?: true;
  /** Left out of the phone tab bar (five slots at most); the entry is reached another way there. */
  notInTabBar?: true;
}

export type NavBadgeKind = 'updates' | 'messages';

function NavIcon({ children }: { children: ReactNode }) {
  return <LineIcon className="nav-icon">{children}</LineIcon>;
}

export const MEMBER_NAV: readonly MemberNavEntry[] = [
  {
    href: '/marketplace',
    label: '创意市场',
    short: '市场',
    icon: (
      <NavIcon>
        <path d="M4 10h16v10H4zM3 10l2-6h14l2 6M9 20v-5h6v5" />
      </NavIcon>
    ),
  },
  {
    href: '/create-pin',
    label: '发布创意',
    short: '发布',
    icon: (
      <NavIcon>
        <rect x="4" y="4" width="16" height="16" rx="4" />
        <path d="M12 8v8M8 12h8" />
      </NavIcon>
    ),
  },
  {
    href: '/inspiration-library',
    label: '我的灵感库',
    short: '灵感库',
    icon: (
      <NavIcon>
        <path d="M12 3a6 6 0 0 0-3.5 10.9V17h7v-3.1A6 6 0 0 0 12 3zM9.5 20.5h5" />
      </NavIcon>
    ),
  },
  {
    href: '/updates',
    label: '关注动态',
    short: '动态',
    badge: 'updates',
    icon: (
      <NavIcon>
        <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />
      </NavIcon>
    ),
  },
  {
    href: '/messages',
    label: '消息',
    short: '消息',
    badge: 'messages',
    icon: (
      <NavIcon>
        <rect x="3" y="5" width="18" height="14" rx="2.5" />
        <path d="M3.5 6.5l8.5 6.5 8.5-6.5" />
      </NavIcon>
    ),
  },
  {
    href: '/feedback',
    label: '意见反馈',
    short: '反馈',
    opensFeedback: true,
    // Phones: in the account menu (AccountMenu.tsx), so the bar keeps five slots that all lead to pages.
    notInTabBar: true,
    icon: (
      <NavIcon>
        <path d="M4 5h16v11H9l-5 4z" />
        <path d="M8 9.5h8M8 12.5h5" />
      </NavIcon>
    ),
  },
];

/** The phone tab bar's slots (UI.md: a bar of at most five). */
export const TAB_BAR_ENTRIES: readonly MemberNavEntry[] = MEMBER_NAV.filter((e) => !e.notInTabBar);

/** Whether the entry for `href` is the page at `path` (an entry also covers its sub-paths and queries). */
export function isActiveEntry(href: string, path: string): boolean {
  return path === href || path.startsWith(href + '/') || path.startsWith(href + '?');
}
