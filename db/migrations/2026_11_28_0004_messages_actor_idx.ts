import type { Kysely } from 'kysely';

/**
 * Messages by who they are about (`actor_id`): a deactivation rewrites those that name the member
 * (messages/send.ts `unnameActor`), inside its transaction, and the day's sweep again; without the
 * index each was a scan of every member's messages.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('messages_actor_idx').on('messages').column('actor_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('messages_actor_idx').on('messages').execute();
}
