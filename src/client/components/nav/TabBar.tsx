import { Link, useLocation } from 'wouter';
import { isActiveEntry, TAB_BAR_ENTRIES } from './member-nav.tsx';
import { badgeDescription, NavBadge, useNavCounts } from './nav-badges.tsx';

/**
 * The phone navigation (below 900px): a fixed bottom bar of five slots, icon above label, the active
 * one in the brand colour, the badges on the icons. The side navigation's sixth entry, 意见反馈, is in
 * the account menu on phones.
 */
export function TabBar() {
  const [path] = useLocation();
  const counts = useNavCounts();
  return (
    <nav className="tab-bar" aria-label="会员导航（底部）">
      <ul className="tab-bar-list">
        {TAB_BAR_ENTRIES.map((e) => {
          const count = e.badge ? counts[e.badge] : 0;
          const name = e.label + (e.badge ? badgeDescription(e.badge, count) : '');
          const active = isActiveEntry(e.href, path);
          return (
            <li key={e.href}>
              <Link href={e.href} className={`tab-bar-item ${active ? 'active' : ''}`} aria-current={active ? 'page' : undefined} aria-label={name}>
                <span className="nav-icon-slot">
                  {e.icon}
                  {e.badge && <NavBadge kind={e.badge} count={count} />}
                </span>
                {/* The short label is part of the name (member-nav.tsx), so a voice user can say what they see. */}
                <span className="tab-bar-label">{e.short}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
