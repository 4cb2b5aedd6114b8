/**
 * One idea card (docs/spec/publishing-and-browsing.md §2 "Marketplace card rules"), shared by the library and, later, the
 * marketplace. The whole card is a single link (or button) whose name is the title: its hit area is
 * stretched over the card, so nothing inside the clickable area is a second control. Actions such
 * as 删除 / 恢复 sit in a separate footer above that area.
 */
import { useId, useState, type MouseEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { authorAvatar, authorName, displayTitle, ideaStage, type AuthorFields, type IdeaStage } from '../../shared/idea-display.ts';
import { CARD_TAGS_SHOWN, isNewCard } from '../../shared/idea-rules.ts';
import type { IdeaDto } from '../../shared/idea-schemas.ts';
import { formatDateTime, relativeTime } from '../../shared/relative-time.ts';
import { tagPath, tagsToShow } from '../lib/card-tags.ts';
import { priceText } from '../lib/static-cards.ts';
import { coverAspectRatio } from './ui/ui-rules.ts';
import { Avatar } from './Avatar.tsx';
import { RejectionReason } from './idea/RejectionReason.tsx';
import '../styles/ideas.css';
import { BusyButton } from './ui/BusyButton.tsx';

/** A full idea, or the bare `{ id, title, isDeleted }` a deleted favourite comes back as (docs/architecture.md §10). */
export type IdeaCardData = Pick<IdeaDto, 'id'> &
  Partial<Omit<IdeaDto, 'tags'>> & {
    /** An array, or a JSON / whitespace-separated string (docs/spec/publishing-and-browsing.md §3). */
    tags?: readonly string[] | string | null;
  };

export interface IdeaCardProps {
  idea: IdeaCardData;
  /** Where the card leads. With it the card is one link; without it (and without onOpen) it is not clickable. */
  href?: string;
  /** Runs on a plain click instead of following href (e.g. to navigate with state). Without href the card is a button. */
  onOpen?: () => void;
  /** Buttons in the card's footer, outside the clickable area. */
  actions?: ReactNode;
  /** Extra non-interactive lines under the tags, such as the days left in the recycle bin. */
  children?: ReactNode;
  /** Marks the card the visitor just came back from. */
  highlighted?: boolean;
  /** The title's heading level; pick the one that fits the page's outline. */
  headingLevel?: 2 | 3 | 4;
  /** The optional card actions of docs/spec/publishing-and-browsing.md §2, as footer buttons named after the card. */
  onDelete?: () => void;
  onRestore?: () => void;
  onClearFavorite?: () => void;
  /** Disables the action buttons while one runs. */
  busy?: boolean;
}

/** Tags as a list, whatever shape they arrived in. */
export function cardTags(tags: IdeaCardData['tags']): string[] {
  if (Array.isArray(tags)) return tags.filter((t): t is string => typeof t === 'string' && t.trim() !== '');
  if (typeof tags === 'string' && tags.trim()) {
    try {
      const parsed: unknown = JSON.parse(tags);
      if (Array.isArray(parsed)) return parsed.filter((t): t is string => typeof t === 'string' && t.trim() !== '');
    } catch {
      // Not JSON: whitespace-separated.
    }
    return tags.split(/\s+/).filter(Boolean);
  }
  return [];
}

/** A card counts as deleted when the idea is in the recycle bin (docs/spec/publishing-and-browsing.md §2). */
export function isDeletedIdea(idea: IdeaCardData): boolean {
  return idea.isDeleted === true;
}

/** The card's author in the shape of the shared presentation rules (shared/idea-display.ts). */
export function cardAuthor(idea: IdeaCardData): AuthorFields {
  return {
    userId: idea.authorId ?? null,
    nickname: idea.authorName?.trim() || null,
    registrationNumber: idea.authorRegistrationNumber ?? null,
    avatarUrl: idea.authorAvatar || null,
  };
}

/** The card's stage by the shared rule, or null for the bare shape of a deleted favourite. */
export function cardStage(idea: IdeaCardData): IdeaStage | null {
  if (isDeletedIdea(idea)) return 'deleted';
  if (!idea.status || !idea.moderationStatus) return null;
  return ideaStage({ status: idea.status, moderationStatus: idea.moderationStatus, isDeleted: false });
}

/** An hourglass drawn inline, so it shows even where no emoji font is installed. */
export function HourglassIcon() {
  return (
    <svg className="idea-icon" viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
      <path
        d="M3.5 1.5h9M3.5 14.5h9M4.5 1.5c0 3.5 3.5 4.5 3.5 6.5S4.5 11 4.5 14.5M11.5 1.5c0 3.5-3.5 4.5-3.5 6.5s3.5 3 3.5 6.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
      />
      <path d="M6 13.2c.6-1.3 1.4-1.8 2-2.2.6.4 1.4.9 2 2.2z" fill="currentColor" />
    </svg>
  );
}

/** A clock face for time limits such as the recycle bin's days left. */
export function ClockIcon() {
  return (
    <svg className="idea-icon" viewBox="0 0 16 16" width="13" height="13" aria-hidden="true" focusable="false">
      <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M8 4.2V8l2.6 1.6" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

const isPlainClick = (e: MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

export function IdeaCard({ idea, href, onOpen, actions, children, highlighted = false, headingLevel = 3, onDelete, onRestore, onClearFavorite, busy = false }: IdeaCardProps) {
  const titleId = useId();
  const statusId = useId();
  const [, navigate] = useLocation();
  const [imageFailed, setImageFailed] = useState(false);

  const title = displayTitle(idea.title);
  const deleted = isDeletedIdea(idea);
  const stage = cardStage(idea);
  const inReview = stage === 'review';
  const rejected = stage === 'rejected';
  const created = idea.createdAt;
  // A draft was never published: no 新 and no views to speak of.
  const draft = stage === 'draft';
  const isNew = !!created && !deleted && !draft && isNewCard(created);
  const views = draft ? undefined : idea.viewCount;
  const tags = cardTags(idea.tags);
  const { shown: shownTags, more: hiddenTags } = tagsToShow(tags, CARD_TAGS_SHOWN);
  const hasAuthor = !!(idea.authorName || idea.authorRegistrationNumber || idea.authorId);
  const hasStatus = inReview || rejected || deleted;
  const Heading = `h${headingLevel}` as const;

  const onLinkClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!href || !isPlainClick(e)) return; // New tab, new window: let the browser follow href.
    e.preventDefault();
    if (onOpen) onOpen();
    else navigate(href);
  };

  const describedBy = hasStatus ? statusId : undefined;
  let titleNode: ReactNode = title;
  if (href) {
    titleNode = (
      <a href={href} className="idea-card-open" onClick={onLinkClick} aria-describedby={describedBy}>
        {title}
      </a>
    );
  } else if (onOpen) {
    titleNode = (
      <button type="button" className="idea-card-open" onClick={onOpen} aria-describedby={describedBy}>
        {title}
      </button>
    );
  }

  const classes = ['idea-card', deleted && 'idea-card-deleted', highlighted && 'idea-card-highlighted', (href || onOpen) && 'idea-card-clickable'].filter(Boolean).join(' ');

  return (
    <article className={classes} data-testid="idea-card" data-idea-id={idea.id} aria-labelledby={titleId}>
      {idea.image && !imageFailed && (
        <div className="idea-card-image" style={{ aspectRatio: coverAspectRatio(idea.imageWidth, idea.imageHeight) }}>
          <img src={idea.image} alt="" width={idea.imageWidth ?? undefined} height={idea.imageHeight ?? undefined} loading="lazy" decoding="async" onError={() => setImageFailed(true)} />
        </div>
      )}
      <div className="idea-card-body">
        {(isNew || hasStatus) && (
          <p className="idea-card-badges">
            {isNew && <span className="idea-badge idea-badge-new">新</span>}
            <span id={statusId} className="idea-card-status">
              {inReview && (
                <span className="idea-badge idea-badge-review">
                  <HourglassIcon />
                  审核中
                </span>
              )}
              {rejected && (
                <span className="idea-badge idea-badge-rejected">
                  <span aria-hidden="true">✕ </span>未通过
                </span>
              )}
              {deleted && <span className="idea-badge idea-badge-deleted">已删除</span>}
            </span>
          </p>
        )}
        <Heading id={titleId} className="idea-card-title">
          {titleNode}
        </Heading>
        {idea.description?.trim() && <p className="idea-card-desc">{idea.description}</p>}
        {rejected && <RejectionReason className="idea-card-reason" reason={idea.rejectionReason?.trim() || '未说明原因'} />}
        {shownTags.length > 0 && (
          <ul className="idea-card-tags" aria-label="标签">
            {shownTags.map((tag) => (
              <li key={tag} className="idea-tag">
                {/* Above the title link's cover (ideas.css): a tag opens its own page. */}
                <Link href={tagPath(tag)} className="idea-tag-link">
                  #{tag}
                </Link>
              </li>
            ))}
            {hiddenTags > 0 && (
              <li className="idea-tag idea-tag-more">
                <span aria-hidden="true">+{hiddenTags}</span>
                <span className="visually-hidden">还有{hiddenTags}个标签</span>
              </li>
            )}
          </ul>
        )}
        {children && <div className="idea-card-extra">{children}</div>}
        {/* Every card states its price (免费 today), whichever list shows it. */}
        {
          <div className="idea-card-meta">
            {hasAuthor && (
              <span className="idea-card-author">
                <Avatar src={authorAvatar(cardAuthor(idea))} alt="" size={20} />
                <span className="idea-card-author-name">{authorName(cardAuthor(idea))}</span>
              </span>
            )}
            <span className="idea-card-stats">
              <span className="idea-card-price">{priceText(idea.price)}</span>
              {typeof views === 'number' && <span>浏览 {views}</span>}
              {created && (
                <time dateTime={created} title={formatDateTime(created)}>
                  {relativeTime(created)}
                </time>
              )}
            </span>
          </div>
        }
      </div>
      {(actions || onDelete || onRestore || onClearFavorite) && (
        <div className="idea-card-actions">
          {actions}
          {onRestore && (
            <BusyButton className="btn btn-small" onClick={onRestore} busy={busy} aria-label={`恢复「${title}」`}>
              恢复
            </BusyButton>
          )}
          {onDelete && (
            <BusyButton className="btn btn-small btn-danger-outline" onClick={onDelete} busy={busy} aria-label={`删除「${title}」`}>
              删除
            </BusyButton>
          )}
          {onClearFavorite && (
            <BusyButton className="btn btn-small" onClick={onClearFavorite} busy={busy} aria-label={`清除收藏「${title}」`}>
              清除收藏
            </BusyButton>
          )}
        </div>
      )}
    </article>
  );
}
