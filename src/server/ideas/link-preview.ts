/**
 * Open Graph meta for shared idea links (docs/architecture.md §1): injected into the page for public ideas only.
 * An idea in review, rejected or deleted gets the plain page with status 404 and no meta (§10).
 */
import type { Deps } from '../deps.ts';
import { ZIdeaId } from '../../shared/ids.ts';
import { publicIdeas } from './visibility.ts';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export interface IdeaPreviewMeta {
  title: string;
  description: string;
}

export async function ideaPreviewMeta(deps: Deps, idText: string): Promise<IdeaPreviewMeta | null> {
  const id = ZIdeaId.safeParse(idText);
  if (!id.success) return null;
  const idea = await publicIdeas(deps.db).where('ideas.id', '=', id.data).executeTakeFirst();
  return idea ? { title: idea.title, description: idea.description } : null;
}

const TEMPLATE_TITLE = '<title>猎人创意社区</title>';

/** The built index.html with the idea's meta in its head. */
export function withPreviewMeta(indexHtml: string, meta: IdeaPreviewMeta, siteName: string): string {
  const tags = [
    `<meta property="og:type" content="article" />`,
    `<meta property="og:site_name" content="${escapeHtml(siteName)}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
  ].join('\n    ');
  const head = `<title>${escapeHtml(meta.title)} - ${escapeHtml(siteName)}</title>\n    ${tags}`;
  // Split and join, not String.replace: a replacement string would read `$'`, `$&` or `$\`` in a
  // user's title as patterns and splice the template into the page.
  const [before, ...after] = indexHtml.split(TEMPLATE_TITLE);
  return after.length ? before + head + after.join(TEMPLATE_TITLE) : indexHtml;
}
