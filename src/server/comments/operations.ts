/**
 * Comment operations (docs/spec/accounts-and-people.md §7, docs/spec/publishing-and-browsing.md §7, docs/architecture.md §10): who may call each, its input, its
 * answer. Each declares its REST paths (`rest`); `trpc/routers/comments.ts` only names them.
 */
import { z } from 'zod';
import { COMMENT_MSG, HELD_COMMENT_REJECT_REASON_MAX } from '../../shared/comment-rules.ts';
import { ZCommentId, ZCommentIds, ZCreateCommentRequest, ZRemoveReportedCommentRequest, ZReportCommentRequest } from '../../shared/comment-schemas.ts';
import { decimalId, ZIdeaId } from '../../shared/ids.ts';
import { answer, read, write } from '../contract/operation.ts';
import { REST_TAG } from '../contract/rest-tags.ts';
import * as comments from './service.ts';
import { ZComment, ZCommentDeleted, ZCommentInteractions, ZCommentReaction, ZCommentReport } from '../../shared/outputs/comments.ts';
import { ZCount, ZNoData } from '../../shared/outputs/common.ts';
import { ZCreated } from '../../shared/outputs/messages.ts';
import { ZHeldComment } from '../../shared/outputs/moderation.ts';
import { ZStoredText } from '../../shared/stored-text.ts';

const ById = z.object({ id: ZCommentId });

const REACTION_PATH = {
  like: { path: '/comments/:id/like', summary: '点赞（再点一次取消；与点踩互斥）' },
  dislike: { path: '/comments/:id/dislike', summary: '点踩（再点一次取消；与点赞互斥）' },
};

const reaction = (kind: 'like' | 'dislike') =>
  write({
    rest: { method: 'post', ...REACTION_PATH[kind], tag: REST_TAG.comments, responses: { 403: '该创意未开放评论', 404: '评论不存在' } },
    // A like or dislike count.
    changes: ['counts'],
    limit: 'reactions',
    access: 'member',
    loginMessage: COMMENT_MSG.loginToReact,
    input: ById,
    output: { data: ZCommentReaction, restBeside: ['interaction', 'likeCount', 'dislikeCount'] },
    run: async ({ deps, user }, input) => answer(await comments.react(deps, user, input.id, kind)),
  });

export const commentOps = {
  list: read({
    rest: {
      method: 'get',
      path: '/comments/idea/:ideaId',
      tag: REST_TAG.comments,
      summary: '某创意的评论（平铺，parentId 指向所属的顶层评论；最多最新的 2000 条，按时间先后）',
      responses: { 403: '该创意未开放评论', 404: '创意不存在或不可见' },
    },
    access: 'public',
    // One list per idea, the same for every reader of a public idea but the writer of a held comment:
    // kept until a comment is written or removed there, or the idea (or a name on it) changes.
    cache: { shows: ['comments', 'ideas'], about: (input) => input.ideaId, members: 'comments' },
    input: z.object({ ideaId: ZIdeaId }),
    output: { data: z.array(ZComment) },
    run: async ({ deps, auth }, input) => answer(await comments.listComments(deps, auth?.user ?? null, input.ideaId)),
  }),
  create: write({
    rest: {
      method: 'post',
      path: '/comments',
      tag: REST_TAG.comments,
      summary: '发表评论或回复（ideaId, content, parentId）',
      responses: { 400: '内容为空或超过500字', 403: '含敏感词，或未开放评论', 404: '创意或被回复的评论不存在' },
    },
    changes: ['comments'],
    limit: 'comments',
    access: 'member',
    loginMessage: COMMENT_MSG.loginToComment,
    input: ZCreateCommentRequest,
    output: { data: ZComment, extra: z.object({ commentCount: ZCount }), status: 201 },
    run: async ({ deps, user }, input) => {
      const { comment, commentCount } = await comments.createComment(deps, user, input);
      return answer(comment, {
        status: 201,
        message: comment.held ? COMMENT_MSG.createdHeld : comment.parentId ? COMMENT_MSG.replied : COMMENT_MSG.created,
        extra: { commentCount },
        about: input.ideaId,
      });
    },
  }),
  like: reaction('like'),
  dislike: reaction('dislike'),
  interactions: read({
    rest: { method: 'get', path: '/comments/interactions', tag: REST_TAG.comments, summary: '我对这些评论的点赞/点踩（commentIds=1,2,3）' },
    access: 'public',
    hot: true,
    input: z.object({ commentIds: ZCommentIds }),
    output: { data: ZCommentInteractions },
    run: async ({ deps, auth }, input) => answer(await comments.interactions(deps, auth?.user ?? null, input.commentIds)),
  }),
  remove: write({
    rest: { method: 'delete', path: '/comments/:id', tag: REST_TAG.comments, summary: '删除评论（评论作者、创意作者或管理员；顶层评论连同回复）', responses: { 403: '无权删除', 404: '评论不存在' } },
    changes: ['comments'],
    access: 'member',
    loginMessage: COMMENT_MSG.loginToComment,
    input: ById,
    output: { data: ZCommentDeleted },
    run: async ({ deps, user }, input) => {
      const result = await comments.deleteComment(deps, user, input.id);
      return answer({ isMainComment: result.isMainComment, commentCount: result.commentCount }, { message: COMMENT_MSG.deleted, about: result.ideaId });
    },
  }),
  report: write({
    rest: {
      method: 'post',
      path: '/comments/:id/report',
      tag: REST_TAG.comments,
      summary: '举报评论（reason）',
      responses: { 400: '没有理由，或举报的是自己的评论', 403: '该创意未开放评论，或理由含敏感词', 404: '评论不存在' },
    },
    changes: [],
    limit: 'reports',
    access: 'member',
    loginMessage: COMMENT_MSG.loginToReport,
    input: ZReportCommentRequest,
    output: { data: ZCreated },
    run: async ({ deps, user }, input) => answer(await comments.reportComment(deps, user, input.id, input.reason), { message: COMMENT_MSG.reported }),
  }),
};

