/** Reading and changing the editor's document: its images, its HTML, and the cursor after an inserted image. */
import type { Editor } from '@tiptap/react';
import type { Node as PmNode } from '@tiptap/pm/model';
import { NodeSelection, TextSelection } from '@tiptap/pm/state';

export function imageSources(doc: PmNode): string[] {
  const sources: string[] = [];
  doc.descendants((node) => {
    if (node.type.name === 'image') sources.push(String(node.attrs.src ?? ''));
  });
  return sources;
}

export function imageSourcesInHtml(html: string): string[] {
  if (!html) return [];
  return [...new DOMParser().parseFromString(html, 'text/html').querySelectorAll('img')].map((img) => img.getAttribute('src') ?? '');
}

export function serialize(editor: Editor): string {
  const html = editor.getHTML();
  return html === '<p></p>' ? '' : html;
}

/** Finds the image whose src is `src` and replaces its attributes (null removes it), outside undo history. */
export function updateImage(editor: Editor, src: string, attrs: Record<string, unknown> | null): void {
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
export function placeCursorAfterImage(editor: Editor): void {
  const { state } = editor;
  if (!(state.selection instanceof NodeSelection)) return;
  const pos = state.selection.to;
  let tr = state.tr;
  if (!state.doc.resolve(pos).nodeAfter?.isTextblock) tr = tr.insert(pos, state.schema.nodes.paragraph.create());
  editor.view.dispatch(tr.setSelection(TextSelection.create(tr.doc, pos + 1)).scrollIntoView());
}
