/**
 * Create or edit an idea (publishing §2 "Create idea", §4, §5, §8 "Publish"): the form, the
 * preview, saving a draft and publishing with the error catalogue's hints.
 */
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import {
  DEFAULT_IDEA_TITLE,
  DEFAULT_MARKET_IDENTIFIER,
  IDEA_DESCRIPTION_MAX,
  IDEA_MSG,
  IDEA_TITLE_MAX,
  MARKET_IDENTIFIERS,
  MARKET_LABELS,
  parseTags,
  TAGS_MAX,
  type MarketIdentifier,
} from '../../shared/idea-rules.ts';
import type { IdeaDto } from '../../shared/idea-schemas.ts';
import { authorName, ideaStage, type IdeaStage } from '../../shared/idea-display.ts';
import { editorMode, titleLength, titleProblem, type EditorMode } from '../components/editor/editor-mode.ts';
import { IdeaPreview, type PreviewAuthor } from '../components/editor/IdeaPreview.tsx';
import { useToast } from '../components/ui/Toast.tsx';
import { usePageTitle } from '../hooks/usePageTitle.ts';
import { RichTextEditor, type RichTextEditorHandle } from '../components/editor/RichTextEditor.tsx';
import { fieldErrors, httpStatusOf } from '../lib/api-errors.ts';
import { getToken, getUserInfo } from '../lib/storage.ts';
import { trpc } from '../lib/trpc.ts';
import { draftFailure, publishFailure, type Failure } from '../components/editor/publish-failure.ts';
import type { PublishedState } from './PublishSuccessPage.tsx';
import '../styles/editor.css';

export const CREATE_MSG = {
  draftLoadFailed: '草稿加载失败，请稍后重试',
  draftLoading: '草稿加载中…',
  uploadsPending: '图片上传中，完成后即可保存或发布',
  tagsHint: `用空格分隔，最多${TAGS_MAX}个`,
} as const;

const DRAFTS_PATH = '/inspiration-library?tab=drafts';
const HEADING_ID = 'create-pin-heading';

interface IdeaFormValues {
  title: string;
  description: string;
  marketIdentifier: MarketIdentifier;
  analysis: string;
  tagsText: string;
  allowComments: boolean;
  showSimilar: boolean;
}

type FieldName = 'title' | 'description' | 'tags' | 'analysis';
type FieldErrors = Partial<Record<FieldName, string>>;

const EMPTY_VALUES: IdeaFormValues = {
  title: '',
  description: '',
  marketIdentifier: DEFAULT_MARKET_IDENTIFIER,
  analysis: '',
  tagsText: '',
  allowComments: true,
  showSimilar: true,
};

const isMarketIdentifier = (value: unknown): value is MarketIdentifier => (MARKET_IDENTIFIERS as readonly unknown[]).includes(value);

function valuesFromIdea(idea: IdeaDto): IdeaFormValues {
  return {
    // A draft saved without a title was stored as the default; the author should not publish that by accident.
    title: idea.title === DEFAULT_IDEA_TITLE ? '' : idea.title,
    description: idea.description ?? '',
    marketIdentifier: isMarketIdentifier(idea.marketIdentifier) ? idea.marketIdentifier : DEFAULT_MARKET_IDENTIFIER,
    analysis: idea.detailedAnalysis ?? idea.detailed_analysis ?? '',
    tagsText: (idea.tags ?? []).join(' '),
    allowComments: idea.allowComments ?? true,
    showSimilar: idea.showSimilar ?? true,
  };
}

function editTarget(search: string): { editing: boolean; id: number | null } {
  const raw = new URLSearchParams(search).get('edit');
  if (raw === null) return { editing: false, id: null };
  const id = Number(raw);
  return { editing: true, id: Number.isInteger(id) && id > 0 ? id : null };
}

function authorFromStorage(): PreviewAuthor {
  const user = getUserInfo() ?? {};
  const number = user.registrationNumber ?? user.registration_number ?? user.username ?? '';
  return {
    nickname: authorName({ nickname: user.nickname, registrationNumber: number }),
    registrationNumber: number || '—',
    avatar: user.avatarUrl || user.avatar || null,
  };
}

