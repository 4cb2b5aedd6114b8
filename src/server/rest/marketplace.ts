/** Marketplace paths of docs/spec/publishing-and-browsing.md §7 and docs/architecture.md §6/§10. */
import { marketplaceOps as op } from '../marketplace/operations.ts';
import { route } from './route.ts';

const TAG = '创意市场';

export const marketplaceRoutes = [
  route('get', '/marketplace/ideas', op.ideas, { tag: TAG, summary: '创意市场（sort=newest|random|favorites；random 不带 seed 时由服务器选一个并在 seed 中返回，下一页带上它或 nextCursor 即延续同一顺序；limit ≤ 50；cursor 翻页，nextCursor 为 null 时到底）' }),
  route('get', '/marketplace/search', op.search, { tag: TAG, summary: '搜索标题、介绍和标签（q 最多 50 字，按空格分成多个词，每个词都要出现，顺序和字段不限；q 为空或只有空格时返回空列表；标题就是关键词的在前，其次标题包含所有词，再次其余，各自最新在前；cursor 翻页；每页读取的索引条目有上限，超出时本页较短，找到了结果才给 nextCursor）', responses: { 400: '关键词过长或 cursor 无效', 429: '当前网络搜索过于频繁（未命中缓存的搜索按地址限流）' } }),
];
