import { useEffect, useRef, useState, type FormEvent } from 'react';
import { checkPasswordChange, MSG } from '../../shared/account-rules.ts';
import { DEACTIVATION_CONFIRM_WORD, DEACTIVATION_REASONS } from '../../shared/constants.ts';
import { isPhone, maskPhone } from '../../shared/patterns.ts';
import { useCountdown } from '../hooks/useCountdown.ts';
import { useSession } from '../hooks/useSession.ts';
import { errorExtra, errorMessage, isNetworkError } from '../lib/api-errors.ts';
import { clearSession, replaceRecentPhone, saveUserInfo } from '../lib/storage.ts';
import { trpc } from '../lib/trpc.ts';
import { FormField, useFocusFirstInvalid } from './FormField.tsx';
import { CodeField, PhoneField, ResendButton, resendWaitAfter } from './SmsFields.tsx';
import { Modal, Tabs } from './Modal.tsx';
import { usePasswordProof } from './PasswordProof.tsx';
import { downloadMyData, EXPORT_MSG } from '../lib/data-export.ts';
import { SubmitButton } from './ui/SubmitButton.tsx';
import { BusyButton } from './ui/BusyButton.tsx';

type Tab = 'password' | 'phone' | 'email' | 'data' | 'deactivate';

export const SECURITY_MSG = {
  passwordChanged: '密码修改成功！',
  passwordChangeFailed: '密码修改失败',
  passwordChangeNetwork: '修改密码失败，请稍后重试',
  codeSent: '验证码已发送到你的手机',
  sendFailed: '发送验证码失败',
  sendNetwork: '发送验证码失败，请稍后重试',
  verifyFailed: '验证码验证失败',
  updateFailed: '修改失败',
  updateNetwork: '修改失败，请稍后重试',
  phoneChanged: '手机号修改成功',
  deactivateFailed: '注销失败，请稍后重试',
  deactivateCallFailed: '账号注销失败',
  deactivated: '账号注销成功，感谢你的使用',
  emailClosed: '邮箱绑定功能暂时关闭，敬请期待',
} as const;

export default function SecurityModal({ onClose }: { onClose: () => void }) {
  const [tab, setTab] = useState<Tab>('password');
  return (
    <Modal title="安全设置" onClose={onClose} wide>
      <Tabs<Tab>
        label="安全设置"
        active={tab}
        onChange={setTab}
        tabs={[
          { id: 'password', label: '修改密码' },
          { id: 'phone', label: '手机号' },
          { id: 'email', label: '邮箱', disabled: true },
          { id: 'data', label: '我的数据' },
          { id: 'deactivate', label: '注销账号' },
        ]}
      />
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="tab-panel">
        {tab === 'password' && <PasswordTab />}
        {tab === 'phone' && <PhoneTab />}
        {tab === 'email' && <p className="notice">{SECURITY_MSG.emailClosed}</p>}
        {tab === 'data' && <DataTab onDeactivate={() => setTab('deactivate')} />}
        {tab === 'deactivate' && <DeactivateTab onClose={onClose} />}
      </div>
    </Modal>
  );
}

/**
 * The rights of access and deletion (PIPL art. 45 and 47): everything the platform holds
 * about the member as one archive, and the way to deletion (deactivation).
 */
function DataTab({ onDeactivate }: { onDeactivate: () => void }) {
  const [state, setState] = useState<{ busy: boolean; done?: string; error?: string }>({ busy: false });
  const download = async () => {
    setState({ busy: true });
    try {
      setState({ busy: false, done: EXPORT_MSG.done(await downloadMyData()) });
    } catch (err) {
      setState({ busy: false, error: err instanceof Error ? err.message : EXPORT_MSG.failed });
    }
  };
  return (
    <div className="stack data-tab">
      <section aria-labelledby="data-access-title">
        <h3 id="data-access-title" className="data-tab-title">
          下载我的数据
        </h3>
        <p>我们会把平台保存的关于你的全部信息打包成一个 ZIP 文件：个人资料、创意（含图片）、草稿、评论、收藏、关注、消息、反馈，以及解锁、点赞、举报和登录记录。数据为 JSON 格式，附中文说明。</p>
        <p className="muted">文件在下载时生成，内容多时需要稍等片刻。为保护服务，每天可下载的次数有限。</p>
        <BusyButton className="btn btn-primary" onClick={() => void download()} busy={state.busy} aria-describedby="data-download-status">
          {state.busy ? '正在打包…' : '下载我的数据'}
        </BusyButton>
        <div id="data-download-status">
          <div role="status">{state.done && <p className="success">{state.done}</p>}</div>
          <div role="alert">{state.error && <p className="field-error">{state.error}</p>}</div>
        </div>
      </section>
      <section aria-labelledby="data-delete-title">
        <h3 id="data-delete-title" className="data-tab-title">
          删除我的数据
        </h3>
        <p>你可以随时删除自己的创意、草稿和评论。注销账号后，手机号被释放、登录全部失效，创意从所有公开位置移除并随回收站清理删除，收藏和关注被删除，评论显示为「已注销用户」。</p>
        <button type="button" className="btn" onClick={onDeactivate}>
          前往注销账号
        </button>
      </section>
    </div>
  );
}

function PasswordTab() {
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

function PhoneTab() {
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

const DEACTIVATE_MISSING_ID = 'deactivate-missing';

/** What 确认注销 still waits for. */
function deactivateMissing(reason: string, word: string): string {
  const missing = [!reason && '选择注销原因', word !== DEACTIVATION_CONFIRM_WORD && `输入“${DEACTIVATION_CONFIRM_WORD}”`].filter(Boolean);
  return `请${missing.join('并')}后再注销`;
}

function DeactivateTab({ onClose }: { onClose: () => void }) {
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
