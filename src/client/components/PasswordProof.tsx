/**
 * The current password a sensitive change (the phone, deactivation) sends with each of its requests:
 * a token alone never changes who owns an account (a hostile review). The field is shown
 * from the start; the server's 403 (errorType password_required) or a wrong password puts its message
 * on the field.
 */
import { useState } from 'react';
import { MSG, PASSWORD_REQUIRED_ERROR } from '../../shared/account-rules.ts';
import { errorExtra, errorMessage } from '../lib/api-errors.ts';
import { FormField } from './FormField.tsx';

export function usePasswordProof() {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  return {
    /** What each call sends. */
    password,
    /** Checked before sending: the field must be filled. */
    missing(): boolean {
      if (password) return false;
      setError(MSG.currentPasswordRequired);
      return true;
    },
    /** Takes a failed call; true when it was about the password (missing, or wrong), which the field then shows. */
    absorb(err: unknown): boolean {
      const extra = errorExtra(err);
      if (extra.errorType !== PASSWORD_REQUIRED_ERROR && extra.field !== 'currentPassword' && extra.field !== 'password') return false;
      setError(errorMessage(err, MSG.currentPasswordRequired));
      return true;
    },
    /** After a change went through. */
    reset() {
      setPassword('');
      setError(null);
    },
    field: (
      <FormField
        label="当前密码"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => {
          setPassword(e.target.value);
          setError(null);
        }}
        error={error}
        hint="为了你的账号安全，请输入当前密码"
      />
    ),
  };
}
