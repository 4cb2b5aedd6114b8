import { Migrator, MysqlAdapter, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { withoutClientTimeout } from './connection.ts';
import { databaseFailure } from './failures.ts';
import * as accounts from './migrations/2026_11_22_0001_accounts.ts';
import * as ideas from './migrations/2026_11_22_0002_ideas.ts';
import * as pendingUploads from './migrations/2026_11_22_0003_pending_uploads.ts';
import * as deactivationReason from './migrations/2026_11_22_0004_deactivation_reason.ts';
import * as firstDayCatchUp from './migrations/2026_11_22_0005_first_day_catch_up.ts';
import * as marketplaceSearch from './migrations/2026_11_23_0001_marketplace_search.ts';
import * as social from './migrations/2026_11_24_0001_social.ts';
import * as comments from './migrations/2026_11_24_0002_comments.ts';
import * as stayingInTouch from './migrations/2026_11_24_0004_staying_in_touch.ts';
import * as sessionPasswordProof from './migrations/2026_11_25_0019_session_password_proof.ts';
import * as jobRuns from './migrations/2026_11_26_0001_job_runs.ts';
import * as messageLinks from './migrations/2026_11_26_0001_message_links.ts';
import * as tableCollation from './migrations/2026_11_26_0002_table_collation.ts';
import * as watchedWords from './migrations/2026_11_26_0022_watched_words.ts';
import * as moderationEdits from './migrations/2026_11_26_0023_moderation_edits.ts';
import * as searchWords from './migrations/2026_11_27_0001_search_words.ts';
import * as moderationLogTarget from './migrations/2026_11_27_0002_moderation_log_target.ts';
import * as rejectedTexts from './migrations/2026_11_27_0003_rejected_texts.ts';
import * as ideasEverPublic from './migrations/2026_11_28_0001_ideas_ever_public.ts';
import * as publishSlots from './migrations/2026_11_28_0002_publish_slots.ts';
import * as rejectedTextsOutliveIdeas from './migrations/2026_11_28_0003_rejected_texts_outlive_ideas.ts';
import * as messagesActorIdx from './migrations/2026_11_28_0004_messages_actor_idx.ts';
import * as ideaImagesSeen from './migrations/2026_12_01_0001_idea_images_seen.ts';
import * as defaultNicknames from './migrations/2026_12_02_0001_default_nicknames.ts';
import * as searchFold from './migrations/2026_12_02_0003_search_fold.ts';
import * as reportCommentAuthor from './migrations/2026_12_02_0006_report_comment_author.ts';
import * as tagFolds from './migrations/2026_12_03_0001_tag_folds.ts';
import * as notificationSettings from './migrations/2026_12_03_0002_notification_settings.ts';
import * as memberMutes from './migrations/2026_12_03_0003_member_mutes.ts';
import * as followListOrder from './migrations/2026_12_03_0004_follow_list_order.ts';

/** Listed by hand so the same list works under tsx, vitest and any bundler; names sort by date. */
const migrations: Record<string, Migration> = {
  '2026_11_22_0001_accounts': accounts,
  '2026_11_22_0002_ideas': ideas,
  '2026_11_22_0003_pending_uploads': pendingUploads,
  '2026_11_22_0004_deactivation_reason': deactivationReason,
  '2026_11_22_0005_first_day_catch_up': firstDayCatchUp,
  '2026_11_23_0001_marketplace_search': marketplaceSearch,
  '2026_11_24_0001_social': social,
  '2026_11_24_0002_comments': comments,
  '2026_11_24_0004_staying_in_touch': stayingInTouch,
  '2026_11_25_0019_session_password_proof': sessionPasswordProof,
  '2026_11_26_0001_job_runs': jobRuns,
  '2026_11_26_0001_message_links': messageLinks,
  '2026_11_26_0002_table_collation': tableCollation,
  '2026_11_26_0022_watched_words': watchedWords,
  '2026_11_26_0023_moderation_edits': moderationEdits,
  '2026_11_27_0001_search_words': searchWords,
  '2026_11_27_0002_moderation_log_target': moderationLogTarget,
  '2026_11_27_0003_rejected_texts': rejectedTexts,
  '2026_11_28_0001_ideas_ever_public': ideasEverPublic,
  '2026_11_28_0002_publish_slots': publishSlots,
  '2026_11_28_0003_rejected_texts_outlive_ideas': rejectedTextsOutliveIdeas,
  '2026_11_28_0004_messages_actor_idx': messagesActorIdx,
  '2026_12_01_0001_idea_images_seen': ideaImagesSeen,
  '2026_12_02_0001_default_nicknames': defaultNicknames,
  '2026_12_02_0003_search_fold': searchFold,
  '2026_12_02_0006_report_comment_author': reportCommentAuthor,
  '2026_12_03_0001_tag_folds': tagFolds,
  '2026_12_03_0002_notification_settings': notificationSettings,
  '2026_12_03_0003_member_mutes': memberMutes,
  '2026_12_03_0004_follow_list_order': followListOrder,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Migrations renamed after some database ran them under the old name (old name → new). A branch ran
 * the search words as 2026_11_26_0016 before its merge named them 2026_11_27_0001 to run after main's.
 */
const RENAMED: Record<string, string> = {
  '2026_11_26_0016_search_words': '2026_11_27_0001_search_words',
};

/**
 * Some migrations landed with a name earlier than ones already run elsewhere (branches merged out of
 * date order): a database made by such a version is missing one in the middle, and Kysely's default
 * refuses it as "corrupted" (an outside review: 48 of 542 versions could not be upgraded). Each
 * migration stands alone, so a missing one runs now, whatever its place.
 */
const newMigrator = (db: Kysely<any>) => new Migrator({ db, provider, allowUnorderedMigrations: true });

/** A migration that failed: its name, and the database's own words in `cause`. */
export class MigrationError extends Error {
  constructor(
    readonly migrationName: string | undefined,
    cause: unknown,
  ) {
    super(`migration ${migrationName ?? '(setup)'} failed: ${(cause as Error)?.message ?? cause}`, { cause });
  }
}

/**
 * How long a migration waits for a table another connection is using (MariaDB's lock_wait_timeout,
 * a day by default). While an ALTER waits for its metadata lock every other statement on that table
 * queues behind it, so a running site stalls for as long as the wait: an open transaction in an
 * operator's client, or a dump in progress, would hold the upgrade and the site for hours. Past this
 * the migration fails by name and nothing of its statement has run.
 */
export const MIGRATION_LOCK_WAIT_SECONDS = 30;

export async function migrateToLatest(db: Kysely<any>, options: { lockWaitSeconds?: number } = {}): Promise<string[]> {
  // Two processes starting at once on one database: on MySQL Kysely's migrator takes a named lock, on
  // SQLite none, so both may run a migration and the later one fails on what the earlier did (a column
  // already there). Its transaction rolled back; once the migration shows as done, start again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await migrateOnce(db, options);
    } catch (err) {
      const unlocked = !(db.getExecutor().adapter instanceof MysqlAdapter);
      if (!unlocked || !(err instanceof MigrationError) || !err.migrationName || attempt >= 5 || !(await ranElsewhere(db, err.migrationName))) throw err;
    }
  }
}

