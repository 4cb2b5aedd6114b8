/**
 * Any path no route knows: a page that says so in Chinese, with the way home and to the
 * ideas, instead of a silent jump to the landing page that leaves a mistyped link unexplained.
 */
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { usePageTitle } from '../hooks/usePageTitle.ts';
import { useSession } from '../hooks/useSession.ts';

export const NOT_FOUND_TITLE = '页面不存在';

export default function NotFoundPage() {
  usePageTitle(NOT_FOUND_TITLE);
  const [path] = useLocation();
  const { loggedIn } = useSession();
  // Search engines should not keep an address that leads nowhere.
  useEffect(() => {
    const tag = document.createElement('meta');
    tag.name = 'robots';
    tag.content = 'noindex';
    document.head.append(tag);
    return () => tag.remove();
  }, []);

  return (
    <main className="page page-center not-found" data-testid="not-found">
      <div className="empty-state">
        <p className="not-found-code" aria-hidden="true">
          404
        </p>
        <h1>{NOT_FOUND_TITLE}</h1>
        <p className="muted not-found-text">
          没有找到 <code className="not-found-path">{path}</code> 对应的页面，可能是链接写错了，或者页面已经移走了。
        </p>
        <div className="btn-row not-found-actions">
          <Link href={loggedIn ? '/marketplace' : '/guest-marketplace'} className="btn btn-primary">
            {loggedIn ? '去创意市场' : '逛逛创意库'}
          </Link>
          <Link href="/" className="btn">
            回到首页
          </Link>
        </div>
      </div>
    </main>
  );
}
