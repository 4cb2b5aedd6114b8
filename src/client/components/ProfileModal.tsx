import { useId, useState } from 'react';
import { BIO_MAX, DEFAULT_BIO, NICKNAME_PLACEHOLDER, PRESET_AVATARS, REGISTRATION_NUMBER_PLACEHOLDER } from '../../shared/constants.ts';
import { textLength } from '../../shared/text-length.ts';
import { errorMessage } from '../lib/api-errors.ts';
import { useSession } from '../hooks/useSession.ts';
import { saveUserInfo } from '../lib/storage.ts';
import { trpc } from '../lib/trpc.ts';
import { Modal } from './Modal.tsx';
import { useToast } from './ui/Toast.tsx';
import { BusyButton } from './ui/BusyButton.tsx';
import { FormError } from './ui/FormError.tsx';

const PROFILE_UPDATE_FAILED = '保存资料失败，请稍后重试';

/** The bio as the member wrote it: the default text the pages show for none is not theirs to edit. */
const ownBio = (bio: string | undefined) => (bio && bio !== DEFAULT_BIO ? bio : '');

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
  const id = useId();
  const [selected, setSelected] = useState(() => initialAvatarIndex(user?.avatar, user?.avatarUrl));
  // The bio as the server has it now (the stored user may be older); typed text wins once there is some.
  const me = trpc.auth.me.useQuery(undefined, { select: (a) => a.data.user });
  const [typedBio, setTypedBio] = useState<string | null>(null);
  const bio = typedBio ?? ownBio(me.data?.bio);
  const bioLength = textLength(bio.trim());
  const bioOver = bioLength > BIO_MAX;
  const [error, setError] = useState<string | null>(null);
  const update = trpc.auth.updateProfile.useMutation();
  const utils = trpc.useUtils();
  const toast = useToast();

  const save = async () => {
    if (bioOver) return;
    setError(null);
    try {
      // The bio goes only when the member changed it: an avatar change never re-checks (or clears) an unread one.
      const bioChanged = typedBio !== null && typedBio.trim() !== ownBio(me.data?.bio);
      const change = bioChanged ? { avatarUrl: PRESET_AVATARS[selected], bio } : { avatarUrl: PRESET_AVATARS[selected] };
      const { data: result, message } = await update.mutateAsync(change);
      saveUserInfo({ ...user, ...result.user, avatar: result.user.avatar, avatarUrl: result.user.avatarUrl });
      // Every card and comment of this member on screen shows the avatar, and their pages the bio: read them again (a rare write).
      void utils.invalidate();
      onClose();
      toast(message ?? '资料已更新');
    } catch (err) {
      // A refused bio (a sensitive word, too long) says why, and the dialog stays open to fix it.
      setError(errorMessage(err, PROFILE_UPDATE_FAILED));
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
      <div className="field">
        <label htmlFor={`${id}-bio`}>个人简介</label>
        <textarea
          id={`${id}-bio`}
          rows={3}
          value={bio}
          placeholder={DEFAULT_BIO}
          aria-describedby={`${id}-bio-count`}
          aria-invalid={bioOver || undefined}
          onChange={(e) => {
            setTypedBio(e.target.value);
            if (error) setError(null);
          }}
        />
        <p id={`${id}-bio-count`} className={`field-hint feedback-count ${bioOver ? 'feedback-count-warn' : ''}`} data-testid="bio-count">
          {bioLength}/{BIO_MAX}
          {bioOver && '，已超出字数上限'}
        </p>
      </div>
      <FormError message={error} />
      <div className="modal-actions">
        <button type="button" className="btn" onClick={onClose}>
          取消
        </button>
        <BusyButton className="btn btn-primary" onClick={save} busy={update.isPending} disabled={bioOver}>
          {update.isPending ? '保存中…' : '保存'}
        </BusyButton>
      </div>
    </Modal>
  );
}
