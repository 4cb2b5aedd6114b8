/**
 * A member's messages (docs/spec/publishing-and-browsing.md §2/§4/§7): list, unread count, read, read-all, delete, and
 * admin announcements. Every read and change is scoped to the caller's own rows: another member's
 * message is "not found" (404), never "forbidden", so ids do not leak.
 *
 * Announcements are stored once and copied into a member's messages on their next list or
 * read-all (see the 0004 migration); the unread count adds the ones not copied yet.
 */
import type { z } from 'zod';
import { runRead } from '../../../db/prepared.ts';
import { paddedList, placeholders, turnBatched } from '../../../db/turn-batch.ts';
import { dbTimeToIso, nowDb } from '../../../db/time.ts';
import type { Db, MessageTable, UserRow } from '../../../db/types.ts';
import { transaction } from '../../../db/transaction.ts';
import { authorAvatar, authorName, type AuthorFields } from '../../shared/idea-display.ts';
import { MESSAGE_TEXT } from '../../shared/message-texts.ts';
import type { Deps } from '../deps.ts';
import { notFound } from '../kernel/errors.ts';
import { decodeTimeIdCursor, encodeTimeIdCursor, olderThan } from '../kernel/cursors.ts';
import { logModeration } from '../admin/log.ts';
import { messageRow } from './send.ts';
import type { ZMessage } from '../../shared/outputs/messages.ts';

export const MESSAGE_MSG = {
  notFound: '消息不存在或已被删除',
  read: '已标记为已读',
  allRead: MESSAGE_TEXT.allRead,
  deleted: '消息已删除',
  announced: '公告已发布',
} as const;

/** The most ids one mark-as-read call takes (the page sends those it has shown). */
export const MESSAGES_LIST_MAX = 200;
/** Messages on one page of the list, newest first; the page asks for the next with `nextCursor`. */
export const MESSAGES_PAGE_SIZE = 50;

const MESSAGES_CURSOR = 'messages';

export type MessageDto = z.infer<typeof ZMessage>;

/** Copies announcements the member has not received yet into their messages (idempotent). */
async function deliverAnnouncements(db: Db, user: UserRow): Promise<void> {
  const seen = await db.selectFrom('users').select('announcements_seen_id').where('id', '=', user.id).executeTakeFirstOrThrow();
  const pending = await db
    .selectFrom('announcements')
    .selectAll()
    .where('id', '>', seen.announcements_seen_id)
    // Announcements reach those who were members when they were sent.
    .where('created_at', '>=', user.created_at)
    .orderBy('id')
    .limit(500)
    .execute();
  if (!pending.length) return;
  await db
    .insertInto('messages')
    .orIgnore()
    .values(
      pending.map((a) =>
        messageRow({ userId: user.id, type: 'announcement', title: a.title, content: a.content, priority: a.priority, sender: 'admin', announcementId: a.id, createdAt: a.created_at }),
      ),
    )
    .execute();
  const last = pending[pending.length - 1].id;
  await db.updateTable('users').set({ announcements_seen_id: last }).where('id', '=', user.id).where('announcements_seen_id', '<', last).execute();
}

/**
 * One page of the member's messages, newest first, and the cursor of the next (null at the end). It
 * used to be the newest 200 and nothing more: with more unread than that, the badge counted messages
 * the page could never show nor mark (a script author's audit). Announcements are delivered with the
 * first page.
 */
export async function listMessages(deps: Deps, user: UserRow, cursorText?: string): Promise<{ items: MessageDto[]; nextCursor: string | null }> {
  const after = decodeTimeIdCursor(cursorText, MESSAGES_CURSOR);
  if (!after) await deliverAnnouncements(deps.db, user);
  let query = deps.db
    .selectFrom('messages as m')
    // Who it is about, and whether the comment it leads to is still there: primary-key look-ups.
    .leftJoin('users as actor', 'actor.id', 'm.actor_id')
    .leftJoin('comments as c', 'c.id', 'm.comment_id')
    .select([
      'm.id',
      'm.type',
      'm.title',
      'm.content',
      'm.priority',
      'm.sender',
      'm.is_read',
      'm.read_at',
      'm.created_at',
      'm.original_feedback',
      'm.idea_id',
      'actor.id as actor_id',
      'actor.nickname as actor_nickname',
      'actor.registration_number as actor_number',
      'actor.avatar_url as actor_avatar',
      'actor.status as actor_status',
      'c.id as comment_id',
    ])
    .where('m.user_id', '=', user.id);
  if (after) query = query.where(olderThan('m.created_at', 'm.id', after));
  const rows = await query
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(MESSAGES_PAGE_SIZE + 1)
    .execute();
  const more = rows.length > MESSAGES_PAGE_SIZE;
  const page = more ? rows.slice(0, MESSAGES_PAGE_SIZE) : rows;
  const last = page[page.length - 1];
  const items = page.map((r) => ({
    id: r.id,
    type: r.type,
    title: r.title,
    content: r.content,
    priority: r.priority,
    sender: r.sender,
    isRead: !!r.is_read,
    readAt: dbTimeToIso(r.read_at),
    createdAt: dbTimeToIso(r.created_at)!,
    originalFeedback: r.original_feedback,
    ideaId: r.idea_id,
    commentId: r.comment_id,
    actor:
      r.actor_id == null
        ? null
        : messageActor({ userId: r.actor_id, nickname: r.actor_nickname, registrationNumber: r.actor_number, avatarUrl: r.actor_avatar, deactivated: r.actor_status === 'deactivated' }),
  }));
  return { items, nextCursor: more ? encodeTimeIdCursor(MESSAGES_CURSOR, last.created_at, last.id) : null };
}

