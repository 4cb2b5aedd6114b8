import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { maskPhone } from '../../shared/patterns.ts';
import type { StoredUser } from '../lib/storage.ts';
import { clearSession } from '../lib/storage.ts';
import { trpc } from '../lib/trpc.ts';
import { Avatar } from './Avatar.tsx';

const ProfileModal = lazy(() => import('./ProfileModal.tsx'));
const SecurityModal = lazy(() => import('./SecurityModal.tsx'));
const FeedbackModal = lazy(() => import('./FeedbackModal.tsx').then((m) => ({ default: m.FeedbackModal })));

/** What the dropdown shows for contact: masked phone, else e-mail, else 用户. */
export function contactLine(user: StoredUser): string {
  if (user.phone) return maskPhone(user.phone);
  if (user.email) return user.email;
  return '用户';
}

export function AccountMenu({ user }: { user: StoredUser }) {
  const [open, setOpen] = useState(false);
  const [modal, setModal] = useState<'profile' | 'security' | 'feedback' | null>(null);
  const [, navigate] = useLocation();
  const ref = useRef<HTMLDivElement>(null);
  const logout = trpc.auth.logout.useMutation();

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const go = (path: string) => {
    setOpen(false);
    navigate(path);
  };

  const signOut = async () => {
    setOpen(false);
    // The server ends the session; locally we forget it whatever the server said.
    await logout.mutateAsync().catch(() => undefined);
    clearSession();
    navigate('/guest-marketplace');
  };

  return (
    <div className="account" ref={ref}>
      <button type="button" className="account-chip" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <Avatar src={user.avatarUrl ?? user.avatar} alt="" size={32} />
        {/* The ID badge says what the number is; phones have no room for it (it is in the menu there). */}
        <span className="account-id">
          <span className="account-id-label">ID</span> {user.registrationNumber}
        </span>
        <span className="account-name">{user.nickname}</span>
      </button>
      {open && (
        <div className="account-menu" role="menu" aria-label="账户菜单">
          <p className="account-contact">
            {contactLine(user)}
            <span className="account-menu-id">ID：{user.registrationNumber}</span>
          </p>
          <button type="button" role="menuitem" onClick={() => (setOpen(false), setModal('profile'))}>
            编辑资料
          </button>
          <button type="button" role="menuitem" onClick={() => (setOpen(false), setModal('security'))}>
            安全设置
          </button>
          {/* The phone tab bar has five slots; feedback is here on every screen size. */}
          <button type="button" role="menuitem" aria-haspopup="dialog" onClick={() => (setOpen(false), setModal('feedback'))}>
            意见反馈
          </button>
          {user.role === 'admin' && (
            <button type="button" role="menuitem" onClick={() => go('/admin')}>
              管理后台
            </button>
          )}
          {/* On phones the top bar has no room for the brand links: they live here (CSS hides them on desktop). */}
          <button type="button" role="menuitem" className="account-menu-phone-only" onClick={() => go('/about-hunter')}>
            猎人的由来
          </button>
          <button type="button" role="menuitem" className="account-menu-phone-only" onClick={() => go('/vision')}>
            我们的愿景
          </button>
          <button type="button" role="menuitem" className="danger" onClick={signOut}>
            退出登录
          </button>
        </div>
      )}
      <Suspense fallback={null}>
        {modal === 'profile' && <ProfileModal onClose={() => setModal(null)} />}
        {modal === 'security' && <SecurityModal onClose={() => setModal(null)} />}
        {modal === 'feedback' && <FeedbackModal onClose={() => setModal(null)} />}
      </Suspense>
    </div>
  );
}
