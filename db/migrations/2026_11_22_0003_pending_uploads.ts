import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * Images uploaded while an idea has no id yet (a new idea in the editor). They belong to the
 * uploader until an idea is saved showing them, then move to idea_images; the housekeeping job
 * removes those never saved.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('pending_uploads')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('file_name', 'varchar(80)', (c) => c.notNull().unique())
    .addColumn('url', 'varchar(255)', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pending_uploads_user_idx').on('pending_uploads').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pending_uploads').execute();
}
