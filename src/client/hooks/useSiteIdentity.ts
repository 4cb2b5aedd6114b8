import { trpc } from '../lib/trpc.ts';

/** Platform name, company, contacts and filing numbers from the server's configuration. */
export function useSiteIdentity() {
  const query = trpc.site.identity.useQuery(undefined, { staleTime: Infinity });
  return query.data;
}
