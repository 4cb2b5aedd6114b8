/**
 * Marketplace operations (docs/spec/publishing-and-browsing.md §2, §7; docs/architecture.md §5, §6, §10): the list in three sorts and the
 * keyword search, both public reads in keyset pages. `trpc/routers/marketplace.ts` and
 * `rest/marketplace.ts` only name them.
 */
import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { answer, read } from '../request/operation.ts';
import { CACHED_IDEA_CARDS } from '../request/changes.ts';
import { SEARCH_QUERY_MAX_CHARS } from '../../shared/constants.ts';
import { searchWords } from '../search/text.ts';
import { marketplacePage, randomSeedOfCursor } from './service.ts';
import { searchPage } from '../search/query.ts';
import { ZIdeaCards, ZMarketplacePage, ZNextCursor } from '../../shared/outputs/ideas.ts';
import { RANDOM_SEED_BUCKETS, RANDOM_SEED_MAX } from '../../shared/constants.ts';

export const MARKET_MSG = {
  sortInvalid: '排序方式只能是 newest、random 或 favorites',
  seedInvalid: 'seed 必须是 1 到 2147483648 的整数',
  limitInvalid: 'limit 必须是 1 到 50 的整数',
  queryTooLong: `搜索关键词最多${SEARCH_QUERY_MAX_CHARS}个字`,
  searchTooFrequent: '当前网络搜索过于频繁，请稍后再试',
} as const;

const ZLimit = z.coerce.number({ error: MARKET_MSG.limitInvalid }).int(MARKET_MSG.limitInvalid).min(1, MARKET_MSG.limitInvalid).max(50, MARKET_MSG.limitInvalid).optional().default(20);
const ZCursor = z.string().max(300).optional();

export const ZMarketplaceQuery = z
  .object({
    sort: z.enum(['newest', 'random', 'favorites'], { error: MARKET_MSG.sortInvalid }).optional().default('newest'),
    // Random without a seed: the cursor's, or one the server chooses and answers.
    seed: z.coerce.number({ error: MARKET_MSG.seedInvalid }).int(MARKET_MSG.seedInvalid).min(1, MARKET_MSG.seedInvalid).max(RANDOM_SEED_MAX, MARKET_MSG.seedInvalid).optional(),
    limit: ZLimit,
    cursor: ZCursor,
  });

export const ZSearchQuery = z.object({
  // Blank or left out: an empty answer, as the spec's client gives (docs/spec/publishing-and-browsing.md §5), not an error.
  q: z
    .string()
    .trim()
    .refine((s) => [...s].length <= SEARCH_QUERY_MAX_CHARS, MARKET_MSG.queryTooLong)
    .optional()
    .default(''),
  limit: ZLimit,
  cursor: ZCursor,
});

export const marketplaceOps = {
  ideas: read({
    access: 'public',
    cache: { ...CACHED_IDEA_CARDS, members: 'ideas' },
    input: ZMarketplaceQuery.optional(),
    output: { data: ZIdeaCards, extra: ZMarketplacePage },
    run: async ({ deps, auth }, input) => {
      const query = input ?? { sort: 'newest' as const, limit: 20 };
      if (query.sort !== 'random') {
        const page = await marketplacePage(deps, auth?.user ?? null, query);
        return answer(page.items, { extra: { nextCursor: page.nextCursor } });
      }
      const seed = query.seed ?? randomSeedOfCursor(query.cursor) ?? 1 + randomInt(RANDOM_SEED_BUCKETS);
      const page = await marketplacePage(deps, auth?.user ?? null, { ...query, seed });
      return answer(page.items, { extra: { nextCursor: page.nextCursor, seed } });
    },
  }),
  search: read({
    access: 'public',
    cache: { ...CACHED_IDEA_CARDS, members: 'ideas' },
    input: ZSearchQuery,
    output: { data: ZIdeaCards, extra: ZNextCursor },
    run: async ({ deps, auth, ip }, input) => {
      // Reached only when the shared cache has no answer: a guest's repeated search costs nothing here.
      if (searchWords(input.q).length) await deps.limits.searchesIp.consume(ip, MARKET_MSG.searchTooFrequent);
      const page = await searchPage(deps, auth?.user ?? null, input.q, input.limit, input.cursor);
      return answer(page.items, { extra: { nextCursor: page.nextCursor } });
    },
  }),
};
