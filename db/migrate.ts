import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as accounts from './migrations/2026_11_22_0001_accounts.ts';
import * as ideas from './migrations/2026_11_22_0002_ideas.ts';
import * as pendingUploads from './migrations/2026_11_22_0003_pending_uploads.ts';
import * as deactivationReason from './migrations/2026_11_22_0004_deactivation_reason.ts';
import * as marketplaceSearch from './migrations/2026_11_23_0001_marketplace_search.ts';
import * as social from './migrations/2026_11_24_0001_social.ts';
import * as comments from './migrations/2026_11_24_0002_comments.ts';
import * as stayingInTouch from './migrations/2026_11_24_0004_staying_in_touch.ts';
import * as sessionPasswordProof from './migrations/2026_11_25_0019_session_password_proof.ts';
import * as searchWords from './migrations/2026_11_26_0016_search_words.ts';

/** Listed by hand so the same list works under tsx, vitest and any bundler; names sort by date. */
const migrations: Record<string, Migration> = {
  '2026_11_22_0001_accounts': accounts,
  '2026_11_22_0002_ideas': ideas,
  '2026_11_22_0003_pending_uploads': pendingUploads,
  '2026_11_22_0004_deactivation_reason': deactivationReason,
  '2026_11_23_0001_marketplace_search': marketplaceSearch,
  '2026_11_24_0001_social': social,
  '2026_11_24_0002_comments': comments,
  '2026_11_24_0004_staying_in_touch': stayingInTouch,
  '2026_11_25_0019_session_password_proof': sessionPasswordProof,
  '2026_11_26_0016_search_words': searchWords,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Migrations this code knows that the database has not run (readiness reports them). */
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  const all = await new Migrator({ db, provider }).getMigrations();
  return all.filter((m) => !m.executedAt).map((m) => m.name);
}
