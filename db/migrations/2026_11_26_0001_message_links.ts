import type { Kysely } from 'kysely';

/**
 * Who a message is about and where it leads: a comment or reply notice names the member
 * who wrote it (`actor_id`) and the comment (`comment_id`), so the messages page shows their name and
 * avatar and links to the comment itself; a new-follower notice names the follower. Both nullable:
 * system notices, announcements and feedback replies have neither, and older rows keep none.
 *
 * No foreign keys, as `idea_id`: comments are removed (a notice outlives its comment, and the list
 * reads the comment's id back through a join, null once it is gone), and members are never deleted
 * (deactivation keeps the row; the list shows them as 已注销用户).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('actor_id', 'integer').execute();
  await db.schema.alterTable('messages').addColumn('comment_id', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('comment_id').execute();
  await db.schema.alterTable('messages').dropColumn('actor_id').execute();
}
