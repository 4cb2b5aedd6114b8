import { useState } from 'react';
import { MSG } from '../../../shared/account-rules.ts';
import { DEACTIVATION_CONFIRM_WORD, DEACTIVATION_REASONS } from '../../../shared/constants.ts';
import { errorMessage, isNetworkError } from '../../lib/api-errors.ts';
import { clearSession } from '../../lib/storage.ts';
import { trpc } from '../../lib/trpc.ts';
import { FormField } from '../FormField.tsx';
import { Modal } from '../Modal.tsx';
import { usePasswordProof } from '../PasswordProof.tsx';
import { BusyButton } from '../ui/BusyButton.tsx';
import { SECURITY_MSG } from './messages.ts';

const DEACTIVATE_MISSING_ID = 'deactivate-missing';

/** What 确认注销 still waits for. */
function deactivateMissing(reason: string, word: string): string {
  const missing = [!reason && '选择注销原因', word !== DEACTIVATION_CONFIRM_WORD && `输入“${DEACTIVATION_CONFIRM_WORD}”`].filter(Boolean);
  return `请${missing.join('并')}后再注销`;
}

/** 注销账号: what the account holds, a reason and the confirm word, then a last dialog with the current password. */
export function DeactivateTab({ onClose }: { onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [word, setWord] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState('');
  const proof = usePasswordProof();
  const stats = trpc.users.deactivationStats.useQuery(undefined, { retry: false, select: (answer) => answer.data });
  const deactivate = trpc.users.deactivate.useMutation();
  const counts = stats.data ?? { ideas: 0, comments: 0, favorites: 0, following: 0, followers: 0 };
  const valid = !!reason && word === DEACTIVATION_CONFIRM_WORD;

  const finish = async () => {
    setError('');
    if (proof.missing()) return;
    try {
      // What the page collected: the chosen reason and the typed word, which the server checks again, and the password.
      await deactivate.mutateAsync({ reason: reason as (typeof DEACTIVATION_REASONS)[number], confirmation: word as typeof DEACTIVATION_CONFIRM_WORD, password: proof.password });
      clearSession();
      window.alert(SECURITY_MSG.deactivated);
      onClose();
      window.location.assign('/');
    } catch (err) {
      // A wrong password: the final dialog stays open with the field.
      if (proof.absorb(err)) return;
      setConfirming(false);
      setError(isNetworkError(err) ? SECURITY_MSG.deactivateCallFailed : errorMessage(err, SECURITY_MSG.deactivateFailed));
    }
  };

  return (
    <div className="stack">
      <p className="notice notice-warn">注销后，你的个人信息将被删除，已发布的创意将从平台下架，手机号可重新注册。此操作无法撤销。</p>
      <ul className="stats-row" aria-label="账户数据">
        <li>创意 {counts.ideas}</li>
        <li>评论 {counts.comments}</li>
        <li>收藏 {counts.favorites}</li>
        <li>关注 {counts.following}</li>
        <li>粉丝 {counts.followers}</li>
      </ul>
      <fieldset>
        <legend>注销原因</legend>
        <div className="radio-list">
          {DEACTIVATION_REASONS.map((r) => (
            <label key={r}>
              <input type="radio" name="deactivate-reason" value={r} checked={reason === r} onChange={() => setReason(r)} /> {r}
            </label>
          ))}
        </div>
        {!reason && word && <p className="field-error">{MSG.reasonRequired}</p>}
      </fieldset>
      <FormField
        label={`请输入“${DEACTIVATION_CONFIRM_WORD}”以确认`}
        value={word}
        onChange={(e) => setWord(e.target.value)}
        error={word && word !== DEACTIVATION_CONFIRM_WORD ? MSG.confirmWordMismatch : null}
      />
      {error && (
        <div className="error-box" role="alert">
          {error}
        </div>
      )}
      {/* A disabled button says nothing of why: what is missing is said beside it, and read with it. */}
      <button type="button" className="btn btn-danger" disabled={!valid} aria-describedby={valid ? undefined : DEACTIVATE_MISSING_ID} onClick={() => setConfirming(true)}>
        确认注销
      </button>
      {!valid && (
        <p id={DEACTIVATE_MISSING_ID} className="field-hint">
          {deactivateMissing(reason, word)}
        </p>
      )}
      {confirming && (
        <Modal title="最后确认" onClose={() => setConfirming(false)}>
          <p>你确定要注销账号吗？</p>
          <p>
            注销原因：<strong>{reason}</strong>
          </p>
          <p>
            确认文字：<strong>{word}</strong>
          </p>
          {proof.field}
          <div className="modal-actions">
            <button type="button" className="btn" onClick={() => setConfirming(false)}>
              取消
            </button>
            <BusyButton className="btn btn-danger" onClick={finish} busy={deactivate.isPending}>
              {deactivate.isPending ? '注销中…' : '确认注销'}
            </BusyButton>
          </div>
        </Modal>
      )}
    </div>
  );
}
