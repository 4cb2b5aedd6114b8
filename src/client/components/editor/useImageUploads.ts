/**
 * The analysis's images (docs/spec/publishing-and-browsing.md §4, §5): checked before upload, shown at
 * once from a local object URL, then pointed at the server's file, or removed when the upload fails.
 * Keeps which uploads the idea holds on the server, so those the text no longer shows are deleted.
 */
import type { Editor } from '@tiptap/react';
import { NodeSelection } from '@tiptap/pm/state';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { IDEA_MSG, IMAGES_PER_IDEA } from '../../../shared/idea-rules.ts';
import { deleteIdeaImage, imageFileProblem, UploadError, uploadFileNameFromUrl, uploadIdeaImage } from '../../lib/upload.ts';
import { imageSources, imageSourcesInHtml, placeCursorAfterImage, updateImage } from './rich-text-document.ts';
import { EDITOR_MSG } from './rich-text-messages.ts';

interface ImageUploadOptions {
  editor: Editor | null;
  /** The analysis the editor starts from, and the one the server holds (RichTextEditorProps). */
  initialContent: string;
  savedContent: string;
  ideaId: () => number | null;
  onPendingUploadsChange?: (count: number) => void;
  setError: (error: string | null) => void;
}

export function useImageUploads({ editor, initialContent, savedContent, ideaId, onPendingUploadsChange, setError }: ImageUploadOptions) {
  const [pending, setPending] = useState(0);
  const callbacks = useRef({ ideaId, onPendingUploadsChange });
  callbacks.current = { ideaId, onPendingUploadsChange };
  /** Upload URLs this idea holds on the server, as far as this page knows. */
  const [storedImagesAtStart] = useState(() => new Set(imageSourcesInHtml(initialContent)));
  const storedImages = useRef(storedImagesAtStart);
  /** Of those, the uploads of this page no save has put in the idea yet (the server holds them for the author). */
  const [heldAtStart] = useState(() => {
    const saved = imageSourcesInHtml(savedContent);
    return new Set([...storedImagesAtStart].filter((url) => !saved.includes(url)));
  });
  const heldUploads = useRef(heldAtStart);

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

  /** The handle's settleImagesAfterSave (RichTextEditorHandle says when it is called). */
  const settleImagesAfterSave = async (savedAnalysis: string) => {
    const saved = imageSourcesInHtml(savedAnalysis);
    for (const url of [...storedImages.current]) {
      if (saved.includes(url)) heldUploads.current.delete(url);
      // The save already removed the idea's images it no longer shows: asking again would be a 404.
      else if (!heldUploads.current.has(url)) storedImages.current.delete(url);
    }
    const inText = editor && !editor.isDestroyed ? imageSources(editor.state.doc) : [];
    await removeOrphans([...saved, ...inText]);
  };

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

  const onFileChosen = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // Cleared so choosing the same file again still fires a change.
    e.target.value = '';
    if (file) void insertImage(file);
  };

  return { pending, insertImage, onFileChosen, settleImagesAfterSave };
}
