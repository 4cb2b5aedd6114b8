/**
 * Search reads punctuation and symbols in a query as spaces, and folds full-width forms and
 * traditional characters on both sides (src/server/search/text.ts `foldText`): `宠物，邻里`, `宠物、邻里` and
 * `宠物,邻里` are the words 宠物 and 邻里, `寵物` is 宠物, `ＡＰＰ` is app — and an idea written in
 * traditional or full-width characters is found by the simplified, plain words. A one-character query
 * folds the same way and is still one word. The duplicate check folds too: a traditional copy of a
 * live idea is the same text. REST and tRPC, SQLite and MariaDB.
 */
import * as OpenCC from 'opencc-js/cn2t';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects.ts';
import { trpcCall } from '../helpers/api.ts';
import { serveTestApp } from '../helpers/serve.ts';
import { createIdea, createUser, type FixtureUser } from '../helpers/fixtures.ts';
import { publishedIdeaBody } from '../helpers/idea-bodies.ts';

const H = 3600 * 1000;
const toTraditional = OpenCC.Converter({ from: 'cn', to: 't' });

describe.each(DIALECTS)('search through punctuation, full-width and traditional characters, on %s', (dialect) => {
  const app = serveTestApp(dialect);
  let author: FixtureUser;
  const p: Record<string, number> = {};

  /** The same query on both transports: the same ids, which come back. */
  const search = async (q: string) => {
    const rest = await app.api('GET', `/api/marketplace/search?q=${encodeURIComponent(q)}`);
    const trpc = await trpcCall(app, 'query', 'marketplace.search', { q });
    expect([rest.status, trpc.status], q).toEqual([200, 200]);
    const viaRest = rest.body.data.map((i: { id: number }) => i.id) as number[];
    expect(
      trpc.body.result.data.data.map((i: { id: number }) => i.id),
      q,
    ).toEqual(viaRest);
    return viaRest;
  };

  beforeAll(async () => {
    author = await createUser(app.deps);
    // Both words in the title, simplified (rank 1), the newest.
    p.simplified = await createIdea(app.deps, author, { title: '宠物邻里互助', description: '帮邻居照看猫狗', tags: ['社区'], ageMs: 1 * H });
    // Both words in the title, written in traditional characters (rank 1).
    p.traditional = await createIdea(app.deps, author, { title: '寵物鄰里交換站', description: '交換寵物用品', ageMs: 2 * H });
    // The title is the two words with a mark between them, in traditional characters: the exact title (rank 0).
    p.exact = await createIdea(app.deps, author, { title: '寵物・鄰里', description: '一个试验', ageMs: 3 * H });
    // One word in a full-width tag, the other in the description (rank 2).
    p.fullWidth = await createIdea(app.deps, author, { title: 'ＡＰＰ 日记', description: '记录宠物和邻里的故事', tags: ['ＰＥＴ'], ageMs: 4 * H });
    // One word only: never found by both.
    p.petsOnly = await createIdea(app.deps, author, { title: '宠物医院点评', description: '附近的医院', ageMs: 5 * H });
    p.neighboursOnly = await createIdea(app.deps, author, { title: '邻里二手市场', description: '旧物交换', ageMs: 6 * H });
  });

  it('reads Chinese and ASCII punctuation in a query as spaces, on both transports', async () => {
    const both = [p.exact, p.simplified, p.traditional, p.fullWidth];
    expect(await search('宠物 邻里')).toEqual(both);
    for (const q of ['宠物，邻里', '宠物、邻里', '宠物,邻里', '宠物;邻里', '宠物/邻里', '「宠物」+《邻里》', '宠物。。。邻里！']) expect(await search(q), q).toEqual(both);
    // A query of marks only has no words: an empty list, as a blank one.
    expect(await search('，、,。！')).toEqual([]);
  });

  it('folds traditional and full-width characters in the query and in the stored ideas', async () => {
    const both = [p.exact, p.simplified, p.traditional, p.fullWidth];
    for (const q of ['寵物，鄰里', '寵物 邻里', '宠物，鄰里']) expect(await search(q), q).toEqual(both);
    const pets = await search('宠物');
    expect(pets).toEqual([p.simplified, p.traditional, p.exact, p.petsOnly, p.fullWidth]);
    expect(await search('寵物')).toEqual(pets);
    // Full-width letters in the query, in the idea, or in both.
    for (const q of ['ＡＰＰ', 'app', 'App', 'ａｐｐ']) expect(await search(q), q).toEqual([p.fullWidth]);
    for (const q of ['pet 日记', 'ＰＥＴ，日记', 'ｐｅｔ、ａｐｐ']) expect(await search(q), q).toEqual([p.fullWidth]);
  });

  it('keeps one character one word after folding: the same ideas as the simplified character', async () => {
    const one = await search('宠');
    expect(one).toEqual([p.simplified, p.traditional, p.exact, p.petsOnly, p.fullWidth]);
    for (const q of ['寵', '，寵。', '寵 宠', ' 寵、']) expect(await search(q), q).toEqual(one);
    // A one-character word inside a longer one adds nothing, folded or not.
    expect(await search('寵 宠物')).toEqual(await search('宠物'));
    // Full-width digits and letters of one character read as the plain one.
    const b = await createIdea(app.deps, author, { title: '第９号方案', description: '编号九', ageMs: 7 * H });
    expect(await search('９')).toEqual([b]);
    expect(await search('9')).toEqual([b]);
  });

  it('counts a traditional copy of a live idea as the same text (409 exact, both transports)', async () => {
    const body = publishedIdeaBody('社区宠物寄养平台');
    const original = await app.api('POST', '/api/ideas', { token: author.token, body });
    expect(original.status).toBe(201);
    const other = await createUser(app.deps);
    const copy = { ...body, title: toTraditional(body.title), description: toTraditional(body.description), detailedAnalysis: toTraditional(body.detailedAnalysis) };
    expect(copy.title).toBe('社區寵物寄養平臺');
    const viaRest = await app.api('POST', '/api/ideas', { token: other.token, body: copy });
    expect([viaRest.status, viaRest.body.duplicateInfo?.type]).toEqual([409, 'exact']);
    // Full-width letters and digits in the copy too (the introduction's ASCII ones as full-width ones).
    const wide = { ...copy, description: copy.description.replace(/[a-z0-9]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)) };
    expect(wide.description).not.toBe(copy.description);
    const viaTrpc = await trpcCall(app, 'mutation', 'ideas.create', wide, other.token);
    expect([viaTrpc.status, viaTrpc.body.error?.data?.duplicateInfo?.type ?? viaTrpc.body.error?.data?.extra?.duplicateInfo?.type]).toEqual([409, 'exact']);
  });
});
