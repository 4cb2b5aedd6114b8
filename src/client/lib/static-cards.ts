/**
 * The markup of IdeaCard in a CardGrid (components/IdeaCard.tsx, components/ui/CardGrid.tsx), drawn
 * without React: guest-cards.ts fills the prerendered landing and guest marketplace with it before
 * the app runs, and the app, once started, puts its own cards in the same places
 * (hooks/useStaticCards.ts). A guest's view only: public ideas (no review, rejection or recycle-bin
 * badges), every card leading to the login. Pure: no React, no DOM.
 */
import { authorAvatar, authorName, displayTitle } from '../../shared/idea-display.ts';
import { CARD_TAGS_SHOWN, isNewCard } from '../../shared/idea-rules.ts';
import type { IdeaDto } from '../../shared/idea-schemas.ts';
import { formatDateTime, relativeTime } from '../../shared/relative-time.ts';
import { tagPath, tagsToShow } from './card-tags.ts';
import { cardGridColumns, coverAspectRatio, type GridColumns } from '../components/ui/ui-rules.ts';

/** How many ideas the landing page shows (docs/spec/publishing-and-browsing.md §2). */
export const LANDING_CARDS = 6;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** 免费 for 0 (the price is always 0 today, docs/spec/publishing-and-browsing.md §5), else ¥ and the amount. */
export function priceText(price: number | null | undefined): string {
  return !price ? '免费' : `¥${price}`;
}

type CardIdea = Pick<IdeaDto, 'id' | 'title'> & Partial<Omit<IdeaDto, 'tags'>> & { tags?: readonly string[] | string | null };

function tagList(tags: CardIdea['tags']): string[] {
  if (Array.isArray(tags)) return tags.filter((t): t is string => typeof t === 'string' && t.trim() !== '');
  return typeof tags === 'string' && tags.trim() ? tags.split(/\s+/).filter(Boolean) : [];
}

/** One card: `href` is where its title leads (a guest: /login). */
export function staticCardHtml(idea: CardIdea, href: string, headingLevel: 2 | 3, now = Date.now()): string {
  const e = escapeHtml;
  const titleId = `static-card-${idea.id}`;
  const title = displayTitle(idea.title);
  const parts: string[] = [];
  if (idea.image) {
    const size = `${idea.imageWidth ? ` width="${idea.imageWidth}"` : ''}${idea.imageHeight ? ` height="${idea.imageHeight}"` : ''}`;
    parts.push(
      `<div class="idea-card-image" style="aspect-ratio: ${coverAspectRatio(idea.imageWidth, idea.imageHeight)}"><img src="${e(idea.image)}" alt=""${size} loading="lazy" decoding="async"></div>`,
    );
  }
  parts.push('<div class="idea-card-body">');
  if (idea.createdAt && isNewCard(idea.createdAt, now)) parts.push('<p class="idea-card-badges"><span class="idea-badge idea-badge-new">新</span></p>');
  parts.push(`<h${headingLevel} id="${titleId}" class="idea-card-title"><a href="${e(href)}" class="idea-card-open" data-idea-id="${idea.id}">${e(title)}</a></h${headingLevel}>`);
  if (idea.description?.trim()) parts.push(`<p class="idea-card-desc">${e(idea.description)}</p>`);
  const { shown, more } = tagsToShow(tagList(idea.tags), CARD_TAGS_SHOWN);
  if (shown.length) {
    parts.push('<ul class="idea-card-tags" aria-label="标签">');
    for (const tag of shown) parts.push(`<li class="idea-tag"><a href="${e(tagPath(tag))}" class="idea-tag-link">#${e(tag)}</a></li>`);
    if (more > 0) parts.push(`<li class="idea-tag idea-tag-more"><span aria-hidden="true">+${more}</span><span class="visually-hidden">还有${more}个标签</span></li>`);
    parts.push('</ul>');
  }
  parts.push('<div class="idea-card-meta">');
  if (idea.authorName || idea.authorRegistrationNumber || idea.authorId) {
    const author = { userId: idea.authorId ?? null, nickname: idea.authorName?.trim() || null, registrationNumber: idea.authorRegistrationNumber ?? null, avatarUrl: idea.authorAvatar || null };
    parts.push(
      `<span class="idea-card-author"><img src="${e(authorAvatar(author))}" alt="" width="20" height="20" class="avatar"><span class="idea-card-author-name">${e(authorName(author))}</span></span>`,
    );
  }
  parts.push(`<span class="idea-card-stats"><span class="idea-card-price">${priceText(idea.price)}</span>`);
  if (typeof idea.viewCount === 'number') parts.push(`<span>浏览 ${idea.viewCount}</span>`);
  if (idea.createdAt) parts.push(`<time datetime="${e(idea.createdAt)}" title="${e(formatDateTime(idea.createdAt))}">${e(relativeTime(idea.createdAt, now))}</time>`);
  parts.push('</span></div></div>');
  return `<article class="idea-card idea-card-clickable" data-testid="idea-card" data-idea-id="${idea.id}" aria-labelledby="${titleId}">${parts.join('')}</article>`;
}

/** The cards dealt into columns as CardGrid's masonry deals them for a window `width` pixels wide. */
export function staticGridHtml(ideas: readonly CardIdea[], opts: { label: string; columns: GridColumns; width: number; headingLevel: 2 | 3; href: (idea: CardIdea) => string }): string {
  // As react-masonry-css: the width of one column of all, only the columns that got a card.
  const n = cardGridColumns(opts.width, opts.columns);
  const columns: string[][] = Array.from({ length: Math.min(n, ideas.length) }, () => []);
  ideas.forEach((idea, i) =>
    columns[i % n].push(`<div role="listitem" aria-posinset="${i + 1}" aria-setsize="${ideas.length}" class="card-grid-item">${staticCardHtml(idea, opts.href(idea), opts.headingLevel)}</div>`),
  );
  const width = `${100 / n}%`;
  return `<div role="list" aria-label="${escapeHtml(opts.label)}" data-testid="card-grid" class="card-grid ">${columns.map((c) => `<div role="none" style="width: ${width};" class="card-grid-column">${c.join('')}</div>`).join('')}</div>`;
}
