/** Similar ideas (docs/spec/accounts-and-people.md §2): up to 6 cards, the empty text, and the failure with a retry. */
import { SIMILAR_IDEAS_LIMIT } from '../../../shared/constants.ts';
import { IDEA_PAGE_MSG } from '../../lib/idea-page-rules.ts';
import { trpc } from '../../lib/trpc.ts';
import { IdeaCard } from '../IdeaCard.tsx';
import { CardGrid } from '../ui/CardGrid.tsx';
import { RetryLine } from '../ui/RetryLine.tsx';

export function SimilarIdeas({ ideaId }: { ideaId: number }) {
  const similar = trpc.ideas.similar.useQuery({ id: ideaId, limit: SIMILAR_IDEAS_LIMIT }, { select: (answer) => answer.data, staleTime: 60_000 });
  const ideas = similar.data ?? [];
  return (
    <section className="idea-similar" aria-labelledby="idea-similar-title" data-testid="similar-ideas">
      <h2 id="idea-similar-title">相似创意</h2>
      {similar.isPending ? (
        <div aria-hidden="true">
          <CardGrid label="加载中">
            {[150, 120, 170].map((h, i) => (
              <div key={i} className="skeleton-card" style={{ minHeight: h }}>
                <span className="skeleton-line skeleton-line-title" />
                <span className="skeleton-line" />
                <span className="skeleton-line skeleton-line-short" />
              </div>
            ))}
          </CardGrid>
        </div>
      ) : similar.isError ? (
        <RetryLine message={IDEA_PAGE_MSG.similarFailed} onRetry={() => void similar.refetch()} busy={similar.isFetching} />
      ) : ideas.length === 0 ? (
        <p className="muted">{IDEA_PAGE_MSG.similarEmpty}</p>
      ) : (
        <CardGrid label="相似创意">
          {ideas.map((idea) => (
            <IdeaCard key={idea.id} idea={idea} href={`/idea/${idea.id}`} headingLevel={3} />
          ))}
        </CardGrid>
      )}
    </section>
  );
}
