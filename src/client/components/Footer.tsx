import { useSiteIdentity } from '../hooks/useSiteIdentity.ts';

/** The watermark footer: copyright, ICP and public-security filing numbers. */
export function Footer() {
  const site = useSiteIdentity();
  return (
    <footer className="site-footer" aria-label="备案信息">
      <p>{site?.copyright ?? '© 猎人创意社区'}</p>
      <p>
        <span>{site?.icpNumber}</span>
        <span aria-hidden="true"> · </span>
        <span>{site?.publicSecurityNumber}</span>
      </p>
    </footer>
  );
}
