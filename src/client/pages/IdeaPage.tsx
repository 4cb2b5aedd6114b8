/**
 * /idea/{id} (docs/spec/accounts-and-people.md §2 "Idea detail"): the idea, its locked or open analysis, the owner's
 * extensions, the author with the follow button, favourite and share, comments when allowed and
 * similar ideas when enabled. Unreviewed, rejected and deleted ideas are 404 for everyone but their
 * author. The parts live in components/idea/; the rules in lib/idea-page-rules.ts.
 */
import { lazy, Suspense, useId, useState } from 'react';
import { Link, useParams } from 'wouter';
import { isPublicStage, mayActOn } from '../../shared/idea-display.ts';
import { IDEA_IMAGE_ALT } from '../../shared/idea-rules.ts';
import type { IdeaDto } from '../../shared/idea-schemas.ts';
import { IdeaSkeleton } from '../components/idea/IdeaSkeleton.tsx';
import { AnalysisSection } from '../components/idea/AnalysisSection.tsx';
import { CommentsSection } from '../components/comments/CommentsSection.tsx';
import { AuthorBlock } from '../components/idea/AuthorBlock.tsx';
import { BackButton, useIdeaBack } from '../components/idea/BackButton.tsx';
import { ExpansionsSection } from '../components/idea/ExpansionsSection.tsx';
import { IdeaActions } from '../components/idea/IdeaActions.tsx';
import { IdeaHeader } from '../components/idea/IdeaHeader.tsx';
import { SimilarIdeas } from '../components/idea/SimilarIdeas.tsx';
import { StageNotice } from '../components/idea/StageNotice.tsx';
import { TakeDownButton } from '../components/idea/TakeDownButton.tsx';
import { useViewCount } from '../components/idea/useViewCount.ts';
import { useSession } from '../hooks/useSession.ts';
import { usePageTitle } from '../hooks/usePageTitle.ts';
import { httpStatusOf } from '../lib/api-errors.ts';
import { IDEA_PAGE_MSG } from '../lib/idea-page-rules.ts';
import { editIdeaPath } from '../lib/routes.ts';
import { trpc } from '../lib/trpc.ts';
import '../styles/ideas.css';
import '../styles/rich-text.css';
import '../styles/idea-page.css';
import { BusyButton } from '../components/ui/BusyButton.tsx';
import { tagPath } from '../lib/card-tags.ts';

// The dialog (and, through it, the poster's code) loads on the first click on 分享.
const ShareDialog = lazy(() => import('../components/idea/ShareDialog.tsx').then((m) => ({ default: m.ShareDialog })));

export default function IdeaPage() {
  const params = useParams<{ id: string }>();
  const id = Number(params.id);
  const valid = /^[1-9]\d*$/.test(params.id ?? '') && Number.isSafeInteger(id);
  const idea = trpc.ideas.byId.useQuery({ id }, { enabled: valid, select: (answer) => answer.data });
  const notFound = !valid || httpStatusOf(idea.error) === 404;
  usePageTitle(idea.data?.title || (notFound ? IDEA_PAGE_MSG.notFound : idea.isError ? IDEA_PAGE_MSG.loadFailed : '创意详情'), idea.data?.description || undefined);
  const { leaving, back } = useIdeaBack();
  const { loggedIn } = useSession();

  if (notFound) {
    return (
      <main className="page page-center">
        <div className="empty-state">
          <h1>{IDEA_PAGE_MSG.notFound}</h1>
          <p className="muted">它可能还在审核中、已被删除，或者链接有误。</p>
          <div className="btn-row idea-error-actions">
            <button type="button" className="btn" onClick={back}>
              返回
            </button>
            <Link href={loggedIn ? '/marketplace' : '/guest-marketplace'} className="btn btn-primary">
              去创意市场看看
            </Link>
          </div>
        </div>
      </main>
    );
  }
  if (idea.isError) {
    return (
      <main className="page page-center">
        <div className="empty-state" role="alert">
          <h1>{IDEA_PAGE_MSG.loadFailed}</h1>
          <p className="muted">{IDEA_PAGE_MSG.loadFailedDetail}</p>
          <div className="btn-row idea-error-actions">
            <button type="button" className="btn" onClick={back}>
              返回
            </button>
            <BusyButton className="btn btn-primary" onClick={() => void idea.refetch()} busy={idea.isFetching}>
              {idea.isFetching ? '重试中…' : '重试'}
            </BusyButton>
          </div>
        </div>
      </main>
    );
  }
  if (!idea.data) return <IdeaSkeleton />;
  // Keyed by idea: a reply started on one idea never carries over to the next one opened.
  return <IdeaDetail key={idea.data.id} idea={idea.data} leaving={leaving} onBack={back} />;
}

