/**
 * Migration 2026_11_27_0001 (search by words): on a database whose index was written by the rules
 * before it (body grams only, no texts), `up` adds each published idea's texts and its title's grams
 * to kind 2, with its frozen copy of the text rules, so a query of words in different fields finds
 * it; `down` gives back exactly the index it found. On both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as searchWordsMigration from '../../db/migrations/2026_11_27_0001_search_words.ts';
import { loadConfig } from '../../src/server/kernel/config.ts';
import { createDeps } from '../../src/server/create-deps.ts';
import type { Deps } from '../../src/server/deps.ts';
import { searchPage } from '../../src/server/search/query.ts';
import { fieldGrams, GRAM_KIND, normalizeText } from '../../src/server/search/text.ts';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../helpers/dialects.ts';
import { createIdea, createUser } from '../helpers/fixtures.ts';

describe.each(DIALECTS)('the search-words migration, on %s', (dialect) => {
  let t: TestDatabase;
  let deps: Deps;
  const ids: Record<string, number> = {};

  const kindTwo = async (id: number) => (await deps.db.selectFrom('idea_search_grams').select('gram').where('kind', '=', GRAM_KIND.any).where('idea_id', '=', id).execute()).map((r) => r.gram).sort();
  const texts = async () => (await deps.db.selectFrom('idea_search_texts').selectAll().orderBy('idea_id').execute()).map((r) => ({ ...r, idea_id: Number(r.idea_id) }));
  const found = async (q: string) => (await searchPage(deps, null, q, 20)).items.map((i) => i.id);

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    deps = createDeps(t.handle, { ...loadConfig(), databaseUrl: t.url });
    const author = await createUser(deps);
    ids.office = await createIdea(deps, author, { title: '共享办公空间', description: '按小时出租工位', tags: ['硬件', 'SaaS'] });
    ids.punctuation = await createIdea(deps, author, { title: '！！', description: '。' });
    ids.draft = await createIdea(deps, author, { stage: 'draft', title: '办公硬件草稿', description: '还没发布' });
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('goes down to the index the rules before it wrote, and up again to what writeSearchGrams writes now', async () => {
    const latest = { office: await kindTwo(ids.office), texts: await texts() };
    expect(latest.texts).toEqual([{ idea_id: ids.office, title: '共享办公空间', body: '按小时出租工位\n硬件\nsaas' }]);
    expect(await found('办公 硬件')).toEqual([ids.office]);

    await searchWordsMigration.down(deps.db);
    // Before: kind 2 held the description's and the tags' grams only, and there were no texts.
    const body = new Set<string>();
    for (const field of ['按小时出租工位', '硬件', 'SaaS']) for (const g of fieldGrams(normalizeText(field))) body.add(g);
    expect(await kindTwo(ids.office)).toEqual([...body].sort());
    expect(await kindTwo(ids.draft)).toEqual([]);

    await searchWordsMigration.up(deps.db);
    expect(await kindTwo(ids.office)).toEqual(latest.office);
    expect(await kindTwo(ids.office)).toContain('办公');
    // Nothing for the idea with no grams, nor for the draft.
    expect(await texts()).toEqual(latest.texts);
    expect(await found('办公 硬件')).toEqual([ids.office]);
    expect(await found('空间 saas')).toEqual([ids.office]);
  });
});
