/**
 * The idea editor's form (docs/spec/publishing-and-browsing.md §2, §4, §5, §8): its values and errors, saving a draft and
 * publishing with the error catalogue's hints, and the preview. The fields are in IdeaFields.tsx and
 * TagsField.tsx, the buttons and the failure box in EditorActions.tsx.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { IDEA_MSG, parseTags } from '../../../shared/idea-rules.ts';
import type { IdeaDto } from '../../../shared/idea-schemas.ts';
import { authorName, ideaStage, type IdeaStage } from '../../../shared/idea-display.ts';
import { getUserInfo, registrationNumberOf } from '../../lib/storage.ts';
import { trpc } from '../../lib/trpc.ts';
import type { PublishedState } from '../../pages/PublishSuccessPage.tsx';
import { titleProblem, type EditorMode } from './editor-mode.ts';
import { EditorActions, FailureBox } from './EditorActions.tsx';
import { RejectionReason } from '../idea/RejectionReason.tsx';
import { CREATE_MSG, HEADING_ID, serverFieldErrors, type FieldErrors, type FieldName, type IdeaFormValues } from './form-values.ts';
import { AnalysisField, DescriptionField, MarketField, SettingsFields, TitleField } from './IdeaFields.tsx';
import { IdeaPreview, type PreviewAuthor } from './IdeaPreview.tsx';
import { draftFailure, publishFailure, type Failure } from './publish-failure.ts';
import type { RichTextEditorHandle } from './RichTextEditor.tsx';
import { TagsField } from './TagsField.tsx';
import { dropUnsavedCopy, findUnsavedCopy, keepUnsavedCopy, unsavedCopyKey } from './unsaved-copy.ts';
import { useToast } from '../ui/Toast.tsx';

const DRAFTS_PATH = '/inspiration-library?tab=drafts';
/** How long typing pauses before the unsaved copy is written. */
const UNSAVED_COPY_DELAY_MS = 500;

function authorFromStorage(): PreviewAuthor {
  const user = getUserInfo() ?? {};
  const number = registrationNumberOf(user) ?? '';
  return {
    nickname: authorName({ nickname: user.nickname, registrationNumber: number }),
    registrationNumber: number || '—',
    avatar: user.avatarUrl || user.avatar || null,
  };
}

interface IdeaFormProps {
  initial: IdeaFormValues;
  ideaId: number | null;
  /** null for a new idea. */
  stage: IdeaStage | null;
  mode: EditorMode;
  rejectionReason?: string | null;
}

/** The form; 放弃 on an unsaved copy it offered back draws it afresh from what is saved. */
export function IdeaForm(props: IdeaFormProps) {
  const [round, setRound] = useState(0);
  return <IdeaFormBody key={round} {...props} onDiscardCopy={() => setRound((r) => r + 1)} />;
}

/** This member's unsaved copy of this idea in this browser (unsaved-copy.ts); null without a member. */
function useUnsavedCopy(ideaId: number | null, initial: IdeaFormValues) {
  const [key] = useState(() => {
    const number = typeof window === 'undefined' ? undefined : registrationNumberOf(getUserInfo());
    return number ? unsavedCopyKey(number, ideaId) : null;
  });
  const [offered] = useState(() => (key ? findUnsavedCopy(localStorage, key, initial) : null));
  // Set once a save succeeds or the copy is discarded: leaving then keeps nothing.
  const settled = useRef(false);
  return {
    offered,
    keep: (values: IdeaFormValues) => key && !settled.current && keepUnsavedCopy(localStorage, key, values, initial),
    settle: () => {
      settled.current = true;
      if (key) dropUnsavedCopy(localStorage, key);
    },
  };
}

