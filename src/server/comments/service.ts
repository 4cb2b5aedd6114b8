/**
 * Comments on an idea (docs/spec/accounts-and-people.md §2–§9, docs/architecture.md §2/§10): list, write and reply, like and dislike,
 * delete, report. Every read and write goes through the idea's visibility rule (`findVisibleIdea`)
 * and its allowComments switch; counters change in the same transaction as their rows.
 *
 * Replies are one level deep: a reply to a reply hangs under the same top-level comment
 * (`parentId`) and remembers the comment it answered (`replyTo`).
 */
import { isForeignKeyViolation } from '../../../db/portable.ts';
import { dbTimeToIso, nowDb } from '../../../db/time.ts';
import type { CommentReactionKind, CommentRow, Db, IdeaRow, UserRow } from '../../../db/types.ts';
import { transaction } from '../../../db/transaction.ts';
import { COMMENT_MSG, mayDeleteComment } from '../../shared/comment-rules.ts';
import type { CommentDto, CommentReactionResult, CommentReportDto, TCreateCommentRequest } from '../../shared/comment-schemas.ts';
import { authorName } from '../../shared/idea-display.ts';
import { IDEA_MSG } from '../../shared/idea-rules.ts';
import { refuseIfMuted } from '../accounts/mutes.ts';
import type { Deps } from '../deps.ts';
import { AppError, badRequest, forbidden, notFound } from '../kernel/errors.ts';
import { screenTexts } from '../moderation/words.ts';
import { findActionableIdea, findVisibleIdea } from '../ideas/visibility.ts';
import { findUserById } from '../accounts/users.ts';
import { logModeration } from '../admin/log.ts';
import { asSentence, sendMessage } from '../messages/send.ts';
import { REMOVAL_DEFAULT_REASON, tellAnswered, tellIdeaAuthor, tellRemovedCommentAuthor, tellReporters } from './notices.ts';
import {
  changeReactionCounts,
  changeReactionKind,
  closeOpenReport,
  closeOpenReportsOn,
  decreaseCommentCount,
  deleteCommentById,
  deleteCommentsByIds,
  deleteReaction,
  findComment,
  findCommentDto,
  findHeldWords,
  findIdeaTitle,
  findOpenReport,
  findOpenReporters,
  findReaction,
  findReplies,
  findReport,
  findUserReactions,
  incrementCommentCount,
  insertComment,
  insertHeldWords,
  insertReaction,
  insertReport,
  listHeldComments,
  listIdeaComments,
  listReportRows,
  lockComment,
  lockIdeaForComments,
  lockReport,
  readCommentCount,
  readIdeaTitle,
  readReactionCounts,
  releaseHeldComment,
  reportExists,
  toCommentDto,
  type CommentWithAuthor,
} from './repository.ts';

/**
 * The idea whose comments `viewer` may read (visible to them) or write (`acting`: public, or theirs),
 * with comments allowed.
 */
async function commentableIdea(db: Db, viewer: UserRow | null, ideaId: number, acting = false): Promise<IdeaRow> {
  const idea = await (acting ? findActionableIdea : findVisibleIdea)(db, ideaId, viewer);
  if (!idea) throw notFound(IDEA_MSG.notFound);
  if (!idea.allow_comments) throw forbidden(COMMENT_MSG.notAllowed);
  return idea;
}

/** A comment on an idea `viewer` may act on (react, report); 404 otherwise (no leak of hidden ideas). */
async function commentOnActionableIdea(db: Db, viewer: UserRow | null, id: number): Promise<CommentRow> {
  const comment = await findComment(db, id);
  // A held comment is its author's alone until a moderator approves it.
  if (!comment || (comment.held && comment.user_id !== viewer?.id)) throw notFound(COMMENT_MSG.notFound);
  await commentableIdea(db, viewer, comment.idea_id, true).catch((err) => {
    throw err.code === 'NOT_FOUND' ? notFound(COMMENT_MSG.notFound) : err;
  });
  return comment;
}