/**
 * Whether a migration this process failed to run is recorded as done: another process ran it
 * meanwhile (it may still be finishing it, so this waits up to 5 s for its record).
 */
async function ranElsewhere(db: Kysely<any>, name: string): Promise<boolean> {
  for (let wait = 0; wait < 50; wait++) {
    const done = await db
      .selectFrom('kysely_migration')
      .select('name')
      .where('name', '=', name)
      .executeTakeFirst()
      .catch(() => undefined);
    if (done) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

async function migrateOnce(db: Kysely<any>, options: { lockWaitSeconds?: number }): Promise<string[]> {
  // One connection, without the app's time limit per statement (db/connection.ts): rebuilding a large
  // table (ALTER TABLE … CONVERT TO) may take minutes, once; nor the client's cut-off.
  return withoutClientTimeout(() =>
    db.connection().execute((conn) =>
      migrationSession(conn, options.lockWaitSeconds ?? MIGRATION_LOCK_WAIT_SECONDS, async () => {
        await applyRenames(conn);
        const { error, results } = await newMigrator(conn).migrateToLatest();
        // A database out of reach is not a failed migration: thrown as it is, a start tries again (server.ts).
        if (error && databaseFailure(error) === 'connection') throw error;
        if (error) throw new MigrationError(results?.find((r) => r.status === 'Error')?.migrationName, error);
        return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
      }),
    ),
  );
}

/** The old names of renamed migrations, where a database ran them, given their new names. */
async function applyRenames(conn: Kysely<any>): Promise<void> {
  const tables = await conn.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((t) => t.name === 'kysely_migration')) return;
  for (const [before, after] of Object.entries(RENAMED)) {
    await conn.updateTable('kysely_migration').set({ name: after }).where('name', '=', before).execute();
  }
}

/**
 * On MySQL/MariaDB, `run` with MariaDB's max_statement_time off (MySQL's limit covers reads only) and
 * lock_wait_timeout at `lockWaitSeconds`; both back as they were after.
 */
async function migrationSession<T>(conn: Kysely<any>, lockWaitSeconds: number, run: () => Promise<T>): Promise<T> {
  if (!(conn.getExecutor().adapter instanceof MysqlAdapter)) return run();
  const before = (
    await sql<{ statement: number | string | null; lock: number | string }>`SELECT @@SESSION.max_statement_time AS statement, @@SESSION.lock_wait_timeout AS \`lock\``
      .execute(conn)
      .catch(() => sql<{ statement: null; lock: number | string }>`SELECT NULL AS statement, @@SESSION.lock_wait_timeout AS \`lock\``.execute(conn))
  ).rows[0];
  const statementLimit = Number(before.statement ?? 0);
  if (statementLimit) await sql`SET SESSION max_statement_time = 0`.execute(conn);
  await sql`SET SESSION lock_wait_timeout = ${sql.raw(String(Math.max(1, Math.floor(lockWaitSeconds))))}`.execute(conn);
  try {
    return await run();
  } finally {
    if (statementLimit) await sql`SET SESSION max_statement_time = ${sql.raw(String(statementLimit))}`.execute(conn).catch(() => undefined);
    await sql`SET SESSION lock_wait_timeout = ${sql.raw(String(Number(before.lock)))}`.execute(conn).catch(() => undefined);
  }
}

/** Migrations this code knows that the database has not run (readiness reports them). */
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  const all = await newMigrator(db).getMigrations();
  return all.filter((m) => !m.executedAt).map((m) => m.name);
}
