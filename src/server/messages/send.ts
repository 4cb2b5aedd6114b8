/** Writing one message to a member: review decisions, comments and replies, new followers, feedback replies. */
import type { Insertable, Kysely, Transaction } from 'kysely';
import { nowDb } from '../../../db/time.ts';
import type { Database, MessageTable } from '../../../db/types.ts';
import { DEACTIVATED_NICKNAME } from '../../shared/constants.ts';

export interface NewMessage {
  userId: number;
  title: string;
  content: string;
  type?: MessageTable['type'];
  priority?: MessageTable['priority'];
  sender?: MessageTable['sender'];
  ideaId?: number | null;
  /** On a feedback reply: the feedback it answers. */
  originalFeedback?: string | null;
  /** On a member's copy of an announcement. */
  announcementId?: number;
  /** The member it is about: who commented or replied, a new follower. */
  actorId?: number | null;
  /** The comment it leads to. */
  commentId?: number | null;
  createdAt?: string;
}

/** The unread `messages` row for a new message. */
export function messageRow(m: NewMessage): Insertable<MessageTable> {
  return {
    user_id: m.userId,
    type: m.type ?? 'system',
    title: m.title,
    content: m.content,
    priority: m.priority ?? 'normal',
    sender: m.sender ?? 'system',
    is_read: 0,
    read_at: null,
    original_feedback: m.originalFeedback ?? null,
    idea_id: m.ideaId ?? null,
    announcement_id: m.announcementId ?? null,
    actor_id: m.actorId ?? null,
    comment_id: m.commentId ?? null,
    created_at: m.createdAt ?? nowDb(),
  };
}

type Writer = Kysely<Database> | Transaction<Database>;

export async function sendMessage(db: Writer, m: NewMessage): Promise<void> {
  await db.insertInto('messages').values(messageRow(m)).execute();
}

/**
 * A message about others' actions on an idea, which a burst must not multiply: while the
 * member has an unread one with the same title about the same idea, that one is rewritten —
 * `summed(since)` writes what happened since it was first sent — instead of another arriving. So a
 * member's unread count grows by one per idea and kind, however many act. Call it in the
 * transaction that serialises those actions (comments: the idea's row lock), so two cannot both
 * send; `m.createdAt` should be the action's own time, so `since` includes it. The summed message
 * names the latest actor and leads to the latest comment (its text ends with that one).
 */
export async function sendOrSum(db: Writer, m: NewMessage & { ideaId: number }, summed: (since: string) => Promise<string>): Promise<void> {
  const unread = await db
    .selectFrom('messages')
    .select(['id', 'created_at'])
    .where('user_id', '=', m.userId)
    .where('is_read', '=', 0)
    .where('idea_id', '=', m.ideaId)
    .where('title', '=', m.title)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (unread) {
    // Read in the meantime: then the member gets a new message after all.
    const updated = await db
      .updateTable('messages')
      .set({ content: await summed(unread.created_at), sender: m.sender ?? 'system', actor_id: m.actorId ?? null, comment_id: m.commentId ?? null })
      .where('id', '=', unread.id)
      .where('is_read', '=', 0)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) > 0) return;
  }
  await sendMessage(db, m);
}

/** A moderator's reason as one sentence in a message: its own closing mark kept, 。 added only when it has none (not 。。). */
export const asSentence = (reason: string) => (/[。！？.!?…]$/u.test(reason.trim()) ? reason.trim() : `${reason.trim()}。`);

/**
 * When a member deactivates, the messages others have about them name no one (docs/architecture.md §10): in those
 * with one of `titles` whose text opens with their name (`shownName` matches it at the start, whatever
 * it was then), the name becomes 已注销用户. The message's sender already shows so; its text named
 * them still, and a new account on the same phone gets the same default nickname. Idempotent.
 */
export async function unnameActor(db: Writer, actorId: number, titles: readonly string[], shownName: RegExp): Promise<void> {
  const rows = await db.selectFrom('messages').select(['id', 'content']).where('actor_id', '=', actorId).where('title', 'in', titles).execute();
  for (const row of rows) {
    const content = row.content.replace(shownName, DEACTIVATED_NICKNAME);
    // Only over the text read: a summed notice rewritten meanwhile (sendOrSum) is not written back over.
    if (content !== row.content) await db.updateTable('messages').set({ content }).where('id', '=', row.id).where('content', '=', row.content).execute();
  }
}