export async function listComments(deps: Deps, viewer: UserRow | null, ideaId: number): Promise<CommentDto[]> {
  await commentableIdea(deps.db, viewer, ideaId);
  return listIdeaComments(deps.db, ideaId, viewer?.id ?? null);
}

/**
 * Writes a comment or reply. Its text passes the word check: a `block` word is 403, `replace` words
 * are stored as `**`, and a `hold` word keeps it for a moderator (`held`): its author sees it marked
 * as waiting, nobody else does, it is not counted and tells no one until approved (approveHeldComment).
 */
export async function createComment(deps: Deps, user: UserRow, input: TCreateCommentRequest): Promise<{ comment: CommentDto; commentCount: number }> {
  const idea = await commentableIdea(deps.db, user, input.ideaId, true);
  // A reply is a comment: a muted member writes neither (accounts/mutes.ts).
  await refuseIfMuted(deps.db, user.id);
  const screened = await screenTexts(deps.words, { content: input.content });
  const content = screened.texts.content;
  const held = screened.held.length > 0;
  let answered: CommentRow | undefined;
  if (input.parentId) {
    answered = await findComment(deps.db, input.parentId);
    if (!answered || answered.idea_id !== idea.id || answered.held) throw notFound(COMMENT_MSG.parentNotFound);
  }
  const name = authorName({ userId: user.id, nickname: user.nickname, registrationNumber: user.registration_number });
  try {
    const { id, commentCount } = await transaction(deps.db, async (trx) => {
      // The idea first, the comment second (see lockIdeaForComments); the count changes with the row.
      await lockIdeaForComments(trx, idea.id);
      // Checked again under the lock: an idea deleted, hidden or closed to comments a moment ago takes
      // none (an outside review found comments written after the idea's delete had answered).
      await commentableIdea(trx, user, idea.id, true);
      const now = nowDb();
      if (!held) await incrementCommentCount(trx, idea.id);
      const id = await insertComment(trx, {
        idea_id: idea.id,
        user_id: user.id,
        parent_id: answered ? (answered.parent_id ?? answered.id) : null,
        reply_to_id: answered?.id ?? null,
        content,
        created_at: now,
        held: held ? 1 : 0,
      });
      if (held) await insertHeldWords(trx, id, [...new Set(screened.held.map((h) => h.word))]);
      else await tellOfComment(trx, { idea, user, name, content, at: now, answered, commentId: id });
      return { id, commentCount: await readCommentCount(trx, idea.id) };
    });
    // Its writer alone sees a held comment: their view of this idea is their own now (viewer-facts.ts).
    if (held) deps.viewerFacts.forget(user.id);
    return { comment: (await findCommentDto(deps.db, id))!, commentCount };
  } catch (err) {
    // The parent was deleted between the check and the insert: its foreign key refuses the reply.
    if (isForeignKeyViolation(err)) throw notFound(COMMENT_MSG.parentNotFound);
    throw err;
  }
}

/** A public comment's notices: the answered comment's writer, then the idea's author, never oneself. */
async function tellOfComment(trx: Db, c: { idea: IdeaRow; user: { id: number }; name: string; content: string; at: string; answered: CommentRow | undefined; commentId: number }): Promise<void> {
  const told = new Set<number>([c.user.id]);
  // The notice names its writer and the comment, so the messages page can link to it.
  const notice = { idea: c.idea, name: c.name, content: c.content, at: c.at, actorId: c.user.id, commentId: c.commentId };
  if (c.answered && !told.has(c.answered.user_id)) {
    told.add(c.answered.user_id);
    await tellAnswered(trx, { ...notice, answeredUserId: c.answered.user_id });
  }
  if (!told.has(c.idea.user_id)) await tellIdeaAuthor(trx, notice);
}

/**
 * Like or dislike: mutually exclusive, the same click again removes it (docs/spec/accounts-and-people.md §4). The comment
 * row is locked for the transaction, so concurrent clicks on one comment take turns and the counts
 * always equal the reaction rows; the primary key (comment, user) keeps one mark per person.
 */
