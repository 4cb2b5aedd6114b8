import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { MSG } from '../../../shared/account-rules.ts';
import { PASSWORD_MIN_LENGTH, TEST_SMS_CODE } from '../../../shared/constants.ts';
import { isPhone } from '../../../shared/patterns.ts';
import { useCountdown } from '../../hooks/useCountdown.ts';
import { useSiteIdentity } from '../../hooks/useSiteIdentity.ts';
import { errorMessage } from '../../lib/api-errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { FormField } from '../FormField.tsx';
import { PhoneField, ResendButton, resendWaitAfter } from '../SmsFields.tsx';
import { SubmitButton } from '../ui/SubmitButton.tsx';
import { LOGIN_MSG } from './login-messages.ts';

/** Register-form code check: 6 characters first, then digits only (spec §5's two messages); the test code only where the server takes it. */
export function codeProblem(code: string, refusesTestCode: boolean): string | null {
  if (code.length !== 6) return MSG.codeInvalid;
  if (!/^\d{6}$/.test(code)) return MSG.codeDigitsOnly;
  if (refusesTestCode && code === TEST_SMS_CODE) return MSG.testCodeInProduction;
  return null;
}

/** 注册: phone, SMS code, password twice and the agreement; `onRegistered` gets the phone to log in with. */
export function RegisterForm({ onRegistered }: { onRegistered: (phone: string) => void }) {
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
