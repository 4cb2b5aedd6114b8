import { ideaOps as op } from '../../ideas/operations.ts';
import { mutation, query, router } from '../init.ts';

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
