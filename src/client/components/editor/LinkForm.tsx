/** The link editor under the toolbar: sets, changes or removes the link at the selection. */
import type { Editor } from '@tiptap/react';
import { useId, useState, type FormEvent } from 'react';
import { EDITOR_MSG } from './rich-text-messages.ts';

export function LinkForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const inputId = useId();
  const errorId = useId();
  const current = String(editor.getAttributes('link').href ?? '');
  const [href, setHref] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = href.trim();
    if (!value) {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      return onDone();
    }
    const url = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
    if (!/^(https?:\/\/|mailto:)/i.test(url)) return setError(EDITOR_MSG.linkInvalid);
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link')) chain.insertContent({ type: 'text', text: value, marks: [{ type: 'link', attrs: { href: url } }] }).run();
    else chain.setLink({ href: url }).run();
    onDone();
  };
  // A form inside the page's form is not allowed; this is a group submitted by its button or Enter.
  return (
    <div className="editor-link" role="group" aria-label="编辑链接">
      <label htmlFor={inputId}>链接地址</label>
      <input
        id={inputId}
        type="url"
        inputMode="url"
        autoFocus
        placeholder="https://"
        value={href}
        aria-invalid={!!error}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => setHref(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') submit(e);
          if (e.key === 'Escape') {
            e.preventDefault();
            onDone();
            editor.commands.focus();
          }
        }}
      />
      <button type="button" className="btn btn-small" onClick={submit}>
        确定
      </button>
      {current && (
        <button
          type="button"
          className="btn btn-small btn-ghost"
          onClick={() => {
            editor.chain().focus().extendMarkRange('link').unsetLink().run();
            onDone();
          }}
        >
          移除链接
        </button>
      )}
      <button
        type="button"
        className="btn btn-small btn-ghost"
        onClick={() => {
          onDone();
          editor.commands.focus();
        }}
      >
        取消
      </button>
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