/** The server's per-field messages (zod), placed beside the matching fields. */
function serverFieldErrors(err: unknown): FieldErrors {
  const fields = fieldErrors(err);
  const out: FieldErrors = {};
  if (fields.title?.[0]) out.title = fields.title[0];
  if (fields.description?.[0]) out.description = fields.description[0];
  if (fields.tags?.[0]) out.tags = fields.tags[0];
  if (fields.detailedAnalysis?.[0]) out.analysis = fields.detailedAnalysis[0];
  return out;
}

export default function CreatePinPage() {
  const search = useSearch();
  const { editing, id } = editTarget(search);
  // MemberPage guards this route already; this keeps the page safe wherever it is mounted.
  if (!getToken() || !getUserInfo()) return <Redirect to="/login" replace />;
  return (
    <main className="page-narrow create-pin">
      {editing ? <DraftLoader key={id ?? 'invalid'} id={id} /> : <NewIdea />}
    </main>
  );
}

/** The page's h1 and tab title, both saying what is being edited. */
function EditorHeading({ text }: { text: string }) {
  usePageTitle(text);
  return <h1 id={HEADING_ID}>{text}</h1>;
}

function NewIdea() {
  const mode = editorMode(null);
  return (
    <>
      <EditorHeading text={mode.heading} />
      <IdeaForm key="new" initial={EMPTY_VALUES} ideaId={null} mode={mode} />
    </>
  );
}

function DraftLoader({ id }: { id: number | null }) {
  const [, navigate] = useLocation();
  const query = trpc.ideas.byId.useQuery({ id: id ?? 0 }, { enabled: id !== null, refetchOnMount: 'always', gcTime: 0, select: (answer) => answer.data });
  // The form takes the draft once; later refetches must not reset what the author typed.
  const [loaded, setLoaded] = useState<IdeaDto | null>(null);
  const idea = query.data;
  const fresh = !!idea && !query.isFetching;
  const failed = !loaded && (id === null || query.isError || (fresh && !!idea && (!idea.isOwner || idea.isDeleted)));
  const alerted = useRef(false);
  const toast = useToast();

  useEffect(() => {
    if (fresh && idea && !loaded && idea.isOwner && !idea.isDeleted) setLoaded(idea);
  }, [fresh, loaded, idea]);

  useEffect(() => {
    if (!failed || alerted.current) return;
    alerted.current = true;
    // A 401 already sends the visitor to /login (DESIGN §10).
    if (httpStatusOf(query.error) === 401) return;
    toast(CREATE_MSG.draftLoadFailed, 'error');
    navigate('/create-pin', { replace: true });
  }, [failed, query.error, navigate, toast]);

  if (failed) return null;
  if (!loaded) {
    return (
      <>
        <EditorHeading text="编辑创意" />
        <p className="page-loading" role="status">
          {CREATE_MSG.draftLoading}
        </p>
      </>
    );
  }
  const stage: IdeaStage = ideaStage(loaded);
  const mode = editorMode(stage);
  if (!mode.editable) {
    return (
      <>
        <EditorHeading text={mode.heading} />
        <div className="notice notice-warn stack">
          <p>{mode.notice}</p>
          <Link href="/inspiration-library?tab=published">返回我的灵感库</Link>
        </div>
      </>
    );
  }
  return (
    <>
      <EditorHeading text={mode.heading} />
      <IdeaForm initial={valuesFromIdea(loaded)} ideaId={loaded.id} mode={mode} rejectionReason={stage === 'rejected' ? loaded.rejectionReason : null} />
    </>
  );
}

