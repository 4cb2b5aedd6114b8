import { trpc } from '../lib/trpc.ts';

/** Shown until the server's configuration arrives (and if it never does). */
export const DEFAULT_PLATFORM_NAME = '猎人创意社区';

/** Platform name, company, contacts and filing numbers from the server's configuration. */
export function useSiteIdentity() {
  const query = trpc.site.identity.useQuery(undefined, { staleTime: Infinity });
  return query.data?.data;
}

/** The platform's name, for titles and text. */
export function usePlatformName(): string {
  return useSiteIdentity()?.platformName || DEFAULT_PLATFORM_NAME;
}
