import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { MSG } from '../../../shared/account-rules.ts';
import { isPhone } from '../../../shared/patterns.ts';
import { errorMessage } from '../../lib/api-errors.ts';
import { getRecentPhones, rememberPhone, saveSession } from '../../lib/storage.ts';
import { trpc } from '../../lib/trpc.ts';
import { FormField } from '../FormField.tsx';
import { PhoneField } from '../SmsFields.tsx';
import { SubmitButton } from '../ui/SubmitButton.tsx';
import { afterLogin } from './after-login.ts';
import { LOGIN_MSG } from './login-messages.ts';

/**
 * 手机号登录: phone and password, then on to what the login was for (after-login.ts).
 * `registeredNotice`: the id of 注册成功，请登录 after a registration; the password takes focus, and
 * that line is read with it (the form replaced the one that had focus, and a status line that appears
 * with its text is not announced).
 */
export function LoginForm({ initialPhone, registeredNotice }: { initialPhone: string; registeredNotice?: string }) {
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
