import { Link, useLocation } from 'wouter';

const ENTRIES = [
  { href: '/marketplace', label: '创意市场', icon: '◎' },
  { href: '/create-pin', label: '发布创意', icon: '＋' },
  { href: '/inspiration-library', label: '我的灵感库', icon: '▤' },
  { href: '/updates', label: '关注动态', icon: '☆' },
  { href: '/messages', label: '消息', icon: '✉' },
  { href: '/feedback', label: '意见反馈', icon: '✎' },
];

/** The member side navigation; badges and the feedback modal arrive with the messages issue. */
export function SideNav() {
  const [path] = useLocation();
  return (
    <nav className="side-nav" aria-label="会员导航">
      {ENTRIES.map((e) => (
        <Link key={e.href} href={e.href} className={`side-nav-item ${path.startsWith(e.href) ? 'active' : ''}`} aria-current={path.startsWith(e.href) ? 'page' : undefined}>
          <span aria-hidden="true" className="side-nav-icon">
            {e.icon}
          </span>
          <span>{e.label}</span>
        </Link>
      ))}
    </nav>
  );
}
