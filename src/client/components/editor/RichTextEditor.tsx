/**
 * The detailed-analysis editor (Tiptap 3). Imported only by the idea editor (CreatePinPage), so Tiptap downloads with
 * that page alone. Images: checked before upload, shown at once from a local object URL, then
 * pointed at the server's file, or removed when the upload fails (docs/spec/publishing-and-browsing.md §4, §5); each with a
 * 图片说明 field of its own (captioned-image.ts).
 */
import { Extension } from '@tiptap/core';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import type { Node as PmNode } from '@tiptap/pm/model';
import { NodeSelection, TextSelection } from '@tiptap/pm/state';
import { useEffect, useId, useImperativeHandle, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode, type Ref } from 'react';
import { IDEA_IMAGE_ALT, IDEA_MSG, IMAGES_PER_IDEA } from '../../../shared/idea-rules.ts';
import { deleteIdeaImage, imageFileProblem, UploadError, uploadFileNameFromUrl, uploadIdeaImage, UPLOADS_URL_PREFIX } from '../../lib/upload.ts';
import { CaptionedImage } from './captioned-image.ts';

export const EDITOR_MSG = {
  hint: `可插入图片：最多${IMAGES_PER_IDEA}张，单张不超过10MB，图片超过1MB将自动压缩；带新图片的创意由管理员看过后公开。按 Esc 键离开编辑区`,
  uploading: '图片上传中…',
  imageAlt: IDEA_IMAGE_ALT,
  linkInvalid: '请输入以 http:// 或 https:// 开头的链接',
} as const;

const EXTENSIONS = [
  StarterKit.configure({
    // The page and the detail page own h1 and h2; the server keeps h2 to h4.
    heading: { levels: [3, 4] },
    link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
  }),
  CaptionedImage.configure({ inline: false, allowBase64: false }),
];

/**
 * Escape leaves the text for the hint under it, so Tab goes on to the next control: inside a list Tab
 * and Shift+Tab indent, and a keyboard user had no way out of the editor (a phone walkthrough).
 */
const leaveWithEscape = (hintId: string) =>
  Extension.create({
    name: 'leaveWithEscape',
    addKeyboardShortcuts() {
      return {
        Escape: () => {
          const hint = document.getElementById(hintId);
          if (!hint) return false;
          hint.focus();
          return true;
        },
      };
    },
  });

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

function imageSources(doc: PmNode): string[] {
  const sources: string[] = [];
  doc.descendants((node) => {
    if (node.type.name === 'image') sources.push(String(node.attrs.src ?? ''));
  });
  return sources;
}

function imageSourcesInHtml(html: string): string[] {
  if (!html) return [];
  return [...new DOMParser().parseFromString(html, 'text/html').querySelectorAll('img')].map((img) => img.getAttribute('src') ?? '');
}

function serialize(editor: Editor): string {
  const html = editor.getHTML();
  return html === '<p></p>' ? '' : html;
}

/** Finds the image whose src is `src` and replaces its attributes (null removes it), outside undo history. */
function updateImage(editor: Editor, src: string, attrs: Record<string, unknown> | null): void {
  if (editor.isDestroyed) return;
  const { state } = editor;
  let tr = state.tr;
  const hits: { pos: number; node: PmNode }[] = [];
  state.doc.descendants((node, pos) => {
    if (node.type.name === 'image' && node.attrs.src === src) hits.push({ pos, node });
  });
  if (!hits.length) return;
  // Back to front, so earlier positions stay valid while later ones change.
  for (const { pos, node } of hits.reverse()) {
    tr = attrs ? tr.setNodeMarkup(pos, undefined, { ...node.attrs, ...attrs }) : tr.delete(pos, pos + node.nodeSize);
  }
  editor.view.dispatch(tr.setMeta('addToHistory', false));
}

/**
 * A selected node (such as a just-inserted image) would be replaced by typing or by the next insert:
 * put a text cursor right below it instead, adding an empty paragraph when none follows.
 */
function placeCursorAfterImage(editor: Editor): void {
  const { state } = editor;
  if (!(state.selection instanceof NodeSelection)) return;
  const pos = state.selection.to;
  let tr = state.tr;
  if (!state.doc.resolve(pos).nodeAfter?.isTextblock) tr = tr.insert(pos, state.schema.nodes.paragraph.create());
  editor.view.dispatch(tr.setSelection(TextSelection.create(tr.doc, pos + 1)).scrollIntoView());
}

