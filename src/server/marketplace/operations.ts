/**
 * Marketplace operations (publishing §2, §7; DESIGN §5, §6, §10): the list in three sorts and the
 * keyword search, both public reads in keyset pages. `trpc/routers/marketplace.ts` and
 * `rest/marketplace.ts` only name them.
 */
import { z } from 'zod';
import { answer, read } from '../request/operation.ts';
import { CACHED_IDEA_CARDS } from '../request/changes.ts';
import { SEARCH_MAX_QUERY } from '../text.ts';
import { marketplacePage, searchPage } from './service.ts';
import { ZIdeaCards, ZNextCursor } from '../../shared/outputs/ideas.ts';

export const MARKET_MSG = {
  sortInvalid: '排序方式只能是 newest、random 或 favorites',
  seedRequired: '随机排序需要 seed 参数（1 到 2147483648 的整数）',
  seedInvalid: 'seed 必须是 1 到 2147483648 的整数',
  limitInvalid: 'limit 必须是 1 到 50 的整数',
  queryRequired: '请输入搜索关键词',
  queryTooLong: `搜索关键词最多${SEARCH_MAX_QUERY}个字`,
} as const;

const ZLimit = z.coerce.number({ error: MARKET_MSG.limitInvalid }).int(MARKET_MSG.limitInvalid).min(1, MARKET_MSG.limitInvalid).max(50, MARKET_MSG.limitInvalid).optional().default(20);
const ZCursor = z.string().max(300).optional();

export const ZMarketplaceQuery = z
  .object({
    sort: z.enum(['newest', 'random', 'favorites'], { error: MARKET_MSG.sortInvalid }).optional().default('newest'),
    seed: z.coerce.number({ error: MARKET_MSG.seedInvalid }).int(MARKET_MSG.seedInvalid).min(1, MARKET_MSG.seedInvalid).max(2 ** 31, MARKET_MSG.seedInvalid).optional(),
    limit: ZLimit,
    cursor: ZCursor,
  })
  .refine((v) => v.sort !== 'random' || v.seed !== undefined, { message: MARKET_MSG.seedRequired, path: ['seed'] });

export const ZSearchQuery = z.object({
  q: z
    .string({ error: MARKET_MSG.queryRequired })
    .trim()
    .min(1, MARKET_MSG.queryRequired)
    .refine((s) => [...s].length <= SEARCH_MAX_QUERY, MARKET_MSG.queryTooLong),
  limit: ZLimit,
  cursor: ZCursor,
});

export const marketplaceOps = {
  ideas: read({
    access: 'public',
    cache: { ...CACHED_IDEA_CARDS, members: 'ideas' },
    input: ZMarketplaceQuery.optional(),
    output: { data: ZIdeaCards, extra: ZNextCursor },
    run: async ({ deps, auth }, input) => {
      const page = await marketplacePage(deps, auth?.user ?? null, input ?? { sort: 'newest', limit: 20 });
      return answer(page.items, { extra: { nextCursor: page.nextCursor } });
    },
  }),
  search: read({
    access: 'public',
    cache: { ...CACHED_IDEA_CARDS, members: 'ideas' },
    input: ZSearchQuery,
    output: { data: ZIdeaCards, extra: ZNextCursor },
    run: async ({ deps, auth }, input) => {
      const page = await searchPage(deps, auth?.user ?? null, input.q, input.limit, input.cursor);
      return answer(page.items, { extra: { nextCursor: page.nextCursor } });
    },
  }),
};
