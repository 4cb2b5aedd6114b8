/** Comment paths of docs/spec/publishing-and-browsing.md §7 and the report paths of docs/architecture.md §10. Fixed paths before /comments/:id. */
import { commentOps as op, reportOps } from '../comments/operations.ts';
import { route } from './route.ts';

const TAG = '评论';

export const commentRoutes = [
  route('get', '/comments/idea/:ideaId', op.list, { tag: TAG, summary: '某创意的评论（平铺，parentId 指向所属的顶层评论；最多最新的 2000 条，按时间先后）', responses: { 403: '该创意未开放评论', 404: '创意不存在或不可见' } }),
  route('get', '/comments/interactions', op.interactions, { tag: TAG, summary: '我对这些评论的点赞/点踩（commentIds=1,2,3）' }),
  route('post', '/comments', op.create, { tag: TAG, summary: '发表评论或回复（ideaId, content, parentId）', responses: { 400: '内容为空或超过500字', 403: '含敏感词，或未开放评论', 404: '创意或被回复的评论不存在' } }),
  route('post', '/comments/:id/like', op.like, { tag: TAG, summary: '点赞（再点一次取消；与点踩互斥）', responses: { 403: '该创意未开放评论', 404: '评论不存在' } }),
  route('post', '/comments/:id/dislike', op.dislike, { tag: TAG, summary: '点踩（再点一次取消；与点赞互斥）', responses: { 403: '该创意未开放评论', 404: '评论不存在' } }),
  route('post', '/comments/:id/report', op.report, { tag: TAG, summary: '举报评论（reason）', responses: { 400: '没有理由，或举报的是自己的评论', 403: '该创意未开放评论，或理由含敏感词', 404: '评论不存在' } }),
  route('delete', '/comments/:id', op.remove, { tag: TAG, summary: '删除评论（评论作者、创意作者或管理员；顶层评论连同回复）', responses: { 403: '无权删除', 404: '评论不存在' } }),
  route('get', '/admin/reports', reportOps.list, { tag: '管理', summary: '评论举报（待处理在前；待处理的最多 500 条，已处理的最近 100 条）' }),
  route('post', '/admin/reports/:id/dismiss', reportOps.dismiss, { tag: '管理', summary: '驳回举报', responses: { 400: '已处理', 404: '不存在' } }),
  route('post', '/admin/reports/:id/remove-comment', reportOps.remove, { tag: '管理', summary: '删除被举报的评论（reason 必填）：评论作者收到含原因的消息，举报人收到处理结果', responses: { 400: '已处理，或原因为空或过长', 404: '不存在' } }),
];
