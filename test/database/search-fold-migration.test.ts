/**
 * Migration 2026_12_02_0003 (folded text): on a database whose search index and match texts were
 * written by the rules before it (lower case and no punctuation, nothing folded), `up` rewrites, a
 * few ideas at a time, the index of each idea whose folded text differs — so `宠物 邻里`, `宠物，邻里`
 * and `app` find ideas written as 寵物鄰里 and ＡＰＰ — to exactly what writeSearchGrams writes now,
 * and folds the stored match texts, so a simplified copy of a text rejected in traditional characters
 * resembles it. On both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as searchFold from '../../db/migrations/2026_12_02_0003_search_fold.ts';
import { loadConfig } from '../../src/server/kernel/config.ts';
import { createDeps } from '../../src/server/create-deps.ts';
import type { Deps } from '../../src/server/deps.ts';
import { resemblesRejected } from '../../src/server/ideas/publish-checks.ts';
import { searchPage } from '../../src/server/search/query.ts';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../helpers/dialects.ts';
import { createIdea, createUser } from '../helpers/fixtures.ts';

// ------------------------------------------------------------------ the rules before (src/server/search/text.ts until 2026-12-02)
const oldNormalize = (text: string) => text.toLowerCase().replace(/[\s\p{P}\p{S}\p{Cf}\p{Default_Ignorable_Code_Point}]+/gu, '');
function oldFieldGrams(normalized: string): Set<string> {
  const chars = [...normalized];
  const grams = new Set<string>(chars);
  for (let i = 0; i + 1 < chars.length; i++) grams.add(chars[i] + chars[i + 1]);
  return grams;
}
function oldIndex(idea: { title: string; description: string; tags: string[] }) {
  const title = oldNormalize(idea.title);
  const grams: { kind: number; gram: string }[] = title ? [{ kind: 0, gram: title }] : [];
  const titleGrams = oldFieldGrams(title);
  for (const gram of titleGrams) grams.push({ kind: 1, gram });
  const any = new Set(titleGrams);
  for (const field of [idea.description, ...idea.tags]) for (const g of oldFieldGrams(oldNormalize(field))) any.add(g);
  for (const gram of any) grams.push({ kind: 2, gram });
  return { grams, texts: { title, body: [idea.description, ...idea.tags].map(oldNormalize).join('\n') } };
}

describe.each(DIALECTS)('the folded-text migration, on %s', (dialect) => {
  let t: TestDatabase;
  let deps: Deps;
  const ids: Record<string, number> = {};
  const ideas: Record<string, { title: string; description: string; tags: string[] }> = {
    traditional: { title: '寵物鄰里交換站', description: '交換寵物用品', tags: ['社區'] },
    fullWidth: { title: 'ＡＰＰ 日記', description: '記錄寵物和鄰里的故事', tags: ['ＰＥＴ'] },
    simplified: { title: '宠物医院点评', description: '附近的医院', tags: [] },
    marks: { title: '！！', description: '。', tags: [] },
    more1: { title: '鄰里二手市場', description: '舊物交換', tags: [] },
    more2: { title: '邻里花园', description: '一起种菜', tags: [] },
  };

  const index = async () => ({
    grams: (await deps.db.selectFrom('idea_search_grams').select(['idea_id', 'kind', 'gram', 'published_at']).execute()).map((r) => `${r.idea_id}:${r.kind}:${r.gram}:${r.published_at}`).sort(),
    texts: (await deps.db.selectFrom('idea_search_texts').selectAll().orderBy('idea_id').execute()).map((r) => ({ ...r, idea_id: Number(r.idea_id) })),
  });
  const found = async (q: string) => (await searchPage(deps, null, q, 20)).items.map((i) => i.id);

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    deps = createDeps(t.handle, { ...loadConfig(), databaseUrl: t.url });
    const author = await createUser(deps);
    for (const [name, idea] of Object.entries(ideas)) ids[name] = await createIdea(deps, author, idea);
    ids.draft = await createIdea(deps, author, { stage: 'draft', title: '寵物草稿', description: '還沒發布' });
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('rewrites an index and match texts of the rules before to what the folded rules write, a batch at a time', async () => {
    const latest = await index();
    expect(latest.texts.find((r) => r.idea_id === ids.traditional)).toMatchObject({ title: '宠物邻里交换站', body: '交换宠物用品\n社区' });

    // The index as the rules before wrote it: every published idea's entries and texts, unfolded.
    await deps.db.deleteFrom('idea_search_grams').execute();
    await deps.db.deleteFrom('idea_search_texts').execute();
    for (const [name, idea] of Object.entries(ideas)) {
      const { grams, texts } = oldIndex(idea);
      if (!grams.length) continue;
      const { published_at } = await deps.db.selectFrom('ideas').select('published_at').where('id', '=', ids[name]).executeTakeFirstOrThrow();
      await deps.db
        .insertInto('idea_search_grams')
        .values(grams.map((g) => ({ ...g, kind: g.kind as 0 | 1 | 2, idea_id: ids[name], published_at: published_at! })))
        .execute();
      await deps.db
        .insertInto('idea_search_texts')
        .values({ idea_id: ids[name], ...texts })
        .execute();
    }
    // A rejected text and an idea's match text as the rules before kept them: traditional.
    const rejectedText = '寵物寄養平臺：鄰居出門時把貓狗交給附近的寄養家庭照看，按天收費，平臺抽成並提供保險';
    const simplifiedCopy = { ideaId: null, title: '宠物寄养平台', description: '邻居出门时把猫狗交给附近的寄养家庭照看，按天收费', analysisText: '平台抽成并提供保险' };
    await deps.db
      .insertInto('rejected_texts')
      .values({ idea_id: null, content_hash: 'f'.repeat(64), match_text: oldNormalize(rejectedText), created_at: '2026-11-30 00:00:00' })
      .execute();
    await deps.db
      .updateTable('ideas')
      .set({ match_text: oldNormalize('寵物鄰里交換站交換寵物用品') })
      .where('id', '=', ids.traditional)
      .execute();

    expect(await found('宠物 邻里')).toEqual([]);
    expect(await found('app')).toEqual([]);
    expect(await resemblesRejected(deps, simplifiedCopy)).toBe(false);
    const untouched = (await index()).texts.find((r) => r.idea_id === ids.simplified);

    // Two ideas a batch: several batches, one with nothing to change.
    await deps.db.connection().execute((conn) => searchFold.up(conn, 2)); // one connection, as db/migrate.ts runs it
    expect(await index()).toEqual(latest);
    expect((await index()).texts.find((r) => r.idea_id === ids.simplified)).toEqual(untouched);
    // No entries for the idea of marks only, nor for the draft.
    expect((await index()).texts.map((r) => r.idea_id)).not.toContain(ids.marks);
    expect((await index()).texts.map((r) => r.idea_id)).not.toContain(ids.draft);

    expect(await found('宠物 邻里')).toEqual([ids.traditional, ids.fullWidth]);
    expect(await found('宠物，邻里')).toEqual([ids.traditional, ids.fullWidth]);
    expect(await found('寵物、鄰里')).toEqual([ids.traditional, ids.fullWidth]);
    expect(await found('app')).toEqual([ids.fullWidth]);
    expect(await found('ＰＥＴ')).toEqual([ids.fullWidth]);
    expect(await found('邻')).toEqual([ids.more2, ids.more1, ids.traditional, ids.fullWidth]);

    const matchTexts = await deps.db.selectFrom('rejected_texts').select('match_text').execute();
    expect(matchTexts.map((r) => r.match_text)).toContain('宠物寄养平台邻居出门时把猫狗交给附近的寄养家庭照看按天收费平台抽成并提供保险');
    expect((await deps.db.selectFrom('ideas').select('match_text').where('id', '=', ids.traditional).executeTakeFirstOrThrow()).match_text).toBe('宠物邻里交换站交换宠物用品');
    expect(await resemblesRejected(deps, simplifiedCopy)).toBe(true);

    // Run again: nothing left to change.
    await deps.db.connection().execute((conn) => searchFold.up(conn, 2)); // one connection, as db/migrate.ts runs it
    expect(await index()).toEqual(latest);
  });
});
