/**
 * The comment tables' reads: the list of an idea (one query, authors joined, so a page costs the
 * same whatever the number of comments) and the row shaping, with the deactivated-author rule
 * applied at read time from users.status (docs/architecture.md §10).
 */
import { forUpdate } from '../../../db/portable.ts';
import { dbTimeToIso } from '../../../db/time.ts';
import type { CommentRow, Db } from '../../../db/types.ts';
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



/** A user's comments, for the deactivation statistics. */
export async function countUserComments(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('comments').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
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
