/**
 * The comment tables' SQL: the list of an idea (one query, authors joined, so a page costs the
 * same whatever the number of comments) and the row shaping, with the deactivated-author rule
 * applied at read time from users.status (docs/architecture.md §10); the row locks, the counts,
 * reactions, reports and held comments the service composes into its transactions. `find…` may
 * answer undefined; `read…` expects the row (Kysely's NoResultError otherwise).
 */
import { runRead } from '../../../db/prepared.ts';
import { paddedList, placeholders, turnBatched } from '../../../db/turn-batch.ts';
import { forUpdate, minusFloorZero } from '../../../db/portable.ts';
import { dbTimeToIso, nowDb } from '../../../db/time.ts';
import type { CommentReactionKind, CommentReportStatus, CommentRow, Db } from '../../../db/types.ts';
import { authorAvatar, authorName } from '../../shared/idea-display.ts';
import type { CommentDto } from '../../shared/comment-schemas.ts';
import type { AccountDataPart } from '../accounts/account-data.ts';

/** Enough for any real discussion; the list is one query, so the cap is a guard, not a page size. */
export const COMMENTS_PER_IDEA_MAX = 2000;

export function withAuthors(db: Db) {
  return db
    .selectFrom('comments')
    .innerJoin('users', 'users.id', 'comments.user_id')
    .selectAll('comments')
    .select(['users.registration_number', 'users.nickname', 'users.avatar_url', 'users.status as user_status']);
}

export type CommentWithAuthor = CommentRow & { registration_number: string; nickname: string; avatar_url: string; user_status: 'active' | 'deactivated' };

export function toCommentDto(row: CommentWithAuthor): CommentDto {
  const deactivated = row.user_status === 'deactivated';
  const author = { userId: row.user_id, nickname: row.nickname, registrationNumber: row.registration_number, avatarUrl: row.avatar_url, deactivated };
  return {
    id: row.id,
    ideaId: row.idea_id,
    parentId: row.parent_id,
    replyTo: row.reply_to_id,
    content: row.content,
    createdAt: dbTimeToIso(row.created_at)!,
    // A deactivated account's comments name no one (docs/architecture.md §10): no id, no registration number.
    userId: deactivated ? 0 : row.user_id,
    userRegistrationNumber: deactivated ? '' : row.registration_number,
    userName: authorName(author),
    userAvatar: authorAvatar(author),
    likeCount: row.like_count,
    dislikeCount: row.dislike_count,
    // Only its author is ever shown a held comment.
    ...(row.held ? { held: true } : {}),
  };
}

/**
 * An idea's comments, oldest first, in one query: the newest COMMENTS_PER_IDEA_MAX when there are
 * more. Held comments (a watched word of the hold action) only for their author, `viewerId`.
 */
export async function listIdeaComments(db: Db, ideaId: number, viewerId: number | null): Promise<CommentDto[]> {
  const rows = await withAuthors(db)
    .where('comments.idea_id', '=', ideaId)
    .where((eb) => (viewerId === null ? eb('comments.held', '=', 0) : eb.or([eb('comments.held', '=', 0), eb('comments.user_id', '=', viewerId)])))
    .orderBy('comments.created_at', 'desc')
    .orderBy('comments.id', 'desc')
    .limit(COMMENTS_PER_IDEA_MAX)
    .execute();
  return rows.reverse().map((r) => toCommentDto(r as CommentWithAuthor));
}

export async function findCommentDto(db: Db, id: number): Promise<CommentDto | undefined> {
  const row = await withAuthors(db).where('comments.id', '=', id).executeTakeFirst();
  return row ? toCommentDto(row as CommentWithAuthor) : undefined;
}

