import { sql, type Kysely } from 'kysely';

/**
 * Who wrote the reported comment (`comment_reports.comment_author_id`), kept with the report as its
 * text is: the admins' card names the writer, and a report outlives its comment. Reports on comments
 * still there get their writer now; those on comments already removed stay without one (null).
 * No foreign key: accounts are never deleted, only deactivated.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('comment_reports').addColumn('comment_author_id', 'integer').execute();
  await db
    .updateTable('comment_reports')
    .set({ comment_author_id: sql`(select comments.user_id from comments where comments.id = comment_reports.comment_id)` })
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('comment_reports').dropColumn('comment_author_id').execute();
}
