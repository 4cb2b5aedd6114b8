/**
 * Migration 2026_11_28_0001 (ideas.ever_public): on a database from before it, `up` marks as once
 * public every idea that is public now, a draft that kept its date (made of an approved idea), and
 * one a moderator's logged approval names (since sent back to the queue or rejected); nothing else.
 * On both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as everPublicMigration from '../../db/migrations/2026_11_28_0001_ideas_ever_public.ts';
import { nowDb } from '../../db/time.ts';
import { decisionMessage } from '../../src/server/ideas/review.ts';
import { sendMessage } from '../../src/server/messages/send.ts';
import { loadConfig } from '../../src/server/kernel/config.ts';
import { createDeps } from '../../src/server/create-deps.ts';
import type { Deps } from '../../src/server/deps.ts';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../helpers/dialects.ts';
import { createIdea, createUser } from '../helpers/fixtures.ts';

describe.each(DIALECTS)('the ever-public migration, on %s', (dialect) => {
  let t: TestDatabase;
  let deps: Deps;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    deps = createDeps(t.handle, { ...loadConfig(), databaseUrl: t.url });
    const author = await createUser(deps);
    ids.public = await createIdea(deps, author);
    ids.deleted = await createIdea(deps, author, { stage: 'deleted' });
    ids.newDraft = await createIdea(deps, author, { stage: 'draft' });
    ids.draftOfPublic = await createIdea(deps, author, { stage: 'draft' });
    await deps.db.updateTable('ideas').set({ published_at: '2026-01-02 03:04:05.000' }).where('id', '=', ids.draftOfPublic).execute();
    ids.waiting = await createIdea(deps, author, { stage: 'review' });
    ids.rejected = await createIdea(deps, author, { stage: 'rejected' });
    ids.approvedThenHeld = await createIdea(deps, author, { stage: 'review' });
    ids.approvedThenRejected = await createIdea(deps, author, { stage: 'rejected' });
    // Approved automatically (no log), then held by an edit: only the message says it was public.
    ids.autoApprovedThenHeld = await createIdea(deps, author, { stage: 'review' });
    await sendMessage(deps.db, decisionMessage({ id: ids.autoApprovedThenHeld, user_id: author.id, title: '自动通过的创意' }, 'approved', 'auto'));
    await sendMessage(deps.db, decisionMessage({ id: ids.rejected, user_id: author.id, title: '被驳回的创意' }, 'rejected', 'admin', '不合适'));
    const admin = await createUser(deps);
    const logged = (action: string, id: number) => ({ admin_id: admin.id, action, target_type: 'idea' as const, target_id: id, detail: null, created_at: nowDb() });
    await deps.db
      .insertInto('moderation_log')
      .values([logged('approve_idea', ids.approvedThenHeld), logged('edit_approve_idea', ids.approvedThenRejected), logged('reject_idea', ids.rejected), logged('approve_idea', 999999)])
      .execute();
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('marks the ideas that were once public, and only those', async () => {
    await everPublicMigration.down(deps.db);
    await everPublicMigration.up(deps.db);
    const rows = await deps.db.selectFrom('ideas').select(['id', 'ever_public']).execute();
    const marked = Object.entries(ids)
      .filter(([, id]) => Number(rows.find((r) => Number(r.id) === id)!.ever_public) === 1)
      .map(([name]) => name)
      .sort();
    expect(marked).toEqual(['approvedThenHeld', 'approvedThenRejected', 'autoApprovedThenHeld', 'deleted', 'draftOfPublic', 'public']);
  });
});
