/**
 * The admin review queue: approve, or reject with a reason; and a public idea taken down with a
 * reason (what slipped through review). The author gets a system message each time.
 */
import type { z } from 'zod';
import { dbTimeToIso, nowDb } from '../../../db/time.ts';
import type { Db, UserRow } from '../../../db/types.ts';
import { transaction } from '../../../db/transaction.ts';
import type { ZPreviousDecision, ZReviewIdea } from '../../shared/outputs/moderation.ts';
import type { Deps } from '../deps.ts';
import { badRequest, notFound } from '../kernel/errors.ts';
import { toIdeaDtos } from './shape.ts';
import { asSentence, sendMessage, type NewMessage } from '../messages/send.ts';
import { logModeration } from '../admin/log.ts';
import { DEFAULT_IDEA_TITLE, IDEA_MSG, IMAGES_PER_IDEA } from '../../shared/idea-rules.ts';
import { claimText, contentHash, COPY_HOLD_FIELD, IMAGE_HOLD_FIELD, markImagesSeen, matchText, screenIdeaFields, type IdeaTexts } from './publish-checks.ts';
import { uploadUrl } from '../../shared/uploads.ts';
import { ideaTags, rowInReview, writeTags } from './visibility.ts';
import { sanitizeRichText, uploadedImageNames } from './rich-text.ts';
import { writeSearchGrams } from '../search/search-index.ts';

export const REVIEW_MSG = {
  notInReview: '该创意不在审核队列中',
  notFound: '创意不存在',
  approved: '已通过审核',
  approvedOwn: '已通过审核。这是你自己的创意，操作记录中已标为自审通过',
  rejected: '已驳回',
  editedApproved: '已修改并通过审核，作者会收到说明修改内容的消息',
  nothingEdited: '没有修改任何内容；无需修改请直接点「通过」',
  notPublic: '该创意当前不是公开状态，无需下架',
  takenDown: '已下架，作者会收到说明原因的消息',
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
      : `您的创意「${idea.title}」未通过审核。原因：${asSentence(reason ?? '')}您可以在灵感库中修改后重新发布。`,
    priority: approved ? 'normal' : 'high',
    sender: by === 'admin' ? 'admin' : 'system',
  };
}

export type ReviewIdea = z.infer<typeof ZReviewIdea>;
type PreviousDecision = z.infer<typeof ZPreviousDecision>;

const OUTCOMES: Record<IdeaDecision, PreviousDecision['outcome']> = {
  approve_idea: 'approved',
  approve_own_idea: 'approved',
  edit_approve_idea: 'approved',
  reject_idea: 'rejected',
  take_down_idea: 'taken_down',
};

/** Each idea's last moderator decision (the moderation log), for the queue's context. */
async function previousDecisions(db: Db, ideaIds: number[]): Promise<Map<number, PreviousDecision>> {
  const last = new Map<number, PreviousDecision>();
  if (!ideaIds.length) return last;
  const rows = await db
    .selectFrom('moderation_log')
    .leftJoin('users', 'users.id', 'moderation_log.admin_id')
    .select(['moderation_log.target_id', 'moderation_log.action', 'moderation_log.detail', 'moderation_log.created_at', 'users.registration_number', 'users.nickname'])
    .where('moderation_log.target_type', '=', 'idea')
    .where('moderation_log.target_id', 'in', ideaIds)
    .where('moderation_log.action', 'in', IDEA_DECISIONS)
    .orderBy('moderation_log.id', 'desc')
    .execute();
  for (const r of rows) {
    if (last.has(r.target_id)) continue;
    const outcome = OUTCOMES[r.action as IdeaDecision];
    last.set(r.target_id, {
      outcome,
      // An approval's detail is the idea's title, not a reason.
      reason: outcome === 'approved' ? null : r.detail,
      decidedAt: dbTimeToIso(r.created_at)!,
      admin: r.registration_number ? { registrationNumber: r.registration_number, nickname: r.nickname ?? '' } : null,
    });
  }
  return last;
}

/** The ideas waiting for a moderator: the queue, and the count on the console's 审核 tab (admin/pending.ts). */
export function queuedIdeas(db: Db) {
  return db.selectFrom('ideas').where('status', '=', 'published').where('moderation_status', '=', 'review').where('is_deleted', '=', 0);
}

