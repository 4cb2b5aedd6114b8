import type { Kysely } from 'kysely';

/** How many slots the texts being published are spread over (ideas/moderation.ts `claimText`). */
const SLOTS = 64;

/**
 * Rows a publish locks by its text's hash, so two publishes of one text at the same moment (a double
 * tap answered by two processes, two members pasting the same text) take turns: the second finds the
 * first under the lock and is refused as a duplicate. An outside review on MariaDB published the same
 * text twice in two of three tries. A fixed set of rows: nothing grows, and texts that share a slot
 * only wait a moment for each other.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('publish_slots').addColumn('slot', 'integer', (c) => c.primaryKey()).execute();
  await db
    .insertInto('publish_slots')
    .values(Array.from({ length: SLOTS }, (_, slot) => ({ slot })))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('publish_slots').execute();
}
