/**
 * Create or edit an idea (docs/spec/publishing-and-browsing.md §2 "Create idea", §4, §5, §8 "Publish"): the page, its heading
 * and the draft loader. The form is components/editor/IdeaForm.tsx, built from its parts there
 * (fields, tags, the analysis with its images, settings, preview, actions).
 */
import { useEffect, useRef, useState } from 'react';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import type { IdeaDto } from '../../shared/idea-schemas.ts';
import { ideaStage, type IdeaStage } from '../../shared/idea-display.ts';
import { editorMode } from '../components/editor/editor-mode.ts';
import { CREATE_MSG, EMPTY_VALUES, HEADING_ID, valuesFromIdea } from '../components/editor/form-values.ts';
import { IdeaForm } from '../components/editor/IdeaForm.tsx';
import { useToast } from '../components/ui/Toast.tsx';
import { usePageTitle } from '../hooks/usePageTitle.ts';
import { useSiteIdentity } from '../hooks/useSiteIdentity.ts';
import { httpStatusOf } from '../lib/api-errors.ts';
import { getToken, getUserInfo } from '../lib/storage.ts';
import { trpc } from '../lib/trpc.ts';
import '../styles/editor.css';

function editTarget(search: string): { editing: boolean; id: number | null } {
  const raw = new URLSearchParams(search).get('edit');
  if (raw === null) return { editing: false, id: null };
  const id = Number(raw);
  return { editing: true, id: Number.isInteger(id) && id > 0 ? id : null };
}

export default function CreatePinPage() {
  const search = useSearch();
  const { editing, id } = editTarget(search);
  // MemberPage guards this route already; this keeps the page safe wherever it is mounted.
  if (!getToken() || !getUserInfo()) return <Redirect to="/login" replace />;
  return <main className="page-narrow create-pin">{editing ? <DraftLoader key={id ?? 'invalid'} id={id} /> : <NewIdea />}</main>;
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
      <IdeaForm key="new" initial={EMPTY_VALUES} ideaId={null} stage={null} mode={mode} />
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
  const moderation = useSiteIdentity()?.moderation;

  useEffect(() => {
    if (fresh && idea && !loaded && idea.isOwner && !idea.isDeleted) setLoaded(idea);
  }, [fresh, loaded, idea]);

  useEffect(() => {
    if (!failed || alerted.current) return;
    alerted.current = true;
    // A 401 already sends the visitor to /login (docs/architecture.md §10).
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
  const mode = editorMode(stage, moderation);
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
      <IdeaForm initial={valuesFromIdea(loaded)} ideaId={loaded.id} stage={stage} mode={mode} rejectionReason={stage === 'rejected' ? loaded.rejectionReason : null} />
    </>
  );
}
