/**
 * An author describes each picture of the analysis (its alt text, the editor's 图片说明): the
 * description is kept with its picture and given back as written, cut to its length, or the default
 * 创意配图 when there is none; and it passes the word check like every other text a member writes
 * (block refused, replace written back, hold sent to the queue naming 图片说明 N), on both transports.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { IDEA_IMAGE_ALT, IMAGE_CAPTION_MAX } from '../../src/shared/idea-rules.ts';
import { DIALECTS } from '../helpers/dialects.ts';
import { trpcCall, uploadForm } from '../helpers/api.ts';
import { serveTestApp } from '../helpers/serve.ts';
import { createUser, type FixtureUser } from '../helpers/fixtures.ts';
import { publishedIdeaBody } from '../helpers/idea-bodies.ts';

const SENSITIVE = '内容包含敏感词，未能通过审核，请修改后重新提交';

describe.each(DIALECTS)('picture descriptions on %s', (dialect) => {
  const app = serveTestApp(dialect, { moderation: 'auto' });
  let admin: FixtureUser;
  let author: FixtureUser;
  beforeAll(async () => {
    admin = await createUser(app.deps, { role: 'admin' });
    author = await createUser(app.deps);
    for (const [word, action] of [
      ['刷单返利', 'block'],
      ['代购', 'hold'],
      ['傻瓜', 'replace'],
    ] as const) {
      expect((await app.api('POST', '/api/admin/watched-words', { token: admin.token, body: { word, action } })).status).toBe(200);
    }
  });

  let n = 0;
  /** A draft and `count` pictures uploaded for it. */
  const draftWithPictures = async (count: number) => {
    const draft = await app.api('POST', '/api/ideas', { token: author.token, body: { title: `带图的草稿${++n}`, status: 'draft' } });
    expect(draft.status).toBe(201);
    const urls: string[] = [];
    for (let i = 0; i < count; i++) {
      const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: { r: n * 30, g: i * 60, b: 200 } } })
        .png()
        .toBuffer();
      const up = await app.api('POST', '/api/upload/idea-image', { token: author.token, body: uploadForm(draft.body.data.id, png, 'p.png') });
      expect(up.status).toBe(201);
      urls.push(up.body.url as string);
    }
    return { id: draft.body.data.id as number, urls };
  };
  const analysis = (pictures: [url: string, alt: string | null][]) => `<p>分析${n}</p>${pictures.map(([u, alt]) => (alt === null ? `<img src="${u}">` : `<img src="${u}" alt="${alt}">`)).join('')}`;
  const altsOf = (html: string) => [...html.matchAll(/<img [^>]*alt="([^"]*)"/g)].map((m) => m[1]);
  const storedAlts = async (id: number) => altsOf((await app.api('GET', `/api/ideas/${id}`, { token: author.token })).body.data.detailedAnalysis);

  it('keeps each picture’s description, on one line and cut to length, and the default where there is none, over REST', async () => {
    const { id, urls } = await draftWithPictures(3);
    const long = '一'.repeat(IMAGE_CAPTION_MAX + 5);
    const saved = await app.api('PUT', `/api/ideas/${id}`, {
      token: author.token,
      body: {
        title: '带说明的草稿',
        status: 'draft',
        detailedAnalysis: analysis([
          [urls[0], ' 楼道里的 &#10; 共享工具箱 '],
          [urls[1], null],
          [urls[2], long],
        ]),
      },
    });
    expect(saved.status).toBe(200);
    expect(await storedAlts(id)).toEqual(['楼道里的 共享工具箱', IDEA_IMAGE_ALT, '一'.repeat(IMAGE_CAPTION_MAX)]);
  });

  it('refuses a blocked word in a description, over REST and tRPC, and stores nothing', async () => {
    const { id, urls } = await draftWithPictures(1);
    const body = { ...publishedIdeaBody('说明里有拦截词'), detailedAnalysis: analysis([[urls[0], '扫码参加刷-单-返-利']]) };
    const rest = await app.api('PUT', `/api/ideas/${id}`, { token: author.token, body });
    expect(rest.status).toBe(403);
    expect(rest.body).toMatchObject({ message: SENSITIVE, moderationResult: { matchedWords: ['刷单返利'], fields: ['captions[0]'] } });
    const trpc = await trpcCall(app, 'mutation', 'ideas.update', { id, ...body }, author.token);
    expect(trpc.status).toBe(403);
    expect(trpc.body.error.data.extra.moderationResult).toMatchObject({ matchedWords: ['刷单返利'], fields: ['captions[0]'] });
    expect(await storedAlts(id)).toEqual([]);
  });

  it('writes a replaced word back into its own description only, over tRPC (a draft is checked when published)', async () => {
    const { id, urls } = await draftWithPictures(2);
    const saved = await trpcCall(
      app,
      'mutation',
      'ideas.update',
      {
        id,
        ...publishedIdeaBody('说明里有替换词'),
        detailedAnalysis: analysis([
          [urls[0], '别当傻瓜'],
          [urls[1], '门口的信箱'],
        ]),
      },
      author.token,
    );
    expect(saved.status).toBe(200);
    expect(await storedAlts(id)).toEqual(['别当**', '门口的信箱']);
  });

  it('holds an idea whose description has a word to hold, and names the picture in the queue', async () => {
    const { id, urls } = await draftWithPictures(2);
    const published = await app.api('PUT', `/api/ideas/${id}`, {
      token: author.token,
      body: {
        ...publishedIdeaBody('说明里有送审词'),
        detailedAnalysis: analysis([
          [urls[0], '信箱'],
          [urls[1], '海外代购的包裹'],
        ]),
      },
    });
    expect(published.status).toBe(200);
    expect(published.body.data.moderation_status).toBe('review');
    const queue = (await app.api('GET', '/api/admin/review', { token: admin.token })).body.data as { id: number; heldWords: unknown[] }[];
    expect(queue.find((i) => i.id === id)?.heldWords).toEqual([{ field: 'captions[1]', word: '代购' }]);
  });
});
