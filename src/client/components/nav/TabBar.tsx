import { Link, useLocation } from 'wouter';
import { isActiveEntry, MEMBER_NAV } from './member-nav.tsx';

/**
 * The phone navigation (below 900px): a fixed bottom bar carrying every side-navigation entry, icon
 * above label, the active one in the brand colour. Each icon sits in a slot with room for a badge.
 */
export function TabBar() {
  const [path] = useLocation();
  return (
    <nav className="tab-bar" aria-label="会员导航（底部）">
      <ul className="tab-bar-list">
        {MEMBER_NAV.map((e) => {
          const active = isActiveEntry(e.href, path);
          return (
            <li key={e.href}>
              <Link href={e.href} className={`tab-bar-item ${active ? 'active' : ''}`} aria-current={active ? 'page' : undefined} aria-label={e.label}>
                <span className="nav-icon-slot">{e.icon}</span>
                <span className="tab-bar-label" aria-hidden="true">
                  {e.short}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