/** Pasted HTML may carry foreign images: the page's CSP would block them and the server drops them. */
function dropForeignImages(html: string): string {
  if (!html.includes('<img')) return html;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.querySelectorAll('img').forEach((img) => {
    if (!(img.getAttribute('src') ?? '').startsWith(UPLOADS_URL_PREFIX)) img.remove();
  });
  return doc.body.innerHTML;
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
  const [pending, setPending] = useState(0);
  const [linkOpen, setLinkOpen] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const callbacks = useRef({ onChange, ideaId, onPendingUploadsChange });
  callbacks.current = { onChange, ideaId, onPendingUploadsChange };
  /** Upload URLs this idea holds on the server, as far as this page knows. */
  const [storedImagesAtStart] = useState(() => new Set(imageSourcesInHtml(initialContent)));
  const storedImages = useRef(storedImagesAtStart);
  /** Of those, the uploads of this page no save has put in the idea yet (the server holds them for the author). */
  const [heldAtStart] = useState(() => {
    const saved = imageSourcesInHtml(savedContent);
    return new Set([...storedImagesAtStart].filter((url) => !saved.includes(url)));
  });
  const heldUploads = useRef(heldAtStart);
  const insertImageRef = useRef<(file: File) => void>(() => undefined);
  /** Image files pasted or dropped into the text go through the same checks and upload. */
  const routeFiles = (data: DataTransfer | null | undefined, event: Event): boolean => {
    const files = [...(data?.files ?? [])];
    if (!files.length) return false;
    event.preventDefault();
    files.forEach((f) => insertImageRef.current(f));
    return true;
  };

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
      handlePaste: (_view, event) => routeFiles(event.clipboardData, event),
      handleDrop: (_view, event) => routeFiles((event as DragEvent).dataTransfer, event),
    },
    onUpdate: ({ editor: e }) => callbacks.current.onChange(serialize(e)),
  });

  useEffect(() => {
    callbacks.current.onPendingUploadsChange?.(pending);
  }, [pending]);

  const removeOrphans = async (keepDocumentImages: readonly string[]) => {
    const orphans = [...storedImages.current].filter((url) => !keepDocumentImages.includes(url));
    await Promise.all(
      orphans.map(async (url) => {
        const name = uploadFileNameFromUrl(url);
        if (name && (await deleteIdeaImage(name))) {
          storedImages.current.delete(url);
          heldUploads.current.delete(url);
        }
      }),
    );
  };

  useImperativeHandle(handleRef, () => ({
    settleImagesAfterSave: async (savedAnalysis: string) => {
      const saved = imageSourcesInHtml(savedAnalysis);
      for (const url of [...storedImages.current]) {
        if (saved.includes(url)) heldUploads.current.delete(url);
        // The save already removed the idea's images it no longer shows: asking again would be a 404.
        else if (!heldUploads.current.has(url)) storedImages.current.delete(url);
      }
      const inText = editor && !editor.isDestroyed ? imageSources(editor.state.doc) : [];
      await removeOrphans([...saved, ...inText]);
    },
  }));

  const insertImage = async (file: File) => {
    if (!editor) return;
    setError(null);
    const problem = imageFileProblem(file, imageSources(editor.state.doc).length);
    if (problem) {
      setError(problem);
      return;
    }
    const localUrl = URL.createObjectURL(file);
    // Inserting never replaces selected text or a selected picture (a failed upload would lose them).
    editor.commands.focus();
    const { selection } = editor.state;
    if (!selection.empty && !(selection instanceof NodeSelection)) editor.commands.setTextSelection(selection.to);
    placeCursorAfterImage(editor);
    editor.commands.setImage({ src: localUrl, alt: EDITOR_MSG.imageAlt });
    placeCursorAfterImage(editor);
    setPending((n) => n + 1);
    try {
      // The server counts every upload of the idea, also ones deleted from the text: free those first.
      const inDocument = imageSources(editor.state.doc);
      if (storedImages.current.size >= IMAGES_PER_IDEA) await removeOrphans(inDocument);
      const uploaded = await uploadIdeaImage(file, callbacks.current.ideaId());
      storedImages.current.add(uploaded.url);
      heldUploads.current.add(uploaded.url);
      updateImage(editor, localUrl, { src: uploaded.url, width: uploaded.width ?? null, height: uploaded.height ?? null });
    } catch (err) {
      updateImage(editor, localUrl, null);
      setError(err instanceof UploadError || err instanceof Error ? err.message || IDEA_MSG.uploadFailed : IDEA_MSG.uploadFailed);
    } finally {
      URL.revokeObjectURL(localUrl);
      setPending((n) => n - 1);
    }
  };
  insertImageRef.current = (file) => void insertImage(file);

  const onFileChosen = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // Cleared so choosing the same file again still fires a change.
    e.target.value = '';
    if (file) void insertImage(file);
  };

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

