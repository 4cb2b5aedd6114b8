/** The author's preview of an idea before it is saved (docs/spec/publishing-and-browsing.md §2 "Create idea"). */
import type { RefObject } from 'react';
import { displayTitle } from '../../../shared/idea-display.ts';
import { MARKET_LABELS, type MarketIdentifier } from '../../../shared/idea-rules.ts';
import { Avatar } from '../Avatar.tsx';

export interface PreviewAuthor {
  nickname: string;
  registrationNumber: string;
  avatar: string | null;
}

export interface IdeaPreviewProps {
  title: string;
  description: string;
  marketIdentifier: MarketIdentifier;
  /** The editor's own HTML, shown only to its author in this browser; the server sanitizes on save. */
  analysisHtml: string;
  tags: string[];
  /** Set when tags past the limit will not be kept: said here too, so publishing from the preview is not a surprise. */
  tagNotice?: string | null;
  allowComments: boolean;
  showSimilar: boolean;
  author: PreviewAuthor;
  /** Focused when the author switches to the preview (tabIndex -1: it is no control). */
  articleRef?: RefObject<HTMLElement | null>;
}

export function IdeaPreview({ title, description, marketIdentifier, analysisHtml, tags, tagNotice = null, allowComments, showSimilar, author, articleRef }: IdeaPreviewProps) {
  return (
    <article ref={articleRef} className="idea-preview" tabIndex={-1} aria-labelledby="idea-preview-badge">
      <p id="idea-preview-badge" className="idea-preview-badge">
        预览效果，尚未保存
      </p>
      <header className="idea-preview-header">
        <h2 className={title.trim() ? '' : 'idea-preview-untitled'}>{displayTitle(title)}</h2>
        <p className={`market-marker market-marker-${marketIdentifier}`}>{MARKET_LABELS[marketIdentifier]}</p>
      </header>

      <div className="idea-preview-author">
        <Avatar src={author.avatar} alt="" size={44} />
        <div>
          <p className="idea-preview-author-name">{author.nickname}</p>
          <p className="idea-preview-author-id">猎人编号：{author.registrationNumber}</p>
        </div>
      </div>

      {description.trim() ? <p className="idea-preview-description">{description.trim()}</p> : <p className="muted">还没有填写简介</p>}

      {tags.length > 0 && (
        <ul className="idea-tags">
          {tags.map((tag) => (
            <li key={tag} className="idea-tag">
              #{tag}
            </li>
          ))}
        </ul>
      )}
      {tagNotice && (
        <p className="field-warning idea-preview-tag-notice" data-testid="preview-tags-notice">
          {tagNotice}
        </p>
      )}

      <section className="idea-preview-section">
        <h3>详细分析</h3>
        {analysisHtml ? (
          // Safe here only because it is the author's own editor content in the author's browser.
          <div className="rich-text" dangerouslySetInnerHTML={{ __html: analysisHtml }} />
        ) : (
          <p className="muted">还没有填写详细分析</p>
        )}
      </section>

      <section className="idea-preview-section">
        <h3>发布设置</h3>
        <dl className="idea-preview-settings">
          <div>
            <dt>评论</dt>
            <dd>{allowComments ? '允许评论' : '不允许评论'}</dd>
          </div>
          <div>
            <dt>相似创意</dt>
            <dd>{showSimilar ? '显示相似创意' : '不显示相似创意'}</dd>
          </div>
        </dl>
      </section>

      <section className="idea-preview-section idea-preview-placeholder">
        <h3>评论区（发布后开放）</h3>
        <p className="muted">{allowComments ? '发布并通过审核后，其他猎人可以在这里发表评论。' : '你已关闭评论，发布后这里不会显示评论区。'}</p>
      </section>

      <section className="idea-preview-section idea-preview-placeholder">
        <h3>相似创意（发布后展示）</h3>
        <p className="muted">{showSimilar ? '发布后，这里会展示与你的创意相似的其他创意。' : '你已关闭相似创意，发布后这里不会展示。'}</p>
      </section>
    </article>
  );
}
