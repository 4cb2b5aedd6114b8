/** The editor's plain fields: title, description, market, the detailed analysis with its images, and the settings. */
import type { ReactNode, RefObject } from 'react';
import { IDEA_DESCRIPTION_MAX, IDEA_MSG, IDEA_TITLE_MAX, MARKET_IDENTIFIERS, MARKET_LABELS, type MarketIdentifier } from '../../../shared/idea-rules.ts';
import { titleLength } from './editor-mode.ts';
import { RichTextEditor, type RichTextEditorHandle } from './RichTextEditor.tsx';

export const describedBy = (...idList: (string | false | undefined)[]) => idList.filter(Boolean).join(' ') || undefined;

export function FieldNotes({ id, hint, count, over = false, error }: { id: string; hint: string; count: string; over?: boolean; error?: string }): ReactNode {
  return (
    <>
      <div className="field-notes">
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
        <span className={`field-count ${over ? 'field-count-over' : ''}`} aria-hidden="true">
          {count}
        </span>
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

export function TitleField({ id, inputRef, value, error, onChange }: { id: string; inputRef: RefObject<HTMLInputElement | null>; value: string; error?: string; onChange(value: string): void }) {
  // Over 60 characters the title is not cut: the counter and the error say so while typing.
  const tooLong = titleLength(value) > IDEA_TITLE_MAX;
  const shown = error ?? (tooLong ? IDEA_MSG.titleTooLong : undefined);
  return (
    <div className="field">
      <label htmlFor={id}>标题</label>
      <input
        ref={inputRef}
        id={id}
        type="text"
        autoComplete="off"
        placeholder="一句话说出你的创意"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={!!shown}
        aria-describedby={describedBy(`${id}-hint`, shown && `${id}-error`)}
      />
      <FieldNotes id={id} hint={`发布时必填，最多${IDEA_TITLE_MAX}个字`} count={`${titleLength(value)}/${IDEA_TITLE_MAX}`} over={tooLong} error={shown} />
    </div>
  );
}

export function DescriptionField({
  id,
  inputRef,
  value,
  error,
  onChange,
}: {
  id: string;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  value: string;
  error?: string;
  onChange(value: string): void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>简介</label>
      <textarea
        ref={inputRef}
        id={id}
        rows={3}
        maxLength={IDEA_DESCRIPTION_MAX}
        placeholder="简单介绍这个创意解决什么问题、面向谁"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={!!error}
        aria-describedby={describedBy(`${id}-hint`, error && `${id}-error`)}
      />
      <FieldNotes id={id} hint={`最多${IDEA_DESCRIPTION_MAX}个字`} count={`${value.length}/${IDEA_DESCRIPTION_MAX}`} error={error} />
    </div>
  );
}

export function MarketField({ id, value, onChange }: { id: string; value: MarketIdentifier; onChange(value: MarketIdentifier): void }) {
  return (
    <fieldset className="field" aria-describedby={`${id}-hint`}>
      <legend>市场情况</legend>
      <p id={`${id}-hint`} className="field-hint">
        市场上是否已有类似的产品或服务
      </p>
      <div className="choice-row">
        {MARKET_IDENTIFIERS.map((m) => (
          <label key={m} className="choice">
            <input type="radio" name={`${id}-market`} value={m} checked={value === m} onChange={() => onChange(m)} />
            {MARKET_LABELS[m]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The detailed analysis: rich text whose images upload as they are added (RichTextEditor). */
export function AnalysisField(props: {
  wrapRef: RefObject<HTMLDivElement | null>;
  handleRef: RefObject<RichTextEditorHandle | null>;
  initialContent: string;
  savedContent?: string;
  ideaId(): number | null;
  error?: string;
  onChange(html: string): void;
  onPendingUploadsChange(count: number): void;
}) {
  return (
    <div ref={props.wrapRef}>
      <RichTextEditor
        initialContent={props.initialContent}
        savedContent={props.savedContent}
        onChange={props.onChange}
        ideaId={props.ideaId}
        onPendingUploadsChange={props.onPendingUploadsChange}
        handleRef={props.handleRef}
        invalid={!!props.error}
      />
      {props.error && (
        <p className="field-error" role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}

export function SettingsFields({
  id,
  allowComments,
  showSimilar,
  onChange,
}: {
  id: string;
  allowComments: boolean;
  showSimilar: boolean;
  onChange(key: 'allowComments' | 'showSimilar', value: boolean): void;
}) {
  return (
    <fieldset className="field create-options" id={id}>
      <legend>更多选项</legend>
      <label className="choice">
        <input type="checkbox" checked={allowComments} onChange={(e) => onChange('allowComments', e.target.checked)} />
        允许评论
      </label>
      <label className="choice">
        <input type="checkbox" checked={showSimilar} onChange={(e) => onChange('showSimilar', e.target.checked)} />
        显示相似创意
      </label>
    </fieldset>
  );
}
