import { Link } from 'wouter';
import { usePlatformName, useSiteIdentity } from '../hooks/useSiteIdentity.ts';

const FOOTER_LINKS = [
  { href: '/about', label: '关于我们' },
  { href: '/about-hunter', label: '猎人的由来' },
  { href: '/vision', label: '我们的愿景' },
  { href: '/user-agreement', label: '用户协议' },
  { href: '/privacy-policy', label: '隐私政策' },
];

/** The watermark footer: the site's static pages (reachable on phones too), copyright and filing numbers. */
export function Footer() {
  const site = useSiteIdentity();
  const platformName = usePlatformName();
  return (
    <footer className="site-footer">
      <nav aria-label="关于本站">
        <ul className="site-footer-links">
          {FOOTER_LINKS.map((l) => (
            <li key={l.href}>
              <Link href={l.href}>{l.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <div aria-label="备案信息" role="group">
        <p>{site?.copyright ?? `© ${platformName}`}</p>
        <p>
          <span>{site?.icpNumber}</span>
          <span aria-hidden="true"> · </span>
          <span>{site?.publicSecurityNumber}</span>
        </p>
      </div>
    </footer>
  );
}
