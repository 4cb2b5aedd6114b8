/**
 * Edit before approval: the moderator corrects an idea's title, description, tags or
 * analysis and approves it in one step. Only changed fields are sent; the server sanitizes the
 * analysis like the author's, runs the word check, tells the author what changed and keeps both
 * versions in the moderation log. The analysis is edited as its HTML, with a preview beside it.
 */
import { useCallback, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { IDEA_ANALYSIS_MAX, IDEA_DESCRIPTION_MAX, IDEA_TITLE_MAX, parseTags } from '../../../shared/idea-rules.ts';
import { errorExtra, errorMessage, fieldErrors } from '../../lib/api-errors.ts';
import { trpc } from '../../lib/trpc.ts';
import type { ReviewIdea } from './review-text.ts';
import { Modal } from '../Modal.tsx';
import { FormError } from '../ui/FormError.tsx';
import { UPLOADS_URL_PREFIX } from '../../../shared/uploads.ts';
import { ModalActions } from '../ui/ModalActions.tsx';

const PREVIEW_TAGS = new Set(['P', 'BR', 'STRONG', 'B', 'EM', 'I', 'U', 'S', 'H2', 'H3', 'H4', 'H5', 'H6', 'BLOCKQUOTE', 'UL', 'OL', 'LI', 'CODE', 'PRE', 'A', 'IMG', 'HR']);

/** The preview keeps what the server's allowlist keeps (tags, links, the site's own images), in an inert document. */
export function previewHtml(html: string): string {
  if (typeof DOMParser === 'undefined') return '';
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  for (const el of Array.from(doc.body.querySelectorAll('*'))) {
    if (!PREVIEW_TAGS.has(el.tagName)) {
      el.replaceWith(...(el.tagName === 'SCRIPT' || el.tagName === 'STYLE' ? [] : Array.from(el.childNodes)));
      continue;
    }
    for (const attr of Array.from(el.attributes)) {
      const keep =
        (el.tagName === 'A' && attr.name === 'href' && /^(https?:|mailto:)/i.test(attr.value)) ||
        (el.tagName === 'IMG' && ['src', 'alt', 'width', 'height'].includes(attr.name) && (attr.name !== 'src' || attr.value.startsWith(UPLOADS_URL_PREFIX)));
      if (!keep) el.removeAttribute(attr.name);
    }
    if (el.tagName === 'IMG' && !el.getAttribute('src')) el.remove();
  }
  return doc.body.innerHTML;
}
type Field = 'title' | 'description' | 'tags' | 'detailedAnalysis' | 'note';

export function EditApproveDialog({ idea, onClose, onDone, nest }: { idea: ReviewIdea; onClose: () => void; onDone: () => Promise<void>; nest: (html: string) => string }) {
  const editApprove = trpc.admin.editApprove.useMutation();
  const id = useId();
  const startAnalysis = idea.detailedAnalysis ?? '';
  const [title, setTitle] = useState(idea.title);
  const [description, setDescription] = useState(idea.description);
  const [tags, setTags] = useState(idea.tags.join(' '));
  const [analysis, setAnalysis] = useState(startAnalysis);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({});
  const pending = useRef(false);
  pending.current = editApprove.isPending;
  const close = useCallback(() => {
    if (!pending.current) onClose();
  }, [onClose]);
  const preview = useMemo(() => nest(previewHtml(analysis)), [analysis, nest]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    if (!title.trim()) next.title = '请填写标题';
    const parsed = parseTags(tags);
    if (parsed.errors.length) next.tags = parsed.errors.join('；');
    setErrors(next);
    if (Object.keys(next).length) return;
    const changed = {
      ...(title.trim() !== idea.title ? { title: title.trim() } : {}),
      ...(description.trim() !== idea.description ? { description: description.trim() } : {}),
      ...(parsed.tags.join(' ') !== idea.tags.join(' ') ? { tags: parsed.tags } : {}),
      ...(analysis !== startAnalysis ? { detailedAnalysis: analysis } : {}),
    };
    if (!Object.keys(changed).length) return setErrors({ form: '没有修改任何内容；无需修改请直接点「通过」' });
    try {
      await editApprove.mutateAsync({ id: idea.id, ...changed, ...(note.trim() ? { note: note.trim() } : {}) });
      await onDone();
    } catch (err) {
      const fields = fieldErrors(err);
      const moderation = errorExtra(err).moderationResult as { matchedWords: string[]; fields: string[] } | undefined;
      if (moderation) {
        const where = Object.fromEntries(moderation.fields.map((f) => [f, `含敏感词：${moderation.matchedWords.join('、')}`]));
        return setErrors({ ...where, form: errorMessage(err, '修改后的内容含敏感词') });
      }
      const first = (name: Field) => fields[name]?.[0];
      const named = { title: first('title'), description: first('description'), tags: first('tags'), detailedAnalysis: first('detailedAnalysis'), note: first('note') };
      setErrors(Object.values(named).some(Boolean) ? named : { form: errorMessage(err, '保存失败，请稍后重试') });
    }
  };

  const described = (name: Field, hint?: string) => ({
    'aria-invalid': !!errors[name],
    'aria-describedby': errors[name] ? `${id}-${name}-error` : hint ? `${id}-${name}-hint` : undefined,
  });
  const below = (name: Field, hint?: string) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="field-error" role="alert">
        {errors[name]}
      </p>
    ) : hint ? (
      <p id={`${id}-${name}-hint`} className="field-hint">
        {hint}
      </p>
    ) : null;

  return (
    <Modal title="修改后通过" onClose={close} wide>
      <form onSubmit={submit} noValidate className="stack edit-approve-form">
        <p className="muted">修改会直接保存并通过审核。作者会收到消息，列出改动的内容；操作记录保留修改前后的两个版本。</p>
        <div className="field">
          <label htmlFor={`${id}-title`}>标题</label>
          <input id={`${id}-title`} value={title} maxLength={IDEA_TITLE_MAX} onChange={(e) => setTitle(e.target.value)} {...described('title')} />
          {below('title')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-description`}>简介</label>
          <textarea id={`${id}-description`} rows={3} value={description} maxLength={IDEA_DESCRIPTION_MAX} onChange={(e) => setDescription(e.target.value)} {...described('description')} />
          {below('description')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-tags`}>标签</label>
          <input id={`${id}-tags`} value={tags} onChange={(e) => setTags(e.target.value)} {...described('tags', '用空格分隔，最多 5 个')} />
          {below('tags', '用空格分隔，最多 5 个')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-analysis`}>详细分析（HTML）</label>
          <textarea
            id={`${id}-analysis`}
            className="edit-approve-html"
            rows={8}
            value={analysis}
            maxLength={IDEA_ANALYSIS_MAX}
            onChange={(e) => setAnalysis(e.target.value)}
            {...described('detailedAnalysis', '保存时按作者编辑器的规则清理：只保留段落、标题、列表、链接和本创意已有的图片')}
          />
          {below('detailedAnalysis', '保存时按作者编辑器的规则清理：只保留段落、标题、列表、链接和本创意已有的图片')}
        </div>
        <section aria-label="详细分析预览">
          <h3 className="edit-approve-preview-title">预览</h3>
          {/* The server sanitizes it again before it is stored; the preview shows the moderator's own typing. */}
          {preview.trim() ? (
            <div className="review-analysis" tabIndex={0} role="region" aria-label="详细分析预览内容" dangerouslySetInnerHTML={{ __html: preview }} />
          ) : (
            <div className="review-analysis">
              <p className="review-empty-analysis">（没有详细分析）</p>
            </div>
          )}
        </section>
        <div className="field">
          <label htmlFor={`${id}-note`}>给作者的说明（选填）</label>
          <textarea id={`${id}-note`} rows={2} value={note} maxLength={200} onChange={(e) => setNote(e.target.value)} {...described('note', '例如：标题中的联系方式已删除')} />
          {below('note', '例如：标题中的联系方式已删除')}
        </div>
        <FormError message={errors.form} />
        <ModalActions onCancel={onClose} pending={editApprove.isPending} label="保存并通过" pendingLabel="保存中…" />
      </form>
    </Modal>
  );
}
