/**
 * Marketplace operations (docs/spec/publishing-and-browsing.md §2, §7; docs/architecture.md §5, §6, §10): the list in three sorts and the
 * keyword search, both public reads in keyset pages. Each declares its REST paths
 * (`rest`); `trpc/routers/marketplace.ts` only names them.
 */
import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { answer, read } from '../contract/operation.ts';
import { REST_TAG } from '../contract/rest-tags.ts';
import { CACHED_IDEA_CARDS } from '../contract/changes.ts';
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

export const ZMarketplaceQuery = z.object({
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
    rest: {
      method: 'get',
      path: '/marketplace/ideas',
      tag: REST_TAG.marketplace,
      summary:
        '创意市场（sort=newest|random|favorites；random 不带 seed 时由服务器选一个并在 seed 中返回，下一页带上它或 nextCursor 即延续同一顺序；limit ≤ 50；cursor 翻页，nextCursor 为 null 时到底）',
    },
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
    rest: {
      method: 'get',
      path: '/marketplace/search',
      tag: REST_TAG.marketplace,
      summary:
        '搜索标题、介绍和标签（q 最多 50 字，按空格分成多个词，每个词都要出现，顺序和字段不限；q 为空或只有空格时返回空列表；标题就是关键词的在前，其次标题包含所有词，再次其余，各自最新在前；cursor 翻页；每页读取的索引条目有上限，超出时本页较短，找到了结果才给 nextCursor）',
      responses: { 400: '关键词过长或 cursor 无效', 429: '当前网络搜索过于频繁（未命中缓存的搜索按地址限流）' },
    },
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
