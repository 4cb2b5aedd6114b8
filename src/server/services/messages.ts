/** System messages to users. The messages issue shows and manages them; review stores them now. */
import type { Kysely, Transaction } from 'kysely';
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
}

export async function sendMessage(db: Kysely<Database> | Transaction<Database>, m: NewMessage): Promise<void> {
  await db
    .insertInto('messages')
    .values({
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
      announcement_id: null,
      created_at: nowDb(),
    })
    .execute();
}
