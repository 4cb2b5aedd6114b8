import { useEffect } from 'react';
import { pageDescription, pageTitle } from '../components/ui/ui-rules.ts';
import { usePlatformName } from './useSiteIdentity.ts';

export { withinTitle } from '../components/ui/ui-rules.ts';

/**
 * The tab title and the meta description of a route (UI kit): `usePageTitle('我的灵感库')` gives
 * `我的灵感库 - 平台名`, the platform name coming from the server's site identity. Every route calls
 * it once, at its top; public pages pass a description of their own (search results show it), the
 * others get the site's (DEFAULT_PAGE_DESCRIPTION), so leaving a page never leaves its text behind.
 */
export function usePageTitle(name: string | null | undefined, description?: string): void {
  const platformName = usePlatformName();
  const title = pageTitle(name, platformName);
  const content = pageDescription(description);
  // Prerendering at build time (no document): the page's head carries them (prerender.tsx), as the app may not run.
  if (typeof document === 'undefined') Object.assign(prerenderedHead, { title, description: content });
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(() => {
    descriptionTag().content = content;
  }, [content]);
}

/** The title and description the page being prerendered asked for (prerender.tsx reads them). */
export const prerenderedHead: { title?: string; description?: string } = {};

/** index.html's <meta name="description">, created if a page lost it. */
function descriptionTag(): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.append(tag);
  }
  return tag;
}
