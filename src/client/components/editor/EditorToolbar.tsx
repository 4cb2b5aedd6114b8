/** The editor's toolbar: the formatting buttons, the link button and 插入图片. */
import { useEditorState, type Editor } from '@tiptap/react';
import type { ReactNode } from 'react';
import { LineIcon } from '../ui/LineIcon.tsx';

function Icon({ d }: { d: string }) {
  return <LineIcon className="editor-icon" d={d} size={18} strokeWidth={2} />;
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

export function Toolbar({
  editor,
  onInsertImage,
  onToggleLink,
  linkOpen,
  uploading,
}: {
  editor: Editor | null;
  onInsertImage: () => void;
  onToggleLink: () => void;
  linkOpen: boolean;
  uploading: boolean;
}) {
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
