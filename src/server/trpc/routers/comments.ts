import { commentOps as op } from '../../comments/operations.ts';
import { mutation, query, router } from '../init.ts';

export const commentsRouter = router({
  list: query(op.list),
  create: mutation(op.create),
  like: mutation(op.like),
  dislike: mutation(op.dislike),
  interactions: query(op.interactions),
  remove: mutation(op.remove),
  report: mutation(op.report),
});
