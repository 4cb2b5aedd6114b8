/**
 * The current password a sensitive change (the phone, deactivation) asks for when the session has not
 * seen it in the last minutes (issue 19). The field appears only once the server says so (403 with
 * errorType password_required), so right after signing in the spec's flow is unchanged.
 */
import { useState } from 'react';
import { MSG, PASSWORD_REQUIRED_ERROR } from '../../shared/account-rules.ts';
import { errorExtra, errorMessage } from '../lib/api-errors.ts';
import { FormField } from './FormField.tsx';

export function usePasswordProof() {
  const [needed, setNeeded] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  return {
    needed,
    /** What the call sends: the password, once the server has asked for it. */
    password: needed ? password : undefined,
    /** Checked before sending: once asked for, the field must be filled. */
    missing(): boolean {
      if (!needed || password) return false;
      setError(MSG.currentPasswordRequired);
      return true;
    },
    /** Takes a failed call; true when it was about the password (asked for, or wrong), which the field then shows. */
    absorb(err: unknown): boolean {
      const extra = errorExtra(err);
      if (extra.errorType !== PASSWORD_REQUIRED_ERROR && extra.field !== 'currentPassword') return false;
      setNeeded(true);
      setError(errorMessage(err, MSG.currentPasswordRequired));
      return true;
    },
    /** After a change went through: the session has the proof again. */
    reset() {
      setNeeded(false);
      setPassword('');
      setError(null);
    },
    field: needed ? (
      <FormField
        label="当前密码"
        type="password"
        autoComplete="current-password"
        autoFocus
        value={password}
        onChange={(e) => {
          setPassword(e.target.value);
          setError(null);
        }}
        error={error}
        hint="为了您的账号安全，请输入当前密码"
      />
    ) : null,
  };
}
