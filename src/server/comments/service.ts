/**
 * Comments on an idea (accounts §2–§9, DESIGN §2/§10): list, write and reply, like and dislike,
 * delete, report. Every read and write goes through the idea's visibility rule (`findVisibleIdea`)
 * and its allowComments switch; counters change in the same transaction as their rows.
 *
 * Replies are one level deep: a reply to a reply hangs under the same top-level comment
 * (`parentId`) and remembers the comment it answered (`replyTo`).
 */
import { isForeignKeyViolation, minusFloorZero } from '../../../db/portable.ts';
import { dbTimeToIso, nowDb } from '../../../db/time.ts';
import type { CommentReactionKind, CommentRow, Db, IdeaRow, UserRow } from '../../../db/types.ts';
import { transaction } from '../../../db/transaction.ts';
import { COMMENT_MSG } from '../../shared/comment-rules.ts';
import type { CommentDto, CommentReactionResult, CommentReportDto, TCreateCommentRequest } from '../../shared/comment-schemas.ts';
import { authorName } from '../../shared/idea-display.ts';
import { IDEA_MSG } from '../../shared/idea-rules.ts';
import type { Deps } from '../deps.ts';
import { badRequest, forbidden, notFound } from '../errors.ts';
import { assertNoSensitiveWords } from '../moderation/words.ts';
import { findVisibleIdea } from '../ideas/repository.ts';
import { logModeration } from '../admin/log.ts';
import { tellAnswered, tellIdeaAuthor } from './notices.ts';
import { findComment, findCommentDto, listIdeaComments, lockComment, lockIdeaForComments } from './repository.ts';

/** The idea whose comments `viewer` may read and write: visible to them, with comments allowed. */
async function commentableIdea(db: Db, viewer: UserRow | null, ideaId: number): Promise<IdeaRow> {
  const idea = await findVisibleIdea(db, ideaId, viewer);
  if (!idea) throw notFound(IDEA_MSG.notFound);
  if (!idea.allow_comments) throw forbidden(COMMENT_MSG.notAllowed);
  return idea;
}

/** A comment on an idea `viewer` may see and comment on; 404 otherwise (no leak of hidden ideas). */
async function commentOnVisibleIdea(db: Db, viewer: UserRow | null, id: number): Promise<CommentRow> {
  const comment = await findComment(db, id);
  if (!comment) throw notFound(COMMENT_MSG.notFound);
  await commentableIdea(db, viewer, comment.idea_id).catch((err) => {
    throw err.code === 'NOT_FOUND' ? notFound(COMMENT_MSG.notFound) : err;
  });
  return comment;
}

export async function listComments(deps: Deps, viewer: UserRow | null, ideaId: number): Promise<CommentDto[]> {
  await commentableIdea(deps.db, viewer, ideaId);
  return listIdeaComments(deps.db, ideaId);
}

export async function createComment(deps: Deps, user: UserRow, input: TCreateCommentRequest): Promise<{ comment: CommentDto; commentCount: number }> {
  const idea = await commentableIdea(deps.db, user, input.ideaId);
  assertNoSensitiveWords({ content: input.content });
  let answered: CommentRow | undefined;
  if (input.parentId) {
    answered = await findComment(deps.db, input.parentId);
    if (!answered || answered.idea_id !== idea.id) throw notFound(COMMENT_MSG.parentNotFound);
  }
  const name = authorName({ userId: user.id, nickname: user.nickname, registrationNumber: user.registration_number });
  try {
    const { id, commentCount } = await transaction(deps.db, async (trx) => {
      // The idea first, the comment second (see lockIdeaForComments); the count changes with the row.
      await lockIdeaForComments(trx, idea.id);
      const now = nowDb();
      await trx.updateTable('ideas').set((eb) => ({ comment_count: eb('comment_count', '+', 1) })).where('id', '=', idea.id).execute();
      const result = await trx
        .insertInto('comments')
        .values({
          idea_id: idea.id,
          user_id: user.id,
          parent_id: answered ? (answered.parent_id ?? answered.id) : null,
          reply_to_id: answered?.id ?? null,
          content: input.content,
          like_count: 0,
          dislike_count: 0,
          created_at: now,
        })
        .executeTakeFirstOrThrow();
      const told = new Set<number>([user.id]);
      const notice = { idea, name, content: input.content, at: now };
      if (answered && !told.has(answered.user_id)) {
        told.add(answered.user_id);
        await tellAnswered(trx, { ...notice, answeredUserId: answered.user_id });
      }
      if (!told.has(idea.user_id)) await tellIdeaAuthor(trx, notice);
      const count = await trx.selectFrom('ideas').select('comment_count').where('id', '=', idea.id).executeTakeFirstOrThrow();
      return { id: Number(result.insertId), commentCount: count.comment_count };
    });
    return { comment: (await findCommentDto(deps.db, id))!, commentCount };
  } catch (err) {
    // The parent was deleted between the check and the insert: its foreign key refuses the reply.
    if (isForeignKeyViolation(err)) throw notFound(COMMENT_MSG.parentNotFound);
    throw err;
  }
}