/** The queue, oldest first, each idea with what brought it there: hold words, new pictures, hidden ideas it copies, a public past, the last decision. */
export async function reviewQueue(deps: Deps, admin: UserRow): Promise<ReviewIdea[]> {
  const rows = await queuedIdeas(deps.db).selectAll().orderBy('published_at', 'asc').orderBy('id', 'asc').limit(200).execute();
  const ids = rows.map((r) => r.id);
  const held = ids.length ? await deps.db.selectFrom('idea_held_words').select(['idea_id', 'field', 'word']).where('idea_id', 'in', ids).orderBy('field').execute() : [];
  const copiedIds = [...new Set(held.filter((h) => h.field === COPY_HOLD_FIELD).map((h) => Number(h.word)))];
  const copied = copiedIds.length ? await deps.db.selectFrom('ideas').select(['id', 'title']).where('id', 'in', copiedIds).execute() : [];
  const decisions = await previousDecisions(deps.db, ids);
  const wasPublic = new Set(rows.filter((r) => r.ever_public).map((r) => r.id));
  return (await toIdeaDtos(deps.db, rows, admin)).map((dto) => ({
    ...dto,
    heldWords: held.filter((h) => h.idea_id === dto.id && h.field !== IMAGE_HOLD_FIELD && h.field !== COPY_HOLD_FIELD).map((h) => ({ field: h.field, word: h.word })),
    heldAsCopyOf: copied.filter((c) => held.some((h) => h.idea_id === dto.id && h.field === COPY_HOLD_FIELD && Number(h.word) === c.id)),
    heldImages: held.filter((h) => h.idea_id === dto.id && h.field === IMAGE_HOLD_FIELD).map((h) => uploadUrl(h.word)),
    wasPublic: wasPublic.has(dto.id),
    previousDecision: decisions.get(dto.id) ?? null,
  }));
}

/** What a decision was: `ownIdea` when the admin decided on an idea they wrote themselves. */
export interface Decision {
  ownIdea: boolean;
}

async function decide(deps: Deps, admin: UserRow, id: number, decision: 'approved' | 'rejected', reason: string | null): Promise<Decision> {
  return transaction(deps.db, async (trx) => {
    const idea = await trx.selectFrom('ideas').select(['id', 'user_id', 'title', 'detailed_analysis', 'moderation_status', 'status', 'is_deleted']).where('id', '=', id).executeTakeFirst();
    if (!idea) throw notFound(REVIEW_MSG.notFound);
    if (!rowInReview(idea)) throw badRequest(REVIEW_MSG.notInReview);
    // The status condition makes a second reviewer's click a no-op instead of a double decision.
    const result = await trx
      .updateTable('ideas')
      .set({ moderation_status: decision, rejection_reason: reason, reviewed_at: nowDb(), ...(decision === 'approved' ? { ever_public: 1 } : {}) })
      .where('id', '=', id)
      .where('moderation_status', '=', 'review')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw badRequest(REVIEW_MSG.notInReview);
    await sendMessage(trx, decisionMessage(idea, decision, 'admin', reason));
    // The hold reasons are settled with the decision.
    await trx.deleteFrom('idea_held_words').where('idea_id', '=', id).execute();
    await rememberRejectedText(trx, id, decision);
    if (decision === 'approved') await markImagesSeen(trx, id, idea.detailed_analysis);
    // Approving one's own idea makes it public without a second pair of eyes: allowed, but marked.
    const ownIdea = idea.user_id === admin.id;
    const action = decision === 'rejected' ? 'reject_idea' : ownIdea ? 'approve_own_idea' : 'approve_idea';
    await logModeration(trx, { adminId: admin.id, action, targetType: 'idea', targetId: id, detail: reason ?? idea.title });
    return { ownIdea };
  });
}

export const approveIdea = (deps: Deps, admin: UserRow, id: number) => decide(deps, admin, id, 'approved', null);

/**
 * A rejection keeps the idea's text as it is now (rejected_texts, compared by resemblesRejected): its
 * own columns change with its next edit or draft. An approval lets the idea's text go.
 */
async function rememberRejectedText(trx: Db, id: number, decision: 'approved' | 'rejected'): Promise<void> {
  if (decision === 'approved') {
    await trx.deleteFrom('rejected_texts').where('idea_id', '=', id).execute();
    return;
  }
  const text = await trx.selectFrom('ideas').select(['content_hash', 'match_text']).where('id', '=', id).executeTakeFirst();
  if (text?.content_hash) await trx.insertInto('rejected_texts').values({ idea_id: id, content_hash: text.content_hash, match_text: text.match_text, created_at: nowDb() }).execute();
}

