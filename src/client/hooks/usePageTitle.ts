import { useEffect } from 'react';
import { pageTitle } from '../components/ui/ui-rules.ts';
import { usePlatformName } from './useSiteIdentity.ts';

/**
 * The tab title of a route (UI kit): `usePageTitle('我的灵感库')` gives `我的灵感库 - 平台名`, the
 * platform name coming from the server's site identity. Every route calls it once, at its top.
 */
export function usePageTitle(name: string | null | undefined): void {
  const platformName = usePlatformName();
  const title = pageTitle(name, platformName);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
