import { useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Logo } from '../components/Logo.tsx';
import { Tabs } from '../components/Modal.tsx';
import { LoginForm } from '../components/login/LoginForm.tsx';
import { LOGIN_MSG } from '../components/login/login-messages.ts';
import { OtherMethods } from '../components/login/OtherMethods.tsx';
import { RegisterForm } from '../components/login/RegisterForm.tsx';
import { WaitingNotes } from '../components/login/WaitingNotes.tsx';
import { usePageTitle } from '../hooks/usePageTitle.ts';

type Mode = 'login' | 'register' | 'email';

/** Each mode with an address of its own (`/login?tab=register`), so a tab works as a plain link too. */
const MODE_PATHS: Partial<Record<Mode, string>> = { login: '/login', register: '/login?tab=register' };

/** The mode the address's query asks for (`tab=register`); login when it asks for none. */
const modeOfSearch = (search: string): Mode => (new URLSearchParams(search).get('tab') === 'register' ? 'register' : 'login');

const REGISTERED_NOTICE_ID = 'login-registered-notice';

/** 登录 and 注册 as tabs of one page; the forms and notes are in components/login/. */
export default function LoginPage() {
  // Read through the router, so the prerendered register view (ssrSearch) draws the same.
  const search = useSearch();
  const [mode, setMode] = useState<Mode>(() => modeOfSearch(search));
  const [, navigate] = useLocation();
  const choose = (next: Mode) => {
    setMode(next);
    setNotice('');
    // The address follows the tab (replacing it), so a reload or a shared link opens the same one.
    navigate(MODE_PATHS[next] ?? MODE_PATHS.login!, { replace: true });
  };
  const [prefill, setPrefill] = useState('');
  const [notice, setNotice] = useState('');
  usePageTitle(mode === 'register' ? '注册' : '登录', '登录或注册猎人创意社区：手机号加密码登录，新用户用短信验证码注册，之后即可发布创意卡片、收藏灵感、关注其他猎人。');
  return (
    <main className="auth-page">
      <div className="auth-card">
        <Link href="/" className="auth-logo">
          <Logo />
          <span className="visually-hidden">首页</span>
        </Link>
        <h1>{mode === 'register' ? '注册猎人账号' : '欢迎回来，猎人'}</h1>
        <Tabs<Mode>
          label="登录方式"
          active={mode}
          onChange={choose}
          hrefOf={(m) => MODE_PATHS[m]}
          tabs={[
            { id: 'login', label: '手机号登录' },
            { id: 'register', label: '注册' },
            { id: 'email', label: '邮箱登录', disabled: true },
          ]}
        />
        <div role="tabpanel" id={`panel-${mode}`} aria-labelledby={`tab-${mode}`}>
          <WaitingNotes registered={!!notice} />
          {notice && (
            <p className="success" role="status" id={REGISTERED_NOTICE_ID}>
              {notice}
            </p>
          )}
          {mode === 'login' && <LoginForm initialPhone={prefill} registeredNotice={notice ? REGISTERED_NOTICE_ID : undefined} />}
          {mode === 'register' && (
            <RegisterForm
              onRegistered={(phone) => {
                setPrefill(phone);
                choose('login');
                setNotice(LOGIN_MSG.registered);
              }}
            />
          )}
          {mode === 'email' && <p className="notice">{LOGIN_MSG.emailClosed}</p>}
        </div>
        <OtherMethods />
        <p className="auth-links">
          <Link href="/forgot-password">忘记密码？</Link>
          <Link href="/guest-marketplace">先去创意市场逛逛 →</Link>
        </p>
      </div>
    </main>
  );
}
