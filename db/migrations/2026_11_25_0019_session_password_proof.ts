import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * When the person behind a session last proved it with the password: sign-in, or the
 * current password typed for a sensitive change. Changing the phone and deactivating need it to be
 * recent, so a stolen token alone cannot take an account. Existing sessions start without it: their
 * owners type the password once for such a change.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable('sessions').addColumn('password_verified_at', t.timestamp).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('password_verified_at').execute();
}
