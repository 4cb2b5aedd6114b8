import { Logo } from '../components/Logo.tsx';
import { usePageTitle } from '../hooks/usePageTitle.ts';
import { useToast } from '../components/ui/Toast.tsx';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { MSG } from '../../shared/account-rules.ts';
import { PASSWORD_MIN_LENGTH, TEST_SMS_CODE } from '../../shared/constants.ts';
import { isPhone } from '../../shared/patterns.ts';
import { FormField } from '../components/FormField.tsx';
import { PhoneField, ResendButton, resendWaitAfter } from '../components/SmsFields.tsx';
import { Tabs } from '../components/Modal.tsx';
import { useCountdown } from '../hooks/useCountdown.ts';
import { useSiteIdentity } from '../hooks/useSiteIdentity.ts';
import { errorMessage } from '../lib/api-errors.ts';
import { getRecentPhones, rememberPhone, saveSession } from '../lib/storage.ts';
import { marketAddressSearch } from '../lib/marketplace-address.ts';
import type { SearchNavState } from '../lib/marketplace-nav-state.ts';
import { PENDING_SEARCH_KEY, searchQueryOf, takePendingSearch } from '../lib/search-query.ts';
import { trpc } from '../lib/trpc.ts';
import { BrandIcon, type Brand } from '../components/ui/BrandIcon.tsx';
import { takeLoginReturn, takeSessionEnded, waitingIdeaReturn, waitingPageName } from '../lib/login-return.ts';
import { SubmitButton } from '../components/ui/SubmitButton.tsx';

type Mode = 'login' | 'register' | 'email';

/** Each mode with an address of its own (`/login?tab=register`), so a tab works as a plain link too. */
const MODE_PATHS: Partial<Record<Mode, string>> = { login: '/login', register: '/login?tab=register' };

/** The mode the address's query asks for (`tab=register`); login when it asks for none. */
const modeOfSearch = (search: string): Mode => (new URLSearchParams(search).get('tab') === 'register' ? 'register' : 'login');

export const LOGIN_MSG = {
  loginFailed: '登录失败，请重试',
  registerFailed: '注册失败，请重试',
  sendFailed: '发送验证码失败，请稍后重试',
  comingSoon: '该登录方式即将开放，敬请期待',
  registered: '注册成功，请登录',
  emailClosed: '邮箱登录暂未开放，请使用手机号登录',
  sessionEnded: '登录已过期，请重新登录，登录后会回到刚才的页面',
  ideaWaiting: '登录后即可查看这个创意的详情，登录后会直接打开它',
  pageWaiting: (name: string) => `请先登录，登录后将回到“${name}”`,
} as const;

const OTHER_METHODS: { label: string; brand: Brand }[] = [
  { label: '微信', brand: 'wechat' },
  { label: '支付宝', brand: 'alipay' },
  { label: '抖音', brand: 'douyin' },
  { label: '小红书', brand: 'xiaohongshu' },
  { label: '今日头条', brand: 'toutiao' },
  { label: '微博', brand: 'weibo' },
];

/** A guest's search from the top bar, waiting for this login (shown, not taken). */
function pendingSearch(): string | null {
  try {
    return searchQueryOf(sessionStorage.getItem(PENDING_SEARCH_KEY) ?? '');
  } catch {
    return null;
  }
}

/**
 * After login: back to the page the login was for (lib/login-return.ts: an idea page, a member page
 * opened as a guest, the page a session ended on), else /marketplace, running the search a guest
 * started before logging in.
 */
function afterLogin(navigate: (to: string, options?: { state?: unknown }) => void) {
  const back = typeof window === 'undefined' ? null : takeLoginReturn(sessionStorage);
  if (back) return navigate(back);
  let q: string | null;
  try {
    q = takePendingSearch(sessionStorage);
  } catch {
    q = null;
  }
  if (!q) return navigate('/marketplace');
  const state: SearchNavState = { searchQuery: q, searchResults: null, searchTimestamp: Date.now() };
  navigate(`/marketplace${marketAddressSearch({ q })}`, { state });
}

