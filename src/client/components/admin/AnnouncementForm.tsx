/**
 * The admin console's announcement form: title, content and priority; sent after a confirmation,
 * it reaches every member's messages (one stored row, delivered to each member on their next read).
 */
import { useId, useState, type FormEvent } from 'react';
import { ANNOUNCEMENT_CONTENT_MAX, ANNOUNCEMENT_TITLE_MAX } from '../../../shared/message-texts.ts';
import { errorMessage, fieldErrors } from '../../lib/api-errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { quoteName, useConfirm } from '../ui/ConfirmDialog.tsx';
import { useToast } from '../ui/Toast.tsx';
import { FormError } from '../ui/FormError.tsx';
import { SubmitButton } from '../ui/SubmitButton.tsx';

type Priority = 'high' | 'normal' | 'low';
const PRIORITIES: { id: Priority; label: string }[] = [
  { id: 'high', label: '重要' },
  { id: 'normal', label: '普通' },
  { id: 'low', label: '低' },
];

export function AnnouncementForm() {
  const utils = trpc.useUtils();
  const announce = trpc.messages.announce.useMutation();
  const confirm = useConfirm();
  const toast = useToast();
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [priority, setPriority] = useState<Priority>('normal');
  const [errors, setErrors] = useState<{ title?: string; content?: string; form?: string }>({});
  const id = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = { title: title.trim() ? undefined : '请输入公告标题', content: content.trim() ? undefined : '请输入公告内容' };
    setErrors(next);
    if (next.title || next.content) return;
    const ok = await confirm({ title: `发布公告${quoteName(title.trim())}？`, message: '公告会发送给所有用户，发布后无法撤回。', confirmLabel: '发布' });
    if (!ok) return;
    try {
      await announce.mutateAsync({ title: title.trim(), content: content.trim(), priority });
      toast('公告已发布');
      setTitle('');
      setContent('');
      setPriority('normal');
      await Promise.all([utils.admin.log.invalidate(), utils.messages.invalidate()]);
    } catch (err) {
      const fields = fieldErrors(err);
      setErrors({ title: fields.title?.[0], content: fields.content?.[0], form: fields.title || fields.content ? undefined : errorMessage(err, '发布公告失败，请稍后重试') });
    }
  };

  return (
    <form onSubmit={submit} noValidate className="admin-form" aria-label="发布公告">
      <p className="muted">公告会出现在每位用户的「消息」里。</p>
      <div className="field">
        <label htmlFor={`${id}-title`}>公告标题</label>
        <input
          id={`${id}-title`}
          value={title}
          maxLength={ANNOUNCEMENT_TITLE_MAX}
          onChange={(e) => setTitle(e.target.value)}
          aria-invalid={!!errors.title}
          aria-describedby={errors.title ? `${id}-title-error` : undefined}
        />
        {errors.title && (
          <p id={`${id}-title-error`} className="field-error" role="alert">
            {errors.title}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-content`}>公告内容</label>
        <textarea
          id={`${id}-content`}
          rows={5}
          value={content}
          maxLength={ANNOUNCEMENT_CONTENT_MAX}
          onChange={(e) => setContent(e.target.value)}
          aria-invalid={!!errors.content}
          aria-describedby={errors.content ? `${id}-content-error` : `${id}-content-hint`}
        />
        {errors.content ? (
          <p id={`${id}-content-error`} className="field-error" role="alert">
            {errors.content}
          </p>
        ) : (
          <p id={`${id}-content-hint`} className="field-hint">
            最多{ANNOUNCEMENT_CONTENT_MAX}个字（{[...content].length}/{ANNOUNCEMENT_CONTENT_MAX}）
          </p>
        )}
      </div>
      <fieldset className="field">
        <legend>优先级</legend>
        <div className="radio-list radio-row">
          {PRIORITIES.map((p) => (
            <label key={p.id}>
              <input type="radio" name={`${id}-priority`} value={p.id} checked={priority === p.id} onChange={() => setPriority(p.id)} />
              {p.label}
            </label>
          ))}
        </div>
      </fieldset>
      <FormError message={errors.form} />
      <div className="btn-row admin-form-actions">
        <SubmitButton className="btn btn-primary" pending={announce.isPending} pendingLabel="发布中…">
          发布公告
        </SubmitButton>
      </div>
    </form>
  );
}
