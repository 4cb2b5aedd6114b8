import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'wouter';
import { maskPhone } from '../../shared/patterns.ts';
import type { StoredUser } from '../lib/storage.ts';
import { clearSession } from '../lib/storage.ts';
import { trpc } from '../lib/trpc.ts';
import { chooseTheme, readThemeChoice, THEME_CHOICES } from '../lib/theme.ts';
import { Avatar } from './Avatar.tsx';
import { rovingTarget } from './ui/ui-rules.ts';
import { useToast } from './ui/Toast.tsx';

const ProfileModal = lazy(() => import('./ProfileModal.tsx'));
const SecurityModal = lazy(() => import('./SecurityModal.tsx'));
const FeedbackModal = lazy(() => import('./FeedbackModal.tsx').then((m) => ({ default: m.FeedbackModal })));

/** What the dropdown shows for contact: masked phone, else e-mail, else 用户. */
export function contactLine(user: StoredUser): string {
  if (user.phone) return maskPhone(user.phone);
  if (user.email) return user.email;
  return '用户';
}

/** The menu's items as shown: the phone-only ones are hidden (display: none) on desktop. */
function shownItems(menu: HTMLElement | null): HTMLElement[] {
  return menu ? [...menu.querySelectorAll<HTMLElement>('[role="menuitem"], [role="menuitemradio"]')].filter((el) => el.getClientRects().length > 0) : [];
}

/**
 * The WAI-ARIA menu button (it has role="menu" and menuitems): opening focuses the first item (the
 * last with ArrowUp on the chip), ArrowDown/ArrowUp (wrapping), Home and End move between the items,
 * Escape closes and returns to the chip, Tab closes and goes on from the chip. The items are reached
 * with the arrow keys only (tabIndex -1): the chip is the menu's one Tab stop.
 */
export function AccountMenu({ user }: { user: StoredUser }) {
  const [open, setOpen] = useState(false);
  const contactId = useId();
  const [modal, setModal] = useState<'profile' | 'security' | 'feedback' | null>(null);
  const [, navigate] = useLocation();
  const ref = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  // The item an opening focuses once the menu is drawn.
  const focusOnOpen = useRef<'first' | 'last'>('first');
  const [theme, setTheme] = useState(readThemeChoice);
  const logout = trpc.auth.logout.useMutation();
  const toast = useToast();

  const focusItem = (where: 'first' | 'last') => {
    const items = shownItems(menu.current);
    items[where === 'last' ? items.length - 1 : 0]?.focus();
  };

  useEffect(() => {
    if (!open) return;
    focusItem(focusOnOpen.current);
    const onDown = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      trigger.current?.focus();
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const openAt = (where: 'first' | 'last') => {
    focusOnOpen.current = where;
    setOpen(true);
  };

  const onChipKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const where = e.key === 'ArrowDown' ? 'first' : 'last';
    if (open) focusItem(where);
    else openAt(where);
  };

  const onMenuKey = (e: KeyboardEvent<HTMLDivElement>) => {
    // Tab goes on from the chip: the items it would have started from are about to go.
    if (e.key === 'Tab') {
      trigger.current?.focus();
      return setOpen(false);
    }
    const items = shownItems(menu.current);
    const to = items.length ? rovingTarget(e.key, items.indexOf(document.activeElement as HTMLElement), items.length, 'column') : undefined;
    if (to === undefined) return;
    e.preventDefault();
    items[to].focus();
  };

  // A dialog opened from the menu gives focus back to what had it on opening: the chip, not the body.
  const openModal = (which: 'profile' | 'security' | 'feedback') => {
    setOpen(false);
    trigger.current?.focus();
    setModal(which);
  };

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
    toast('已退出登录');
  };

  return (
    <div className="account" ref={ref}>
      <button type="button" ref={trigger} className="account-chip" aria-haspopup="menu" aria-expanded={open} onClick={() => (open ? setOpen(false) : openAt('first'))} onKeyDown={onChipKey}>
        <Avatar src={user.avatarUrl ?? user.avatar} alt="" size={32} />
        {/* The number's badge says what it is; phones have no room for it (it is in the menu there). */}
        <span className="account-id">
          <span className="account-id-label">猎人编号</span> {user.registrationNumber}
        </span>
        <span className="account-name">{user.nickname}</span>
        {/* Named by what it shows, then what it opens: a voice user says the words they see (axe label-content-name-mismatch). */}
        <span className="visually-hidden">（账号菜单）</span>
      </button>
      {open && (
        <div className="account-menu">
          {/* Outside the role="menu" (a menu holds menu items only), and read out as the menu's description. */}
          <p className="account-contact" id={contactId}>
            {contactLine(user)}
            <span className="account-menu-id">猎人编号：{user.registrationNumber}</span>
          </p>
          <div role="menu" aria-label="账户菜单" aria-describedby={contactId} ref={menu} onKeyDown={onMenuKey}>
            <button type="button" role="menuitem" tabIndex={-1} onClick={() => openModal('profile')}>
              编辑资料
            </button>
            <button type="button" role="menuitem" tabIndex={-1} onClick={() => openModal('security')}>
              安全设置
            </button>
            <button type="button" role="menuitem" tabIndex={-1} onClick={() => go('/messages/settings')}>
              通知设置
            </button>
            {/* The phone tab bar has five slots; feedback is here on every screen size. */}
            <button type="button" role="menuitem" aria-haspopup="dialog" tabIndex={-1} onClick={() => openModal('feedback')}>
              意见反馈
            </button>
            {user.role === 'admin' && (
              <button type="button" role="menuitem" tabIndex={-1} onClick={() => go('/admin')}>
                管理后台
              </button>
            )}
            {/* On phones the top bar has no room for the brand links: they live here (CSS hides them on desktop). */}
            <button type="button" role="menuitem" tabIndex={-1} className="account-menu-phone-only" onClick={() => go('/about-hunter')}>
              猎人的由来
            </button>
            <button type="button" role="menuitem" tabIndex={-1} className="account-menu-phone-only" onClick={() => go('/vision')}>
              我们的愿景
            </button>
            {/* The colour theme: a choice, so the menu stays open to show it taking effect. */}
            <div role="group" aria-label="外观" className="account-menu-theme">
              {THEME_CHOICES.map((choice) => (
                <button
                  key={choice.value}
                  type="button"
                  role="menuitemradio"
                  aria-checked={theme === choice.value}
                  tabIndex={-1}
                  onClick={() => {
                    chooseTheme(choice.value);
                    setTheme(choice.value);
                  }}
                >
                  {choice.label}
                </button>
              ))}
            </div>
            <button type="button" role="menuitem" tabIndex={-1} className="danger" onClick={signOut}>
              退出登录
            </button>
          </div>
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
