/**
 * The cards of the prerendered landing page and guest marketplace, drawn before (and without) the
 * app: the page's first read (the fast lane answers it from its cache) rendered as IdeaCard's markup
 * (lib/static-cards.ts) in place of the loading line or the skeleton cards. A guest reading them
 * needs no React: the cards are links to /login (which then opens the idea, lib/login-return.ts),
 * the tags links to their pages. The app is asked for (hunterBeforeStart.load, vite.config.ts
 * `routePreload`) when the list's end comes into view (its next page is the app's), or when there is
 * nothing to draw (no ideas, a failed read: the app's screens say so and offer the retry).
 * Once started, the app hydrates the drawn cards and takes them over (hooks/useStaticCards.ts).
 *
 * A module of its own (vite.config.ts `build.rollupOptions.input`): scripts/prerender.ts puts it in
 * those two pages only.
 */
import { beforeStart, type StaticRead } from './lib/before-start.ts';
import { MARKET_MSG } from './lib/list-pages.ts';
import { saveLoginReturn } from './lib/login-return.ts';
import { DEFAULT_SORT, MARKET_PAGE_SIZE, SORT_LABELS } from './lib/marketplace-sort.ts';
import { escapeHtml, LANDING_CARDS, staticGridHtml } from './lib/static-cards.ts';
import { CARD_GRID_COLUMNS, FEATURED_GRID_COLUMNS } from './components/ui/ui-rules.ts';
import type { IdeaDto } from '../shared/idea-schemas.ts';

interface Page {
  data?: unknown;
  nextCursor?: unknown;
}

async function read(path: StaticRead['path'], input: Record<string, unknown>): Promise<StaticRead & { data: Page }> {
  const res = await fetch(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  const body = (await res.json()) as { result?: { data?: Page } };
  const data = body.result?.data;
  if (!data || !Array.isArray(data.data)) throw new Error(`${path}: not a list`);
  return { path, input, data };
}

/** Replaces `nodes` (the painted loading state) with one `<div data-static-cards>` holding `html`. */
function draw(name: string, nodes: Element[], html: string): HTMLElement {
  const holder = document.createElement('div');
  holder.dataset.staticCards = name;
  holder.innerHTML = html;
  nodes[0].before(holder);
  for (const node of nodes) node.remove();
  return holder;
}

async function start(): Promise<void> {
  const loader = beforeStart();
  const root = document.getElementById('root');
  if (!loader || loader.eager || !root) return;
  const width = window.innerWidth;
  const toLogin = () => '/login';
  try {
    if (root.dataset.prerendered === '/') {
      const first = await read('ideas.publicPage', { limit: LANDING_CARDS });
      // docs/spec/publishing-and-browsing.md §2: the all-versions list stands in for an empty one.
      const reads = (first.data.data as unknown[]).length ? [first] : [first, await read('ideas.allVersions', { limit: LANDING_CARDS })];
      const ideas = (reads[reads.length - 1].data.data as IdeaDto[]).slice(0, LANDING_CARDS);
      const pending = root.querySelector('.landing-featured-pending');
      if (!ideas.length || !pending || loader.app) return loader.load();
      loader.cards = { reads };
      draw('featured', [pending], staticGridHtml(ideas, { label: '精选创意列表', columns: FEATURED_GRID_COLUMNS, width, headingLevel: 3, href: toLogin }));
    } else if (root.dataset.prerendered === '/guest-marketplace') {
      const page = await read('marketplace.ideas', { sort: DEFAULT_SORT, limit: MARKET_PAGE_SIZE });
      const ideas = page.data.data as IdeaDto[];
      const skeletons = root.querySelector('[data-testid="market-skeletons"]');
      const status = skeletons?.previousElementSibling;
      if (!ideas.length || !skeletons || !status || loader.app) return loader.load();
      loader.cards = { reads: [page] };
      const more = page.data.nextCursor != null;
      const end = more
        ? '<button type="button" class="btn btn-small market-more" data-needs-app="">加载更多</button>'
        : `<p class="market-end" data-testid="list-end"><span aria-hidden="true">— </span>${escapeHtml(MARKET_MSG.end)}，共 ${ideas.length} 个创意<span aria-hidden="true"> —</span></p>`;
      const grid = staticGridHtml(ideas, { label: `创意列表（${SORT_LABELS[DEFAULT_SORT]}）`, columns: CARD_GRID_COLUMNS, width, headingLevel: 2, href: toLogin });
      const holder = draw('market', [status, skeletons], `${grid}<div class="market-sentinel">${end}</div>`);
      // The next page is the app's: asked for as the end comes near (the app's own sentinel's margin).
      const sentinel = holder.querySelector('.market-sentinel');
      if (more && sentinel && typeof IntersectionObserver !== 'undefined') {
        const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && (io.disconnect(), loader.load()), { rootMargin: '0px 0px 600px 0px' });
        io.observe(sentinel);
      }
    } else return;
    // A guest's card leads to the login, and the login back to that idea (as the app's cards do).
    root.addEventListener('click', (e) => {
      const open = e.target instanceof Element ? e.target.closest<HTMLElement>('[data-static-cards] a.idea-card-open') : null;
      if (open && e.button === 0 && !loader.started) saveLoginReturn(sessionStorage, `/idea/${open.dataset.ideaId}`, 'openIdea');
    });
  } catch {
    // The app's screens say what went wrong and offer the retry.
    loader.load();
  }
}

void start();
