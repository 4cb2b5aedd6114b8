import { usePageTitle } from '../hooks/usePageTitle.ts';
import { Link } from 'wouter';

/** For pages whose issue has not landed yet: says so plainly and offers a way on. */
export default function BuildingPage({ title, description }: { title: string; description?: string }) {
  usePageTitle(title, description);
  return (
    <main className="page page-center">
      <div className="empty-state">
        <h1>{title}</h1>
        <p>这个页面正在建设中，很快与大家见面。</p>
        <Link href="/" className="btn btn-primary">
          返回首页
        </Link>
      </div>
    </main>
  );
}
