import { useRef, useState, type FormEvent } from 'react';
import { checkPasswordChange } from '../../../shared/account-rules.ts';
import { errorExtra, errorMessage, isNetworkError } from '../../lib/api-errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { FormField, useFocusFirstInvalid } from '../FormField.tsx';
import { SubmitButton } from '../ui/SubmitButton.tsx';
import { SECURITY_MSG } from './messages.ts';

/** 修改密码: the current password and the new one twice. */
export function PasswordTab() {
  const [values, setValues] = useState({ current: '', next: '', confirm: '' });
  const [errors, setErrors] = useState<Partial<Record<'current' | 'next' | 'confirm', string>>>({});
  const [done, setDone] = useState('');
  const change = trpc.auth.changePassword.useMutation();
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(form, errors);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDone('');
    const problem = checkPasswordChange(values.current, values.next, values.confirm);
    if (problem) return setErrors({ [problem.field]: problem.message });
    setErrors({});
    try {
      await change.mutateAsync({ currentPassword: values.current, newPassword: values.next });
      setValues({ current: '', next: '', confirm: '' });
      setDone(SECURITY_MSG.passwordChanged);
    } catch (err) {
      // The server names the field it refuses (new password equal to the current one); else it is the current one.
      const field = errorExtra(err).field === 'newPassword' ? 'next' : 'current';
      setErrors({ [field]: isNetworkError(err) ? SECURITY_MSG.passwordChangeNetwork : errorMessage(err, SECURITY_MSG.passwordChangeFailed) });
    }
  };
  const set = (key: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    setErrors((old) => ({ ...old, [key]: undefined }));
  };

  return (
    <form method="post" onSubmit={submit} noValidate ref={form}>
      <FormField label="当前密码" type="password" autoComplete="current-password" value={values.current} onChange={set('current')} error={errors.current} />
      <FormField label="新密码" type="password" autoComplete="new-password" value={values.next} onChange={set('next')} error={errors.next} hint="至少 6 位" />
      <FormField label="确认新密码" type="password" autoComplete="new-password" value={values.confirm} onChange={set('confirm')} error={errors.confirm} />
      {done && (
        <p className="success" role="status">
          {done}
        </p>
      )}
      <SubmitButton className="btn btn-primary" pending={change.isPending} pendingLabel="提交中...">
        修改密码
      </SubmitButton>
    </form>
  );
}
