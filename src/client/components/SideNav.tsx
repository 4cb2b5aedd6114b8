import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { badgeDescription, NavBadge, useNavCounts } from './nav/nav-badges.tsx';
import { isActiveEntry, MEMBER_NAV } from './nav/member-nav.tsx';

const FeedbackModal = lazy(() => import('./FeedbackModal.tsx').then((m) => ({ default: m.FeedbackModal })));

/** The member side navigation (desktop, from 900px); phones get the same entries in the TabBar. */
export function SideNav() {
  const [path] = useLocation();
  const counts = useNavCounts();
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  return (
    <nav className="side-nav" aria-label="会员导航">
      {MEMBER_NAV.map((e) => {
        const count = e.badge ? counts[e.badge] : 0;
        const inner = (
          <>
            <span className="nav-icon-slot">
              {e.icon}
              {e.badge && <NavBadge kind={e.badge} count={count} />}
            </span>
            <span>{e.label}</span>
            {e.badge && count > 0 && <span className="visually-hidden">{badgeDescription(e.badge, count)}</span>}
          </>
        );
        if (e.opensFeedback) {
          return (
            <button key={e.href} type="button" className="side-nav-item" onClick={() => setFeedbackOpen(true)} aria-haspopup="dialog">
              {inner}
            </button>
          );
        }
        const active = isActiveEntry(e.href, path);
        return (
          <Link key={e.href} href={e.href} className={`side-nav-item ${active ? 'active' : ''}`} aria-current={active ? 'page' : undefined}>
            {inner}
          </Link>
        );
      })}
      {feedbackOpen && (
        <Suspense fallback={null}>
          <FeedbackModal onClose={() => setFeedbackOpen(false)} />
        </Suspense>
      )}
    </nav>
  );
}
