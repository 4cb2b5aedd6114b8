/** The pure parts of search (src/server/text.ts): what an idea and a query turn into. */
import { describe, expect, it } from 'vitest';
import { GRAM_KIND, ideaSearchGrams, queryGrams, searchRank } from '../src/server/text.ts';

const of = (kind: number, grams: ReturnType<typeof ideaSearchGrams>) => grams.filter((g) => g.kind === kind).map((g) => g.gram).sort();

describe('search grams', () => {
  it('indexes the exact title, the title grams and the body grams per field, normalised', () => {
    const grams = ideaSearchGrams({ title: 'AI 绘画！', description: '画猫', tags: ['SaaS', '设计'] });
    expect(of(GRAM_KIND.exactTitle, grams)).toEqual(['ai绘画']);
    expect(of(GRAM_KIND.title, grams)).toEqual(['a', 'ai', 'i', 'i绘', '画', '绘', '绘画'].sort());
    // No gram crosses two fields ("猫s" or "as设"), and the tag is lower-cased.
    expect(of(GRAM_KIND.body, grams)).toEqual(['画', '画猫', '猫', 's', 'sa', 'a', 'aa', 'as', '设', '设计', '计'].sort());
  });

  it('keeps no exact-title entry for a title longer than a query may be, nor for an empty one', () => {
    expect(of(GRAM_KIND.exactTitle, ideaSearchGrams({ title: '长'.repeat(51), description: '', tags: [] }))).toEqual([]);
    expect(ideaSearchGrams({ title: '！', description: '', tags: [] })).toEqual([]);
  });

  it('turns a query into itself (1–2 characters) or its distinct bigrams', () => {
    expect(queryGrams('画')).toEqual(['画']);
    expect(queryGrams('ai')).toEqual(['ai']);
    expect(queryGrams('ai绘画')).toEqual(['ai', 'i绘', '绘画']);
    expect(queryGrams('哈哈哈')).toEqual(['哈哈']);
    expect(queryGrams('')).toEqual([]);
  });

  it('ranks exact title, title, then description or tag', () => {
    const idea = { title: 'AI绘画', description: '插画工具', tags: ['Design'] };
    expect(searchRank('ai绘画', idea)).toBe(0);
    expect(searchRank('绘画', idea)).toBe(1);
    expect(searchRank('插画', idea)).toBe(2);
    expect(searchRank('design', idea)).toBe(2);
    expect(searchRank('画插', idea)).toBeNull();
  });
});
