import { useEffect, useRef, useState, type FormEvent } from 'react';
import { MSG } from '../../../shared/account-rules.ts';
import { isPhone, maskPhone } from '../../../shared/patterns.ts';
import { useCountdown } from '../../hooks/useCountdown.ts';
import { useSession } from '../../hooks/useSession.ts';
import { errorMessage, isNetworkError } from '../../lib/api-errors.ts';
import { replaceRecentPhone, saveUserInfo } from '../../lib/storage.ts';
import { trpc } from '../../lib/trpc.ts';
import { CodeField, PhoneField, ResendButton, resendWaitAfter } from '../SmsFields.tsx';
import { usePasswordProof } from '../PasswordProof.tsx';
import { SubmitButton } from '../ui/SubmitButton.tsx';
import { SECURITY_MSG } from './messages.ts';

/** 手机号: the bound number, and changing it with a code sent to the new one and the current password (PasswordProof.tsx). */
export function PhoneTab() {
  const { user } = useSession();
  const [editing, setEditing] = useState(false);
  // The button that opened the form goes with it: focus moves to the form's first field, and back.
  const formRef = useRef<HTMLFormElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    if (editing) formRef.current?.querySelector<HTMLElement>('input')?.focus();
    else if (opened.current) openerRef.current?.focus();
    opened.current = editing;
  }, [editing]);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ phone?: string; code?: string; form?: string }>({});
  const [notice, setNotice] = useState('');
  const [secondsLeft, startCountdown] = useCountdown();
  // The phone and code already verified, so a retry after the password was asked for does not verify again.
  const [verified, setVerified] = useState('');
  const proof = usePasswordProof();
  const send = trpc.auth.sendSmsCode.useMutation();
  const verify = trpc.auth.verifySmsCode.useMutation();
  const update = trpc.auth.updatePhone.useMutation();

  const sendCode = async () => {
    setNotice('');
    if (!isPhone(phone)) return setErrors({ phone: MSG.phoneInvalid });
    setErrors({});
    if (proof.missing()) return;
    try {
      const res = await send.mutateAsync({ phone, purpose: 'change_phone', currentPassword: proof.password });
      startCountdown(resendWaitAfter());
      setNotice((res.message || SECURITY_MSG.codeSent) + (res.data.debugCode ? `（开发环境验证码：${res.data.debugCode}）` : ''));
    } catch (err) {
      if (proof.absorb(err)) return;
      startCountdown(resendWaitAfter(err));
      setErrors({ phone: isNetworkError(err) ? SECURITY_MSG.sendNetwork : errorMessage(err, SECURITY_MSG.sendFailed) });
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setNotice('');
    if (!isPhone(phone)) return setErrors({ phone: MSG.phoneInvalid });
    if (!code.trim()) return setErrors({ code: MSG.codeRequired });
    setErrors({});
    if (proof.missing()) return;
    const attempt = `${phone}:${code.trim()}`;
    if (verified !== attempt) {
      try {
        await verify.mutateAsync({ phone, code: code.trim(), purpose: 'change_phone' });
        setVerified(attempt);
      } catch (err) {
        return setErrors({ code: isNetworkError(err) ? SECURITY_MSG.updateNetwork : errorMessage(err, SECURITY_MSG.verifyFailed) });
      }
    }
    try {
      const oldPhone = user?.phone;
      const { data: res } = await update.mutateAsync({ phone, currentPassword: proof.password });
      saveUserInfo({ ...user, ...res.user });
      if (oldPhone) replaceRecentPhone(oldPhone, phone);
      setPhone('');
      setCode('');
      setVerified('');
      proof.reset();
      setEditing(false);
      setNotice(SECURITY_MSG.phoneChanged);
    } catch (err) {
      if (proof.absorb(err)) return;
      setErrors({ form: isNetworkError(err) ? SECURITY_MSG.updateNetwork : errorMessage(err, SECURITY_MSG.updateFailed) });
    }
  };

  return (
    <div>
      <p>
        当前绑定手机号：<strong>{user?.phone ? maskPhone(user.phone) : '未绑定'}</strong>
      </p>
      {!editing && (
        <button type="button" className="btn" ref={openerRef} aria-expanded={false} onClick={() => (setEditing(true), setErrors({}))}>
          更换手机号
        </button>
      )}
      {notice && (
        <p className="success" role="status">
          {notice}
        </p>
      )}
      {editing && (
        <form method="post" onSubmit={submit} noValidate className="stack" ref={formRef}>
          {proof.field}
          <PhoneField
            label="新手机号"
            value={phone}
            onValue={(digits) => {
              setPhone(digits);
              setErrors((old) => ({ ...old, phone: undefined, form: undefined }));
              // The server's waits are per phone: another number may be sent to at once.
              startCountdown(0);
            }}
            error={errors.phone}
            after={<ResendButton secondsLeft={secondsLeft} busy={send.isPending} label="获取验证码" onClick={sendCode} />}
          />
          <CodeField
            label="验证码"
            value={code}
            onValue={(digits) => {
              setCode(digits);
              setErrors((old) => ({ ...old, code: undefined, form: undefined }));
            }}
            error={errors.code}
          />
          {errors.form && (
            <p className="field-error" role="alert">
              {errors.form}
            </p>
          )}
          {/* 取消 beside the submit, as in every form (above the form it sat against 当前密码's label). */}
          <div className="modal-actions">
            <button type="button" className="btn" onClick={() => (setEditing(false), setErrors({}))}>
              取消
            </button>
            <SubmitButton className="btn btn-primary" pending={verify.isPending || update.isPending}>
              验证并更换
            </SubmitButton>
          </div>
        </form>
      )}
    </div>
  );
}
