import { useState } from 'react';
import { NICKNAME_PLACEHOLDER, PRESET_AVATARS, REGISTRATION_NUMBER_PLACEHOLDER } from '../../shared/constants.ts';
import { useSession } from '../hooks/useSession.ts';
import { saveUserInfo } from '../lib/storage.ts';
import { trpc } from '../lib/trpc.ts';
import { Modal } from './Modal.tsx';
import { useToast } from './ui/Toast.tsx';
import { BusyButton } from './ui/BusyButton.tsx';

export const AVATAR_UPDATE_FAILED = '更新头像失败，请稍后重试';

/** The preset the profile starts on: avatar, else avatarUrl, else the first preset. */
export function initialAvatarIndex(avatar?: string | null, avatarUrl?: string | null): number {
  for (const candidate of [avatar, avatarUrl]) {
    const i = candidate ? (PRESET_AVATARS as readonly string[]).indexOf(candidate) : -1;
    if (i >= 0) return i;
  }
  return 0;
}

export default function ProfileModal({ onClose }: { onClose: () => void }) {
  const { user } = useSession();
  const [selected, setSelected] = useState(() => initialAvatarIndex(user?.avatar, user?.avatarUrl));
  const update = trpc.auth.updateProfile.useMutation();
  const utils = trpc.useUtils();
  const toast = useToast();

  const save = async () => {
    try {
      const { data: result } = await update.mutateAsync({ avatarUrl: PRESET_AVATARS[selected] });
      saveUserInfo({ ...user, ...result.user, avatar: result.user.avatar, avatarUrl: result.user.avatarUrl });
      // Every card and comment of this member on screen shows the avatar: read them again (a rare write).
      void utils.invalidate();
      onClose();
      toast('头像已更新');
    } catch {
      toast(AVATAR_UPDATE_FAILED, 'error');
    }
  };

  return (
    <Modal title="编辑资料" onClose={onClose}>
      <dl className="profile-facts">
        <div>
          <dt>猎人编号</dt>
          <dd>{user?.registrationNumber ?? REGISTRATION_NUMBER_PLACEHOLDER}</dd>
        </div>
        <div>
          <dt>昵称</dt>
          <dd>
            {user?.nickname ?? NICKNAME_PLACEHOLDER}
            <span className="muted">（昵称由系统生成）</span>
          </dd>
        </div>
      </dl>
      <fieldset className="avatar-picker">
        <legend>选择头像</legend>
        <div className="avatar-preview">
          <img src={PRESET_AVATARS[selected]} alt={`已选头像 ${selected + 1}/5`} width={88} height={88} />
          <p aria-live="polite">
            头像 {selected + 1}/{PRESET_AVATARS.length}
          </p>
        </div>
        <div className="avatar-grid">
          {PRESET_AVATARS.map((url, i) => (
            <label key={url} className={`avatar-option ${i === selected ? 'avatar-option-selected' : ''}`}>
              <input type="radio" name="avatar" value={url} checked={i === selected} onChange={() => setSelected(i)} className="visually-hidden" />
              <img src={url} alt={`头像 ${i + 1}`} width={56} height={56} />
            </label>
          ))}
        </div>
      </fieldset>
      <div className="modal-actions">
        <button type="button" className="btn" onClick={onClose}>
          取消
        </button>
        <BusyButton className="btn btn-primary" onClick={save} busy={update.isPending}>
          {update.isPending ? '保存中…' : '保存'}
        </BusyButton>
      </div>
    </Modal>
  );
}
