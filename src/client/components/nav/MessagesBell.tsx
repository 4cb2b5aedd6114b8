/**
 * The top bar's way to the messages (members only): a bell with the unread count on it. The count
 * means nothing as a bare number, so the link's name says it in words (消息，3 条未读消息).
 */
import { Link, useLocation } from 'wouter';
import { UNREAD_REFRESH_NAV_MS } from '../../../shared/message-texts.ts';
import { useUnreadCount } from '../../hooks/useBadgeCounts.ts';
import { badgeText } from '../../lib/message-state.ts';
import { isActiveEntry } from './member-nav.tsx';
import { LineIcon } from '../ui/LineIcon.tsx';

/** The bell's accessible name for `count` unread messages. */
export function bellLabel(count: number): string {
  const text = badgeText(count);
  return text ? `消息，${text} 条未读消息` : '消息，没有未读消息';
}

export function MessagesBell() {
  const [path] = useLocation();
  const unread = useUnreadCount(UNREAD_REFRESH_NAV_MS);
  const count = unread.data ?? 0;
  const text = badgeText(count);
  const active = isActiveEntry('/messages', path);
  return (
    <Link href="/messages" className={`top-nav-bell ${active ? 'active' : ''}`} aria-label={bellLabel(count)} aria-current={active ? 'page' : undefined} data-testid="messages-bell">
      <LineIcon className="top-nav-bell-icon" d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15zM10 20.5h4" />
      {text && (
        <span className="nav-badge top-nav-bell-badge" aria-hidden="true" data-testid="bell-badge">
          {text}
        </span>
      )}
    </Link>
  );
}
