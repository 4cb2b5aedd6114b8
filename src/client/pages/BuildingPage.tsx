import { usePageTitle } from '../hooks/usePageTitle.ts';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

/** For pages still under development: says so plainly and offers a way on (and `children`, another). */
export default function BuildingPage({ title, description, children }: { title: string; description?: string; children?: ReactNode }) {
  usePageTitle(title, description);
  return (
    <main className="page page-center">
      <div className="empty-state">
        <h1>{title}</h1>
        <p>这个页面正在建设中，很快与大家见面。</p>
        <div className="btn-row building-actions">
          {children}
          <Link href="/" className="btn btn-primary">
            返回首页
          </Link>
        </div>
      </div>
    </main>
  );
}
