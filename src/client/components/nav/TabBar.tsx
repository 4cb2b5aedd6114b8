import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { isActiveEntry, MEMBER_NAV } from './member-nav.tsx';
import { badgeDescription, NavBadge, useNavCounts } from './nav-badges.tsx';

const FeedbackModal = lazy(() => import('../FeedbackModal.tsx').then((m) => ({ default: m.FeedbackModal })));

/**
 * The phone navigation (below 900px): a fixed bottom bar carrying every side-navigation entry, icon
 * above label, the active one in the brand colour, the badges on the icons. 反馈 opens the feedback
 * dialog, as in the side navigation.
 */
export function TabBar() {
  const [path] = useLocation();
  const counts = useNavCounts();
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  return (
    <nav className="tab-bar" aria-label="会员导航（底部）">
      <ul className="tab-bar-list">
        {MEMBER_NAV.map((e) => {
          const count = e.badge ? counts[e.badge] : 0;
          const name = e.label + (e.badge ? badgeDescription(e.badge, count) : '');
          const inner = (
            <>
              <span className="nav-icon-slot">
                {e.icon}
                {e.badge && <NavBadge kind={e.badge} count={count} />}
              </span>
              <span className="tab-bar-label" aria-hidden="true">
                {e.short}
              </span>
            </>
          );
          if (e.opensFeedback) {
            return (
              <li key={e.href}>
                <button type="button" className="tab-bar-item" aria-label={name} aria-haspopup="dialog" onClick={() => setFeedbackOpen(true)}>
                  {inner}
                </button>
              </li>
            );
          }
          const active = isActiveEntry(e.href, path);
          return (
            <li key={e.href}>
              <Link href={e.href} className={`tab-bar-item ${active ? 'active' : ''}`} aria-current={active ? 'page' : undefined} aria-label={name}>
                {inner}
              </Link>
            </li>
          );
        })}
      </ul>
      {feedbackOpen && (
        <Suspense fallback={null}>
          <FeedbackModal onClose={() => setFeedbackOpen(false)} />
        </Suspense>
      )}
    </nav>
  );
}
