/**
 * Migration 2026_12_03_0001 (tag folds): on a database whose idea_tags rows were written before it,
 * `up` adds `tag_fold` and fills it, a few ideas at a time, with exactly what writeTags writes now
 * (`tagFold`), so the tag pages find the tags stored before. On both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as tagFolds from '../../db/migrations/2026_12_03_0001_tag_folds.ts';
import { loadConfig } from '../../src/server/kernel/config.ts';
import { createDeps } from '../../src/server/create-deps.ts';
import type { Deps } from '../../src/server/deps.ts';
import { tagFold } from '../../src/server/search/text.ts';
import { tagIdeasPage } from '../../src/server/tags/service.ts';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../helpers/dialects.ts';
import { createIdea, createUser } from '../helpers/fixtures.ts';

describe.each(DIALECTS)('the tag-folds migration, on %s', (dialect) => {
  let t: TestDatabase;
  let deps: Deps;
  const ids: number[] = [];

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    deps = createDeps(t.handle, { ...loadConfig(), databaseUrl: t.url });
    const author = await createUser(deps);
    for (const tags of [['AI', '設計'], ['ａｉ', '设计', 'Coffee'], ['寵物'], []]) ids.push(await createIdea(deps, author, { tags }));
    // As the database stood before the migration: no folded column, no index.
    await tagFolds.down(t.handle.db);
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('fills every row with the fold writeTags writes, and the tag pages find them', async () => {
    await tagFolds.up(t.handle.db, 1);
    const rows = await deps.db.selectFrom('idea_tags').select(['tag', 'tag_fold']).execute();
    expect(rows).toHaveLength(6);
    for (const r of rows) expect(r.tag_fold, r.tag).toBe(tagFold(r.tag));
    expect((await tagIdeasPage(deps, null, 'Ai', 10)).items.map((i) => i.id)).toEqual([ids[1], ids[0]].sort((a, b) => b - a));
    expect((await tagIdeasPage(deps, null, '设计', 10)).count).toBe(2);
  });
});