/**
 * Like or dislike: mutually exclusive, the same click again removes it (accounts §4). The comment
 * row is locked for the transaction, so concurrent clicks on one comment take turns and the counts
 * always equal the reaction rows; the primary key (comment, user) keeps one mark per person.
 */
export async function react(deps: Deps, user: UserRow, id: number, kind: CommentReactionKind): Promise<CommentReactionResult> {
  await commentOnVisibleIdea(deps.db, user, id);
  return transaction(deps.db, async (trx) => {
    const comment = await lockComment(trx, id);
    if (!comment) throw notFound(COMMENT_MSG.notFound);
    const current = await trx.selectFrom('comment_reactions').select('kind').where('comment_id', '=', id).where('user_id', '=', user.id).executeTakeFirst();
    const column = (k: CommentReactionKind) => (k === 'like' ? 'like_count' : 'dislike_count');
    let interaction: CommentReactionKind | null = kind;
    if (current?.kind === kind) {
      interaction = null;
      await trx.deleteFrom('comment_reactions').where('comment_id', '=', id).where('user_id', '=', user.id).execute();
      await trx.updateTable('comments').set((eb) => ({ [column(kind)]: eb(column(kind), '-', 1) })).where('id', '=', id).execute();
    } else if (current) {
      await trx.updateTable('comment_reactions').set({ kind, created_at: nowDb() }).where('comment_id', '=', id).where('user_id', '=', user.id).execute();
      await trx
        .updateTable('comments')
        .set((eb) => ({ [column(kind)]: eb(column(kind), '+', 1), [column(current.kind)]: eb(column(current.kind), '-', 1) }))
        .where('id', '=', id)
        .execute();
    } else {
      await trx.insertInto('comment_reactions').values({ comment_id: id, user_id: user.id, kind, created_at: nowDb() }).execute();
      await trx.updateTable('comments').set((eb) => ({ [column(kind)]: eb(column(kind), '+', 1) })).where('id', '=', id).execute();
    }
    const counts = await trx.selectFrom('comments').select(['like_count', 'dislike_count']).where('id', '=', id).executeTakeFirstOrThrow();
    return { id, interaction, likeCount: counts.like_count, dislikeCount: counts.dislike_count };
  });
}

/** The caller's marks on the given comments: `{ "12": "like" }`; a guest has none. */
export async function interactions(deps: Deps, viewer: UserRow | null, ids: number[]): Promise<Record<string, CommentReactionKind>> {
  if (!viewer || !ids.length) return {};
  const rows = await deps.db.selectFrom('comment_reactions').select(['comment_id', 'kind']).where('user_id', '=', viewer.id).where('comment_id', 'in', ids).execute();
  return Object.fromEntries(rows.map((r) => [String(r.comment_id), r.kind]));
}

/**
 * Deletes a comment: its author, the idea's author or an admin (else 403). A top-level comment takes
 * its replies with it; comment_count drops by what was removed, never below 0. Open reports on what
 * was removed are closed as `removed` (DESIGN §10: an admin's delete settles the reports).
 */
