/**
 * Muting a member from the console's 用户 tab: the length (1天, 7天, 30天 or 永久) and a required reason,
 * which the member reads in their system message. A new mute replaces the one in force.
 */
import { useId, useState } from 'react';
import { MUTE_DAYS, MUTE_MSG, muteLengthText, type TMuteRequest } from '../../../shared/mute-rules.ts';
import { ReasonDialog } from './ReasonDialog.tsx';

type Days = TMuteRequest['days'];
const CHOICES: Days[] = [...MUTE_DAYS, null];

export function MuteDialog({ who, pending, onSubmit, onClose }: { who: string; pending: boolean; onSubmit: (days: Days, reason: string) => Promise<void>; onClose: () => void }) {
  const name = useId();
  const [days, setDays] = useState<Days>(7);
  return (
    <ReasonDialog
      title={`禁言 ${who}`}
      intro="禁言期间对方仍可以浏览、收藏和关注，但不能发布创意、评论、举报或反馈。对方会收到一条写有原因和结束时间的系统消息。"
      label="禁言原因"
      placeholder="例如：多次发布广告"
      confirmLabel="确认禁言"
      messages={{ required: MUTE_MSG.reasonRequired, tooLong: MUTE_MSG.reasonTooLong, failed: '禁言失败，请稍后重试' }}
      pending={pending}
      onSubmit={(reason) => onSubmit(days, reason)}
      onClose={onClose}
    >
      <fieldset className="field">
        <legend>禁言时长</legend>
        <div className="radio-list radio-row mute-days">
          {CHOICES.map((d) => (
            <label key={String(d)}>
              <input type="radio" name={name} value={String(d)} checked={days === d} onChange={() => setDays(d)} />
              {muteLengthText(d)}
            </label>
          ))}
        </div>
      </fieldset>
    </ReasonDialog>
  );
}
