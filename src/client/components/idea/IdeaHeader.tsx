/** Title, relative published time, the market marker and the view count (accounts §2). */
import { marketMarker } from '../../../shared/idea-rules.ts';
import { ideaStage } from '../../../shared/idea-display.ts';
import type { IdeaDto } from '../../../shared/idea-schemas.ts';
import { formatDateTime, relativeTime } from '../../../shared/relative-time.ts';

export function IdeaHeader({ idea, titleId, viewCount }: { idea: IdeaDto; titleId: string; viewCount: number }) {
  // A draft was never published: its time is when it was written.
  const draft = ideaStage(idea) === 'draft';
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
            {draft ? '创建' : '发布'}
          </time>
        )}
        <span className={`market-marker market-marker-${marker.id}`}>{marker.label}</span>
        <span data-testid="view-count">浏览 {viewCount}</span>
      </p>
    </header>
  );
}
