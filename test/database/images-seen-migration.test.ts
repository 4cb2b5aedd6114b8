/**
 * Migration 2026_12_01_0001 (idea_images.seen_at): on a database from before it, `up` counts as seen
 * the pictures an idea public now shows (they were treated as seen, being in its public version), and
 * no other: a draft's, a held idea's, a rejected one's, or a public idea's picture it no longer shows.
 * On both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as imagesSeenMigration from '../../db/migrations/2026_12_01_0001_idea_images_seen.ts';
import { nowDb } from '../../db/time.ts';
import { loadConfig } from '../../src/server/kernel/config.ts';
import { createDeps } from '../../src/server/create-deps.ts';
import type { Deps } from '../../src/server/deps.ts';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../helpers/dialects.ts';
import { createIdea, createUser } from '../helpers/fixtures.ts';

describe.each(DIALECTS)('the pictures-seen migration, on %s', (dialect) => {
  let t: TestDatabase;
  let deps: Deps;
  const files: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    deps = createDeps(t.handle, { ...loadConfig(), databaseUrl: t.url });
    const author = await createUser(deps);
    const withPicture = async (name: string, stage: 'published' | 'draft' | 'review' | 'rejected', shown = true) => {
      const file = `${name.toLowerCase()}0123456789abcdef.webp`;
      const analysis = `<p>${name}</p>${shown ? `<img src="/uploads/${file}">` : ''}`;
      const id = await createIdea(deps, author, { analysis, ...(stage === 'published' ? {} : { stage }) });
      await deps.db
        .insertInto('idea_images')
        .values({ idea_id: id, user_id: author.id, file_name: file, url: `/uploads/${file}`, bytes: 100, width: 10, height: 10, created_at: nowDb() })
        .execute();
      files[name] = file;
    };
    await withPicture('Public', 'published');
    await withPicture('Draft', 'draft');
    await withPicture('Held', 'review');
    await withPicture('Rejected', 'rejected');
    await withPicture('PublicNotShown', 'published', false);
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('marks the pictures shown by an idea public now, and only those', async () => {
    await imagesSeenMigration.down(deps.db);
    await imagesSeenMigration.up(deps.db);
    const rows = await deps.db.selectFrom('idea_images').select(['file_name', 'seen_at']).execute();
    const seen = Object.entries(files)
      .filter(([, file]) => rows.find((r) => r.file_name === file)!.seen_at !== null)
      .map(([name]) => name);
    expect(seen).toEqual(['Public']);
  });
});