export async function react(deps: Deps, user: UserRow, id: number, kind: CommentReactionKind): Promise<CommentReactionResult> {
  await commentOnActionableIdea(deps.db, user, id);
  return transaction(deps.db, async (trx) => {
    const comment = await lockComment(trx, id);
    if (!comment) throw notFound(COMMENT_MSG.notFound);
    const current = await findReaction(trx, id, user.id);
    let interaction: CommentReactionKind | null = kind;
    if (current?.kind === kind) {
      interaction = null;
      await deleteReaction(trx, id, user.id);
      await changeReactionCounts(trx, id, { remove: kind });
    } else if (current) {
      await changeReactionKind(trx, id, user.id, kind);
      await changeReactionCounts(trx, id, { add: kind, remove: current.kind });
    } else {
      await insertReaction(trx, id, user.id, kind);
      await changeReactionCounts(trx, id, { add: kind });
    }
    const counts = await readReactionCounts(trx, id);
    return { id, interaction, likeCount: counts.like_count, dislikeCount: counts.dislike_count };
  });
}

/** The caller's marks on the given comments: `{ "12": "like" }`; a guest has none (a members' hot read, findUserReactions). */
export async function interactions(deps: Deps, viewer: UserRow | null, ids: number[]): Promise<Record<string, CommentReactionKind>> {
  if (!viewer || !ids.length) return {};
  const rows = await findUserReactions(deps.db, viewer.id, ids);
  const marks: Record<string, CommentReactionKind> = {};
  for (const r of rows) marks[String(r.comment_id)] = r.kind;
  return marks;
}

/**
 * Deletes a comment: its author, the idea's author or an admin (else 403). A top-level comment takes
 * its replies with it; comment_count drops by what was removed, never below 0. Open reports on what
 * was removed are closed as `removed` (docs/architecture.md §10: an admin's delete settles the reports), and their
 * reporters told so. An admin removing someone else's comment tells its writer why (`reason`, or
 * REMOVAL_DEFAULT_REASON when deleted from the idea's page).
 */
export async function deleteComment(deps: Deps, user: UserRow, id: number, reason?: string): Promise<{ isMainComment: boolean; commentCount: number; removed: number; ideaId: number }> {
  const found = await findComment(deps.db, id);
  if (!found) throw notFound(COMMENT_MSG.notFound);
  return transaction(deps.db, async (trx) => {
    const idea = await lockIdeaForComments(trx, found.idea_id);
    const comment = await lockComment(trx, id);
    if (!idea || !comment) throw notFound(COMMENT_MSG.notFound);
    // The idea's author may delete the comments on it, but not a held one, which only its writer sees.
    const allowed = mayDeleteComment(user, { userId: comment.user_id }, idea.user_id === user.id && !comment.held);
    if (!allowed) {
      // 403 only for a comment the caller can see: a held one is its author's alone until approved.
      if (!comment.held && (await findVisibleIdea(trx, idea.id, user))) throw forbidden(COMMENT_MSG.deleteForbidden);
      throw notFound(COMMENT_MSG.notFound);
    }
    const isMainComment = comment.parent_id === null;
    const replyRows = isMainComment ? await findReplies(trx, id) : [];
    const replyIds = replyRows.map((r) => r.id);
    const removedIds = [id, ...replyIds];
    // Replies first: a cascade's deletions are not in SQLite's affected-row count.
    const repliesRemoved = await deleteCommentsByIds(trx, replyIds);
    const ownRemoved = await deleteCommentById(trx, id);
    const removed = repliesRemoved + ownRemoved;
    // Held comments were never counted.
    const counted = removed - replyRows.filter((r) => r.held).length - (comment.held && ownRemoved ? 1 : 0);
    await decreaseCommentCount(trx, idea.id, counted);
    const reporters = await findOpenReporters(trx, removedIds);
    await closeOpenReportsOn(trx, removedIds, 'removed');
    await tellReporters(trx, idea, reporters, 'removed');
    // An admin removing someone else's comment is moderation: it goes into the log, and its writer hears why.
    if (user.role === 'admin' && comment.user_id !== user.id && idea.user_id !== user.id) {
      const why = reason?.trim() || REMOVAL_DEFAULT_REASON;
      await logModeration(trx, { adminId: user.id, action: 'delete_comment', targetType: 'comment', targetId: id, detail: `${why}｜${comment.content}` });
      if (!comment.held) await tellRemovedCommentAuthor(trx, idea, comment, why);
    }
    return { isMainComment, commentCount: await readCommentCount(trx, idea.id), removed, ideaId: idea.id };
  });
}