export const reportOps = {
  list: read({
    rest: { method: 'get', path: '/admin/reports', tag: REST_TAG.admin, summary: '评论举报（待处理在前；待处理的最多 500 条，已处理的最近 100 条）' },
    access: 'admin',
    input: z.object({}).optional(),
    output: { data: z.array(ZCommentReport) },
    run: async ({ deps }) => answer(await comments.listReports(deps)),
  }),
  dismiss: write({
    rest: { method: 'post', path: '/admin/reports/:id/dismiss', tag: REST_TAG.admin, summary: '驳回举报', responses: { 400: '已处理', 404: '不存在' } },
    changes: [],
    access: 'admin',
    input: z.object({ id: decimalId('举报ID无效') }),
    output: { data: ZNoData },
    run: async ({ deps, user }, input) => {
      await comments.dismissReport(deps, user, input.id);
      return answer(null, { message: COMMENT_MSG.dismissed });
    },
  }),
  // Deletes the reported comment (with its replies); its writer is told the reason, its reporters the outcome.
  remove: write({
    rest: {
      method: 'post',
      path: '/admin/reports/:id/remove-comment',
      tag: REST_TAG.admin,
      summary: '删除被举报的评论（reason 必填）：评论作者收到含原因的消息，举报人收到处理结果',
      responses: { 400: '已处理，或原因为空或过长', 404: '不存在' },
    },
    changes: ['comments'],
    access: 'admin',
    input: ZRemoveReportedCommentRequest,
    output: { data: ZNoData },
    run: async ({ deps, user }, input) => {
      const { ideaId } = await comments.removeReportedComment(deps, user, input.id, input.reason);
      return answer(null, { message: COMMENT_MSG.deleted, about: ideaId });
    },
  }),
};

/** Comments a watched word of the hold action keeps for a moderator. */
export const heldCommentOps = {
  list: read({
    rest: { method: 'get', path: '/admin/held-comments', tag: REST_TAG.admin, summary: '因送审词等待审核的评论（最早的在前，最多 200 条，附命中的词）' },
    access: 'admin',
    input: z.object({}).optional(),
    output: { data: z.array(ZHeldComment) },
    run: async ({ deps }) => answer(await comments.heldComments(deps)),
  }),
  approve: write({
    rest: { method: 'post', path: '/admin/held-comments/:id/approve', tag: REST_TAG.admin, summary: '通过待审评论：公开、计数并通知创意作者', responses: { 400: '不在审核中', 404: '评论不存在' } },
    changes: ['comments'],
    access: 'admin',
    input: ById,
    output: { data: ZNoData },
    run: async ({ deps, user }, input) => {
      await comments.approveHeldComment(deps, user, input.id);
      return answer(null, { message: COMMENT_MSG.heldApproved });
    },
  }),
  reject: write({
    rest: {
      method: 'post',
      path: '/admin/held-comments/:id/reject',
      tag: REST_TAG.admin,
      summary: '驳回待审评论（可选 reason）：移除，作者收到系统消息',
      responses: { 400: '不在审核中，或原因过长', 404: '评论不存在' },
    },
    changes: ['comments'],
    access: 'admin',
    input: ById.extend({ reason: ZStoredText().trim().max(HELD_COMMENT_REJECT_REASON_MAX, `原因不能超过${HELD_COMMENT_REJECT_REASON_MAX}个字`).optional() }),
    output: { data: ZNoData },
    run: async ({ deps, user }, input) => {
      await comments.rejectHeldComment(deps, user, input.id, input.reason || undefined);
      return answer(null, { message: COMMENT_MSG.heldRejected });
    },
  }),
};