/** Register-form code check: 6 characters first, then digits only (spec §5's two messages); the test code only where the server takes it. */
export function codeProblem(code: string, refusesTestCode: boolean): string | null {
  if (code.length !== 6) return MSG.codeInvalid;
  if (!/^\d{6}$/.test(code)) return MSG.codeDigitsOnly;
  if (refusesTestCode && code === TEST_SMS_CODE) return MSG.testCodeInProduction;
  return null;
}

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
  const [sessionEnded, setSessionEnded] = useState(false);
  // After the first render: the prerendered page has no note, so hydration draws it the same.
  useEffect(() => setSessionEnded(takeSessionEnded()), []);
  // A guest who tapped an idea's card is told they will come back to it (after the first render too).
  const [waitingIdea, setWaitingIdea] = useState(false);
  useEffect(() => setWaitingIdea(waitingIdeaReturn(sessionStorage)), []);
  // A guest who opened a member page is told why they are here, and where the login leads.
  const [waitingPage, setWaitingPage] = useState<string | null>(null);
  useEffect(() => setWaitingPage(waitingPageName(sessionStorage)), []);
  const toast = useToast();
  const [waitingSearch] = useState(pendingSearch);
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
          {waitingSearch && (
            <p className="notice" data-testid="pending-search">
              登录后将为你继续搜索「{waitingSearch}」
            </p>
          )}
          {waitingIdea && !sessionEnded && !notice && (
            <p className="notice" data-testid="pending-idea">
              {LOGIN_MSG.ideaWaiting}
            </p>
          )}
          {waitingPage && !sessionEnded && !notice && (
            <p className="notice" data-testid="pending-page">
              {LOGIN_MSG.pageWaiting(waitingPage)}
            </p>
          )}
          {sessionEnded && !notice && (
            <p className="notice" role="status" data-testid="session-ended">
              {LOGIN_MSG.sessionEnded}
            </p>
          )}
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
        <div className="auth-other">
          <p className="muted">其他登录方式（即将开放）</p>
          <ul className="auth-other-list">
            {OTHER_METHODS.map((m) => (
              <li key={m.brand}>
                <button type="button" className="auth-other-method" onClick={() => toast(`${m.label}登录即将开放，敬请期待`, 'info')}>
                  <BrandIcon brand={m.brand} size={36} />
                  <span>{m.label}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
        <p className="auth-links">
          <Link href="/forgot-password">忘记密码？</Link>
          <Link href="/guest-marketplace">先去创意市场逛逛 →</Link>
        </p>
      </div>
    </main>
  );
}

const REGISTERED_NOTICE_ID = 'login-registered-notice';

/**
 * `registeredNotice`: the id of 注册成功，请登录 after a registration; the password takes focus, and
 * that line is read with it (the form replaced the one that had focus, and a status line that appears
 * with its text is not announced).
 */
function LoginForm({ initialPhone, registeredNotice }: { initialPhone: string; registeredNotice?: string }) {
  const recent = getRecentPhones();
  const [phone, setPhone] = useState(initialPhone || recent[0] || '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ phone?: string; password?: string; form?: string }>({});
  const [, navigate] = useLocation();
  const login = trpc.auth.login.useMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!isPhone(phone)) return setErrors({ phone: MSG.phoneInvalid });
    if (!password) return setErrors({ password: MSG.passwordRequired });
    setErrors({});
    try {
      const { data: res } = await login.mutateAsync({ loginType: 'phone', phone, password });
      saveSession(res.token, res.user);
      rememberPhone(phone);
      afterLogin(navigate);
    } catch (err) {
      setErrors({ form: errorMessage(err, LOGIN_MSG.loginFailed) });
    }
  };

  return (
    <form method="post" onSubmit={submit} noValidate className="stack">
      <PhoneField label="手机号" autoComplete="username" list="recent-phones" value={phone} onValue={(digits) => (setPhone(digits), setErrors({}))} error={errors.phone} />
      <datalist id="recent-phones">
        {recent.map((p) => (
          <option key={p} value={p} />
        ))}
      </datalist>
      <FormField
        label="密码"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => (setPassword(e.target.value), setErrors({}))}
        error={errors.password}
        aria-describedby={registeredNotice}
        autoFocus={!!registeredNotice}
      />
      {errors.form && (
        <p className="field-error" role="alert">
          {errors.form}
        </p>
      )}
      <SubmitButton className="btn btn-primary btn-block" pending={login.isPending} pendingLabel="登录中...">
        登录
      </SubmitButton>
    </form>
  );
}