/** The moderation log's actions that decide on an idea, and those of them that keep it from the public. */
const IDEA_DECISIONS = ['approve_idea', 'approve_own_idea', 'edit_approve_idea', 'reject_idea', 'take_down_idea'] as const;
type IdeaDecision = (typeof IDEA_DECISIONS)[number];
const REFUSALS: readonly string[] = ['reject_idea', 'take_down_idea'];

/** Whether a moderator's last decision on the idea was a rejection or a take-down (then only a moderator makes it public again). */
export async function lastDecisionWasRejection(db: Db, ideaId: number): Promise<boolean> {
  const last = await db
    .selectFrom('moderation_log')
    .select('action')
    .where('target_type', '=', 'idea')
    .where('target_id', '=', ideaId)
    .where('action', 'in', IDEA_DECISIONS)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return !!last && REFUSALS.includes(last.action);
}
export const rejectIdea = (deps: Deps, admin: UserRow, id: number, reason: string) => decide(deps, admin, id, 'rejected', reason);

// ------------------------------------------------------------------ edit before approval

export type EditableField = 'title' | 'description' | 'tags' | 'detailedAnalysis';
const FIELD_LABEL: Record<EditableField, string> = { title: '标题', description: '简介', tags: '标签', detailedAnalysis: '详细分析' };

export interface Corrections {
  title?: string;
  description?: string;
  detailedAnalysis?: string;
  tags?: string[];
  /** A word to the author on why (optional). */
  note?: string;
}

const brief = (text: string, chars = 60) => {
  const all = [...text.trim()];
  return all.length > chars ? `${all.slice(0, chars).join('')}…` : all.join('') || '（空）';
};

/** The author's message: approved, and what the moderator changed (the analysis only named: it is long HTML). */
export function editedMessage(idea: { id: number; user_id: number }, title: string, changes: { field: EditableField; before: string; after: string }[], note: string | undefined): NewMessage {
  const lines = changes.map((c) =>
    c.field === 'detailedAnalysis' ? `· ${FIELD_LABEL[c.field]}：已修改，请在创意页查看` : `· ${FIELD_LABEL[c.field]}：「${brief(c.before)}」改为「${brief(c.after)}」`,
  );
  return {
    userId: idea.user_id,
    ideaId: idea.id,
    title: '创意审核通过（内容有修改）',
    content: `您的创意「${title}」已通过审核，现已在创意市场展示。审核员在通过前修改了以下内容：\n${lines.join('\n')}${note ? `\n审核员说明：${note}` : ''}\n如有疑问，可以通过「意见反馈」联系我们。`,
    priority: 'high',
    sender: 'admin',
  };
}

/**
 * A moderator corrects an idea in the queue and approves it in one step: the fields sent replace
 * the stored ones (the analysis sanitized like the author's, showing only the idea's own images;
 * tags by the same rules), the corrected text passes the word check (a block word is 403, replace
 * words become `**`), the author gets a message saying what changed, and the log keeps both
 * versions of each changed field (moderation_edits). Images the correction drops stay stored: the
 * log's earlier version still shows them.
 */
