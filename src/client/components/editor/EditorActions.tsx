/** Below the form: what went wrong (focused, so it is seen and read out once) and the buttons. */
import { useEffect, useRef } from 'react';
import { IDEA_MSG } from '../../../shared/idea-rules.ts';
import type { EditorMode } from './editor-mode.ts';
import { CREATE_MSG } from './form-values.ts';
import type { Failure } from './publish-failure.ts';
import { BusyButton } from '../ui/BusyButton.tsx';

export function FailureBox({ failure, offerDraft, disabled, onSaveDraft }: { failure: Failure; offerDraft: boolean; disabled: boolean; onSaveDraft(): void }) {
  // It sits right above the buttons the author just pressed; focus goes to it, so it is seen
  // (scrolled into view above the sticky bar on phones) and read out once.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failure.message !== IDEA_MSG.fixTags) box.current?.focus();
  }, [failure]);
  return (
    <div ref={box} className="error-box create-failure" role="alert" tabIndex={-1}>
      <p className="create-failure-message">{failure.message}</p>
      {failure.detail && <p>{failure.detail}</p>}
      {failure.hint && <p className="create-failure-hint">{failure.hint}</p>}
      {failure.offerDraft && offerDraft && (
        <BusyButton className="btn btn-small" onClick={onSaveDraft} waiting={disabled}>
          保存为草稿
        </BusyButton>
      )}
    </div>
  );
}

export function EditorActions(props: {
  mode: EditorMode;
  preview: boolean;
  busy: 'draft' | 'publish' | null;
  pendingUploads: number;
  onTogglePreview(): void;
  onSaveDraft(): void;
  onPublish(): void;
}) {
  const blocked = props.busy !== null || props.pendingUploads > 0;
  return (
    <div className="create-actions">
      {props.pendingUploads > 0 && (
        <p className="create-actions-status" role="status">
          {CREATE_MSG.uploadsPending}
        </p>
      )}
      <div className="create-buttons">
        <button type="button" className="btn" onClick={props.onTogglePreview}>
          {props.preview ? '继续编辑' : '预览'}
        </button>
        {props.mode.allowDraft && (
          <BusyButton className="btn" onClick={props.onSaveDraft} busy={props.busy === 'draft'} waiting={blocked}>
            {props.busy === 'draft' ? '正在保存…' : '保存草稿'}
          </BusyButton>
        )}
        <BusyButton className="btn btn-primary" onClick={props.onPublish} busy={props.busy === 'publish'} waiting={blocked}>
          {props.busy === 'publish' ? props.mode.publishingLabel : props.mode.publishLabel}
        </BusyButton>
      </div>
    </div>
  );
}
