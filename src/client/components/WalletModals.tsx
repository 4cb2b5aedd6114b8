import { useState } from 'react';
import { Modal, Tabs } from './Modal.tsx';

/** Payment binding: every tab disabled; the platform has no trading (about page). */
export function PaymentModal({ onClose }: { onClose: () => void }) {
  const [tab, setTab] = useState<'card' | 'alipay' | 'wechat'>('card');
  return (
    <Modal title="绑定收款方式" onClose={onClose}>
      <Tabs
        label="收款方式"
        active={tab}
        onChange={setTab}
        tabs={[
          { id: 'card', label: '银行卡', disabled: true },
          { id: 'alipay', label: '支付宝', disabled: true },
          { id: 'wechat', label: '微信支付', disabled: true },
        ]}
      />
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        <p className="notice">收款方式绑定暂未开放，敬请期待。</p>
      </div>
    </Modal>
  );
}

/** Personal transaction info: every tab disabled, nothing is traded here. */
export function TransactionModal({ onClose }: { onClose: () => void }) {
  const [tab, setTab] = useState<'overview' | 'records' | 'stats'>('overview');
  return (
    <Modal title="个人交易信息" onClose={onClose}>
      <Tabs
        label="交易信息"
        active={tab}
        onChange={setTab}
        tabs={[
          { id: 'overview', label: '概览', disabled: true },
          { id: 'records', label: '交易记录', disabled: true },
          { id: 'stats', label: '统计', disabled: true },
        ]}
      />
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        <p className="notice">交易信息功能暂未开放，敬请期待。</p>
      </div>
    </Modal>
  );
}
