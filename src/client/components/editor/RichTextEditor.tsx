/**
 * The detailed-analysis editor (Tiptap 3). Imported only by the idea editor (CreatePinPage), so Tiptap downloads with
 * that page alone. Images: checked before upload, shown at once from a local object URL, then
 * pointed at the server's file, or removed when the upload fails (docs/spec/publishing-and-browsing.md §4, §5); each with a
 * 图片说明 field of its own (captioned-image.ts). The pieces: the extensions (rich-text-extensions.ts), the
 * toolbar (EditorToolbar.tsx), the link form (LinkForm.tsx), paste and drop (rich-text-paste.ts), the uploads (useImageUploads.ts).
 */
import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { Toolbar } from './EditorToolbar.tsx';
import { LinkForm } from './LinkForm.tsx';
import { serialize } from './rich-text-document.ts';
import { EXTENSIONS, leaveWithEscape } from './rich-text-extensions.ts';
import { EDITOR_MSG } from './rich-text-messages.ts';
import { dropForeignImages, routeFiles } from './rich-text-paste.ts';
import { useImageUploads } from './useImageUploads.ts';

export interface RichTextEditorHandle {
  /**
   * After a successful save of `savedAnalysis` (the analysis as the server stored it): forgets the
   * idea's images the save removed and deletes this page's uploads that neither the save nor the
   * text shows.
   */
  settleImagesAfterSave(savedAnalysis: string): Promise<void>;
}

export interface RichTextEditorProps {
  /** HTML to start from (a loaded draft, or an unsaved copy of it); read once. */
  initialContent: string;
  /**
   * The analysis as the server holds it, when `initialContent` is an unsaved copy: the copy's images
   * that are not in it are uploads no save has put in the idea (the server holds them for the author).
   */
  savedContent?: string;
  /** The current HTML; '' when the editor is empty. */
  onChange: (html: string) => void;
  /**
   * The id of the idea being edited, or null for one not saved yet: its uploads are then held by the
   * server for the author and attached when the idea is saved with them (no draft is created for them).
   */
  ideaId: () => number | null;
  /** How many uploads are under way, so the page can hold saving until they finish. */
  onPendingUploadsChange?: (count: number) => void;
  handleRef?: Ref<RichTextEditorHandle>;
  invalid?: boolean;
}

export function RichTextEditor({ initialContent, savedContent = initialContent, onChange, ideaId, onPendingUploadsChange, handleRef, invalid = false }: RichTextEditorProps) {
  const labelId = useId();
  const hintId = useId();
  const errorId = useId();
  const [error, setError] = useState<string | null>(null);
  // Below the editor, an error could sit under the phone's sticky action bar: bring it into view.
  const errorRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (error) errorRef.current?.scrollIntoView({ block: 'nearest' });
  }, [error]);
  const [linkOpen, setLinkOpen] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const callbacks = useRef({ onChange });
  callbacks.current = { onChange };
  const insertImageRef = useRef<(file: File) => void>(() => undefined);

  const [extensions] = useState(() => [...EXTENSIONS, leaveWithEscape(hintId)]);
  const editor = useEditor({
    extensions,
    content: initialContent || '',
    immediatelyRender: false,
    editorProps: {
      // Recomputed each render; useEditor hands changed props to the live editor.
      attributes: {
        'aria-label': '详细分析',
        'aria-labelledby': labelId,
        'aria-describedby': error ? `${hintId} ${errorId}` : hintId,
        'aria-invalid': invalid || error ? 'true' : 'false',
        role: 'textbox',
        'aria-multiline': 'true',
        class: 'rich-text editor-content',
      },
      transformPastedHTML: dropForeignImages,
      handlePaste: (_view, event) => routeFiles(event.clipboardData, event, insertImageRef.current),
      handleDrop: (_view, event) => routeFiles((event as DragEvent).dataTransfer, event, insertImageRef.current),
    },
    onUpdate: ({ editor: e }) => callbacks.current.onChange(serialize(e)),
  });

  const { pending, insertImage, onFileChosen, settleImagesAfterSave } = useImageUploads({ editor, initialContent, savedContent, ideaId, onPendingUploadsChange, setError });
  useImperativeHandle(handleRef, () => ({ settleImagesAfterSave }));
  insertImageRef.current = (file) => void insertImage(file);

  return (
    <div className="field editor-field">
      <span id={labelId} className="field-label" onClick={() => editor?.commands.focus()}>
        详细分析
      </span>
      <div className={`editor-frame ${invalid || error ? 'editor-frame-invalid' : ''}`}>
        <Toolbar editor={editor} onInsertImage={() => fileInput.current?.click()} onToggleLink={() => setLinkOpen((o) => !o)} linkOpen={linkOpen} uploading={pending > 0} />
        {linkOpen && editor && <LinkForm editor={editor} onDone={() => setLinkOpen(false)} />}
        {editor ? <EditorContent editor={editor} /> : <div className="rich-text editor-content editor-loading" aria-hidden="true" />}
      </div>
      <input ref={fileInput} type="file" accept="image/*" className="visually-hidden" tabIndex={-1} aria-label="选择图片" onChange={onFileChosen} />
      <p id={hintId} className="field-hint" tabIndex={-1}>
        {EDITOR_MSG.hint}
      </p>
      <p className="field-hint" role="status">
        {pending > 0 ? EDITOR_MSG.uploading : ''}
      </p>
      {error && (
        <p id={errorId} ref={errorRef} className="field-error editor-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
