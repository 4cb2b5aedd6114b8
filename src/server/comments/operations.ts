/**
 * Comment operations (docs/spec/accounts-and-people.md §7, docs/spec/publishing-and-browsing.md §7, docs/architecture.md §10): who may call each, its input, its
 * answer. `trpc/routers/comments.ts` and `rest/comments.ts` only name them.
 */
import { z } from 'zod';
import { COMMENT_MSG, HELD_COMMENT_REJECT_REASON_MAX } from '../../shared/comment-rules.ts';
import { ZCommentId, ZCommentIds, ZCreateCommentRequest, ZRemoveReportedCommentRequest, ZReportCommentRequest } from '../../shared/comment-schemas.ts';
import { decimalId, ZIdeaId } from '../../shared/ids.ts';
import { answer, read, write } from '../request/operation.ts';
import * as comments from './service.ts';
import { ZComment, ZCommentDeleted, ZCommentInteractions, ZCommentReaction, ZCommentReport } from '../../shared/outputs/comments.ts';
import { ZCount, ZNoData } from '../../shared/outputs/common.ts';
import { ZCreated } from '../../shared/outputs/messages.ts';
import { ZHeldComment } from '../../shared/outputs/moderation.ts';
import { ZStoredText } from '../../shared/stored-text.ts';

const ById = z.object({ id: ZCommentId });

const reaction = (kind: 'like' | 'dislike') =>
  write({
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
    access: 'public',
    // One list per idea, the same for every reader of a public idea but the writer of a held comment:
    // kept until a comment is written or removed there, or the idea (or a name on it) changes.
    cache: { shows: ['comments', 'ideas'], about: (input) => input.ideaId, members: 'comments' },
    input: z.object({ ideaId: ZIdeaId }),
    output: { data: z.array(ZComment) },
    run: async ({ deps, auth }, input) => answer(await comments.listComments(deps, auth?.user ?? null, input.ideaId)),
  }),
  create: write({
    changes: ['comments'],
    limit: 'comments',
    access: 'member',
    loginMessage: COMMENT_MSG.loginToComment,
    input: ZCreateCommentRequest,
    output: { data: ZComment, extra: z.object({ commentCount: ZCount }), status: 201 },
    run: async ({ deps, user }, input) => {
      const { comment, commentCount } = await comments.createComment(deps, user, input);
      return answer(comment, { status: 201, message: comment.held ? COMMENT_MSG.createdHeld : comment.parentId ? COMMENT_MSG.replied : COMMENT_MSG.created, extra: { commentCount }, about: input.ideaId });
    },
  }),
  like: reaction('like'),
  dislike: reaction('dislike'),
  interactions: read({
    access: 'public',
    hot: true,
    input: z.object({ commentIds: ZCommentIds }),
    output: { data: ZCommentInteractions },
    run: async ({ deps, auth }, input) => answer(await comments.interactions(deps, auth?.user ?? null, input.commentIds)),
  }),
  remove: write({
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
    access: 'admin',
    input: z.object({}).optional(),
    output: { data: z.array(ZCommentReport) },
    run: async ({ deps }) => answer(await comments.listReports(deps)),
  }),
  dismiss: write({
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
    access: 'admin',
    input: z.object({}).optional(),
    output: { data: z.array(ZHeldComment) },
    run: async ({ deps }) => answer(await comments.heldComments(deps)),
  }),
  approve: write({
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