/** Stores a report for the admins; one open report per person and comment (a second click repeats the answer). */
export async function reportComment(deps: Deps, user: UserRow, id: number, given: string): Promise<{ id: number }> {
  await refuseIfMuted(deps.db, user.id);
  // Seen by the team only: block and replace apply, a hold word needs no queue of its own.
  const { reason } = (await screenTexts(deps.words, { reason: given })).texts;
  const comment = await commentOnActionableIdea(deps.db, user, id);
  // A report asks the team to look at someone else's words; one's own comment is deleted instead.
  if (comment.user_id === user.id) throw badRequest(COMMENT_MSG.reportOwn);
  return transaction(deps.db, async (trx) => {
    // The writers' lock order (idea, then comment): two quick clicks store one report.
    await lockIdeaForComments(trx, comment.idea_id);
    if (!(await lockComment(trx, id))) throw notFound(COMMENT_MSG.notFound);
    const open = await findOpenReport(trx, id, user.id);
    if (open) return { id: open.id };
    return { id: await insertReport(trx, { comment_id: id, idea_id: comment.idea_id, reporter_id: user.id, reason, comment_content: comment.content, comment_author_id: comment.user_id }) };
  });
}

/**
 * The admins' list: open reports first (oldest first, the queue order), then the 100 latest settled
 * ones; each with the comment's writer and the idea's title, so a card says whose words on what.
 */
export async function listReports(deps: Deps): Promise<CommentReportDto[]> {
  return (await listReportRows(deps.db)).map((r) => ({
    id: r.id,
    commentId: r.comment_id,
    ideaId: r.idea_id,
    ideaTitle: r.idea_title,
    reason: r.reason,
    commentContent: r.comment_content,
    commentAuthor:
      r.writer_id === null
        ? null
        : {
            name: authorName({ userId: r.writer_id, nickname: r.writer_nickname, registrationNumber: r.writer_number, deactivated: r.writer_status === 'deactivated' }),
            registrationNumber: r.writer_status === 'deactivated' ? '' : r.writer_number!,
          },
    status: r.status,
    createdAt: dbTimeToIso(r.created_at)!,
    reporterRegistrationNumber: r.registration_number,
    commentExists: r.live_id !== null,
  }));
}

/** Keeps the comment: the report is closed as dismissed and its reporter told so. */
export async function dismissReport(deps: Deps, admin: UserRow, id: number): Promise<void> {
  const dismissed = await transaction(deps.db, async (trx) => {
    const report = await lockReport(trx, id);
    if (!report || report.status !== 'open') return false;
    await closeOpenReport(trx, id, 'dismissed');
    const idea = await findIdeaTitle(trx, report.idea_id);
    if (idea) await tellReporters(trx, idea, [report.reporter_id], 'dismissed');
    await logModeration(trx, { adminId: admin.id, action: 'dismiss_report', targetType: 'report', targetId: id });
    return true;
  });
  if (dismissed) return;
  throw (await reportExists(deps.db, id)) ? badRequest(COMMENT_MSG.reportClosed) : notFound(COMMENT_MSG.reportNotFound);
}

/** Removes the reported comment with the admin's reason for its writer (deleteComment closes and answers its reports). */
export async function removeReportedComment(deps: Deps, admin: UserRow, reportId: number, reason: string): Promise<{ ideaId: number }> {
  const report = await findReport(deps.db, reportId);
  if (!report) throw notFound(COMMENT_MSG.reportNotFound);
  if (report.status !== 'open') throw badRequest(COMMENT_MSG.reportClosed);
  const { ideaId } = await deleteComment(deps, admin, report.comment_id, reason);
  return { ideaId };
}

// ------------------------------------------------------------------ held comments