function Icon({ d }: { d: string }) {
  return (
    <svg className="editor-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d={d} />
    </svg>
  );
}

function ToolButton({ label, active, onClick, disabled, children }: { label: string; active?: boolean; onClick: () => void; disabled?: boolean; children: ReactNode }) {
  return (
    <button
      type="button"
      className={`editor-tool ${active ? 'editor-tool-active' : ''}`}
      aria-pressed={active === undefined ? undefined : active}
      title={label}
      disabled={disabled}
      // Keep the selection in the editor when a tool is clicked with the mouse.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
    >
      <span aria-hidden="true" className="editor-tool-icon">
        {children}
      </span>
      <span className="visually-hidden">{label}</span>
    </button>
  );
}

function Toolbar({ editor, onInsertImage, onToggleLink, linkOpen, uploading }: { editor: Editor | null; onInsertImage: () => void; onToggleLink: () => void; linkOpen: boolean; uploading: boolean }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            heading: e.isActive('heading', { level: 3 }),
            bulletList: e.isActive('bulletList'),
            orderedList: e.isActive('orderedList'),
            blockquote: e.isActive('blockquote'),
            link: e.isActive('link'),
          }
        : null,
  });
  const run = (fn: (e: Editor) => void) => () => editor && fn(editor);
  const off = !editor;
  return (
    <div className="editor-toolbar" role="toolbar" aria-label="文本格式">
      <ToolButton label="加粗" active={!!state?.bold} disabled={off} onClick={run((e) => e.chain().focus().toggleBold().run())}>
        <b>B</b>
      </ToolButton>
      <ToolButton label="斜体" active={!!state?.italic} disabled={off} onClick={run((e) => e.chain().focus().toggleItalic().run())}>
        <i>I</i>
      </ToolButton>
      <ToolButton label="小标题" active={!!state?.heading} disabled={off} onClick={run((e) => e.chain().focus().toggleHeading({ level: 3 }).run())}>
        H
      </ToolButton>
      <ToolButton label="无序列表" active={!!state?.bulletList} disabled={off} onClick={run((e) => e.chain().focus().toggleBulletList().run())}>
        <Icon d="M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01" />
      </ToolButton>
      <ToolButton label="有序列表" active={!!state?.orderedList} disabled={off} onClick={run((e) => e.chain().focus().toggleOrderedList().run())}>
        <Icon d="M10 6h10M10 12h10M10 18h10M4 5l1.5-1v5M3.5 14.5a1.5 1.5 0 1 1 2.5 1.2L3.5 19H6.5" />
      </ToolButton>
      <ToolButton label="引用" active={!!state?.blockquote} disabled={off} onClick={run((e) => e.chain().focus().toggleBlockquote().run())}>
        <Icon d="M5 4v16M9 8h11M9 12h11M9 16h7" />
      </ToolButton>
      <ToolButton label="链接" active={!!state?.link || linkOpen} disabled={off} onClick={onToggleLink}>
        <Icon d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
      </ToolButton>
      <button type="button" className="btn btn-small editor-insert-image" disabled={off || uploading} onClick={onInsertImage}>
        <Icon d="M4 5h16v14H4zM4 16l5-5 4 4 2-2 5 5M15.5 9.5h.01" />
        插入图片
      </button>
    </div>
  );
}

function LinkForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
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
