/** One idea in the review queue: why it is there, who sent it when, its text and analysis, and the three decisions. */
import { useId, useMemo, type ReactNode } from 'react';
import { marketMarker } from '../../../shared/idea-rules.ts';
import { authorName } from '../../../shared/idea-display.ts';
import { formatDateTime, relativeTime } from '../../../shared/relative-time.ts';
import { cardAuthor, cardTags } from '../IdeaCard.tsx';
import { BusyButton } from '../ui/BusyButton.tsx';
import { nestHeadings } from './nest-headings.ts';
import { ADMIN_MSG, fieldLabel, titleOf, type ReviewIdea } from './review-text.ts';

/**
 * Why an idea the moderators have seen before is back: a rejection or a take-down the author answered
 * with a new version (and the reason given then), or an edit of an idea that was public.
 */
function ReviewHistory({ idea }: { idea: ReviewIdea }) {
  const last = idea.previousDecision;
  if (!last && !idea.wasPublic) return null;
  const by = last && (
    <>
      （{last.admin ? last.admin.nickname : '管理员'}，<time dateTime={last.decidedAt}>{relativeTime(last.decidedAt)}</time>）
    </>
  );
  let text: ReactNode;
  if (last?.outcome === 'rejected' || last?.outcome === 'taken_down') {
    text = (
      <>
        {last.outcome === 'rejected' ? '上次审核未通过' : '曾被下架'}，作者再次提交。当时的原因：{last.reason || '未填写'}
        {by}
      </>
    );
  } else {
    text = <>已公开过，作者再次提交，通过前不在创意市场展示。{last ? <>上次通过{by}</> : '上次由自动审核通过。'}</>;
  }
  return (
    <p className="review-history-note" data-testid="review-history">
      {text}
    </p>
  );
}

export function ReviewItem({ idea, busy, onApprove, onReject, onEdit }: { idea: ReviewIdea; busy: boolean; onApprove: () => void; onReject: () => void; onEdit: () => void }) {
  const titleId = useId();
  const submitted = idea.publishedAt ?? idea.updatedAt ?? idea.createdAt;
  const analysis = useMemo(() => nestHeadings(idea.detailedAnalysis ?? '', 5), [idea.detailedAnalysis]);
  const tags = cardTags(idea.tags);
  return (
    <article className="review-item" data-testid="review-item" data-idea-id={idea.id} aria-labelledby={titleId}>
      <h3 id={titleId}>{titleOf(idea)}</h3>
      {idea.isOwner && (
        <p className="review-own-note" data-testid="review-own-note">
          {ADMIN_MSG.ownIdea}
        </p>
      )}
      {idea.heldWords.length > 0 && (
        <p className="review-held-note" data-testid="review-held-words">
          因命中送审词进入审核：
          {idea.heldWords.map((h, i) => (
            <span key={`${h.field}-${h.word}`}>
              {i > 0 && '、'}「{h.word}」（{fieldLabel(h.field)}）
            </span>
          ))}
        </p>
      )}
      {idea.heldImages.length > 0 && (
        <p className="review-held-note" data-testid="review-held-images">
          因含 {idea.heldImages.length} 张未经人工查看的图片进入审核（自动审核看不了图片），图片见下方详细分析。
        </p>
      )}
      {idea.heldAsCopyOf.length > 0 && (
        <p className="review-held-note" data-testid="review-held-copies">
          与其他猎人尚未公开的创意内容相同或高度相似（作者未被告知）：
          {idea.heldAsCopyOf.map((c, i) => (
            <span key={c.id}>
              {i > 0 && '、'}「{c.title}」（#{c.id}）
            </span>
          ))}
        </p>
      )}
      <ReviewHistory idea={idea} />
      <dl className="review-meta">
        <div>
          <dt>作者：</dt>
          <dd>
            {authorName(cardAuthor(idea))}（猎人编号：{idea.authorRegistrationNumber || '未知'}）
          </dd>
        </div>
        <div>
          <dt>提交时间：</dt>
          <dd>
            <time dateTime={submitted}>{formatDateTime(submitted)}</time>（{relativeTime(submitted)}）
          </dd>
        </div>
        <div>
          <dt>市场情况：</dt>
          <dd data-testid="review-market">{marketMarker(idea).label}</dd>
        </div>
      </dl>
      {idea.description?.trim() ? <p className="review-desc">{idea.description}</p> : <p className="review-desc muted">（没有填写简介）</p>}
      {tags.length > 0 && (
        <ul className="idea-card-tags" aria-label="标签">
          {tags.map((tag) => (
            <li key={tag} className="idea-tag">
              #{tag}
            </li>
          ))}
        </ul>
      )}
      {/* No landmark name: every item has one, and the box below is named with its title. */}
      <section>
        <h4>详细分析</h4>
        {analysis.trim() ? (
          // Sanitized on the server with an allowlist before it was stored (docs/architecture.md §4).
          // tabIndex: a long analysis scrolls inside the box, so keyboard users must be able to reach it.
          <div className="review-analysis" tabIndex={0} role="region" aria-label={`${titleOf(idea)}的详细分析`} dangerouslySetInnerHTML={{ __html: analysis }} />
        ) : (
          <div className="review-analysis">
            <p className="review-empty-analysis">（没有填写详细分析）</p>
          </div>
        )}
      </section>
      <div className="review-actions">
        <BusyButton className="btn btn-danger" onClick={onReject} busy={busy}>
          驳回
        </BusyButton>
        {/* Named 修改, not 修改后通过: the dialog it opens says the rest, and 通过 stays one button's name. */}
        <BusyButton className="btn" onClick={onEdit} busy={busy}>
          修改
        </BusyButton>
        <BusyButton className="btn btn-primary" onClick={onApprove} busy={busy}>
          {busy ? '处理中…' : '通过'}
        </BusyButton>
      </div>
    </article>
  );
}
