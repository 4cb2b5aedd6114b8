import type { Kysely } from 'kysely';

/**
 * Whether an idea has ever been public (approved at least once). Its date in the newest order is
 * kept from then on, through edits, a spell as a draft and a return to the review queue; before, an
 * approved idea sent back to review (a hold word in an edit) read as never public on its next save
 * and was dated anew. Existing ideas: approved and published now, a draft that kept its date (made
 * of an approved idea), one a moderator's logged approval names, or one whose author was told it was
 * approved (an automatic approval logs nothing).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ideas').addColumn('ever_public', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db
    .updateTable('ideas')
    .set({ ever_public: 1 })
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'published'), eb('moderation_status', '=', 'approved')]),
        eb.and([eb('status', '=', 'draft'), eb('published_at', 'is not', null)]),
        eb.exists(
          eb
            .selectFrom('moderation_log')
            .select('moderation_log.id')
            .where('moderation_log.target_type', '=', 'idea')
            .whereRef('moderation_log.target_id', '=', 'ideas.id')
            .where('moderation_log.action', 'in', ['approve_idea', 'approve_own_idea', 'edit_approve_idea']),
        ),
        // An automatic approval logs nothing, but its author was told.
        eb.exists(eb.selectFrom('messages').select('messages.id').whereRef('messages.idea_id', '=', 'ideas.id').where('messages.title', '=', '创意审核通过')),
      ]),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ideas').dropColumn('ever_public').execute();
}
