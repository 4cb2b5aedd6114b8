/**
 * Build-time HTML for the guest entry pages, so they paint before the JavaScript has downloaded
 * and run (Lighthouse's LCP on a phone). Rendered as a logged-out visitor sees the page, with lists in
 * their loading state; in the browser main.tsx hydrates it when the visit draws the same view, else
 * renders the live view over it. scripts/prerender.ts
 * writes the files; the fast lane sends them.
 */
import { prerender } from 'react-dom/static';
import { DoodleDayContext } from './pages/LandingPage.tsx';
import { Root } from './Root.tsx';
import { prerenderedHead } from './hooks/usePageTitle.ts';

/**
 * `search`: the query of the page's view, if it has one (`?tab=register`). `title` and `description`:
 * what the page's usePageTitle asked for, for the HTML's head (the app may never run on the page).
 */
export async function renderPage(path: string, search: string, doodleDay: number): Promise<{ html: string; title?: string; description?: string }> {
  delete prerenderedHead.title;
  delete prerenderedHead.description;
  const { prelude } = await prerender(
    <DoodleDayContext.Provider value={doodleDay}>
      <Root ssrPath={path} ssrSearch={search.replace(/^\?/, '')} />
    </DoodleDayContext.Provider>,
  );
  const reader = prelude.getReader();
  const decoder = new TextDecoder();
  let html = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    html += decoder.decode(value, { stream: true });
  }
  return { html: html + decoder.decode(), ...prerenderedHead };
}
