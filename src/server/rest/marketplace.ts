/** Marketplace paths of publishing §7 and DESIGN §6/§10. */
import { marketplaceOps as op } from '../marketplace/operations.ts';
import { route } from './route.ts';

const TAG = '创意市场';

export const marketplaceRoutes = [
  route('get', '/marketplace/ideas', op.ideas, { tag: TAG, summary: '创意市场（sort=newest|random|favorites，random 需要 seed；limit ≤ 50；cursor 翻页，nextCursor 为 null 时到底）' }),
  route('get', '/marketplace/search', op.search, { tag: TAG, summary: '搜索标题、介绍和标签（q 为 1–50 字；标题完全一致的在前，其次标题包含，各自最新在前；cursor 翻页）', responses: { 400: '关键词为空或过长' } }),
];
