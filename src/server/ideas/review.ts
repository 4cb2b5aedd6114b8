/** The admin review queue: approve, or reject with a reason; the author gets a system message. */
import { nowDb } from '../../../db/time.ts';
import type { UserRow } from '../../../db/types.ts';
import { transaction } from '../../../db/transaction.ts';
import { isInReview } from '../../shared/idea-display.ts';
import type { IdeaDto } from '../../shared/idea-schemas.ts';
import type { Deps } from '../deps.ts';
import { badRequest, notFound } from '../errors.ts';
import { toIdeaDtos } from './view.ts';
import { sendMessage, type NewMessage } from '../messages/send.ts';
import { logModeration } from '../admin/log.ts';

export const REVIEW_MSG = {
  notInReview: '该创意不在审核队列中',
  notFound: '创意不存在',
  approved: '已通过审核',
  approvedOwn: '已通过审核。这是您自己的创意，操作记录中已标为自审通过',
  rejected: '已驳回',
} as const;

/**
 * The author's message once a decision is made: by an admin from the queue, or at once by the
 * automatic review (MODERATION=auto), so the message always says what happened to the idea.
 */
export function decisionMessage(idea: { id: number; user_id: number; title: string }, decision: 'approved' | 'rejected', by: 'admin' | 'auto', reason: string | null = null): NewMessage {
  const approved = decision === 'approved';
  return {
    userId: idea.user_id,
    ideaId: idea.id,
    title: approved ? '创意审核通过' : '创意未通过审核',
    content: approved
      ? `您的创意「${idea.title}」已${by === 'auto' ? '通过自动审核' : '通过审核'}，现已在创意市场展示，所有人都能看到。`
      : `您的创意「${idea.title}」未通过审核。原因：${reason}。您可以在灵感库中修改后重新发布。`,
    priority: approved ? 'normal' : 'high',
    sender: by === 'admin' ? 'admin' : 'system',
  };
}

export type ReviewIdea = IdeaDto & { heldWords: { field: string; word: string }[] };

/** The queue, oldest first, each idea with the watched words of the hold action that sent it there. */
export async function reviewQueue(deps: Deps, admin: UserRow): Promise<ReviewIdea[]> {
  const rows = await deps.db
    .selectFrom('ideas')
    .selectAll()
    .where('status', '=', 'published')
    .where('moderation_status', '=', 'review')
    .where('is_deleted', '=', 0)
    .orderBy('published_at', 'asc')
    .orderBy('id', 'asc')
    .limit(200)
    .execute();
  const ids = rows.map((r) => r.id);
  const held = ids.length ? await deps.db.selectFrom('idea_held_words').select(['idea_id', 'field', 'word']).where('idea_id', 'in', ids).orderBy('field').execute() : [];
  return (await toIdeaDtos(deps.db, rows, admin)).map((dto) => ({
    ...dto,
    heldWords: held.filter((h) => h.idea_id === dto.id).map((h) => ({ field: h.field, word: h.word })),
  }));
}

/** What a decision was: `ownIdea` when the admin decided on an idea they wrote themselves. */
export interface Decision {
  ownIdea: boolean;
}

async function decide(deps: Deps, admin: UserRow, id: number, decision: 'approved' | 'rejected', reason: string | null): Promise<Decision> {
  return transaction(deps.db, async (trx) => {
    const idea = await trx.selectFrom('ideas').select(['id', 'user_id', 'title', 'moderation_status', 'status', 'is_deleted']).where('id', '=', id).executeTakeFirst();
    if (!idea) throw notFound(REVIEW_MSG.notFound);
    if (!isInReview(idea)) throw badRequest(REVIEW_MSG.notInReview);
    // The status condition makes a second reviewer's click a no-op instead of a double decision.
    const result = await trx
      .updateTable('ideas')
      .set({ moderation_status: decision, rejection_reason: reason, reviewed_at: nowDb() })
      .where('id', '=', id)
      .where('moderation_status', '=', 'review')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw badRequest(REVIEW_MSG.notInReview);
    await sendMessage(trx, decisionMessage(idea, decision, 'admin', reason));
    // The hold reasons are settled with the decision.
    await trx.deleteFrom('idea_held_words').where('idea_id', '=', id).execute();
    // Approving one's own idea makes it public without a second pair of eyes: allowed, but marked.
    const ownIdea = idea.user_id === admin.id;
    const action = decision === 'rejected' ? 'reject_idea' : ownIdea ? 'approve_own_idea' : 'approve_idea';
    await logModeration(trx, { adminId: admin.id, action, targetType: 'idea', targetId: id, detail: reason ?? idea.title });
    return { ownIdea };
  });
}

export const approveIdea = (deps: Deps, admin: UserRow, id: number) => decide(deps, admin, id, 'approved', null);
export const rejectIdea = (deps: Deps, admin: UserRow, id: number, reason: string) => decide(deps, admin, id, 'rejected', reason);