function IdeaForm({ initial, ideaId, mode, rejectionReason = null }: { initial: IdeaFormValues; ideaId: number | null; mode: EditorMode; rejectionReason?: string | null }) {
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const create = trpc.ideas.create.useMutation();
  const update = trpc.ideas.update.useMutation();
  const [values, setValues] = useState(initial);
  const [preview, setPreview] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState<'draft' | 'publish' | null>(null);
  const [pendingUploads, setPendingUploads] = useState(0);
  const [focusField, setFocusField] = useState<FieldName | null>(null);
  const author = useMemo(authorFromStorage, []);
  const tagParse = useMemo(() => parseTags(values.tagsText), [values.tagsText]);

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

  // Focus moves to a field only after the form is shown again (it is hidden during preview).
  useEffect(() => {
    if (!focusField || preview) return;
    if (focusField === 'analysis') editorWrap.current?.querySelector<HTMLElement>('[contenteditable="true"]')?.focus();
    else fieldRefs[focusField].current?.focus();
    setFocusField(null);
  }, [focusField, preview]); // eslint-disable-line react-hooks/exhaustive-deps

  // The failure sits right above the buttons the author just pressed; focus goes to it, so it is
  // seen (scrolled into view above the sticky bar on phones) and read out once.
  const failureBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failure && failure.message !== IDEA_MSG.fixTags) failureBox.current?.focus();
  }, [failure]);

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

  const afterSave = () => {
    void editorHandle.current?.removeOrphanedImages();
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
    try {
      await persist('draft');
      afterSave();
      navigate(DRAFTS_PATH);
    } catch (err) {
      setBusy(null);
      showServerFieldErrors(err);
      setFailure(draftFailure(err));
    }
  };

  const publish = async () => {
    setFailure(null);
    if (!ready(true)) return;
    setBusy('publish');
    try {
      const idea = await persist('published');
      afterSave();
      // The success page says what the review did: public at once (automatic) or waiting for a moderator.
      const state: PublishedState | undefined = idea ? { publishedStage: ideaStage(idea) } : undefined;
      navigate(idea?.id ? `/publish-success/${idea.id}` : '/publish-success', { state });
    } catch (err) {
      setBusy(null);
      showServerFieldErrors(err);
      setFailure(publishFailure(err));
    }
  };

  const togglePreview = () => {
    setPreview((p) => !p);
    document.getElementById(HEADING_ID)?.scrollIntoView({ block: 'start' });
  };

  const blocked = busy !== null || pendingUploads > 0;
  // Over 60 characters the title is not cut: the counter and the error say so while typing.
  const titleTooLong = titleLength(values.title) > IDEA_TITLE_MAX;
  const titleError = errors.title ?? (titleTooLong ? IDEA_MSG.titleTooLong : undefined);
  const describe = (...idList: (string | false | undefined)[]) => idList.filter(Boolean).join(' ') || undefined;

  return (
    <>
      {mode.notice && (
        <div className="notice notice-warn create-stage-notice">
          <p>{mode.notice}</p>
          {rejectionReason?.trim() && (
            <p>
              <strong>未通过原因：</strong>
              {rejectionReason}
            </p>
          )}
        </div>
      )}
      <div className="create-form stack" hidden={preview}>
        <div className="field">
          <label htmlFor={ids.title}>标题</label>
          <input
            ref={fieldRefs.title}
            id={ids.title}
            type="text"
            autoComplete="off"
            placeholder="一句话说出你的创意"
            value={values.title}
            onChange={(e) => set('title', e.target.value)}
            aria-invalid={!!titleError}
            aria-describedby={describe(`${ids.title}-hint`, titleError && `${ids.title}-error`)}
          />
          <FieldNotes id={ids.title} hint={`发布时必填，最多${IDEA_TITLE_MAX}个字`} count={`${titleLength(values.title)}/${IDEA_TITLE_MAX}`} over={titleTooLong} error={titleError} />
        </div>

        <div className="field">
          <label htmlFor={ids.description}>简介</label>
          <textarea
            ref={fieldRefs.description}
            id={ids.description}
            rows={3}
            maxLength={IDEA_DESCRIPTION_MAX}
            placeholder="简单介绍这个创意解决什么问题、面向谁"
            value={values.description}
            onChange={(e) => set('description', e.target.value)}
            aria-invalid={!!errors.description}
            aria-describedby={describe(`${ids.description}-hint`, errors.description && `${ids.description}-error`)}
          />
          <FieldNotes id={ids.description} hint={`最多${IDEA_DESCRIPTION_MAX}个字`} count={`${values.description.length}/${IDEA_DESCRIPTION_MAX}`} error={errors.description} />
        </div>

        <fieldset className="field" aria-describedby={`${ids.market}-hint`}>
          <legend>市场情况</legend>
          <p id={`${ids.market}-hint`} className="field-hint">
            市场上是否已有类似的产品或服务
          </p>
          <div className="choice-row">
            {MARKET_IDENTIFIERS.map((m) => (
              <label key={m} className="choice">
                <input type="radio" name={`${ids.market}-market`} value={m} checked={values.marketIdentifier === m} onChange={() => set('marketIdentifier', m)} />
                {MARKET_LABELS[m]}
              </label>
            ))}
          </div>
        </fieldset>

        <div ref={editorWrap}>
          <RichTextEditor
            initialContent={initial.analysis}
            onChange={(html) => set('analysis', html)}
            ideaId={() => idRef.current}
            onPendingUploadsChange={setPendingUploads}
            handleRef={editorHandle}
            invalid={!!errors.analysis}
          />
          {errors.analysis && (
            <p className="field-error" role="alert">
              {errors.analysis}
            </p>
          )}
        </div>

        <div className="field">
          <label htmlFor={ids.tags}>标签</label>
          <input
            ref={fieldRefs.tags}
            id={ids.tags}
            type="text"
            autoComplete="off"
            placeholder="例如：环保 智能家居 AI"
            value={values.tagsText}
            onChange={(e) => set('tagsText', e.target.value)}
            aria-invalid={tagParse.errors.length > 0 || !!errors.tags}
            aria-describedby={describe(`${ids.tags}-hint`, `${ids.tags}-feedback`)}
          />
          <p id={`${ids.tags}-hint`} className="field-hint">
            {CREATE_MSG.tagsHint}
          </p>
          <div id={`${ids.tags}-feedback`} aria-live="polite">
            {tagParse.notice && <p className="field-warning">{tagParse.notice}</p>}
            {[...tagParse.errors, ...(errors.tags ? [errors.tags] : [])].map((message) => (
              <p key={message} className="field-error">
                {message}
              </p>
            ))}
          </div>
          {tagParse.tags.length > 0 && (
            <ul className="idea-tags idea-tags-inline">
              {tagParse.tags.map((tag) => (
                <li key={tag} className="idea-tag">
                  #{tag}
                </li>
              ))}
            </ul>
          )}
        </div>

        <fieldset className="field create-options" id={ids.options}>
          <legend>更多选项</legend>
          <label className="choice">
            <input type="checkbox" checked={values.allowComments} onChange={(e) => set('allowComments', e.target.checked)} />
            允许评论
          </label>
          <label className="choice">
            <input type="checkbox" checked={values.showSimilar} onChange={(e) => set('showSimilar', e.target.checked)} />
            显示相似创意
          </label>
        </fieldset>
      </div>

      {preview && (
        <IdeaPreview
          title={values.title}
          description={values.description}
          marketIdentifier={values.marketIdentifier}
          analysisHtml={values.analysis}
          tags={tagParse.tags}
          allowComments={values.allowComments}
          showSimilar={values.showSimilar}
          author={author}
        />
      )}

      {failure && (
        <div ref={failureBox} className="error-box create-failure" role="alert" tabIndex={-1}>
          <p className="create-failure-message">{failure.message}</p>
          {failure.detail && <p>{failure.detail}</p>}
          {failure.hint && <p className="create-failure-hint">{failure.hint}</p>}
          {failure.offerDraft && mode.allowDraft && (
            <button type="button" className="btn btn-small" onClick={saveDraft} disabled={blocked}>
              保存为草稿
            </button>
          )}
        </div>
      )}

      <div className="create-actions">
        {pendingUploads > 0 && (
          <p className="create-actions-status" role="status">
            {CREATE_MSG.uploadsPending}
          </p>
        )}
        <div className="create-buttons">
          <button type="button" className="btn" onClick={togglePreview}>
            {preview ? '继续编辑' : '预览'}
          </button>
          {mode.allowDraft && (
            <button type="button" className="btn" onClick={saveDraft} disabled={blocked}>
              {busy === 'draft' ? '正在保存…' : '保存草稿'}
            </button>
          )}
          <button type="button" className="btn btn-primary" onClick={publish} disabled={blocked}>
            {busy === 'publish' ? mode.publishingLabel : mode.publishLabel}
          </button>
        </div>
      </div>
    </>
  );
}

function FieldNotes({ id, hint, count, over = false, error }: { id: string; hint: string; count: string; over?: boolean; error?: string }): ReactNode {
  return (
    <>
      <div className="field-notes">
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
        <span className={`field-count ${over ? 'field-count-over' : ''}`} aria-hidden="true">
          {count}
        </span>
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
