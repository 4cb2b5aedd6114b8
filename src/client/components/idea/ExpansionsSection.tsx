/**
 * The owner's extensions (docs/spec/accounts-and-people.md §2, §3): what the author added after publishing, visible only to
 * them. Each addition saves the full list; when that fails the author reads the spec's 更新创意扩展失败
 * (docs/spec/publishing-and-browsing.md §8) and that the new text stays on this page only (docs/spec/publishing-and-browsing.md §7 "update idea expansions").
 */
import { useId, useMemo, useState, type FormEvent } from 'react';
import { EXPANSION_MAX, IDEA_MSG } from '../../../shared/idea-rules.ts';
import type { IdeaDto } from '../../../shared/idea-schemas.ts';
import { formatDateTime, relativeTime } from '../../../shared/relative-time.ts';
import { failureOf } from '../../lib/api-errors.ts';
import { IDEA_PAGE_MSG, parseExpansions, type Expansion } from '../../lib/idea-page-rules.ts';
import { trpc } from '../../lib/trpc.ts';
import { useToast } from '../ui/Toast.tsx';
import { FormError } from '../ui/FormError.tsx';
import { SubmitButton } from '../ui/SubmitButton.tsx';

export function ExpansionsSection({ idea }: { idea: IdeaDto }) {
  const fieldId = useId();
  const errorId = useId();
  const toast = useToast();
  const utils = trpc.useUtils();
  const save = trpc.ideas.updateExpansions.useMutation();
  const saved = useMemo(() => parseExpansions(idea.expansions), [idea.expansions]);
  // Additions the server has not accepted yet: shown after the saved ones, marked, sent again with the next save.
  const [localOnly, setLocalOnly] = useState<Expansion[]>([]);
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [syncError, setSyncError] = useState<string | null>(null);
  const items = [...saved, ...localOnly];

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const content = text.trim();
    if (!content) return setFieldError(IDEA_MSG.expansionRequired);
    if ([...content].length > EXPANSION_MAX) return setFieldError(IDEA_MSG.expansionTooLong);
    setFieldError(null);
    setSyncError(null);
    const added: Expansion = { id: `local-${Date.now()}`, content, createdAt: new Date().toISOString() };
    const next = [...items, added];
    try {
      const answer = await save.mutateAsync({ id: idea.id, expansions: next.map(({ content: c, createdAt }) => ({ content: c, ...(createdAt ? { createdAt } : {}) })) });
      utils.ideas.byId.setData({ id: idea.id }, (old) => (old ? { ...old, data: answer.data } : old));
      setLocalOnly([]);
      setText('');
      toast(IDEA_PAGE_MSG.expansionSaved);
    } catch (err) {
      setLocalOnly((list) => [...list, added]);
      setText('');
      const { serverMessage } = failureOf(err);
      // The spec's sentence for this call, the server's reason when it gave one, and what became of the text.
      setSyncError(`${IDEA_MSG.expansionsFailed}${serverMessage ? `：${serverMessage}` : ''}。${IDEA_PAGE_MSG.expansionLocalOnly}`);
    }
  };

  return (
    <section className="idea-section idea-expansions" aria-labelledby="idea-expansions-title" data-testid="expansions">
      <h2 id="idea-expansions-title">创意扩展</h2>
      <p className="idea-section-hint">补充新的思路和进展，只有你自己能看到这一栏。</p>
      {items.length > 0 ? (
        <ol className="expansion-list">
          {items.map((item) => {
            const local = localOnly.includes(item);
            return (
              <li key={item.id} className={`expansion-item ${local ? 'expansion-item-local' : ''}`}>
                <p className="expansion-content">{item.content}</p>
                <p className="expansion-meta">
                  {item.createdAt && (
                    <time dateTime={item.createdAt} title={formatDateTime(item.createdAt)}>
                      {relativeTime(item.createdAt)}
                    </time>
                  )}
                  {local && <span className="expansion-local">仅保存在本页</span>}
                </p>
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="muted">还没有扩展内容。</p>
      )}
      <FormError message={syncError} />
      <form className="expansion-form" onSubmit={(e) => void submit(e)} noValidate>
        <div className="field">
          <label htmlFor={fieldId}>添加扩展</label>
          <textarea
            id={fieldId}
            rows={3}
            value={text}
            maxLength={EXPANSION_MAX}
            placeholder="例如：新的使用场景、验证结果、下一步计划…"
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? errorId : undefined}
            onChange={(e) => {
              setText(e.target.value);
              if (fieldError) setFieldError(null);
            }}
          />
          {fieldError && (
            <p id={errorId} className="field-error" role="alert">
              {fieldError}
            </p>
          )}
        </div>
        <SubmitButton className="btn btn-small" pending={save.isPending} pendingLabel="保存中…">
          添加扩展
        </SubmitButton>
      </form>
    </section>
  );
}
