/**
 * The publish limit (RATE_PUBLISH_PER_10_MINUTES, ideas/service.ts `publishCounts`) counts what is
 * published anew: a new idea, a draft published. Saving an edit of an idea already public takes none
 * (an author fixing a typo lost a publish to it), over REST and tRPC, on each dialect.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects.ts';
import { registerAndLogin, trpcCall, type TestApp } from '../helpers/api.ts';
import { serveTestApp } from '../helpers/serve.ts';

type Member = Awaited<ReturnType<typeof registerAndLogin>>;
const LIMIT = 3;

let seq = 0;
function fields(status: 'published' | 'draft' = 'published') {
  seq += 1;
  const n = `${seq}-${Math.random().toString(36).slice(2, 8)}`;
  return { title: `限额测试${n}`, description: `第${n}号创意的简介`, detailedAnalysis: `<p>第${n}号创意的分析：${'场景与方案'.repeat(3)}${n}</p>`, tags: '效率', status };
}

async function publishNew(app: TestApp, member: Member) {
  return app.api('POST', '/api/ideas', { token: member.token, body: fields() });
}

/** An edit of a public idea, saved as published: over REST or over tRPC. */
async function editPublic(app: TestApp, member: Member, id: number, via: 'rest' | 'trpc', typo: number) {
  const body = {
    title: `修正错别字的标题${id}-${typo}`,
    description: `改过第${typo}次的简介`,
    detailedAnalysis: `<p>改过的分析，第${typo}版：${'场景与方案'.repeat(3)}${id}</p>`,
    tags: '效率',
    status: 'published',
  };
  if (via === 'rest') return app.api('PUT', `/api/ideas/${id}`, { token: member.token, body });
  const res = await trpcCall(app, 'mutation', 'ideas.update', { id, ...body }, member.token);
  return { status: res.status, body: res.body.result?.data ?? res.body };
}

describe.each(DIALECTS)('the publish limit and edits on %s', (dialect) => {
  const app = serveTestApp(dialect, { moderation: 'auto', rateLimits: { publishesPer10Minutes: LIMIT, publishAttemptsPer10Minutes: 100 } });

  describe.each(['rest', 'trpc'] as const)('over %s', (via) => {
    let author: Member;
    beforeAll(async () => {
      author = await registerAndLogin(app);
    });

    it('editing a public idea many times leaves the publishes of the window intact; new publishes still count', async () => {
      const first = await publishNew(app, author);
      expect(first.status).toBe(201);
      const id = first.body.data.id as number;
      for (let typo = 1; typo <= LIMIT + 2; typo++) {
        const saved = await editPublic(app, author, id, via, typo);
        expect(saved.status, JSON.stringify(saved.body)).toBe(200);
        expect(saved.body.data[via === 'rest' ? 'moderation_status' : 'moderationStatus']).toBe('approved');
      }
      // One publish spent of LIMIT: two more go through, the next is refused as rate_limit.
      for (let i = 1; i < LIMIT; i++) expect((await publishNew(app, author)).status).toBe(201);
      const over = await publishNew(app, author);
      expect(over.status).toBe(409);
      expect(over.body.duplicateInfo.type).toBe('rate_limit');
      // With every publish spent, the public idea can still be corrected.
      expect((await editPublic(app, author, id, via, 99)).status).toBe(200);
    });

    it('a draft published counts, as does a new idea', async () => {
      const writer = await registerAndLogin(app);
      const draft = await app.api('POST', '/api/ideas', { token: writer.token, body: fields('draft') });
      expect(draft.status).toBe(201);
      const published =
        via === 'rest'
          ? await app.api('PUT', `/api/ideas/${draft.body.data.id}/publish`, { token: writer.token })
          : await trpcCall(app, 'mutation', 'ideas.publishDraft', { id: draft.body.data.id }, writer.token);
      expect(published.status).toBe(200);
      for (let i = 1; i < LIMIT; i++) expect((await publishNew(app, writer)).status).toBe(201);
      expect((await publishNew(app, writer)).body.duplicateInfo?.type).toBe('rate_limit');
    });
  });
});
