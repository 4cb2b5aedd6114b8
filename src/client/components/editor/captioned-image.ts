/**
 * The analysis's picture as the author edits it: the image with a 图片说明 field under it. What is
 * typed there is the picture's alt text (kept with it in the HTML, read by screen readers, checked by
 * the server's word check like any text: ideas/publish-checks.ts); left empty, the picture says 创意配图.
 */
import Image from '@tiptap/extension-image';
import { IDEA_IMAGE_ALT, IMAGE_CAPTION_MAX, imageCaption } from '../../../shared/idea-rules.ts';

export const CAPTION_MSG = {
  label: '图片说明',
  placeholder: '一句话说明这张图（选填），看不到图的读者也能知道',
} as const;

/** The field shows the author's own words: the default description stays out of it. */
const fieldValue = (alt: unknown) => (typeof alt === 'string' && alt !== IDEA_IMAGE_ALT ? alt : '');

export const CaptionedImage = Image.extend({
  addNodeView() {
    return ({ node: initial, getPos, editor }) => {
      let node = initial;
      const figure = document.createElement('figure');
      figure.className = 'editor-image';
      const img = document.createElement('img');
      const label = document.createElement('label');
      label.className = 'editor-image-caption';
      const name = document.createElement('span');
      name.textContent = CAPTION_MSG.label;
      const input = document.createElement('input');
      input.type = 'text';
      input.maxLength = IMAGE_CAPTION_MAX;
      input.placeholder = CAPTION_MSG.placeholder;
      input.enterKeyHint = 'done';
      label.append(name, input);
      figure.append(img, label);

      const show = () => {
        for (const attr of ['src', 'width', 'height'] as const) {
          const value = node.attrs[attr];
          if (value === null || value === undefined) img.removeAttribute(attr);
          else img.setAttribute(attr, String(value));
        }
        img.alt = imageCaption(node.attrs.alt);
        // Not while the author types: the document follows the field, not the other way round.
        if (document.activeElement !== input) input.value = fieldValue(node.attrs.alt);
      };
      show();

      input.addEventListener('input', () => {
        const pos = typeof getPos === 'function' ? getPos() : undefined;
        if (pos === undefined || !editor.isEditable) return;
        editor.view.dispatch(editor.view.state.tr.setNodeAttribute(pos, 'alt', input.value.trim() ? input.value : IDEA_IMAGE_ALT));
      });
      // Enter ends the description and goes back to the text below the picture.
      input.addEventListener('keydown', (event) => {
        if (event.key !== 'Enter' || event.isComposing) return;
        event.preventDefault();
        const pos = typeof getPos === 'function' ? getPos() : undefined;
        if (pos !== undefined)
          editor
            .chain()
            .focus()
            .setTextSelection(pos + node.nodeSize)
            .run();
      });
      input.addEventListener('blur', () => {
        input.value = fieldValue(node.attrs.alt);
      });

      return {
        dom: figure,
        update: (next) => {
          if (next.type !== node.type) return false;
          node = next;
          show();
          return true;
        },
        // The field's own typing, clicks and selection stay with it; ProseMirror leaves the DOM it does not own alone.
        stopEvent: (event) => event.target === input,
        ignoreMutation: () => true,
      };
    };
  },
});
