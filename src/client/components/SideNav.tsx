import { Link, useLocation } from 'wouter';
import { isActiveEntry, MEMBER_NAV } from './nav/member-nav.tsx';

/** The member side navigation (desktop, from 900px); phones get the same entries in the TabBar. */
export function SideNav() {
  const [path] = useLocation();
  return (
    <nav className="side-nav" aria-label="会员导航">
      {MEMBER_NAV.map((e) => {
        const active = isActiveEntry(e.href, path);
        return (
          <Link key={e.href} href={e.href} className={`side-nav-item ${active ? 'active' : ''}`} aria-current={active ? 'page' : undefined}>
            {/* Badges (a later issue) sit on the icon, as in the tab bar. */}
            <span className="nav-icon-slot">{e.icon}</span>
            <span>{e.label}</span>
          </Link>
        );
      })}
    </nav>
  );
}
