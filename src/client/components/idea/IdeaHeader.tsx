/** Title, relative published time, the market marker and the view count (docs/spec/accounts-and-people.md §2). */
import { marketMarker } from '../../../shared/idea-rules.ts';
import { ideaStage, type IdeaStage } from '../../../shared/idea-display.ts';
import type { IdeaDto } from '../../../shared/idea-schemas.ts';
import { formatDateTime, relativeTime } from '../../../shared/relative-time.ts';

/**
 * Which time the page shows, and what it says happened. Only a public idea says 发布, with its date
 * (an edit does not move it). One in review or rejected says when its author last sent it in: a
 * once-public idea sent back keeps its old publishing date, which would read 3个月前提交 for a minute-old
 * edit. A draft says when it was written; one in the recycle bin, when it was last changed.
 */
function shownTime(idea: IdeaDto): { at: string | null | undefined; verb: string } {
  const created = idea.createdAt;
  const updated = idea.updatedAt ?? created;
  const stage: IdeaStage = ideaStage(idea);
  if (stage === 'public') return { at: idea.publishedAt ?? created, verb: '发布' };
  if (stage === 'draft') return { at: created, verb: '创建' };
  if (stage === 'deleted') return { at: updated, verb: '更新' };
  return { at: updated, verb: '提交' };
}

export function IdeaHeader({ idea, titleId, viewCount }: { idea: IdeaDto; titleId: string; viewCount: number }) {
  const time = shownTime(idea);
  const marker = marketMarker(idea);
  return (
    <header className="idea-header">
      <h1 id={titleId} className="idea-title">
        {idea.title}
      </h1>
      <p className="idea-meta">
        {time.at && (
          <time dateTime={time.at} title={formatDateTime(time.at)}>
            {relativeTime(time.at)}
            {time.verb}
          </time>
        )}
        <span className={`market-marker market-marker-${marker.id}`}>{marker.label}</span>
        <span data-testid="view-count">浏览 {viewCount}</span>
      </p>
    </header>
  );
}
