import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * When a moderator approved an idea showing a picture (`idea_images.seen_at`). The automatic review
 * cannot read pictures, so an idea showing one no person has seen waits for a moderator; "seen" was
 * read off the idea's public version only, so a public idea saved as a draft and published again
 * waited for a moderator once more, pictures unchanged, and their approval told its author a second
 * time. Existing pictures shown by an idea public now count as seen, as they did.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const { timestamp } = columnTypes(db);
  await db.schema.alterTable('idea_images').addColumn('seen_at', timestamp).execute();
  await db
    .updateTable('idea_images')
    .set({ seen_at: sql`created_at` })
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('ideas')
          .select('ideas.id')
          .whereRef('ideas.id', '=', 'idea_images.idea_id')
          .where('ideas.status', '=', 'published')
          .where('ideas.moderation_status', '=', 'approved')
          // INSTR(text, part) in both dialects: the analysis shows the file.
          .where(sql<number>`instr(ideas.detailed_analysis, idea_images.file_name)`, '>', 0),
      ),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idea_images').dropColumn('seen_at').execute();
}
