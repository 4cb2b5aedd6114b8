/**
 * Tags: typed with spaces, shown as chips as they parse; past the limit the spec's sentence names
 * the ones not kept, struck through beside the field (and repeated in the preview).
 */
import { useEffect, useRef, type RefObject } from 'react';
import { TAGS_MAX, type TagParse } from '../../../shared/idea-rules.ts';
import { CREATE_MSG } from './form-values.ts';
import { describedBy } from './IdeaFields.tsx';

export function TagsField({
  id,
  inputRef,
  value,
  parsed,
  notice,
  error,
  onChange,
}: {
  id: string;
  inputRef: RefObject<HTMLInputElement | null>;
  value: string;
  parsed: TagParse;
  /** The sentence naming the tags past the limit, or null. */
  notice: string | null;
  error?: string;
  onChange(value: string): void;
}) {
  // The field sits low on the page: bring the notice into view (no-op when it already is).
  const noticeRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (notice) noticeRef.current?.scrollIntoView({ block: 'nearest' });
  }, [notice]);

  return (
    <div className="field">
      <label htmlFor={id}>标签</label>
      <input
        ref={inputRef}
        id={id}
        type="text"
        autoComplete="off"
        placeholder="例如：环保 智能家居 AI"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={parsed.errors.length > 0 || !!error}
        aria-describedby={describedBy(`${id}-hint`, `${id}-feedback`)}
      />
      <div className="field-notes">
        <p id={`${id}-hint`} className="field-hint">
          {CREATE_MSG.tagsHint}
        </p>
        <span className={`field-count ${parsed.dropped.length ? 'field-count-over' : ''}`} aria-hidden="true" data-testid="tags-count">
          {parsed.tags.length + parsed.dropped.length}/{TAGS_MAX}
        </span>
      </div>
      <div id={`${id}-feedback`} aria-live="polite">
        {notice && (
          <p ref={noticeRef} className="field-warning create-tags-notice" data-testid="tags-notice">
            {notice}
          </p>
        )}
        {[...parsed.errors, ...(error ? [error] : [])].map((message) => (
          <p key={message} className="field-error">
            {message}
          </p>
        ))}
      </div>
      {parsed.tags.length > 0 && (
        <ul className="idea-tags idea-tags-inline">
          {parsed.tags.map((tag) => (
            <li key={tag} className="idea-tag">
              #{tag}
            </li>
          ))}
          {/* Past the limit: shown struck through, so the member sees which ones will not be kept. */}
          {parsed.dropped.map((tag) => (
            <li key={`dropped-${tag}`} className="idea-tag idea-tag-dropped" data-testid="tag-dropped">
              <s>#{tag}</s>
              <span className="visually-hidden">（不会保存）</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
