/** Title, relative published time, the market marker and the view count (accounts §2). */
import { marketMarker } from '../../../shared/idea-rules.ts';
import { ideaStage, type IdeaStage } from '../../../shared/idea-display.ts';
import type { IdeaDto } from '../../../shared/idea-schemas.ts';
import { formatDateTime, relativeTime } from '../../../shared/relative-time.ts';

/**
 * What the time says happened: only a public idea is 发布; one in review or rejected was sent in (its
 * author reads it); one in the recycle bin keeps what its date was.
 */
const TIME_VERB: Record<Exclude<IdeaStage, 'deleted'>, string> = { draft: '创建', review: '提交', rejected: '提交', public: '发布' };
const timeVerb = (stage: IdeaStage, published: boolean) => (stage === 'deleted' ? (published ? '发布' : '创建') : TIME_VERB[stage]);

export function IdeaHeader({ idea, titleId, viewCount }: { idea: IdeaDto; titleId: string; viewCount: number }) {
  const stage = ideaStage(idea);
  // A draft was never published: its time is when it was written.
  const draft = stage === 'draft';
  const published = (draft ? null : idea.publishedAt) ?? idea.createdAt ?? idea.created_at;
  const marker = marketMarker(idea);
  return (
    <header className="idea-header">
      <h1 id={titleId} className="idea-title">
        {idea.title}
      </h1>
      <p className="idea-meta">
        {published && (
          <time dateTime={published} title={formatDateTime(published)}>
            {relativeTime(published)}
            {timeVerb(stage, !!idea.publishedAt)}
          </time>
        )}
        <span className={`market-marker market-marker-${marker.id}`}>{marker.label}</span>
        <span data-testid="view-count">浏览 {viewCount}</span>
      </p>
    </header>
  );
}
