/**
 * Lean cards (src/server/ideas/cards.ts) and search paging past rejected candidates: a card in any
 * public list is the detail view's DTO without the analysis and the expansions, for a guest, the
 * author and a member who unlocked it (cover image, all images, isLocked, author fields, tags); a
 * long query whose bigrams many ideas have, but not as one substring, still pages with no repeat
 * and no skip across the ranks.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { nowDb } from '../../db/time.ts';
import { DIALECTS } from '../helpers/dialects.ts';
import { registerAndLogin, type TestApp, trpcCall, uploadForm } from '../helpers/api.ts';
import { serveTestApp } from '../helpers/serve.ts';
import { approveAsModerator, createIdea, createUser, type FixtureUser } from '../helpers/fixtures.ts';

const H = 3600 * 1000;

describe.each(DIALECTS)('cards and search paging, on %s', (dialect) => {
  const app = serveTestApp(dialect);
  let author: FixtureUser;
  let unlocker: FixtureUser;
  let reader: FixtureUser;
  let withImages: number;
  let plain: number;
  const urls = ['/uploads/cardcover1.jpg', '/uploads/cardsecond2.png', '/uploads/cardunused3.jpg'];

  beforeAll(async () => {
    author = await createUser(app.deps);
    unlocker = await createUser(app.deps);
    reader = await createUser(app.deps);
    // The analysis shows the second upload first; the third is uploaded but not in the text.
    withImages = await createIdea(app.deps, author, {
      title: '卡片封面测试',
      description: '有图的创意',
      tags: ['设计', 'SaaS'],
      analysis: `<p>图</p><img src="${urls[1]}"><p>再一张</p><img src="${urls[0]}">`,
      ageMs: 2 * H,
      favorites: 4,
      views: 9,
    });
    plain = await createIdea(app.deps, author, { title: '卡片无图测试', description: '没有图的创意', tags: ['生活'], ageMs: 1 * H });
    // Each its own size: the card carries its cover's (a tall one), so it keeps the image's shape.
    const sizes = [
      [1600, 900],
      [750, 1200],
      [10, 10],
    ];
    for (const [i, url] of urls.entries()) {
      await app.deps.db
        .insertInto('idea_images')
        .values({ idea_id: withImages, user_id: author.id, file_name: url.slice('/uploads/'.length), url, bytes: 100, width: sizes[i][0], height: sizes[i][1], created_at: nowDb() })
        .execute();
    }
    expect((await app.api('POST', `/api/ideas/${withImages}/purchase`, { token: unlocker.token })).status).toBe(200);
  });

  /** The detail view's DTO without what a card leaves out. */
  async function detailAsCard(id: number, token?: string) {
    const res = await app.api('GET', `/api/ideas/${id}`, { token });
    expect(res.status).toBe(200);
    // The detail view alone carries the analysis, the owner's extensions and the embedded comments.
    const { detailedAnalysis: _a, detailed_analysis: _b, expansions: _c, comments: _d, ...card } = res.body.data;
    return card;
  }

  it('gives the same card in every public list as the detail view, less the analysis and comments, for guest, reader, unlocker and author', async () => {
    const lists = [
      '/api/marketplace/ideas?limit=50',
      '/api/marketplace/ideas?sort=favorites&limit=50',
      '/api/marketplace/ideas?sort=random&seed=7&limit=50',
      `/api/marketplace/search?q=${encodeURIComponent('卡片')}&limit=50`,
      '/api/ideas/all?limit=50',
      `/api/ideas/user/${author.registrationNumber}?limit=50`,
    ];
    for (const who of [undefined, reader, unlocker, author]) {
      for (const path of lists) {
        const res = await app.api('GET', path, { token: who?.token });
        expect(res.status, path).toBe(200);
        for (const id of [withImages, plain]) {
          const card = res.body.data.find((i: { id: number }) => i.id === id);
          expect(card, `${path} ${id}`).toEqual(await detailAsCard(id, who?.token));
          expect(card).not.toHaveProperty('detailedAnalysis');
          expect(card).not.toHaveProperty('expansions');
        }
      }
    }
  });

  it('shows the cover in the analysis order, every shown image only to who may read the analysis', async () => {
    const card = async (token?: string) => (await app.api('GET', '/api/marketplace/ideas?limit=50', { token })).body.data.find((i: { id: number }) => i.id === withImages);
    expect(await card()).toMatchObject({
      image: urls[1],
      imageWidth: 750,
      imageHeight: 1200,
      images: [urls[1]],
      isLocked: true,
      tags: ['设计', 'SaaS'],
      favorite_count: 4,
      viewCount: 9,
      user_registration_number: author.registrationNumber,
      isOwner: false,
    });
    expect(await card(reader.token)).toMatchObject({ images: [urls[1]], isLocked: true });
    expect(await card(unlocker.token)).toMatchObject({ image: urls[1], images: [urls[1], urls[0]], isLocked: false, isOwner: false });
    expect(await card(author.token)).toMatchObject({ images: [urls[1], urls[0]], isLocked: false, isOwner: true });
    const none = (await app.api('GET', '/api/marketplace/ideas?limit=50')).body.data.find((i: { id: number }) => i.id === plain);
    expect(none).toMatchObject({ image: null, imageWidth: null, imageHeight: null, images: [], tags: ['生活'] });
  });

  it('pages a long query past many ideas that have its bigrams but not the words, across ranks', async () => {
    const other = await createUser(app.deps);
    const near: number[] = [];
    // Newest: 30 ideas with 甲乙 and 乙丙 apart in the description (not 甲乙丙), then the hits, older.
    for (let i = 0; i < 30; i++) near.push(await createIdea(app.deps, other, { title: `近似${i}`, description: `甲乙，乙丙，第${i}条`, ageMs: 0.1 * H }));
    const inTag = await createIdea(app.deps, other, { title: '标签命中', description: '说明', tags: ['甲乙丙丁'], ageMs: 0.5 * H });
    const inBody = await createIdea(app.deps, other, { title: '正文命中', description: '这里有甲乙丙', ageMs: 0.6 * H });
    const inTitle = await createIdea(app.deps, other, { title: '甲乙丙计划', description: '说明', ageMs: 0.7 * H });
    const exact = await createIdea(app.deps, other, { title: '甲乙丙', description: '说明', ageMs: 0.8 * H });
    // A title with the bigrams apart, and the words in the description: rank 2, not 1.
    const titleApart = await createIdea(app.deps, other, { title: '甲乙乙丙', description: '正文才有甲乙丙', ageMs: 0.9 * H });
    const whole = [exact, inTitle, inTag, inBody, titleApart];
    const first = await app.api('GET', `/api/marketplace/search?q=${encodeURIComponent('甲乙丙')}&limit=50`);
    expect(first.body.data.map((i: { id: number }) => i.id)).toEqual(whole);
    expect(first.body.nextCursor).toBeNull();
    for (const limit of [1, 2, 3]) {
      const seen: number[] = [];
      let cursor: string | null = null;
      for (let n = 0; n < 20; n++) {
        const res: { status: number; body: any } = await app.api('GET', `/api/marketplace/search?q=${encodeURIComponent('甲乙丙')}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.status).toBe(200);
        seen.push(...res.body.data.map((i: { id: number }) => i.id));
        cursor = res.body.nextCursor;
        if (!cursor) break;
        expect(res.body.data.length).toBe(limit);
      }
      expect(seen, `limit ${limit}`).toEqual(whole);
    }
    for (const id of near) expect(first.body.data.map((i: { id: number }) => i.id)).not.toContain(id);
  });
});

type Member = Awaited<ReturnType<typeof registerAndLogin>>;

async function create(app: TestApp, who: Member, overrides: Record<string, unknown> = {}) {
  const n = Math.random().toString(36).slice(2, 10);
  const res = await app.api('POST', '/api/ideas', {
    token: who.token,
    body: { title: `封面测试 ${n}`, description: `介绍 ${n}`, detailedAnalysis: `<p>分析 ${n}</p>`, status: 'published', ...overrides },
  });
  if (res.status !== 201) throw new Error(`create ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: number };
}

describe.each(DIALECTS)('a locked idea shows only its cover image on %s', (dialect) => {
  const app = serveTestApp(dialect, { moderation: 'auto' });
  let author: Member;
  let reader: Member;
  let unlocker: Member;
  let ideaId: number;
  let urls: string[];
  beforeAll(async () => {
    author = await registerAndLogin(app);
    reader = await registerAndLogin(app);
    unlocker = await registerAndLogin(app);
    ideaId = (await create(app, author, { status: 'draft' })).id;
    urls = [];
    for (const [i, color] of ['#c33', '#3c3'].entries()) {
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: color } })
        .png()
        .toBuffer();
      const up = await app.api('POST', '/api/upload/idea-image', { token: author.token, body: uploadForm(ideaId, png, `p${i}.png`) });
      if (up.status !== 201) throw new Error(`upload ${up.status} ${JSON.stringify(up.body)}`);
      urls.push(up.body.url);
    }
    const saved = await app.api('PUT', `/api/ideas/${ideaId}`, { token: author.token, body: { detailedAnalysis: `<p>图一</p><img src="${urls[0]}"><p>图二</p><img src="${urls[1]}">` } });
    if (saved.status !== 200) throw new Error(`save ${saved.status} ${JSON.stringify(saved.body)}`);
    const published = await app.api('PUT', `/api/ideas/${ideaId}/publish`, { token: author.token });
    if (published.status !== 200) throw new Error(`publish ${published.status} ${JSON.stringify(published.body)}`);
    await approveAsModerator(app, ideaId);
    await app.api('POST', `/api/ideas/${ideaId}/purchase`, { token: unlocker.token });
  });

  function expectCoverOnly(res: { status: number; body: any }) {
    expect(res.status).toBe(200);
    const idea = res.body.data;
    expect(idea.isLocked).toBe(true);
    expect(idea.image).toBe(urls[0]);
    if ('images' in idea) expect(idea.images).toEqual([urls[0]]);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(urls[1]);
    expect(text).not.toContain(urls[1].split('/').pop()!);
  }

  it('gives a guest and a member who has not unlocked only the cover', async () => {
    expectCoverOnly(await app.api('GET', `/api/ideas/${ideaId}`));
    expectCoverOnly(await app.api('GET', `/api/ideas/${ideaId}`, { token: reader.token }));
    const viaTrpc = await trpcCall(app, 'query', 'ideas.byId', { id: ideaId });
    expect(viaTrpc.status).toBe(200);
    expect(viaTrpc.text).not.toContain(urls[1]);
  });

  it('gives the author and an unlocker every image', async () => {
    for (const token of [author.token, unlocker.token]) {
      const res = await app.api('GET', `/api/ideas/${ideaId}`, { token });
      expect(res.status).toBe(200);
      expect(res.body.data.image).toBe(urls[0]);
      expect(res.body.data.images).toEqual(urls);
    }
  });

  it('shows at most the cover in the guest list', async () => {
    const res = await fetch(`${app.url}/api/ideas/guest?limit=100`);
    const text = await res.text();
    const item = JSON.parse(text).data.find((i: { id: number }) => i.id === ideaId);
    expect(item).toBeTruthy();
    expect(item.image).toBe(urls[0]);
    expect(text).not.toContain(urls[1]);
  });
});
