/** What the tag pages' reads answer (src/server/tags/operations.ts). */
import { z } from 'zod';
import { ZCount } from './common.ts';
import { ZNextCursor } from './ideas.ts';

/** Beside `data` on a tag's page: the next page's cursor, and how many public ideas carry the tag. */
export const ZTagPage = ZNextCursor.extend({ count: ZCount.describe('带这个标签的公开创意数') });

export const ZPopularTags = z.array(
  z
    .object({
      tag: z.string().describe('标签（同一标签折叠后的一种写法）'),
      count: ZCount.describe('近 30 天发布、带这个标签的公开创意数'),
    })
    .meta({ id: 'PopularTag' }),
);
