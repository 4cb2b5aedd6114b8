/**
 * The badges on the member navigation (side navigation and tab bar alike): unviewed follow updates
 * and unread messages, refreshed every UNREAD_REFRESH_NAV_MS while the page is visible and on focus.
 */
import { UNREAD_REFRESH_NAV_MS } from '../../../shared/message-texts.ts';
import { useFollowUpdates, useUnreadCount } from '../../hooks/useBadgeCounts.ts';
import { badgeText } from '../../lib/message-state.ts';
import type { NavBadgeKind } from './member-nav.tsx';

export type NavCounts = Record<NavBadgeKind, number>;

export function useNavCounts(): NavCounts {
  const unread = useUnreadCount(UNREAD_REFRESH_NAV_MS);
  const updates = useFollowUpdates(UNREAD_REFRESH_NAV_MS);
  return { messages: unread.data ?? 0, updates: updates.unviewed };
}

/** What a screen reader hears after the entry's name. */
export function badgeDescription(kind: NavBadgeKind, count: number): string {
  if (count <= 0) return '';
  const text = badgeText(count);
  return kind === 'messages' ? `，${text} 条未读` : `，${text} 位关注的人有新动态`;
}

/**
 * The red count on an entry's icon; hidden from screen readers (the entry's name carries it). The
 * number is drawn by CSS from `data-count`, not written as text: the tab bar's name (消息，2 条未读)
 * must contain the text the link shows (WCAG 2.5.3), and the number beside the label (消息2) is not.
 */
export function NavBadge({ kind, count }: { kind: NavBadgeKind; count: number }) {
  const text = badgeText(count);
  if (!text) return null;
  return <span className="nav-badge nav-badge-drawn" aria-hidden="true" data-count={text} data-testid={`nav-badge-${kind}`} />;
}
