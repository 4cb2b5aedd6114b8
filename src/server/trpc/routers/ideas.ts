import { ideaOps as op, reviewOps } from '../../ideas/operations.ts';
import { mutation, query, router } from '../init.ts';
import { commentReportsAdmin } from './comments.ts';
import { heldCommentOps } from '../../comments/operations.ts';
import { watchedWordOps } from '../../moderation/operations.ts';
import { adminLogProcedures } from './messages.ts';
import { consoleOps } from '../../admin/operations.ts';

export const ideasRouter = router({
  create: mutation(op.create),
  update: mutation(op.update),
  publishDraft: mutation(op.publishDraft),
  updateExpansions: mutation(op.updateExpansions),
  remove: mutation(op.remove),
  restore: mutation(op.restore),
  purchase: mutation(op.purchase),
  deleteImage: mutation(op.deleteImage),
  recordView: mutation(op.recordView),

  byId: query(op.byId),
  viewer: query(op.viewer),
  my: query(op.my),
  publicPage: query(op.publicPage),
  guestPage: query(op.guestPage),
  recent: query(op.recent),
  allVersions: query(op.allVersions),
  hot: query(op.hot),
  userLatest: query(op.userLatest),
  userPublic: query(op.userPublic),
  purchases: query(op.purchases),
  viewCount: query(op.viewCount),
  similar: query(op.similar),
});

/** The admin console's procedures: review here, the moderation log and comment reports from their modules. */
export const adminRouter = router({
  ...adminLogProcedures,
  ...commentReportsAdmin,
  pendingCounts: query(consoleOps.pendingCounts),
  reviewQueue: query(reviewOps.queue),
  approve: mutation(reviewOps.approve),
  editApprove: mutation(reviewOps.editApprove),
  reject: mutation(reviewOps.reject),
  takeDown: mutation(reviewOps.takeDown),
  watchedWords: query(watchedWordOps.list),
  addWatchedWord: mutation(watchedWordOps.add),
  importWatchedWords: mutation(watchedWordOps.import),
  removeWatchedWord: mutation(watchedWordOps.remove),
  heldComments: query(heldCommentOps.list),
  approveComment: mutation(heldCommentOps.approve),
  rejectComment: mutation(heldCommentOps.reject),
});