function IdeaFormBody({ initial, ideaId, stage, mode, rejectionReason = null, onDiscardCopy }: IdeaFormProps & { onDiscardCopy: () => void }) {
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const toast = useToast();
  const create = trpc.ideas.create.useMutation();
  const update = trpc.ideas.update.useMutation();
  const copy = useUnsavedCopy(ideaId, initial);
  const start = copy.offered ?? initial;
  const [values, setValues] = useState(start);
  const [preview, setPreview] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState<'draft' | 'publish' | null>(null);
  const [pendingUploads, setPendingUploads] = useState(0);
  const [focusField, setFocusField] = useState<FieldName | null>(null);
  const author = useMemo(authorFromStorage, []);
  const tagParse = useMemo(() => parseTags(values.tagsText), [values.tagsText]);
  // Past the limit the spec's sentence, naming what will not be kept: beside the field and in the preview.
  const tagNotice = tagParse.notice ? `${tagParse.notice}：${IDEA_MSG.tagsNotSaved(tagParse.dropped)}` : null;

  const ids = { title: useId(), description: useId(), tags: useId(), market: useId(), options: useId() };
  const fieldRefs = {
    title: useRef<HTMLInputElement>(null),
    description: useRef<HTMLTextAreaElement>(null),
    tags: useRef<HTMLInputElement>(null),
  };
  const editorWrap = useRef<HTMLDivElement>(null);
  const editorHandle = useRef<RichTextEditorHandle>(null);
  /** The idea's id once it exists (loaded, or created by a save). Images never create it: see uploadIdeaImage. */
  const idRef = useRef<number | null>(ideaId);
  const latest = useRef({ values, tagParse });
  latest.current = { values, tagParse };

  // What is typed is kept half a second after the last change, and at once when the editor is left:
  // for another page of the app (unmounting), or the page itself (a reload, a closed tab, the phone
  // switching apps), where no unmount runs and the last half second was lost.
  useEffect(() => {
    const timer = setTimeout(() => copy.keep(values), UNSAVED_COPY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [values]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    const keepNow = () => void copy.keep(latest.current.values);
    const keepIfHidden = () => document.visibilityState === 'hidden' && keepNow();
    window.addEventListener('pagehide', keepNow);
    document.addEventListener('visibilitychange', keepIfHidden);
    return () => {
      window.removeEventListener('pagehide', keepNow);
      document.removeEventListener('visibilitychange', keepIfHidden);
      keepNow();
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  // Focus moves to a field only after the form is shown again (it is hidden during preview).
  useEffect(() => {
    if (!focusField || preview) return;
    if (focusField === 'analysis') editorWrap.current?.querySelector<HTMLElement>('[contenteditable="true"]')?.focus();
    else fieldRefs[focusField].current?.focus();
    setFocusField(null);
  }, [focusField, preview]); // eslint-disable-line react-hooks/exhaustive-deps

  const set = <K extends keyof IdeaFormValues>(key: K, value: IdeaFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    const field: FieldName | null = key === 'tagsText' ? 'tags' : key === 'analysis' ? 'analysis' : key === 'title' || key === 'description' ? key : null;
    if (field && errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
    // The "fix the tags" box goes away as soon as the tags are right.
    if (key === 'tagsText' && failure?.message === IDEA_MSG.fixTags && !parseTags(value as string).errors.length) setFailure(null);
  };

  /** The fields as the API takes them; the price is never sent (the server sets 0). */
  const fieldsFor = (status: 'draft' | 'published') => {
    const { values: v, tagParse: t } = latest.current;
    return {
      title: v.title.trim(),
      description: v.description.trim(),
      detailedAnalysis: v.analysis,
      marketIdentifier: v.marketIdentifier,
      tags: t.tags,
      allowComments: v.allowComments,
      showSimilar: v.showSimilar,
      status,
    };
  };

  const persist = async (status: 'draft' | 'published'): Promise<IdeaDto> => {
    const id = idRef.current;
    const input = fieldsFor(status);
    const { data: idea } = id ? await update.mutateAsync({ id, ...input }) : await create.mutateAsync(input);
    idRef.current = idea.id;
    return idea;
  };

  /** Client-side checks shared by save and publish; false when something must be fixed first. */
  const ready = (publishing: boolean): boolean => {
    const next: FieldErrors = {};
    const titleError = titleProblem(values.title, publishing);
    if (titleError) next.title = titleError;
    setErrors(next);
    if (tagParse.errors.length) {
      setFailure({ message: IDEA_MSG.fixTags });
      setPreview(false);
      setFocusField('tags');
      return false;
    }
    if (next.title) {
      setPreview(false);
      setFocusField('title');
      return false;
    }
    return true;
  };

  const afterSave = (saved: IdeaDto) => {
    copy.settle();
    void editorHandle.current?.settleImagesAfterSave(saved.detailedAnalysis ?? '');
    void utils.ideas.invalidate();
  };

  const showServerFieldErrors = (err: unknown) => {
    const fields = serverFieldErrors(err);
    if (!Object.keys(fields).length) return;
    setErrors(fields);
    setPreview(false);
  };

  const saveDraft = async () => {
    setFailure(null);
    if (!ready(false)) return;
    setBusy('draft');
    const creating = idRef.current === null;
    try {
      afterSave(await persist('draft'));
      navigate(DRAFTS_PATH);
      toast('草稿已保存');
    } catch (err) {
      setBusy(null);
      showServerFieldErrors(err);
      setFailure(draftFailure(err, { creating }));
    }
  };

  const publish = async () => {
    setFailure(null);
    if (!ready(true)) return;
    setBusy('publish');
    try {
      const idea = await persist('published');
      afterSave(idea);
      // An automatic approval sends a message: the bell shows it now, not at its next poll.
      void utils.messages.unreadCount.invalidate();
      // The success page says what the review did: public at once (automatic) or waiting for a moderator.
      const state: PublishedState | undefined = idea ? { publishedStage: ideaStage(idea), edited: stage === 'public' } : undefined;
      navigate(idea?.id ? `/publish-success/${idea.id}` : '/publish-success', { state });
    } catch (err) {
      setBusy(null);
      showServerFieldErrors(err);
      setFailure(publishFailure(err, { draft: stage === 'draft' }));
    }
  };

  // Focus follows the author's switch (it stayed on the button below the page, off screen, and
  // nothing was read out): into the preview, whose first line says what it is; back on the title to
  // edit. Only theirs: a failed save that leaves the preview puts focus on its own field.
  const previewRef = useRef<HTMLElement>(null);
  const switchedByAuthor = useRef(false);
  const togglePreview = () => {
    switchedByAuthor.current = true;
    setPreview((p) => !p);
    document.getElementById(HEADING_ID)?.scrollIntoView({ block: 'start' });
  };
  useEffect(() => {
    if (!switchedByAuthor.current) return;
    switchedByAuthor.current = false;
    (preview ? previewRef.current : fieldRefs.title.current)?.focus({ preventScroll: true });
  }, [preview]); // eslint-disable-line react-hooks/exhaustive-deps -- refs, read when the view switches

  return (
    <>
      {mode.notice && (
        <div className="notice notice-warn create-stage-notice">
          <p>{mode.notice}</p>
          {rejectionReason?.trim() && <RejectionReason reason={rejectionReason} />}
        </div>
      )}
      {copy.offered && (
        <div className="notice create-copy-notice" role="status" data-testid="unsaved-copy">
          <p>{CREATE_MSG.copyRestored}</p>
          <button
            type="button"
            className="btn btn-small"
            onClick={() => {
              copy.settle();
              onDiscardCopy();
            }}
          >
            {CREATE_MSG.discardCopy}
          </button>
        </div>
      )}
      <div className="create-form stack" hidden={preview}>
        <TitleField id={ids.title} inputRef={fieldRefs.title} value={values.title} error={errors.title} onChange={(v) => set('title', v)} />
        <DescriptionField id={ids.description} inputRef={fieldRefs.description} value={values.description} error={errors.description} onChange={(v) => set('description', v)} />
        <MarketField id={ids.market} value={values.marketIdentifier} onChange={(v) => set('marketIdentifier', v)} />
        <AnalysisField
          wrapRef={editorWrap}
          handleRef={editorHandle}
          initialContent={start.analysis}
          savedContent={initial.analysis}
          ideaId={() => idRef.current}
          error={errors.analysis}
          onChange={(html) => set('analysis', html)}
          onPendingUploadsChange={setPendingUploads}
        />
        <TagsField id={ids.tags} inputRef={fieldRefs.tags} value={values.tagsText} parsed={tagParse} notice={tagNotice} error={errors.tags} onChange={(v) => set('tagsText', v)} />
        <SettingsFields id={ids.options} allowComments={values.allowComments} showSimilar={values.showSimilar} onChange={set} />
      </div>

      {preview && (
        <IdeaPreview
          articleRef={previewRef}
          title={values.title}
          description={values.description}
          marketIdentifier={values.marketIdentifier}
          analysisHtml={values.analysis}
          tags={tagParse.tags}
          tagNotice={tagNotice}
          allowComments={values.allowComments}
          showSimilar={values.showSimilar}
          author={author}
        />
      )}

      {failure && <FailureBox failure={failure} offerDraft={mode.allowDraft} disabled={busy !== null || pendingUploads > 0} onSaveDraft={saveDraft} />}
      <EditorActions mode={mode} preview={preview} busy={busy} pendingUploads={pendingUploads} onTogglePreview={togglePreview} onSaveDraft={saveDraft} onPublish={publish} />
    </>
  );
}
