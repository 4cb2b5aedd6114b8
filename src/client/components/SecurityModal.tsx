import { useState } from 'react';
import { Modal, Tabs } from './Modal.tsx';
import { DataTab } from './security/DataTab.tsx';
import { DeactivateTab } from './security/DeactivateTab.tsx';
import { SECURITY_MSG } from './security/messages.ts';
import { PasswordTab } from './security/PasswordTab.tsx';
import { PhoneTab } from './security/PhoneTab.tsx';

type Tab = 'password' | 'phone' | 'email' | 'data' | 'deactivate';

/** The security settings dialog: the tabs and their panel; each tab's form is in security/. */
export default function SecurityModal({ onClose }: { onClose: () => void }) {
  const [tab, setTab] = useState<Tab>('password');
  return (
    <Modal title="安全设置" onClose={onClose} wide>
      <Tabs<Tab>
        label="安全设置"
        active={tab}
        onChange={setTab}
        tabs={[
          { id: 'password', label: '修改密码' },
          { id: 'phone', label: '手机号' },
          { id: 'email', label: '邮箱', disabled: true },
          { id: 'data', label: '我的数据' },
          { id: 'deactivate', label: '注销账号' },
        ]}
      />
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="tab-panel">
        {tab === 'password' && <PasswordTab />}
        {tab === 'phone' && <PhoneTab />}
        {tab === 'email' && <p className="notice">{SECURITY_MSG.emailClosed}</p>}
        {tab === 'data' && <DataTab onDeactivate={() => setTab('deactivate')} />}
        {tab === 'deactivate' && <DeactivateTab onClose={onClose} />}
      </div>
    </Modal>
  );
}
