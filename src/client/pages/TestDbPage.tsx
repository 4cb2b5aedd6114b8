import { usePageTitle } from '../hooks/usePageTitle.ts';
import { trpc } from '../lib/trpc.ts';
import { CONNECTION_TEXT } from '../../shared/site-texts.ts';

/** A developer's check that the server reaches its database. */
export default function TestDbPage() {
  usePageTitle('数据库连接测试');
  const result = trpc.site.testConnection.useQuery(undefined, { retry: false, select: (answer) => answer.data });
  return (
    <main className="page page-narrow">
      <h1>数据库连接测试</h1>
      {result.isLoading && <p role="status">正在测试数据库连接…</p>}
      {result.isError && (
        <p className="error-box" role="alert">
          {CONNECTION_TEXT.testFailed}
        </p>
      )}
      {result.data && (
        <p className={result.data.ok ? 'success' : 'error-box'} role="status">
          {result.data.ok ? `${result.data.message}（${result.data.dialect === 'mysql' ? 'MySQL/MariaDB' : 'SQLite'}）` : result.data.message}
        </p>
      )}
      <button type="button" className="btn" onClick={() => result.refetch()}>
        重新测试
      </button>
    </main>
  );
}