/** The comments watched words of the hold action keep for a moderator, oldest first, with the words (decidableHeldComments). */
export async function heldComments(deps: Deps): Promise<{ comment: CommentDto; words: string[]; idea: { id: number; title: string } }[]> {
  const rows = await listHeldComments(deps.db);
  const words = await findHeldWords(
    deps.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    comment: toCommentDto(r as CommentWithAuthor),
    words: words.filter((w) => w.comment_id === r.id).map((w) => w.word),
    idea: { id: r.idea_id, title: r.idea_title },
  }));
}

/** A held comment, locked for its decision (the idea's comments first, as every comment writer locks). */
async function lockHeldComment(trx: Db, ideaId: number, id: number): Promise<CommentRow> {
  await lockIdeaForComments(trx, ideaId);
  const comment = await lockComment(trx, id);
  if (!comment) throw notFound(COMMENT_MSG.notFound);
  if (!comment.held) throw badRequest(COMMENT_MSG.notHeld);
  return comment;
}

/** Publishes a held comment: counted, its notices sent as for any new comment, logged. */
export async function approveHeldComment(deps: Deps, admin: UserRow, id: number): Promise<void> {
  const found = await findComment(deps.db, id);
  if (!found) throw notFound(COMMENT_MSG.notFound);
  await transaction(deps.db, async (trx) => {
    const comment = await lockHeldComment(trx, found.idea_id, id);
    // Published now, so held to what a comment written now is: an active writer, an idea they may
    // comment on (an outside review approved one on an idea in the bin, and one whose writer had left).
    const author = await findUserById(trx, comment.user_id);
    if (author?.status !== 'active') throw badRequest(COMMENT_MSG.heldCannotPublish);
    const idea = await commentableIdea(trx, author, comment.idea_id, true).catch((err: unknown) => {
      throw err instanceof AppError ? badRequest(COMMENT_MSG.heldCannotPublish) : err;
    });
    // A reply to a comment deleted since answers nothing (createComment refuses such a reply).
    const answered = comment.reply_to_id ? await findComment(trx, comment.reply_to_id) : undefined;
    if (comment.reply_to_id && (!answered || answered.held)) throw badRequest(COMMENT_MSG.heldCannotPublish);
    await releaseHeldComment(trx, id);
    await incrementCommentCount(trx, idea.id);
    const name = authorName({ userId: author.id, nickname: author.nickname, registrationNumber: author.registration_number });
    await tellOfComment(trx, { idea, user: author, name, content: comment.content, at: nowDb(), answered, commentId: comment.id });
    await logModeration(trx, { adminId: admin.id, action: 'approve_comment', targetType: 'comment', targetId: id, detail: comment.content });
  });
  // No longer the writer's alone (viewer-facts.ts).
  deps.viewerFacts.forget(found.user_id);
}

/** Removes a held comment; its author is told why. */
export async function rejectHeldComment(deps: Deps, admin: UserRow, id: number, reason: string | undefined): Promise<void> {
  const found = await findComment(deps.db, id);
  if (!found) throw notFound(COMMENT_MSG.notFound);
  await transaction(deps.db, async (trx) => {
    const comment = await lockHeldComment(trx, found.idea_id, id);
    const idea = await readIdeaTitle(trx, comment.idea_id);
    await deleteCommentById(trx, id);
    const preview = [...comment.content].length > 50 ? `${[...comment.content].slice(0, 50).join('')}…` : comment.content;
    await sendMessage(trx, {
      userId: comment.user_id,
      ideaId: idea.id,
      title: '评论未通过审核',
      content: `您在创意「${idea.title}」下的评论未通过审核，已被移除。${reason ? `原因：${asSentence(reason)}` : ''}评论内容：${preview}`,
      priority: 'high',
      sender: 'admin',
    });
    await logModeration(trx, { adminId: admin.id, action: 'reject_comment', targetType: 'comment', targetId: id, detail: reason ? `${reason}｜${comment.content}` : comment.content });
  });
  // Gone: the writer's view of the idea is everyone's again (viewer-facts.ts).
  deps.viewerFacts.forget(found.user_id);
}
