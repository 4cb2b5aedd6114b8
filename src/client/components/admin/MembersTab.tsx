/**
 * The console's 用户 tab (docs/product-rules.md, "Muted members"): find members by phone, 猎人编号 or
 * nickname, see each one's role and state (正常, 禁言至…, 永久禁言, 已注销), mute them (MuteDialog) or lift
 * a mute. The server refuses admins and deactivated members too; both land in the moderation log.
 */
import { useId, useState, type FormEvent } from 'react';
import { memberStateText, MUTE_MSG } from '../../../shared/mute-rules.ts';
import { errorMessage } from '../../lib/api-errors.ts';
import { trpc, type RouterOutputs } from '../../lib/trpc.ts';
import { Avatar } from '../Avatar.tsx';
import { LoadingLine } from '../LoadingLine.tsx';
import { BusyButton } from '../ui/BusyButton.tsx';
import { useConfirm } from '../ui/ConfirmDialog.tsx';
import { RetryLine } from '../ui/RetryLine.tsx';
import { useToast } from '../ui/Toast.tsx';
import { MuteDialog } from './MuteDialog.tsx';

type Member = RouterOutputs['admin']['members']['data'][number];

export function MembersTab() {
  const inputId = useId();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [error, setError] = useState<string | null>(null);
  const found = trpc.admin.members.useQuery({ q }, { enabled: q !== '', select: (answer) => answer.data });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const query = text.trim();
    setError(query ? null : MUTE_MSG.queryRequired);
    if (query) setQ(query);
  };
  return (
    <>
      <h2 className="admin-panel-title">用户</h2>
      <form className="admin-form member-search" role="search" aria-label="查找用户" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={inputId}>手机号、猎人编号或昵称</label>
          <div className="btn-row">
            <input id={inputId} type="search" value={text} onChange={(e) => setText(e.target.value)} maxLength={50} aria-invalid={!!error} aria-describedby={error ? `${inputId}-error` : undefined} />
            <button type="submit" className="btn btn-primary">
              查找
            </button>
          </div>
          {error && (
            <p id={`${inputId}-error`} className="field-error" role="alert">
              {error}
            </p>
          )}
        </div>
      </form>
      {q !== '' && found.isPending && <LoadingLine />}
      {found.isError && <RetryLine message={errorMessage(found.error, '查找失败，请稍后重试')} onRetry={() => void found.refetch()} busy={found.isFetching} />}
      {found.data && !found.data.length && <p className="empty-state muted">没有找到这个用户</p>}
      {found.data && found.data.length > 0 && (
        <ul className="admin-list" aria-label="查找结果">
          {found.data.map((m) => (
            <li key={m.id}>
              <MemberEntry member={m} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function MemberEntry({ member }: { member: Member }) {
  const titleId = useId();
  const utils = trpc.useUtils();
  const confirm = useConfirm();
  const toast = useToast();
  const [muting, setMuting] = useState(false);
  const mute = trpc.admin.mute.useMutation();
  const unmute = trpc.admin.unmute.useMutation();
  const refresh = () => Promise.all([utils.admin.members.invalidate(), utils.admin.log.invalidate()]);
  const who = `${member.nickname}（${member.registrationNumber}）`;
  const state = memberStateText(member);
  const canMute = member.status === 'active' && member.role !== 'admin';

  const lift = async () => {
    if (!(await confirm({ title: `解除 ${who} 的禁言？`, message: '对方会收到一条系统消息，之后可以正常发布、评论、举报和反馈。', confirmLabel: '解除禁言' }))) return;
    try {
      const answer = await unmute.mutateAsync({ registrationNumber: member.registrationNumber });
      toast(answer.message ?? MUTE_MSG.unmuted, 'success');
      await refresh();
    } catch (err) {
      toast(errorMessage(err, '操作失败，请稍后重试'), 'error');
    }
  };

  return (
    <article className="admin-item member-item" aria-labelledby={titleId}>
      <Avatar src={member.avatarUrl} alt="" size={40} />
      <div className="member-body">
        <h3 id={titleId}>{member.nickname}</h3>
        <dl className="member-facts">
          <div>
            <dt>猎人编号</dt>
            <dd>{member.registrationNumber}</dd>
          </div>
          <div>
            <dt>手机号</dt>
            <dd>{member.phone ?? '—'}</dd>
          </div>
          <div>
            <dt>角色</dt>
            <dd>{member.role === 'admin' ? '管理员' : '用户'}</dd>
          </div>
          <div>
            <dt>状态</dt>
            <dd data-testid="member-state">{state}</dd>
          </div>
          {member.mute && (
            <div>
              <dt>禁言原因</dt>
              <dd>{member.mute.reason}</dd>
            </div>
          )}
        </dl>
        {canMute && (
          <div className="btn-row">
            <button type="button" className="btn btn-small" onClick={() => setMuting(true)} aria-label={`${member.mute ? '重新禁言' : '禁言'}：${who}`}>
              {member.mute ? '重新禁言' : '禁言'}
            </button>
            {member.mute && (
              <BusyButton className="btn btn-small" busy={unmute.isPending} onClick={() => void lift()} aria-label={`解除禁言：${who}`}>
                解除禁言
              </BusyButton>
            )}
          </div>
        )}
      </div>
      {muting && (
        <MuteDialog
          who={who}
          pending={mute.isPending}
          onClose={() => setMuting(false)}
          onSubmit={async (days, reason) => {
            const answer = await mute.mutateAsync({ registrationNumber: member.registrationNumber, days, reason });
            setMuting(false);
            toast(answer.message ?? MUTE_MSG.muted, 'success');
            await refresh();
          }}
        />
      )}
    </article>
  );
}
