/** Writing one message to a member: review decisions, comments and replies, new followers, feedback replies. */
import type { Insertable, Kysely, Transaction } from 'kysely';
import { nowDb } from '../../../db/time.ts';
import type { Database, MessageTable } from '../../../db/types.ts';

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
    created_at: m.createdAt ?? nowDb(),
  };
}

export async function sendMessage(db: Kysely<Database> | Transaction<Database>, m: NewMessage): Promise<void> {
  await db.insertInto('messages').values(messageRow(m)).execute();
}
