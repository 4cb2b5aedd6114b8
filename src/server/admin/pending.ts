/**
 * What waits for the admins, counted for the console's tabs (审核 (3)): the ideas in the review queue
 * and the held comments (both under 审核), unanswered feedback, open comment reports. Each count uses
 * the same rule as its tab's list.
 */
import { sql } from 'kysely';
import type { Db } from '../../../db/types.ts';
import { decidableHeldComments } from '../comments/repository.ts';
import { queuedIdeas } from '../ideas/review.ts';

export interface PendingCounts {
  review: number;
  feedback: number;
  reports: number;
}

const N = sql<number | string>`count(*)`.as('n');
const count = async (row: Promise<{ n: number | string }>) => Number((await row).n);

export async function pendingCounts(db: Db): Promise<PendingCounts> {
  const [ideas, held, feedback, reports] = await Promise.all([
    count(queuedIdeas(db).select(N).executeTakeFirstOrThrow()),
    count(decidableHeldComments(db).select(N).executeTakeFirstOrThrow()),
    count(db.selectFrom('feedback').where('status', '=', 'open').select(N).executeTakeFirstOrThrow()),
    count(db.selectFrom('comment_reports').where('status', '=', 'open').select(N).executeTakeFirstOrThrow()),
  ]);
  return { review: ideas + held, feedback, reports };
}