/** The member a message is about, as comments show people (docs/architecture.md §10: a deactivated one names no one). */
function messageActor(a: Required<AuthorFields>): MessageDto['actor'] {
  return { registrationNumber: a.deactivated ? '' : (a.registrationNumber ?? ''), nickname: authorName(a), avatarUrl: authorAvatar(a) };
}

/**
 * Unread messages plus announcements not delivered yet: the busiest member read (every open tab polls
 * it), answered through the fast lane (fast-lane/fast-reads.ts). The members asking in one turn are
 * answered by one statement (db/turn-batch.ts), a row per member.
 */
const unreadCounts = turnBatched<number, number>(async (db, userIds) => {
  const ids = paddedList(userIds);
  const rows = await runRead<{ id: number | string; n: number | string }>(
    db,
    `select u.id, (select count(*) from messages m where m.user_id = u.id and m.is_read = 0)
      + (select count(*) from announcements a where a.id > u.announcements_seen_id and a.created_at >= u.created_at) as n
      from users u where u.id in (${placeholders(ids)})`,
    ids,
  );
  const counts = new Map(rows.map((r) => [Number(r.id), Number(r.n)]));
  return userIds.map((id) => counts.get(id) ?? 0);
});

export async function unreadCount(deps: Deps, user: UserRow): Promise<number> {
  return unreadCounts(deps.db, user.id);
}

export async function markRead(deps: Deps, user: UserRow, id: number): Promise<void> {
  const own = await deps.db.selectFrom('messages').select(['id', 'is_read']).where('id', '=', id).where('user_id', '=', user.id).executeTakeFirst();
  if (!own) throw notFound(MESSAGE_MSG.notFound);
  if (!own.is_read) await deps.db.updateTable('messages').set({ is_read: 1, read_at: nowDb() }).where('id', '=', id).where('user_id', '=', user.id).where('is_read', '=', 0).execute();
}

/**
 * The messages the page has shown the member (opening the tab clears its badge): those of
 * `ids` that are the caller's own and unread become read; others' ids and unknown ones are passed
 * over, as a list can hold a message deleted meanwhile. Answers the unread count left (messages that
 * arrived since the list was read).
 */
export async function markShownRead(deps: Deps, user: UserRow, ids: number[]): Promise<{ count: number }> {
  await deps.db.updateTable('messages').set({ is_read: 1, read_at: nowDb() }).where('user_id', '=', user.id).where('id', 'in', ids).where('is_read', '=', 0).execute();
  return { count: await unreadCount(deps, user) };
}

export async function markAllRead(deps: Deps, user: UserRow): Promise<{ count: number }> {
  await deliverAnnouncements(deps.db, user);
  await deps.db.updateTable('messages').set({ is_read: 1, read_at: nowDb() }).where('user_id', '=', user.id).where('is_read', '=', 0).execute();
  return { count: 0 };
}

export async function deleteMessage(deps: Deps, user: UserRow, id: number): Promise<void> {
  const result = await deps.db.deleteFrom('messages').where('id', '=', id).where('user_id', '=', user.id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound(MESSAGE_MSG.notFound);
}

export interface NewAnnouncement {
  title: string;
  content: string;
  priority: MessageTable['priority'];
}

/** One row, whatever the number of members (see the module comment). */
export async function sendAnnouncement(deps: Deps, admin: UserRow, input: NewAnnouncement): Promise<{ id: number }> {
  return transaction(deps.db, async (trx) => {
    const result = await trx
      .insertInto('announcements')
      .values({ admin_id: admin.id, title: input.title, content: input.content, priority: input.priority, created_at: nowDb() })
      .executeTakeFirstOrThrow();
    const id = Number(result.insertId);
    await logModeration(trx, { adminId: admin.id, action: 'send_announcement', targetType: 'announcement', targetId: id, detail: input.title });
    return { id };
  });
}
