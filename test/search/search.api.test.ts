/**
 * Search by words at a bounded cost: every word of a query must be found, in any
 * order and any field, on both transports; a search reads a bounded number of index entries and
 * statements and answers a correct but shorter page past them; searches the shared cache did not
 * answer are limited per address, and a guest's spellings of one search (`&junk=…`) share one entry.
 */
import type { KyselyPlugin } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { searchPage, SEARCH_BUDGETS, type SearchBudget } from '../../src/server/search/query.ts';
import { DIALECTS } from '../helpers/dialects.ts';
import { trpcCall } from '../helpers/api.ts';
import { serveTestApp } from '../helpers/serve.ts';
import { createIdea, createUser, type FixtureUser } from '../helpers/fixtures.ts';

const H = 3600 * 1000;
const ids = (res: { body: { data: { id: number }[] } }) => res.body.data.map((i) => i.id);

describe.each(DIALECTS)('search by words, on %s', (dialect) => {
  const app = serveTestApp(dialect);
  let author: FixtureUser;
  const p: Record<string, number> = {};

  const rest = async (q: string, token?: string) => {
    const res = await app.api('GET', `/api/marketplace/search?q=${encodeURIComponent(q)}`, { token });
    expect(res.status, q).toBe(200);
    return ids(res);
  };
  const trpc = async (q: string) => {
    const res = await trpcCall(app, 'query', 'marketplace.search', { q });
    expect(res.status, q).toBe(200);
    return res.body.result.data.data.map((i: { id: number }) => i.id) as number[];
  };

  beforeAll(async () => {
    author = await createUser(app.deps);
    // Both words in the title (rank 1), newest of all.
    p.title = await createIdea(app.deps, author, { title: '办公桌硬件升级', description: '给桌子加装升降电机', ageMs: 1 * H });
    // One word in the title, the other in a tag (rank 2).
    p.titleAndTag = await createIdea(app.deps, author, { title: '共享办公空间', description: '按小时出租工位', tags: ['硬件'], ageMs: 2 * H });
    // Both in the description, in the other order (rank 2).
    p.description = await createIdea(app.deps, author, { title: '智能门锁', description: '为小团队设计的硬件，装在办公室门上', ageMs: 3 * H });
    // The exact title of the words joined in the query's order (rank 0 for 「硬件 办公」 only).
    p.exact = await createIdea(app.deps, author, { title: '硬件办公', description: '一个试验', ageMs: 4 * H });
    // One word only: never found by both.
    p.onlyOffice = await createIdea(app.deps, author, { title: '办公软件', description: '文档协作', ageMs: 1.5 * H });
    p.onlyHardware = await createIdea(app.deps, author, { title: '开源键盘', description: '可以自己焊的键盘', tags: ['硬件'], ageMs: 2.5 * H });
    // The two words' characters side by side across two fields: not a word of either field.
    p.acrossFields = await createIdea(app.deps, author, { title: '远程办', description: '公硬件', ageMs: 5 * H });
  });

  it('finds an idea only when it has every word, in any order and any field, on both transports', async () => {
    const both = [p.title, p.titleAndTag, p.description, p.exact];
    // Rank 1 (both words in the title) first, then rank 2 newest first; 「硬件办公」 has both in its title too.
    expect(await rest('办公 硬件')).toEqual([p.title, p.exact, p.titleAndTag, p.description]);
    expect(await trpc('办公 硬件')).toEqual([p.title, p.exact, p.titleAndTag, p.description]);
    // The other order: the same ideas; the title that is the query joined comes first.
    expect(await rest('硬件 办公')).toEqual([p.exact, p.title, p.titleAndTag, p.description]);
    expect(await trpc('硬件  办公')).toEqual([p.exact, p.title, p.titleAndTag, p.description]);
    for (const id of [p.onlyOffice, p.onlyHardware]) expect(both).not.toContain(id);
    // Any whitespace parts words; a repeated word or one inside another changes nothing.
    expect(await rest('\u3000办公\t硬件 办公 ')).toEqual(await rest('办公 硬件'));
    expect(await rest('办公 硬件升级 硬件')).toEqual([p.title]);
    // Three words, one missing from every idea: nothing.
    expect(await rest('办公 硬件 潜水艇')).toEqual([]);
    // A member gets the same answer (through Express, not the shared cache).
    expect(await rest('办公 硬件', author.token)).toEqual([p.title, p.exact, p.titleAndTag, p.description]);
    // One word still finds what it did.
    expect(await rest('办公')).toEqual([p.title, p.onlyOffice, p.titleAndTag, p.exact, p.description]);
  });

  it('pages a search of several words with no repeat and no skip', async () => {
    const whole = await rest('办公 硬件');
    const seen: number[] = [];
    let cursor: string | null = null;
    for (let n = 0; n < 10; n++) {
      const res: { body: { data: { id: number }[]; nextCursor: string | null } } = await app.api(
        'GET',
        `/api/marketplace/search?q=${encodeURIComponent('办公 硬件')}&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(...ids(res));
      cursor = res.body.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(whole);
  });

  describe('a bounded cost', () => {
    const decoys: number[] = [];
    const matches: number[] = [];
    beforeAll(async () => {
      // Newest first: one match, then 30 ideas with every bigram of 「健康的健康」 but not the word,
      // then two older matches.
      matches.push(await createIdea(app.deps, author, { title: '每日打卡', description: '健康的健康生活从早餐开始', ageMs: 10 * H }));
      for (let i = 0; i < 30; i++) decoys.push(await createIdea(app.deps, author, { title: `跑步计划${i}`, description: '健康的人，和健身的健身房', ageMs: (11 + i / 100) * H }));
      matches.push(await createIdea(app.deps, author, { title: '口号', description: '吃得健康的健康最重要', ageMs: 12 * H }));
      matches.push(await createIdea(app.deps, author, { title: '食堂菜单', description: '吃得健康的健康食堂', ageMs: 13 * H }));
    });

    /** The statements one call sends, counted on the way to the database. */
    function counted() {
      let statements = 0;
      const plugin: KyselyPlugin = {
        transformQuery: (args) => args.node,
        transformResult: async (args) => {
          statements += 1;
          return args.result;
        },
      };
      return { deps: { ...app.deps, db: app.deps.db.withPlugin(plugin) }, statements: () => statements };
    }

    const tiny: SearchBudget = { ...SEARCH_BUDGETS[dialect], entries: 12, rounds: 3, firstChunk: 2 };

    it('finds every match with the default budget, the candidates that only share grams left out', async () => {
      expect(await rest('健康的健康')).toEqual([matches[0], matches[1], matches[2]]);
    });

    it('past its budget answers fewer cards, each a match in order; the cursor goes on only from a card found', async () => {
      const first = counted();
      const page = await searchPage(first.deps, null, '健康的健康', 20, undefined, tiny);
      // The newest match was within the budget; the decoys used up the rest before the older ones.
      expect(page.items.map((i) => i.id)).toEqual([matches[0]]);
      expect(page.nextCursor).not.toBeNull();
      // The count of grams, at most `rounds` rounds, the page's tags and images.
      expect(first.statements()).toBeLessThanOrEqual(tiny.rounds + 2);
      // Going on, page by page, each within its own budget: the same matches as without a budget.
      const seen = page.items.map((i) => i.id);
      let cursor = page.nextCursor;
      let emptyEnd = false;
      for (let n = 0; n < 20 && cursor; n++) {
        const next = counted();
        const more = await searchPage(next.deps, null, '健康的健康', 20, cursor, tiny);
        expect(next.statements()).toBeLessThanOrEqual(tiny.rounds + 2);
        seen.push(...more.items.map((i) => i.id));
        if (!more.items.length) emptyEnd = more.nextCursor === null;
        cursor = more.nextCursor;
      }
      // A page that found nothing within its budget ends the list (a client stops at an empty page).
      expect(emptyEnd).toBe(true);
      expect(seen).toEqual([matches[0]]);
      // With a budget that reaches past the decoys, everything.
      const wide = await searchPage(app.deps, null, '健康的健康', 20, undefined, { ...tiny, entries: 200 });
      expect(wide.items.map((i) => i.id)).toEqual(matches);
    });

    it('gives up a rank its budget could not finish when it found nothing and a later rank did, so the page is not empty', async () => {
      // Newest: both words, one in the title and one in the description (rank 2). Older: 30 titles
      // with each word alone, which the title rank (both words in the title) must read through.
      const match = await createIdea(app.deps, author, { title: '灯塔摄影', description: '附赠一枚邮票', ageMs: 20 * H });
      for (let i = 0; i < 30; i++) {
        await createIdea(app.deps, author, { title: `灯塔观测站${i}`, description: '海边', ageMs: (21 + i / 100) * H });
        await createIdea(app.deps, author, { title: `邮票收藏${i}`, description: '集邮', ageMs: (21 + i / 100) * H });
      }
      const page = await searchPage(app.deps, null, '灯塔 邮票', 20, undefined, tiny);
      expect(page.items.map((i) => i.id)).toEqual([match]);
      // The cursor goes on in rank 2, past the match: nothing more there.
      expect(page.nextCursor).not.toBeNull();
      expect((await searchPage(app.deps, null, '灯塔 邮票', 20, page.nextCursor!, tiny)).items).toEqual([]);
      expect(await rest('灯塔 邮票')).toEqual([match]);
    });

    it('reads no more statements than its rounds allow, however many words and candidates', async () => {
      for (const q of ['健康的健康', '健 康 的 健 康 和 身', '跑步计划 健身房', '的']) {
        const call = counted();
        await searchPage(call.deps, null, q, 20);
        expect(call.statements(), q).toBeLessThanOrEqual(SEARCH_BUDGETS[dialect].rounds + 2);
      }
    });

    it.skipIf(dialect !== 'mysql')('on MariaDB, answers a guest in two statements at most: the counts, and one round that reads each walk\u2019s share and brings the cards', async () => {
      // Every statement costs MariaDB 0.7-0.9 ms to parse and plan (docs/performance.md, "Search at a bounded cost").
      for (const q of ['健康的健康', '健 康 的 健 康 和 身', '跑步计划 健身房', '办公 硬件']) {
        const call = counted();
        const page = await searchPage(call.deps, null, q, 20);
        expect(call.statements(), q).toBeLessThanOrEqual(2);
        expect(page.items.length, q).toBeGreaterThan(0);
      }
      // A later rank's walk reads its whole share in the one round, not a first part and the rest in
      // a second (「eta」 on MariaDB: a third statement, 1.3-4 ms). The title rank (every gram of
      // 星河的星河 in one old title, not the word) walks first; the other rank's match sits behind
      // 140 newer ideas with every gram in their description but not the word.
      const other = await createIdea(app.deps, author, { title: '观星', description: '看星河的星河', ageMs: 40 * H });
      await createIdea(app.deps, author, { title: '星河的星空河', description: '夜', ageMs: 41 * H });
      for (let i = 0; i < 140; i++) await createIdea(app.deps, author, { title: `露营${i}`, description: '星河的人，河的星空', ageMs: (30 + i / 100) * H });
      const late = counted();
      expect((await searchPage(late.deps, null, '星河的星河', 20)).items.map((i) => i.id)).toEqual([other]);
      expect(late.statements()).toBe(2);
      // One word of one gram is not counted: one statement.
      const one = counted();
      expect((await searchPage(one.deps, null, '健康', 20)).items.length).toBeGreaterThan(0);
      expect(one.statements()).toBe(1);
    });
  });
});

describe.each(DIALECTS)('searches the shared cache did not answer, limited per address, on %s', (dialect) => {
  // A long cache life: the cached answer must still be there at the end, however slow the database.
  const app = serveTestApp(dialect, { rateLimits: { searchesPerIpPerMinute: 3 }, cacheTtlMs: 600_000 });

  beforeAll(async () => {
    const author = await createUser(app.deps);
    await createIdea(app.deps, author, { title: '潮汐发电浮标', description: '海上的小型潮汐能装置' });
  });

  it('keys a guest\u2019s search by its parsed input: junk parameters and spellings share one entry and cost nothing', async () => {
    app.deps.publicCache.invalidate();
    const first = await app.api('GET', `/api/marketplace/search?q=${encodeURIComponent('潮汐')}`);
    expect(first.status).toBe(200);
    expect(app.deps.publicCache.size.entries).toBe(1);
    for (let n = 0; n < 10; n++) {
      const variant = await app.api('GET', `/api/marketplace/search?junk=${n}&q=${encodeURIComponent(' 潮汐 ')}&limit=20&x=${Math.random()}`);
      expect(variant.status).toBe(200);
      expect(variant.body).toEqual(first.body);
    }
    // One entry, and one search counted: ten more would have spent the limit of 3.
    expect(app.deps.publicCache.size.entries).toBe(1);
    expect((await app.api('GET', `/api/marketplace/search?q=${encodeURIComponent('浮标')}`)).status).toBe(200);
  });

  it('answers 429 with Retry-After and a Chinese message past the limit, on both transports; cached answers and blank queries still come', async () => {
    // The first test spent 2 of 3; one more uncached search passes.
    expect((await app.api('GET', `/api/marketplace/search?q=${encodeURIComponent('发电')}`)).status).toBe(200);
    const refused = await app.api('GET', `/api/marketplace/search?q=${encodeURIComponent('海上')}`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body).toMatchObject({ success: false, message: '当前网络搜索过于频繁，请稍后再试' });
    const viaTrpc = await trpcCall(app, 'query', 'marketplace.search', { q: '装置' });
    expect(viaTrpc.status).toBe(429);
    expect(viaTrpc.body.error.message).toBe('当前网络搜索过于频繁，请稍后再试');
    // What the cache holds is still answered, and a blank search costs nothing.
    expect((await app.api('GET', `/api/marketplace/search?q=${encodeURIComponent('潮汐')}&junk=1`)).status).toBe(200);
    expect((await app.api('GET', '/api/marketplace/search?q=%20')).status).toBe(200);
  });
});

describe.each(DIALECTS)('an author searching their own ideas, on %s', (dialect) => {
  const app = serveTestApp(dialect, { rateLimits: { searchesPerIpPerMinute: 60 }, cacheTtlMs: 600_000 });
  let author: FixtureUser;

  beforeAll(async () => {
    author = await createUser(app.deps);
    await createIdea(app.deps, author, { title: '作者自己的风筝发电', description: '高空风筝带动的发电机' });
  });

  it('is answered from the shared cache like anyone: 65 searches a transport matching their own idea, no 429', async () => {
    const q = encodeURIComponent('风筝');
    for (let n = 0; n < 65; n++) {
      const rest = await app.api('GET', `/api/marketplace/search?q=${q}`, { token: author.token });
      expect(rest.status, `REST search ${n + 1}`).toBe(200);
      expect(rest.body.data[0]).toMatchObject({ title: '作者自己的风筝发电', isOwner: true, isLocked: false });
      const trpc = await trpcCall(app, 'query', 'marketplace.search', { q: '风筝' }, author.token);
      expect(trpc.status, `tRPC search ${n + 1}`).toBe(200);
      expect(trpc.body.result.data.data[0]).toMatchObject({ isOwner: true, isLocked: false });
    }
  });
});
