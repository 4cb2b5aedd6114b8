/**
 * Tag pages' operations (docs/product-rules.md "Tags"): a tag's public ideas, newest first with their count,
 * and the popular tags; public reads, cached like the marketplace's pages and dropped by the same writes.
 * `trpc/routers/tags.ts` only names them.
 */
import { z } from 'zod';
import { answer, read } from '../contract/operation.ts';
import { REST_TAG } from '../contract/rest-tags.ts';
import { CACHED_IDEA_CARDS } from '../contract/changes.ts';
import { TAG_MAX_CJK, TAG_MAX_OTHER, tagWithinLength } from '../../shared/idea-rules.ts';
import { ZIdeaCards } from '../../shared/outputs/ideas.ts';
import { ZPopularTags, ZTagPage } from '../../shared/outputs/tags.ts';
import { popularTags, tagIdeasPage } from './service.ts';

export const TAG_MSG = {
  empty: '标签不能为空',
  tooLong: `标签最多${TAG_MAX_CJK}个汉字或${TAG_MAX_OTHER}个字符`,
  limitInvalid: 'limit 必须是 1 到 50 的整数',
} as const;

/** A tag as the editor allows it (shared/idea-rules.ts `parseTags`): not blank, and within the length limit. */
const ZTag = z.string({ error: TAG_MSG.empty }).trim().min(1, TAG_MSG.empty).refine(tagWithinLength, TAG_MSG.tooLong);

const ZTagQuery = z.object({
  tag: ZTag,
  limit: z.coerce.number({ error: TAG_MSG.limitInvalid }).int(TAG_MSG.limitInvalid).min(1, TAG_MSG.limitInvalid).max(50, TAG_MSG.limitInvalid).optional().default(20),
  cursor: z.string().max(300).optional(),
});

export const tagOps = {
  ideas: read({
    rest: {
      method: 'get',
      path: '/tags/:tag/ideas',
      tag: REST_TAG.marketplace,
      summary: '带某个标签的公开创意，最新在前（标签比较时不分全角半角、大小写和繁简体；limit ≤ 50；cursor 翻页，nextCursor 为 null 时到底；count 为这些创意的总数）',
      responses: { 400: '标签为空、过长，或 cursor 无效' },
    },
    access: 'public',
    cache: { ...CACHED_IDEA_CARDS, members: 'ideas' },
    input: ZTagQuery,
    output: { data: ZIdeaCards, extra: ZTagPage },
    run: async ({ deps, auth }, input) => {
      const page = await tagIdeasPage(deps, auth?.user ?? null, input.tag, input.limit, input.cursor);
      return answer(page.items, { extra: { nextCursor: page.nextCursor, count: page.count } });
    },
  }),
  popular: read({
    rest: { method: 'get', path: '/tags/popular', tag: REST_TAG.marketplace, summary: '近 30 天发布的公开创意里最常用的 20 个标签，带各自的创意数，最多的在前' },
    access: 'public',
    cache: { ...CACHED_IDEA_CARDS, members: 'same' },
    input: z.object({}).optional(),
    output: { data: ZPopularTags },
    run: async ({ deps }) => answer(await popularTags(deps)),
  }),
};
