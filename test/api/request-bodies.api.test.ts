/**
 * Bad request bodies are a 400 (or 413) with a Chinese message on both transports, never a 500:
 * a JSON body nested 10,000 levels deep (20 KB) used to overflow the stack in
 * tRPC's body handling; bodies past the size limit are refused unread.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { restRoutes } from '../../src/server/rest/index.ts';
import { appRouter } from '../../src/server/trpc/routers/index.ts';
import { DIALECTS } from '../helpers/dialects.ts';
import { startTestApp, trpcCall, type TestApp } from '../helpers/api.ts';
import { createIdea, createUser, type FixtureUser } from '../helpers/fixtures.ts';

const CHINESE = /[\u4e00-\u9fff]/;

/** `{"content":[[[…1…]]]}`, `levels` deep: about 2 bytes a level. */
const nested = (levels: number) => `{"content":${'['.repeat(levels)}1${']'.repeat(levels)}}`;
const nestedObjects = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

describe.each(DIALECTS)('request bodies on %s', (dialect) => {
  let app: TestApp;
  let member: FixtureUser;
  let ideaId: number;
  let errors: ReturnType<typeof vi.spyOn>;
  beforeAll(async () => {
    app = await startTestApp(dialect);
    member = await createUser(app.deps);
    await app.makeAdmin(member.id);
    ideaId = await createIdea(app.deps, member);
  });
  afterAll(async () => {
    await app?.close();
  });
  afterEach(() => {
    errors?.mockRestore();
  });

  const send = (path: string, method: string, body: string) =>
    fetch(app.url + path, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}` }, body }).then(async (res) => ({
      status: res.status,
      text: await res.text(),
    }));

  it('refuses a body nested 10,000 levels deep with 400 on every tRPC mutation, logging nothing', async () => {
    errors = vi.spyOn(console, 'error');
    const body = nested(10_000);
    expect(body.length).toBeGreaterThan(20_000);
    const procedures = (appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: string } }> } })._def.procedures;
    const mutations = Object.entries(procedures)
      .filter(([, p]) => p._def.type === 'mutation')
      .map(([name]) => name);
    expect(mutations.length).toBeGreaterThan(30);
    for (const name of mutations) {
      for (const text of [body, nestedObjects(10_000)]) {
        const res = await send(`/trpc/${name}`, 'POST', text);
        expect(res.status, name).toBe(400);
        const answer = JSON.parse(res.text);
        expect(answer.error.message, name).toBe('请求内容的嵌套层级过多');
        expect(answer.error.data).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400 });
        expect(res.text).not.toMatch(/at .*\.(ts|js|mjs):\d/);
      }
    }
    expect(errors).not.toHaveBeenCalled();
  });

  it('refuses it on every REST write too', async () => {
    errors = vi.spyOn(console, 'error');
    const writes = restRoutes.filter((r) => r.method !== 'get' && !r.upload);
    expect(writes.length).toBeGreaterThan(30);
    for (const route of writes) {
      const path = '/api' + route.path.replace(/:(\w+)/g, (_m, name: string) => (name === 'registrationNumber' ? 'bx000001' : String(ideaId)));
      const res = await send(path, route.method.toUpperCase(), nested(10_000));
      expect(res.status, path).toBe(400);
      expect(JSON.parse(res.text), path).toEqual({ success: false, message: '请求内容的嵌套层级过多' });
    }
    expect(errors).not.toHaveBeenCalled();
  });

  it('still takes the nesting real inputs have (expansions are objects in an array)', async () => {
    const res = await send(`/trpc/ideas.updateExpansions`, 'POST', JSON.stringify({ id: ideaId, expansions: [{ content: '补充一条' }] }));
    expect(res.status).toBe(200);
    // Brackets in a string (escaped quotes included) are text, not nesting.
    const comment = await send('/api/comments', 'POST', JSON.stringify({ ideaId, content: '"[[[['.repeat(100) }));
    expect(comment.status).toBe(201);
  });

  it('refuses a body of more values than any input has (100,000 members) with 400 before parsing it, on every write of both transports', async () => {
    const members = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, i]));
    const wide = JSON.stringify({ ideaId, content: '宽', ...members });
    const list = JSON.stringify({ ids: Array.from({ length: 100_000 }, (_, i) => i) });
    const procedures = (appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: string } }> } })._def.procedures;
    const mutations = Object.entries(procedures)
      .filter(([, p]) => p._def.type === 'mutation')
      .map(([name]) => name);
    for (const name of ['comments.create', 'auth.login', 'feedback.submit']) expect(mutations).toContain(name);
    for (const name of mutations) {
      const res = await send(`/trpc/${name}`, 'POST', wide);
      expect([res.status, JSON.parse(res.text).error.message], name).toEqual([400, '请求内容的字段过多']);
    }
    for (const route of restRoutes.filter((r) => r.method !== 'get' && !r.upload)) {
      const path = '/api' + route.path.replace(/:(\w+)/g, (_m, name: string) => (name === 'registrationNumber' ? 'bx000001' : String(ideaId)));
      for (const body of [wide, list]) {
        const res = await send(path, route.method.toUpperCase(), body);
        expect([res.status, JSON.parse(res.text)], path).toEqual([400, { success: false, message: '请求内容的字段过多' }]);
      }
    }
    // The bound is far above real inputs: a body of 3,900 values is still read (its unknown members dropped).
    const roomy = JSON.stringify({ ideaId, content: '还行', ...Object.fromEntries(Array.from({ length: 3_900 }, (_, i) => [`k${i}`, i])) });
    const accepted = await send('/api/comments', 'POST', roomy);
    expect(accepted.status, accepted.text).toBe(201);
  });

  it('refuses a body past the size limit with 413 on both transports', async () => {
    const big = JSON.stringify({ content: 'x'.repeat(3 * 1024 * 1024) });
    const rest = await send('/api/feedback', 'POST', big);
    expect(rest.status).toBe(413);
    expect(JSON.parse(rest.text)).toEqual({ success: false, message: '请求内容过大' });
    const trpc = await send('/trpc/feedback.submit', 'POST', big);
    expect(trpc.status).toBe(413);
    expect(JSON.parse(trpc.text).error).toMatchObject({ message: '请求内容过大', data: { httpStatus: 413 } });
  });

  it('answers broken JSON to tRPC in tRPC’s shape, in Chinese', async () => {
    const res = await send('/trpc/feedback.submit', 'POST', '{oops');
    expect(res.status).toBe(400);
    const answer = JSON.parse(res.text);
    expect(answer.error.message).toMatch(CHINESE);
    expect(answer.error.data.httpStatus).toBe(400);
  });

  it('refuses a deeply nested tRPC query input with 400, never 500', async () => {
    const input = encodeURIComponent('['.repeat(2_000) + ']'.repeat(2_000));
    const res = await fetch(`${app.url}/trpc/ideas.byId?input=${input}`, { headers: { authorization: `Bearer ${member.token}` } });
    expect(res.status).toBe(400);
    const guest = await fetch(`${app.url}/trpc/ideas.byId?input=${input}`);
    expect(guest.status).toBe(400);
  });
  it('words a wrong type, a missing field, a value off the list and an over-long text in plain Chinese naming the field, on both transports', async () => {
    const cases = [
      { rest: ['POST', '/api/ideas', { title: 123 }], trpc: ['ideas.create', { title: 123 }], message: '「title」应为文本' },
      { rest: ['POST', '/api/ideas', { allowComments: 'x' }], trpc: ['ideas.create', { allowComments: 'x' }], message: '「allowComments」格式不正确' },
      { rest: ['POST', '/api/ideas', { tags: '标'.repeat(501) }], trpc: ['ideas.create', { tags: '标'.repeat(501) }], message: '「tags」不能超过 500 个字符' },
      { rest: ['POST', `/api/admin/ideas/${ideaId}/reject`, {}], trpc: ['admin.reject', { id: ideaId }], message: '请填写驳回原因' },
      // A field of the wrong type is named as such, not called empty; a missing one keeps its own message.
      { rest: ['POST', '/api/comments', { ideaId, content: 123 }], trpc: ['comments.create', { ideaId, content: ['a'] }], message: '「content」应为文本' },
      { rest: ['POST', '/api/comments', { ideaId }], trpc: ['comments.create', { ideaId, content: null }], message: '评论内容不能为空' },
      { rest: ['POST', '/api/feedback', { content: 123 }], trpc: ['feedback.submit', { content: 123 }], message: '「content」应为文本' },
      {
        rest: ['POST', '/api/auth/change-password', { currentPassword: 'x'.repeat(200), newPassword: 'abcdefgh1' }],
        trpc: ['auth.changePassword', { currentPassword: 'x'.repeat(200), newPassword: 'abcdefgh1' }],
        message: '密码长度不能超过',
      },
    ] as const;
    for (const { rest, trpc, message } of cases) {
      const viaRest = await app.api(rest[0], rest[1], { token: member.token, body: rest[2] });
      expect(viaRest.status, rest[1]).toBe(400);
      expect(viaRest.body.message, rest[1]).toContain(message);
      const viaTrpc = await trpcCall(app, 'mutation', trpc[0], trpc[1], member.token);
      expect(viaTrpc.status, trpc[0]).toBe(400);
      expect(viaTrpc.body.error.message, trpc[0]).toContain(message);
    }
    const list = await app.api('GET', '/api/ideas/my?status=bogus', { token: member.token });
    expect([list.status, list.body.message]).toEqual([400, '「status」只能是 published、draft、deleted、all 之一']);
    // A number out of range, as a guest reads a list: zod's own text named its type in English.
    const page = await app.api('GET', '/api/ideas?limit=0');
    expect([page.status, page.body.message]).toEqual([400, '「limit」不能小于 1']);
    const viaTrpc = await trpcCall(app, 'query', 'ideas.publicPage', { limit: 0 });
    expect([viaTrpc.status, viaTrpc.body.error.message]).toEqual([400, '「limit」不能小于 1']);
  });
  it('the REST document states the length limits the server enforces by characters (feedback, announcements, reject reasons)', async () => {
    const doc = (await app.api('GET', '/api/openapi.json')).body;
    const bodyOf = (path: string) => doc.paths[path].post.requestBody.content['application/json'].schema.properties;
    expect(bodyOf('/api/feedback').content.maxLength).toBe(1000);
    expect(bodyOf('/api/admin/feedback/{id}/reply').content.maxLength).toBe(1000);
    expect([bodyOf('/api/messages/announcement').title.maxLength, bodyOf('/api/messages/announcement').content.maxLength]).toEqual([100, 2000]);
    expect(bodyOf('/api/admin/ideas/{id}/reject').reason.maxLength).toBe(200);
    expect(bodyOf('/api/admin/ideas/{id}/edit-approve').note.maxLength).toBe(200);
  });
  it('answers a request whose headers are too large (27 KB query) with 431 in the error model, not an empty body', async () => {
    const res = await fetch(`${app.url}/api/marketplace/ideas?q=${'x'.repeat(27_000)}`);
    expect(res.status).toBe(431);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ success: false, message: '请求头过大，请缩短地址或减少 Cookie 后重试' });
  });
});