function RegisterForm({ onRegistered }: { onRegistered: (phone: string) => void }) {
  const site = useSiteIdentity();
  const [values, setValues] = useState({ phone: '', code: '', password: '', confirm: '' });
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<'phone' | 'code' | 'password' | 'confirm' | 'agreement' | 'form', string>>>({});
  const [debugCode, setDebugCode] = useState('');
  const [sentNotice, setSentNotice] = useState('');
  const [secondsLeft, startCountdown] = useCountdown();
  const send = trpc.auth.sendSmsCode.useMutation();
  const register = trpc.auth.register.useMutation();
  // Editing a field clears its error: the message stays only while it is still true.
  const setValue = (key: keyof typeof values, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((old) => ({ ...old, [key]: undefined }));
  };
  const set = (key: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => setValue(key, e.target.value);

  const sendCode = async () => {
    if (!isPhone(values.phone)) return setErrors({ phone: MSG.phoneInvalid });
    setErrors({});
    setSentNotice('');
    try {
      const res = await send.mutateAsync({ phone: values.phone, purpose: 'register' });
      startCountdown(resendWaitAfter());
      setDebugCode(res.data.debugCode ?? '');
      setSentNotice(res.message ?? '');
    } catch (err) {
      startCountdown(resendWaitAfter(err));
      setErrors({ phone: errorMessage(err, LOGIN_MSG.sendFailed) });
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem: typeof errors = {};
    if (!isPhone(values.phone)) problem.phone = MSG.phoneInvalid;
    else if (codeProblem(values.code, site?.acceptsTestCode === false)) problem.code = codeProblem(values.code, site?.acceptsTestCode === false)!;
    else if (!values.password) problem.password = MSG.passwordRequired;
    else if (values.password.length < PASSWORD_MIN_LENGTH) problem.password = MSG.passwordTooShort;
    else if (values.password !== values.confirm) problem.confirm = MSG.passwordMismatch;
    else if (!agreed) problem.agreement = MSG.agreementRequired;
    setErrors(problem);
    if (Object.keys(problem).length) return;
    try {
      await register.mutateAsync({ phone: values.phone, password: values.password, verifyCode: values.code, agreement: true });
      onRegistered(values.phone);
    } catch (err) {
      setErrors({ form: errorMessage(err, LOGIN_MSG.registerFailed) });
    }
  };

  return (
    <form method="post" onSubmit={submit} noValidate className="stack">
      <PhoneField
        label="手机号"
        value={values.phone}
        // The server's waits are per phone: another number may be sent to at once.
        onValue={(digits) => (setValue('phone', digits), startCountdown(0))}
        error={errors.phone}
        after={<ResendButton secondsLeft={secondsLeft} busy={send.isPending} label="获取验证码" onClick={sendCode} />}
      />
      {sentNotice && (
        <p className="success" role="status">
          {sentNotice}
          {debugCode && <span className="debug-code">（开发环境验证码：{debugCode}）</span>}
        </p>
      )}
      {/* Not a CodeField: registration keeps what was typed, so 请输入6位数字验证码 can say what is wrong. */}
      <FormField label="验证码" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={values.code} onChange={set('code')} error={errors.code} />
      <FormField label="设置密码" type="password" autoComplete="new-password" value={values.password} onChange={set('password')} error={errors.password} hint="至少 6 位" />
      <FormField label="确认密码" type="password" autoComplete="new-password" value={values.confirm} onChange={set('confirm')} error={errors.confirm} />
      <div className="field">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={agreed}
            onChange={(e) => {
              setAgreed(e.target.checked);
              setErrors((old) => ({ ...old, agreement: undefined }));
            }}
            aria-invalid={!!errors.agreement}
          />
          <span>
            我已阅读并同意<Link href="/user-agreement">《用户协议》</Link>和<Link href="/privacy-policy">《隐私政策》</Link>
          </span>
        </label>
        {errors.agreement && (
          <p className="field-error" role="alert">
            {errors.agreement}
          </p>
        )}
      </div>
      {errors.form && (
        <p className="field-error" role="alert">
          {errors.form}
        </p>
      )}
      <SubmitButton className="btn btn-primary btn-block" pending={register.isPending} pendingLabel="注册中...">
        注册
      </SubmitButton>
    </form>
  );
}
