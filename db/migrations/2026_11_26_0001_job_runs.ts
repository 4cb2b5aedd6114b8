import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * Which process runs a periodic job: several app processes share one database, and each
 * offers to run the housekeeping every period; the one that moves `lease_until` past now runs it,
 * the others see the lease and skip (src/server/jobs/index.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('job_runs')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('holder', 'varchar(100)', (c) => c.notNull())
    .addColumn('lease_until', t.timestamp, (c) => c.notNull())
    .addColumn('finished_at', t.timestamp)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_runs').execute();
}