function IdeaDetail({ idea, leaving, onBack }: { idea: IdeaDto; leaving: boolean; onBack: () => void }) {
  const titleId = useId();
  const { loggedIn, user } = useSession();
  const viewCount = useViewCount(idea.id, idea.viewCount, mayActOn(idea));
  const [sharing, setSharing] = useState(false);
  const description = idea.description?.trim();

  return (
    <main className={`page idea-page ${leaving ? 'idea-page-leaving' : ''}`} data-testid="idea-page">
      <BackButton onBack={onBack} />
      <StageNotice idea={idea} />
      <div className="idea-layout">
        <IdeaHeader idea={idea} titleId={titleId} viewCount={viewCount} />

        <aside className="idea-aside" aria-label="作者与操作">
          <AuthorBlock idea={idea} loggedIn={loggedIn} />
          {/* Only a public idea has a link that works for others; StageNotice says why there is none. */}
          {mayActOn(idea) && <IdeaActions ideaId={idea.id} favoriteCount={idea.favoriteCount} loggedIn={loggedIn} onShare={isPublicStage(idea) ? () => setSharing(true) : undefined} />}
          {/* The author's way back into the editor (a draft's and a rejected idea's are in StageNotice). */}
          {idea.isOwner && isPublicStage(idea) && (
            <Link href={editIdeaPath(idea.id)} className="btn btn-small idea-edit" data-testid="edit-idea">
              编辑创意
            </Link>
          )}
          {user?.role === 'admin' && isPublicStage(idea) && <TakeDownButton idea={idea} onTakenDown={onBack} />}
        </aside>

        <article className="idea-body" aria-labelledby={titleId}>
          <section className="idea-section" aria-labelledby="idea-intro-title">
            <h2 id="idea-intro-title">简介</h2>
            {/* The idea's face, as its card shows it: the one picture sent to everyone; the analysis's others stay locked. */}
            {idea.image && (
              <img className="idea-face" data-testid="idea-face" src={idea.image} alt={IDEA_IMAGE_ALT} width={idea.imageWidth ?? undefined} height={idea.imageHeight ?? undefined} decoding="async" />
            )}
            {description ? <p className="idea-description">{description}</p> : <p className="muted">{IDEA_PAGE_MSG.analysisEmpty}</p>}
          </section>

          <AnalysisSection idea={idea} loggedIn={loggedIn} />

          {idea.isOwner && <ExpansionsSection idea={idea} />}

          {idea.tags.length > 0 && (
            <section className="idea-section" aria-labelledby="idea-tags-title">
              <h2 id="idea-tags-title">标签</h2>
              <ul className="idea-tags">
                {idea.tags.map((tag) => (
                  <li key={tag} className="idea-tag">
                    <Link href={tagPath(tag)} className="idea-tag-link">
                      #{tag}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          )}

          {idea.allowComments && <CommentsSection idea={idea} />}
        </article>
      </div>

      {idea.showSimilar && <SimilarIdeas ideaId={idea.id} />}

      {sharing && (
        <Suspense fallback={null}>
          <ShareDialog idea={idea} onClose={() => setSharing(false)} />
        </Suspense>
      )}
    </main>
  );
}
