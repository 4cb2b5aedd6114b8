import { Logo } from '../components/Logo.tsx';
import { usePageTitle } from '../hooks/usePageTitle.ts';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { MSG } from '../../shared/account-rules.ts';
import { FORGOT_PASSWORD_REDIRECT_MS, PASSWORD_MIN_LENGTH } from '../../shared/constants.ts';
import { isPhone } from '../../shared/patterns.ts';
import { FormField } from '../components/FormField.tsx';
import { CodeField, PhoneField, ResendButton, resendWaitAfter } from '../components/SmsFields.tsx';
import { useCountdown } from '../hooks/useCountdown.ts';
import { errorMessage, isNetworkError } from '../lib/api-errors.ts';
import { trpc } from '../lib/trpc.ts';
import { SubmitButton } from '../components/ui/SubmitButton.tsx';

export const RESET_MSG = {
  sendFailed: '发送验证码失败',
  resetFailed: '密码重置失败',
  resetNetwork: '密码重置失败，请稍后重试',
  done: '密码重置成功，2 秒后前往登录页',
} as const;

export default function ForgotPasswordPage() {
  usePageTitle('找回密码', '忘记了猎人创意社区的登录密码？用注册手机号接收短信验证码，即可设置新密码。');
  const [step, setStep] = useState<1 | 2>(1);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'phone' | 'code' | 'password' | 'confirm' | 'form', string>>>({});
  const [sent, setSent] = useState<{ message: string; debugCode?: string } | null>(null);
  const [done, setDone] = useState(false);
  const [secondsLeft, startCountdown] = useCountdown();
  const [, navigate] = useLocation();
  const send = trpc.auth.sendPhoneCode.useMutation();
  const reset = trpc.auth.resetPassword.useMutation();

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/login'), FORGOT_PASSWORD_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const sendCode = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!isPhone(phone)) return setErrors({ phone: MSG.phoneInvalid });
    setErrors({});
    try {
      const res = await send.mutateAsync({ phone });
      setSent({ message: res.message ?? '', debugCode: res.data.debugCode });
      startCountdown(resendWaitAfter());
      setStep(2);
    } catch (err) {
      startCountdown(resendWaitAfter(err));
      // On the second step there is no phone field: the resend's refusal shows beside its button.
      const message = errorMessage(err, RESET_MSG.sendFailed);
      setErrors(step === 1 ? { phone: message } : { code: message });
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem: typeof errors = {};
    if (code.length !== 6) problem.code = MSG.codeInvalid;
    else if (password.length < PASSWORD_MIN_LENGTH) problem.password = MSG.passwordTooShort;
    else if (password !== confirm) problem.confirm = MSG.passwordMismatch;
    setErrors(problem);
    if (Object.keys(problem).length) return;
    try {
      await reset.mutateAsync({ phone, code, newPassword: password });
      setDone(true);
    } catch (err) {
      setErrors({ form: isNetworkError(err) ? RESET_MSG.resetNetwork : errorMessage(err, RESET_MSG.resetFailed) });
    }
  };

  return (
    <main className="auth-page">
      <div className="auth-card">
        <Link href="/" className="auth-logo">
          <Logo />
          <span className="visually-hidden">首页</span>
        </Link>
        <h1>找回密码</h1>
        <ol className="steps" aria-label="步骤">
          <li aria-current={step === 1 ? 'step' : undefined}>1 验证手机号</li>
          <li aria-current={step === 2 ? 'step' : undefined}>2 设置新密码</li>
        </ol>
        {done ? (
          <p className="success" role="status">
            {RESET_MSG.done}
          </p>
        ) : step === 1 ? (
          <form method="post" onSubmit={sendCode} noValidate className="stack">
            <PhoneField label="手机号" value={phone} onValue={(digits) => (setPhone(digits), setErrors({}))} error={errors.phone} />
            <SubmitButton className="btn btn-primary btn-block" pending={send.isPending} pendingLabel="发送中...">
              获取验证码
            </SubmitButton>
          </form>
        ) : (
          <form method="post" onSubmit={submit} noValidate className="stack">
            <p>
              验证码已发送至 <strong>{phone}</strong>
              <button type="button" className="btn btn-link" onClick={() => (setStep(1), setCode(''), setErrors({}))}>
                更换手机号
              </button>
            </p>
            {sent?.debugCode && <p className="debug-code">开发环境验证码：{sent.debugCode}</p>}
            <CodeField
              label="验证码"
              value={code}
              // Digits only while typing (spec §5).
              onValue={(digits) => (setCode(digits), setErrors((old) => ({ ...old, code: undefined, form: undefined })))}
              error={errors.code}
              after={<ResendButton secondsLeft={secondsLeft} busy={send.isPending} label="重新发送" onClick={() => sendCode()} />}
            />
            <FormField
              label="新密码"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => (setPassword(e.target.value), setErrors((old) => ({ ...old, password: undefined, form: undefined })))}
              error={errors.password}
              hint="至少 6 位"
            />
            <FormField
              label="确认新密码"
              type="password"
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => (setConfirm(e.target.value), setErrors((old) => ({ ...old, confirm: undefined, form: undefined })))}
              error={errors.confirm}
            />
            {errors.form && (
              <p className="field-error" role="alert">
                {errors.form}
              </p>
            )}
            <SubmitButton className="btn btn-primary btn-block" pending={reset.isPending} pendingLabel="提交中...">
              重置密码
            </SubmitButton>
          </form>
        )}
        <p className="auth-links">
          <Link href="/login">返回登录</Link>
        </p>
      </div>
    </main>
  );
}
