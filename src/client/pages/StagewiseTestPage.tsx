import { usePageTitle } from '../hooks/usePageTitle.ts';
import { useState } from 'react';
import { Redirect } from 'wouter';
import { PaymentModal, TransactionModal } from '../components/WalletModals.tsx';
import { useSiteIdentity } from '../hooks/useSiteIdentity.ts';

/** Development only: a place to open the modals that no menu opens (docs/architecture.md §10). */
export default function StagewiseTestPage() {
  usePageTitle('开发工具测试页');
  const site = useSiteIdentity();
  const [open, setOpen] = useState<'payment' | 'transaction' | null>(null);
  if (!site) return null;
  if (site.production) return <Redirect to="/" replace />;
  return (
    <main className="page page-narrow">
      <h1>开发工具测试页</h1>
      <p className="muted">仅在开发环境可见，用于检查未挂在菜单上的弹窗。</p>
      <div className="row">
        <button type="button" className="btn" onClick={() => setOpen('payment')}>
          打开收款方式弹窗
        </button>
        <button type="button" className="btn" onClick={() => setOpen('transaction')}>
          打开交易信息弹窗
        </button>
      </div>
      {open === 'payment' && <PaymentModal onClose={() => setOpen(null)} />}
      {open === 'transaction' && <TransactionModal onClose={() => setOpen(null)} />}
    </main>
  );
}