export async function findComment(db: Db, id: number): Promise<CommentRow | undefined> {
  return db.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The comment row, locked against other writers until the transaction ends on MySQL/MariaDB
 * (SQLite runs one write transaction at a time, and has no FOR UPDATE): every reaction to one
 * comment then reads and writes in turn, so its counts stay exact.
 */
export async function lockComment(trx: Db, id: number): Promise<CommentRow | undefined> {
  return forUpdate(trx, trx.selectFrom('comments').selectAll().where('id', '=', id)).executeTakeFirst();
}

/**
 * The idea's row, locked the same way. Every comment write that changes `comment_count` takes the
 * idea first and the comment second: one order, so two writers never wait on each other in a circle
 * (a reply's foreign-key check on its parent would otherwise deadlock against the parent's delete).
 */
export async function lockIdeaForComments(trx: Db, ideaId: number) {
  return forUpdate(trx, trx.selectFrom('ideas').select(['id', 'user_id', 'title', 'comment_count']).where('id', '=', ideaId)).executeTakeFirst();
}

/** The top-level comment's replies (a delete takes them with it). */
export async function findReplies(db: Db, parentId: number): Promise<{ id: number; held: number }[]> {
  return db.selectFrom('comments').select(['id', 'held']).where('parent_id', '=', parentId).execute();
}

/** The idea's id and title, for the notices about its comments. */
export async function findIdeaTitle(db: Db, ideaId: number): Promise<{ id: number; title: string } | undefined> {
  return db.selectFrom('ideas').select(['id', 'title']).where('id', '=', ideaId).executeTakeFirst();
}

export async function readIdeaTitle(db: Db, ideaId: number): Promise<{ id: number; title: string }> {
  return db.selectFrom('ideas').select(['id', 'title']).where('id', '=', ideaId).executeTakeFirstOrThrow();
}

// ------------------------------------------------------------------ writing comments and their count

/** A new comment, no likes or dislikes yet; its id. */
export async function insertComment(db: Db, c: Pick<CommentRow, 'idea_id' | 'user_id' | 'parent_id' | 'reply_to_id' | 'content' | 'created_at' | 'held'>): Promise<number> {
  const result = await db
    .insertInto('comments')
    .values({
      idea_id: c.idea_id,
      user_id: c.user_id,
      parent_id: c.parent_id,
      reply_to_id: c.reply_to_id,
      content: c.content,
      like_count: 0,
      dislike_count: 0,
      created_at: c.created_at,
      held: c.held,
    })
    .executeTakeFirstOrThrow();
  return Number(result.insertId);
}

/** Deletes one comment; how many rows went (0 when it was gone already). */
export async function deleteCommentById(db: Db, id: number): Promise<number> {
  const result = await db.deleteFrom('comments').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes these comments; how many rows went. */
export async function deleteCommentsByIds(db: Db, ids: readonly number[]): Promise<number> {
  if (!ids.length) return 0;
  const result = await db.deleteFrom('comments').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function incrementCommentCount(db: Db, ideaId: number): Promise<void> {
  await db
    .updateTable('ideas')
    .set((eb) => ({ comment_count: eb('comment_count', '+', 1) }))
    .where('id', '=', ideaId)
    .execute();
}

/** Takes `n` off the idea's comment_count, never below 0. */
export async function decreaseCommentCount(db: Db, ideaId: number, n: number): Promise<void> {
  await db
    .updateTable('ideas')
    .set({ comment_count: minusFloorZero('comment_count', n) })
    .where('id', '=', ideaId)
    .execute();
}

export async function readCommentCount(db: Db, ideaId: number): Promise<number> {
  const row = await db.selectFrom('ideas').select('comment_count').where('id', '=', ideaId).executeTakeFirstOrThrow();
  return row.comment_count;
}

// ------------------------------------------------------------------ reactions

const countColumn = (k: CommentReactionKind) => (k === 'like' ? 'like_count' : 'dislike_count');

export async function findReaction(db: Db, commentId: number, userId: number): Promise<{ kind: CommentReactionKind } | undefined> {
  return db.selectFrom('comment_reactions').select('kind').where('comment_id', '=', commentId).where('user_id', '=', userId).executeTakeFirst();
}

export async function insertReaction(db: Db, commentId: number, userId: number, kind: CommentReactionKind): Promise<void> {
  await db.insertInto('comment_reactions').values({ comment_id: commentId, user_id: userId, kind, created_at: nowDb() }).execute();
}

export async function changeReactionKind(db: Db, commentId: number, userId: number, kind: CommentReactionKind): Promise<void> {
  await db.updateTable('comment_reactions').set({ kind, created_at: nowDb() }).where('comment_id', '=', commentId).where('user_id', '=', userId).execute();
}

export async function deleteReaction(db: Db, commentId: number, userId: number): Promise<void> {
  await db.deleteFrom('comment_reactions').where('comment_id', '=', commentId).where('user_id', '=', userId).execute();
}

/** Moves the comment's like and dislike counts in one statement: one up (`add`), one down (`remove`), or both. */
export async function changeReactionCounts(db: Db, commentId: number, { add, remove }: { add?: CommentReactionKind; remove?: CommentReactionKind }): Promise<void> {
  await db
    .updateTable('comments')
    .set((eb) => ({ ...(add ? { [countColumn(add)]: eb(countColumn(add), '+', 1) } : {}), ...(remove ? { [countColumn(remove)]: eb(countColumn(remove), '-', 1) } : {}) }))
    .where('id', '=', commentId)
    .execute();
}

export async function readReactionCounts(db: Db, commentId: number): Promise<{ like_count: number; dislike_count: number }> {
  return db.selectFrom('comments').select(['like_count', 'dislike_count']).where('id', '=', commentId).executeTakeFirstOrThrow();
}

/**
 * The member's marks on the given comments. A members' hot read (every idea page with comments): the
 * reads of one turn are one statement (db/turn-batch.ts), its text written here rather than built
 * (Kysely built an `in` list of 20 ids in ~20 µs, more than running it); each caller takes the rows
 * of its own member and comments.
 */
const reactionsOf = turnBatched<{ userId: number; commentIds: readonly number[] }, { comment_id: number; kind: CommentReactionKind }[]>(async (db, keys) => {
  const users = paddedList(keys.map((k) => k.userId));
  const comments = paddedList(keys.flatMap((k) => k.commentIds));
  const rows = await runRead<{ user_id: number | string; comment_id: number | string; kind: CommentReactionKind }>(
    db,
    `select user_id, comment_id, kind from comment_reactions where user_id in (${placeholders(users)}) and comment_id in (${placeholders(comments)})`,
    [...users, ...comments],
  );
  return keys.map(({ userId, commentIds }) => {
    const asked = new Set(commentIds);
    return rows.filter((r) => Number(r.user_id) === userId && asked.has(Number(r.comment_id))).map((r) => ({ comment_id: Number(r.comment_id), kind: r.kind }));
  });
});

export async function findUserReactions(db: Db, userId: number, commentIds: readonly number[]): Promise<{ comment_id: number; kind: CommentReactionKind }[]> {
  return commentIds.length ? reactionsOf(db, { userId, commentIds }) : [];
}

// ------------------------------------------------------------------ reports

export async function findOpenReport(db: Db, commentId: number, reporterId: number): Promise<{ id: number } | undefined> {
  return db.selectFrom('comment_reports').select('id').where('comment_id', '=', commentId).where('reporter_id', '=', reporterId).where('status', '=', 'open').executeTakeFirst();
}

/** A new open report, with the comment's text and writer as they are now; its id. */
export async function insertReport(db: Db, r: { comment_id: number; idea_id: number; reporter_id: number; reason: string; comment_content: string; comment_author_id: number }): Promise<number> {
  const result = await db
    .insertInto('comment_reports')
    .values({
      comment_id: r.comment_id,
      idea_id: r.idea_id,
      reporter_id: r.reporter_id,
      reason: r.reason,
      comment_content: r.comment_content,
      comment_author_id: r.comment_author_id,
      status: 'open',
      created_at: nowDb(),
      resolved_at: null,
    })
    .executeTakeFirstOrThrow();
  return Number(result.insertId);
}

export async function findReport(db: Db, id: number): Promise<{ comment_id: number; status: CommentReportStatus } | undefined> {
  return db.selectFrom('comment_reports').select(['comment_id', 'status']).where('id', '=', id).executeTakeFirst();
}

export async function reportExists(db: Db, id: number): Promise<boolean> {
  return !!(await db.selectFrom('comment_reports').select('id').where('id', '=', id).executeTakeFirst());
}

/** The report row, locked for its decision (FOR UPDATE on MySQL/MariaDB, as lockComment). */
export async function lockReport(trx: Db, id: number) {
  return forUpdate(trx, trx.selectFrom('comment_reports').select(['id', 'reporter_id', 'idea_id', 'status']).where('id', '=', id)).executeTakeFirst();
}

/** Who reported these comments in reports still open. */
export async function findOpenReporters(db: Db, commentIds: readonly number[]): Promise<number[]> {
  const rows = await db.selectFrom('comment_reports').select('reporter_id').where('comment_id', 'in', commentIds).where('status', '=', 'open').execute();
  return rows.map((r) => r.reporter_id);
}

/** Closes the open reports on these comments as `status`. */
export async function closeOpenReportsOn(db: Db, commentIds: readonly number[], status: Exclude<CommentReportStatus, 'open'>): Promise<void> {
  await db.updateTable('comment_reports').set({ status, resolved_at: nowDb() }).where('comment_id', 'in', commentIds).where('status', '=', 'open').execute();
}

/** Closes the report as `status`, if it is still open. */
export async function closeOpenReport(db: Db, id: number, status: Exclude<CommentReportStatus, 'open'>): Promise<void> {
  await db.updateTable('comment_reports').set({ status, resolved_at: nowDb() }).where('id', '=', id).where('status', '=', 'open').execute();
}

/** The admins' list rows: open reports first (oldest first, the queue order), then the 100 latest settled ones. */
export async function listReportRows(db: Db) {
  const base = () =>
    db
      .selectFrom('comment_reports as r')
      .innerJoin('users as u', 'u.id', 'r.reporter_id')
      .leftJoin('comments as c', 'c.id', 'r.comment_id')
      .leftJoin('users as w', 'w.id', 'r.comment_author_id')
      .leftJoin('ideas as i', 'i.id', 'r.idea_id')
      .select(['r.id', 'r.comment_id', 'r.idea_id', 'r.reason', 'r.comment_content', 'r.status', 'r.created_at', 'u.registration_number', 'c.id as live_id'])
      .select(['w.id as writer_id', 'w.nickname as writer_nickname', 'w.registration_number as writer_number', 'w.status as writer_status', 'i.title as idea_title']);
  const [open, settled] = await Promise.all([
    base().where('r.status', '=', 'open').orderBy('r.created_at').orderBy('r.id').limit(500).execute(),
    base().where('r.status', '!=', 'open').orderBy('r.resolved_at', 'desc').orderBy('r.id', 'desc').limit(100).execute(),
  ]);
  return [...open, ...settled];
}

// ------------------------------------------------------------------ held comments

/**
 * Held comments a moderator can decide on: a writer who has left, or an idea in the bin, has nothing
 * to decide (approving is refused); a restored idea's comments come back. The list below, and the
 * count on the console's 审核 tab (admin/pending.ts).
 */
export function decidableHeldComments(db: Db) {
  return db
    .selectFrom('comments')
    .innerJoin('users', 'users.id', 'comments.user_id')
    .innerJoin('ideas', 'ideas.id', 'comments.idea_id')
    .where('comments.held', '=', 1)
    .where('users.status', '=', 'active')
    .where('ideas.is_deleted', '=', 0);
}

/** The decidable held comments with their writers and ideas' titles, oldest first, at most 200. */
export async function listHeldComments(db: Db) {
  return decidableHeldComments(db)
    .selectAll('comments')
    .select(['users.registration_number', 'users.nickname', 'users.avatar_url', 'users.status as user_status', 'ideas.title as idea_title'])
    .orderBy('comments.created_at', 'asc')
    .orderBy('comments.id', 'asc')
    .limit(200)
    .execute();
}

/** The watched words that hold these comments. */
export async function findHeldWords(db: Db, commentIds: readonly number[]): Promise<{ comment_id: number; word: string }[]> {
  return commentIds.length ? db.selectFrom('comment_held_words').select(['comment_id', 'word']).where('comment_id', 'in', commentIds).execute() : [];
}

export async function insertHeldWords(db: Db, commentId: number, words: readonly string[]): Promise<void> {
  await db
    .insertInto('comment_held_words')
    .values(words.map((word) => ({ comment_id: commentId, word })))
    .execute();
}

/** The held comment made public: no longer held, its held words dropped. */
export async function releaseHeldComment(db: Db, id: number): Promise<void> {
  await db.updateTable('comments').set({ held: 0 }).where('id', '=', id).execute();
  await db.deleteFrom('comment_held_words').where('comment_id', '=', id).execute();
}

// ------------------------------------------------------------------ accounts

/** A user's comments, for the deactivation statistics. */
export async function countUserComments(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('comments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * An account's comments: counted. When it is deactivated they stay, shown as 已注销用户 (docs/architecture.md §10);
 * those still held for a moderator were never public and can no longer be approved
 * (approveHeldComment): they go.
 */
export const commentsAccountData: AccountDataPart = {
  count: async (db, userId) => ({ comments: await countUserComments(db, userId) }),
  onDeactivate: async (trx, userId) => {
    await trx.deleteFrom('comments').where('user_id', '=', userId).where('held', '=', 1).execute();
  },
};