export async function deleteComment(deps: Deps, user: UserRow, id: number): Promise<{ isMainComment: boolean; commentCount: number; removed: number }> {
  const found = await findComment(deps.db, id);
  if (!found) throw notFound(COMMENT_MSG.notFound);
  return transaction(deps.db, async (trx) => {
    const idea = await lockIdeaForComments(trx, found.idea_id);
    const comment = await lockComment(trx, id);
    if (!idea || !comment) throw notFound(COMMENT_MSG.notFound);
    const allowed = comment.user_id === user.id || idea.user_id === user.id || user.role === 'admin';
    if (!allowed) {
      if (await findVisibleIdea(trx, idea.id, user)) throw forbidden(COMMENT_MSG.deleteForbidden);
      throw notFound(COMMENT_MSG.notFound);
    }
    const isMainComment = comment.parent_id === null;
    const replyIds = isMainComment ? (await trx.selectFrom('comments').select('id').where('parent_id', '=', id).execute()).map((r) => r.id) : [];
    const removedIds = [id, ...replyIds];
    // Replies first: a cascade's deletions are not in SQLite's affected-row count.
    const replies = replyIds.length ? await trx.deleteFrom('comments').where('id', 'in', replyIds).executeTakeFirst() : { numDeletedRows: 0n };
    const own = await trx.deleteFrom('comments').where('id', '=', id).executeTakeFirst();
    const removed = Number(replies.numDeletedRows) + Number(own.numDeletedRows);
    await trx.updateTable('ideas').set({ comment_count: minusFloorZero('comment_count', removed) }).where('id', '=', idea.id).execute();
    await trx.updateTable('comment_reports').set({ status: 'removed', resolved_at: nowDb() }).where('comment_id', 'in', removedIds).where('status', '=', 'open').execute();
    // An admin removing someone else's comment is moderation: it goes into the log.
    if (user.role === 'admin' && comment.user_id !== user.id && idea.user_id !== user.id) {
      await logModeration(trx, { adminId: user.id, action: 'delete_comment', targetType: 'comment', targetId: id, detail: comment.content });
    }
    const count = await trx.selectFrom('ideas').select('comment_count').where('id', '=', idea.id).executeTakeFirstOrThrow();
    return { isMainComment, commentCount: count.comment_count, removed };
  });
}

/** Stores a report for the admins; one open report per person and comment (a second click repeats the answer). */
export async function reportComment(deps: Deps, user: UserRow, id: number, reason: string): Promise<{ id: number }> {
  assertNoSensitiveWords({ reason });
  const comment = await commentOnVisibleIdea(deps.db, user, id);
  return transaction(deps.db, async (trx) => {
    // The writers' lock order (idea, then comment): two quick clicks store one report.
    await lockIdeaForComments(trx, comment.idea_id);
    if (!(await lockComment(trx, id))) throw notFound(COMMENT_MSG.notFound);
    const open = await trx.selectFrom('comment_reports').select('id').where('comment_id', '=', id).where('reporter_id', '=', user.id).where('status', '=', 'open').executeTakeFirst();
    if (open) return { id: open.id };
    const result = await trx
      .insertInto('comment_reports')
      .values({ comment_id: id, idea_id: comment.idea_id, reporter_id: user.id, reason, comment_content: comment.content, status: 'open', created_at: nowDb(), resolved_at: null })
      .executeTakeFirstOrThrow();
    return { id: Number(result.insertId) };
  });
}

/** The admins' list: open reports first (oldest first, the queue order), then the 100 latest settled ones. */
export async function listReports(deps: Deps): Promise<CommentReportDto[]> {
  const base = () =>
    deps.db
      .selectFrom('comment_reports as r')
      .innerJoin('users as u', 'u.id', 'r.reporter_id')
      .leftJoin('comments as c', 'c.id', 'r.comment_id')
      .select(['r.id', 'r.comment_id', 'r.idea_id', 'r.reason', 'r.comment_content', 'r.status', 'r.created_at', 'u.registration_number', 'c.id as live_id']);
  const [open, settled] = await Promise.all([
    base().where('r.status', '=', 'open').orderBy('r.created_at').orderBy('r.id').limit(500).execute(),
    base().where('r.status', '!=', 'open').orderBy('r.resolved_at', 'desc').orderBy('r.id', 'desc').limit(100).execute(),
  ]);
  return [...open, ...settled].map((r) => ({
    id: r.id,
    commentId: r.comment_id,
    ideaId: r.idea_id,
    reason: r.reason,
    commentContent: r.comment_content,
    status: r.status,
    createdAt: dbTimeToIso(r.created_at)!,
    reporterRegistrationNumber: r.registration_number,
    commentExists: r.live_id !== null,
  }));
}

export async function dismissReport(deps: Deps, admin: UserRow, id: number): Promise<void> {
  const dismissed = await transaction(deps.db, async (trx) => {
    const result = await trx.updateTable('comment_reports').set({ status: 'dismissed', resolved_at: nowDb() }).where('id', '=', id).where('status', '=', 'open').executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await logModeration(trx, { adminId: admin.id, action: 'dismiss_report', targetType: 'report', targetId: id });
    return true;
  });
  if (dismissed) return;
  const exists = await deps.db.selectFrom('comment_reports').select('id').where('id', '=', id).executeTakeFirst();
  throw exists ? badRequest(COMMENT_MSG.reportClosed) : notFound(COMMENT_MSG.reportNotFound);
}