export async function editAndApproveIdea(deps: Deps, admin: UserRow, id: number, input: Corrections): Promise<Decision> {
  const row = await deps.db.selectFrom('ideas').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(REVIEW_MSG.notFound);
  if (!rowInReview(row)) throw badRequest(REVIEW_MSG.notInReview);
  const before: IdeaTexts = { title: row.title, description: row.description, detailedAnalysis: row.detailed_analysis, tags: await ideaTags(deps.db, id) };
  const ownImages = new Set((await deps.db.selectFrom('idea_images').select('file_name').where('idea_id', '=', id).execute()).map((r) => r.file_name));
  const wanted: IdeaTexts = {
    title: input.title !== undefined ? input.title.trim() : before.title,
    description: input.description !== undefined ? input.description.trim() : before.description,
    detailedAnalysis: input.detailedAnalysis !== undefined ? sanitizeRichText(input.detailedAnalysis, ownImages) : before.detailedAnalysis,
    tags: input.tags ?? before.tags,
  };
  if (!wanted.title || wanted.title === DEFAULT_IDEA_TITLE) throw badRequest(IDEA_MSG.titleRequired);
  if (uploadedImageNames(wanted.detailedAnalysis).length > IMAGES_PER_IDEA) throw badRequest(IDEA_MSG.tooManyImages);
  // The moderator's text passes the same check; hold words are what the moderator is deciding on.
  const { fields: after } = await screenIdeaFields(deps, wanted);
  const shown = (t: IdeaTexts, field: EditableField) => (field === 'tags' ? t.tags.join(' ') : t[field]);
  const changes = (['title', 'description', 'tags', 'detailedAnalysis'] as const)
    .filter((field) => shown(before, field) !== shown(after, field))
    .map((field) => ({ field, before: shown(before, field), after: shown(after, field) }));
  if (!changes.length) throw badRequest(REVIEW_MSG.nothingEdited);

  const hash = contentHash(after.title, after.description, after.analysisText);
  return transaction(deps.db, async (trx) => {
    // The corrected text goes public: no live copy of it may be there already (the exact rule).
    await claimText(trx, admin, id, hash);
    const now = nowDb();
    const result = await trx
      .updateTable('ideas')
      .set({
        title: after.title,
        description: after.description,
        detailed_analysis: after.detailedAnalysis,
        content_hash: hash,
        match_text: matchText(after.title, after.description, after.analysisText),
        moderation_status: 'approved',
        ever_public: 1,
        rejection_reason: null,
        reviewed_at: now,
        updated_at: now,
      })
      .where('id', '=', id)
      .where('moderation_status', '=', 'review')
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    // Decided by someone else meanwhile, or deleted by its author.
    if (Number(result.numUpdatedRows) !== 1) throw badRequest(REVIEW_MSG.notInReview);
    await writeTags(trx, id, after.tags);
    await writeSearchGrams(trx, id);
    await trx.deleteFrom('idea_held_words').where('idea_id', '=', id).execute();
    await rememberRejectedText(trx, id, 'approved');
    await markImagesSeen(trx, id, after.detailedAnalysis);
    await sendMessage(trx, editedMessage(row, after.title, changes, input.note));
    const ownIdea = row.user_id === admin.id;
    const detail = `${ownIdea ? '（自审）' : ''}修改了${changes.map((c) => FIELD_LABEL[c.field]).join('、')}后通过：${after.title}${input.note ? `｜说明：${input.note}` : ''}`;
    const logId = await logModeration(trx, { adminId: admin.id, action: 'edit_approve_idea', targetType: 'idea', targetId: id, detail });
    await trx
      .insertInto('moderation_edits')
      .values(changes.map((c) => ({ log_id: logId, ...c })))
      .execute();
    return { ownIdea };
  });
}

/** The author's message when a public idea is taken down. */
function takeDownMessage(idea: { id: number; user_id: number; title: string }, reason: string): NewMessage {
  return {
    userId: idea.user_id,
    ideaId: idea.id,
    title: '创意已被下架',
    content: `您的创意「${idea.title}」已被管理员下架，现在只有您自己能看到。原因：${asSentence(reason)}您可以在灵感库中修改后重新发布，重新发布后需要管理员审核。`,
    priority: 'high',
    sender: 'admin',
  };
}

/**
 * Takes a public idea out of public view: it becomes rejected with the reason, as if the queue had
 * rejected it, so its author sees why in the library and its next publish waits for a moderator
 * (lastDecisionWasRejection, and its text is remembered like a rejected one). Its date stays
 * (`ever_public`). Only a public idea: one in the queue is rejected there, a draft or a deleted one
 * shows nobody anything.
 */
export async function takeDownIdea(deps: Deps, admin: UserRow, id: number, reason: string): Promise<void> {
  await transaction(deps.db, async (trx) => {
    const idea = await trx.selectFrom('ideas').select(['id', 'user_id', 'title']).where('id', '=', id).executeTakeFirst();
    if (!idea) throw notFound(REVIEW_MSG.notFound);
    // The conditions make a second moderator's click, or one racing the author's delete, a refusal.
    const result = await trx
      .updateTable('ideas')
      .set({ moderation_status: 'rejected', rejection_reason: reason, reviewed_at: nowDb() })
      .where('id', '=', id)
      .where('status', '=', 'published')
      .where('moderation_status', '=', 'approved')
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw badRequest(REVIEW_MSG.notPublic);
    await sendMessage(trx, takeDownMessage(idea, reason));
    await rememberRejectedText(trx, id, 'rejected');
    await logModeration(trx, { adminId: admin.id, action: 'take_down_idea', targetType: 'idea', targetId: id, detail: reason });
  });
}
