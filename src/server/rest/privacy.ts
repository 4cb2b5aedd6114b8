/** A member's own data: the archive of everything the product holds about them. */
import { privacyOps } from '../privacy/operations.ts';
import { route } from './route.ts';

export const privacyRoutes = [
  route('get', '/account/export', privacyOps.exportData, {
    operationId: 'account.exportData',
    tag: '账号',
    summary: '下载我的数据：资料、创意（含图片）、草稿、评论、收藏、关注、消息、反馈和其他记录，一个 ZIP 文件（每位用户每天 RATE_EXPORTS_PER_DAY 次）',
    responses: { 429: '导出过于频繁' },
  }),
];
