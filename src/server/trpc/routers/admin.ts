/** The admin console's procedures, each named by its feature: review, comments held and reported, watched words, the log. */
import { consoleOps, adminLogOps, memberOps } from '../../admin/operations.ts';
import { heldCommentOps, reportOps } from '../../comments/operations.ts';
import { reviewOps } from '../../ideas/operations.ts';
import { watchedWordOps } from '../../moderation/operations.ts';
import { mutation, query, router } from '../init.ts';

export const adminRouter = router({
  log: query(adminLogOps.log),
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
  reports: query(reportOps.list),
  dismissReport: mutation(reportOps.dismiss),
  removeReportedComment: mutation(reportOps.remove),
  members: query(memberOps.search),
  mute: mutation(memberOps.mute),
  unmute: mutation(memberOps.unmute),
});
