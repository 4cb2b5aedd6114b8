/** The console's watched words and held comments. Fixed paths before /:id. */
import { heldCommentOps } from '../comments/operations.ts';
import { watchedWordOps as op } from '../moderation/operations.ts';
import { consoleOps } from '../admin/operations.ts';
import { route } from './route.ts';

const ADMIN = '管理';

export const moderationRoutes = [
  route('get', '/admin/pending-counts', consoleOps.pendingCounts, { tag: ADMIN, summary: '各分类待处理的数量：review（待审核的创意与评论）、feedback（未回复的反馈）、reports（待处理的评论举报）' }),
  route('get', '/admin/watched-words', op.list, { tag: ADMIN, summary: '监控词：管理员添加的在前（最新在前），然后是内置词表和词表文件的词（q 搜索，action 筛选，limit/offset 分页，total 为总数）' }),
  route('post', '/admin/watched-words', op.add, { tag: ADMIN, summary: '添加监控词（word、action：block 拦截 / hold 送审 / replace 替换为 **）；已有的词改为新的处理方式。立即生效，其他进程在 CACHE_TTL_MS 内生效' }),
  route('post', '/admin/watched-words/import', op.import, { tag: ADMIN, summary: '导入监控词（text 每行一个，action 对全部生效）；无法作为词的行列在 skipped 中' }),
  route('delete', '/admin/watched-words/:id', op.remove, { tag: ADMIN, summary: '删除管理员添加的监控词（内置词表和词表文件的词不能在这里删除）', responses: { 404: '不存在或已删除' } }),
  route('get', '/admin/held-comments', heldCommentOps.list, { tag: ADMIN, summary: '因送审词等待审核的评论（最早的在前，最多 200 条，附命中的词）' }),
  route('post', '/admin/held-comments/:id/approve', heldCommentOps.approve, { tag: ADMIN, summary: '通过待审评论：公开、计数并通知创意作者', responses: { 400: '不在审核中', 404: '评论不存在' } }),
  route('post', '/admin/held-comments/:id/reject', heldCommentOps.reject, { tag: ADMIN, summary: '驳回待审评论（可选 reason）：移除，作者收到系统消息', responses: { 400: '不在审核中，或原因过长', 404: '评论不存在' } }),
];
