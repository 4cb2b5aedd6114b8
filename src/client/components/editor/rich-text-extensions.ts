/** The editor's Tiptap extensions: the starter kit as the analysis allows it, captioned images, and Escape to leave. */
import { Extension } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { CaptionedImage } from './captioned-image.ts';

export const EXTENSIONS = [
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
export const leaveWithEscape = (hintId: string) =>
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
