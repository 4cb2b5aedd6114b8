/**
 * Hardening rules being built now (a–j of the hardening brief). Written to the specified behaviour
 * before the fixes land: on the code they were written against, every test here fails.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmsProvider } from '../src/server/accounts/sms.ts';
import { DEACTIVATION_CONFIRM_WORD, DEACTIVATION_REASONS } from '../src/shared/constants.ts';
import type { DialectName } from '../db/connection.ts';
import { DIALECTS } from './helpers/dialects.ts';
import { freshPhone, registerAndLogin, startTestApp, type TestApp, trpcCall } from './helpers/api.ts';
import { serveTestApp } from './helpers/serve.ts';

type Member = Awaited<ReturnType<typeof registerAndLogin>>;
/** Settings the fixes add; passed explicitly so the tests do not depend on their defaults. */
type Overrides = Omit<NonNullable<Parameters<typeof startTestApp>[1]>, 'rateLimits'> & { rateLimits?: Record<string, number> } & Record<string, unknown>;
const start = (dialect: DialectName, overrides: Overrides) => startTestApp(dialect, overrides as Parameters<typeof startTestApp>[1]);

const CHINESE = /[\u4e00-\u9fff]/;

function randomText(): string {
  return Math.random().toString(36).slice(2, 10) + Math.random().toString(36).slice(2, 10);
}
/** Content no other idea has, so no duplicate check (exact, similar title, highly similar) fires. */
function uniqueIdea(overrides: Record<string, unknown> = {}) {
  return {
    title: `加固 ${randomText()}`,
    description: `介绍 ${randomText()}`,
    detailedAnalysis: `<p>分析 ${randomText()} ${randomText()}</p>`,
    status: 'published',
    ...overrides,
  };
}

async function create(app: TestApp, who: Member, overrides: Record<string, unknown> = {}) {
  const res = await app.api('POST', '/api/ideas', { token: who.token, body: uniqueIdea(overrides) });
  if (res.status !== 201) throw new Error(`create ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: number };
}

async function ideaCount(app: TestApp, userId: number): Promise<number> {
  const row = await app.deps.db.selectFrom('ideas').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.n);
}


function uploadForm(ideaId: number, data: Buffer, name: string): FormData {
  const form = new FormData();
  form.append('ideaId', String(ideaId));
  form.append('file', new Blob([new Uint8Array(data)]), name);
  return form;
}

// ---------------------------------------------------------------------------------------------- a

describe.each(DIALECTS)('a. tRPC batching is off or bounded on %s', (dialect) => {
  const app = serveTestApp(dialect);
  let member: Member;
  beforeAll(async () => {
    member = await registerAndLogin(app);
  });

  it('refuses a GET batch of 40 queries with a 4xx and no results', async () => {
    const paths = Array.from({ length: 40 }, () => 'ideas.hot').join(',');
    const input = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [String(i), { limit: 3 }]));
    const res = await fetch(`${app.url}/trpc/${paths}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const body = await res.json();
    // Not a list of 40 answers, and none of them a result.
    const answers = Array.isArray(body) ? body : [body];
    expect(answers.some((a: { result?: unknown }) => a && a.result !== undefined)).toBe(false);
  });

  it('runs none of a POST batch of 10 ideas.create calls', async () => {
    const before = await ideaCount(app, member.user.id);
    const paths = Array.from({ length: 10 }, () => 'ideas.create').join(',');
    const input = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [String(i), { title: `批量草稿${i}`, status: 'draft' }]));
    const res = await fetch(`${app.url}/trpc/${paths}?batch=1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await ideaCount(app, member.user.id)).toBe(before);
  });

  it('still answers a single call', async () => {
    const hot = await trpcCall(app, 'query', 'ideas.hot', { limit: 3 });
    expect(hot.status).toBe(200);
    expect(Array.isArray(hot.body.result.data.data)).toBe(true);
    const before = await ideaCount(app, member.user.id);
    const created = await trpcCall(app, 'mutation', 'ideas.create', { title: '单个草稿', status: 'draft' }, member.token);
    expect(created.status).toBe(200);
    expect(await ideaCount(app, member.user.id)).toBe(before + 1);
  });
});

// ---------------------------------------------------------------------------------------------- b

describe.each(DIALECTS)('b. wrong current passwords are limited per user on %s', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await start(dialect, { rateLimits: { passwordChecksPerUserPerHour: 5 } });
  });
  afterAll(async () => {
    await app?.close();
  });

  const wrongChange = (token: string) => app.api('POST', '/api/auth/change-password', { token, body: { currentPassword: 'not-my-password', newPassword: 'another123' } });

  it('answers the 6th wrong change-password with 429 and Retry-After', async () => {
    const u = await registerAndLogin(app);
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof wrongChange>> | undefined;
    for (let i = 0; i < 40; i++) {
      const res = await wrongChange(u.token);
      statuses.push(res.status);
      if (res.status === 429) {
        limited = res;
        break;
      }
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited!.body.success).toBe(false);
    expect(limited!.body.message).toMatch(CHINESE);
    // Another member is not affected.
    const other = await registerAndLogin(app);
    expect((await wrongChange(other.token)).status).toBe(400);
  });

  it('counts wrong passwords on deactivate and tRPC auth.changePassword on the same counter', async () => {
    const u = await registerAndLogin(app);
    const statuses: number[] = [];
    for (let i = 0; i < 2; i++) statuses.push((await wrongChange(u.token)).status);
    for (let i = 0; i < 2; i++) {
      const res = await app.api('POST', '/api/users/deactivate', { token: u.token, body: { reason: DEACTIVATION_REASONS[0], confirmation: DEACTIVATION_CONFIRM_WORD, password: 'not-my-password' } });
      statuses.push(res.status);
    }
    statuses.push((await trpcCall(app, 'mutation', 'auth.changePassword', { currentPassword: 'not-my-password', newPassword: 'another123' }, u.token)).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400]);

    const sixth = await trpcCall(app, 'mutation', 'auth.changePassword', { currentPassword: 'not-my-password', newPassword: 'another123' }, u.token);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    const deact = await app.api('POST', '/api/users/deactivate', { token: u.token, body: { reason: DEACTIVATION_REASONS[0], confirmation: DEACTIVATION_CONFIRM_WORD, password: 'not-my-password' } });
    expect(deact.status).toBe(429);
    expect(Number(deact.headers.get('retry-after'))).toBeGreaterThan(0);
    // The account was not deactivated by any of this.
    expect((await app.api('GET', '/api/auth/me', { token: u.token })).status).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------- c

function decodeHtml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) => {
    const lower = e.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(parseInt(lower.slice(1), 10));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[lower]!;
  });
}

describe.each(DIALECTS)('c. link preview with replacement patterns in the text on %s', (dialect) => {
  let app: TestApp;
  let base: string;
  beforeAll(async () => {
    const index = '<!doctype html>\n<html><head><meta charset="UTF-8" /><title>猎人创意社区</title></head><body><div id="root"></div></body></html>';
    app = await startTestApp(dialect, { moderation: 'auto', clientFiles: { 'index.html': index } });
    base = app.url;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('serves one title, one doctype and the literal text in the meta', async () => {
    const member = await registerAndLogin(app);
    const title = "A$'B$&C$`D";
    const description = "X$'Y";
    const idea = await create(app, member, { title, description });
    const res = await fetch(`${base}/idea/${idea.id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html.match(/<title>/gi)).toHaveLength(1);
    expect(html.match(/<!doctype/gi)).toHaveLength(1);
    expect(html.match(/<div id="root">/g)).toHaveLength(1);

    const meta = (attr: string) => {
      const all = [...html.matchAll(new RegExp(`<meta (?:property|name)="${attr}" content="([^"]*)"`, 'g'))];
      expect(all, attr).toHaveLength(1);
      return decodeHtml(all[0][1]);
    };
    expect(meta('og:title')).toBe(title);
    expect(meta('og:description')).toBe(description);
    expect(meta('description')).toBe(description);
    const titleText = decodeHtml(/<title>([^<]*)<\/title>/.exec(html)![1]);
    expect(titleText.startsWith(title)).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------- d

describe.each(DIALECTS)('d. a locked idea shows only its cover image on %s', (dialect) => {
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
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: color } }).png().toBuffer();
      const up = await app.api('POST', '/api/upload/idea-image', { token: author.token, body: uploadForm(ideaId, png, `p${i}.png`) });
      if (up.status !== 201) throw new Error(`upload ${up.status} ${JSON.stringify(up.body)}`);
      urls.push(up.body.url);
    }
    const saved = await app.api('PUT', `/api/ideas/${ideaId}`, { token: author.token, body: { detailedAnalysis: `<p>图一</p><img src="${urls[0]}"><p>图二</p><img src="${urls[1]}">` } });
    if (saved.status !== 200) throw new Error(`save ${saved.status} ${JSON.stringify(saved.body)}`);
    const published = await app.api('PUT', `/api/ideas/${ideaId}/publish`, { token: author.token });
    if (published.status !== 200) throw new Error(`publish ${published.status} ${JSON.stringify(published.body)}`);
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

// ---------------------------------------------------------------------------------------------- e

describe.each(DIALECTS)('e. draft creation is limited on %s', (dialect) => {
  it('answers the 4th draft in 10 minutes with 429, Retry-After and a Chinese message', async () => {
    const app = await start(dialect, { rateLimits: { draftsPer10Minutes: 3 }, maxDraftsPerUser: 0 });
    try {
      const u = await registerAndLogin(app);
      for (let i = 0; i < 3; i++) expect((await app.api('POST', '/api/ideas', { token: u.token, body: { title: `草稿${i}`, status: 'draft' } })).status).toBe(201);
      const fourth = await app.api('POST', '/api/ideas', { token: u.token, body: { title: '草稿4', status: 'draft' } });
      expect(fourth.status).toBe(429);
      expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(fourth.body.success).toBe(false);
      expect(fourth.body.message).toMatch(CHINESE);
      expect(await ideaCount(app, u.user.id)).toBe(3);
      // Per user: someone else still saves a draft.
      const other = await registerAndLogin(app);
      expect((await app.api('POST', '/api/ideas', { token: other.token, body: { title: '别人的草稿', status: 'draft' } })).status).toBe(201);
    } finally {
      await app.close();
    }
  });

  it('caps a user’s drafts: the 6th of 5 allowed is refused naming the cap', async () => {
    const app = await start(dialect, { rateLimits: { draftsPer10Minutes: 0 }, maxDraftsPerUser: 5 });
    try {
      const u = await registerAndLogin(app);
      for (let i = 0; i < 5; i++) expect((await app.api('POST', '/api/ideas', { token: u.token, body: { title: `草稿${i}`, status: 'draft' } })).status).toBe(201);
      const sixth = await app.api('POST', '/api/ideas', { token: u.token, body: { title: '草稿6', status: 'draft' } });
      expect([400, 409]).toContain(sixth.status);
      expect(sixth.body.success).toBe(false);
      expect(sixth.body.message).toMatch(CHINESE);
      expect(sixth.body.message).toContain('5');
      expect(await ideaCount(app, u.user.id)).toBe(5);
      const viaTrpc = await trpcCall(app, 'mutation', 'ideas.create', { title: '草稿7', status: 'draft' }, u.token);
      expect([400, 409]).toContain(viaTrpc.status);
      expect(await ideaCount(app, u.user.id)).toBe(5);
    } finally {
      await app.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------- f

describe.each(DIALECTS)('f. ids are plain decimal integers on %s', (dialect) => {
  const app = serveTestApp(dialect, { moderation: 'auto' });
  let author: Member;
  const ids = new Map<number, number>();
  beforeAll(async () => {
    author = await registerAndLogin(app);
    // Enough published ideas that ids 10 and 13 exist and are public.
    for (let i = 0; i < 40 && !(ids.has(10) && ids.has(13)); i++) {
      const idea = await create(app, author);
      ids.set(idea.id, idea.id);
    }
    if (!ids.has(10) || !ids.has(13)) throw new Error(`ids 10 and 13 not created: ${[...ids.keys()]}`);
  });

  // `013` (a leading zero) is refused too: 400 or 404, never idea 13, so one id has one spelling.
  const FORMS: [string, number][] = [
    ['0x0d', 13],
    ['13.0', 13],
    ['%2013%20', 13],
    ['%2B13', 13],
    ['013', 13],
    ['1e1', 10],
    ['10.', 10],
    ['-1', -1],
  ];

  it('GET /api/ideas/{id} answers 400 or 404 for any other spelling', async () => {
    expect((await app.api('GET', '/api/ideas/13')).status).toBe(200);
    for (const [form, value] of FORMS) {
      const res = await app.api('GET', `/api/ideas/${form}`);
      expect([400, 404], form).toContain(res.status);
      expect(res.body.success, form).toBe(false);
      expect(res.body.data?.id, form).not.toBe(value);
    }
  });

  it('tRPC ideas.byId refuses any spelling but a plain decimal with 400', async () => {
    // The decimal text "13" is the same plain id a REST path carries.
    expect((await trpcCall(app, 'query', 'ideas.byId', { id: 13 })).status).toBe(200);
    expect((await trpcCall(app, 'query', 'ideas.byId', { id: '13' })).status).toBe(200);
    for (const id of [13.5, '13.0', '0x0d', ' 13', '1e1', -13, 0]) {
      const res = await trpcCall(app, 'query', 'ideas.byId', { id });
      expect(res.status, JSON.stringify(id)).toBe(400);
    }
  });

  // Last in this block: on code without the fix it deletes ideas 10 and 13.
  it('DELETE /api/ideas/{id} deletes nothing for another spelling', async () => {
    for (const [form] of FORMS) {
      const res = await app.api('DELETE', `/api/ideas/${form}`, { token: author.token });
      expect([400, 404], form).toContain(res.status);
    }
    const rows = await app.deps.db.selectFrom('ideas').select(['id', 'is_deleted']).where('id', 'in', [10, 13]).execute();
    expect(rows.map((r) => [r.id, r.is_deleted]).sort()).toEqual([[10, 0], [13, 0]]);
  });
});

// ---------------------------------------------------------------------------------------------- g

describe.each(DIALECTS)('g. writes must be JSON on %s', (dialect) => {
  const app = serveTestApp(dialect, { moderation: 'auto' });
  let member: Member;
  beforeAll(async () => {
    member = await registerAndLogin(app);
  });

  const send = (method: string, p: string, body: string | undefined, contentType: string | undefined, token?: string) =>
    fetch(app.url + p, { method, headers: { ...(contentType ? { 'content-type': contentType } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) }, body });

  it('refuses a text/plain POST /api/ideas with 415 and creates nothing', async () => {
    const before = await ideaCount(app, member.user.id);
    const res = await send('POST', '/api/ideas', '{"title":"x"}', 'text/plain', member.token);
    expect(res.status).toBe(415);
    expect((await res.json()).success).toBe(false);
    expect(await ideaCount(app, member.user.id)).toBe(before);
    const form = await send('POST', '/api/ideas', 'title=x&status=draft', 'application/x-www-form-urlencoded', member.token);
    expect(form.status).toBe(415);
    expect(await ideaCount(app, member.user.id)).toBe(before);
  });

  it('refuses a text/plain PUT and a text/plain POST under /api/auth with 415', async () => {
    const idea = await create(app, member, { status: 'draft', title: '原来的标题' });
    const put = await send('PUT', `/api/ideas/${idea.id}`, '{"title":"改掉的标题"}', 'text/plain', member.token);
    expect(put.status).toBe(415);
    const stored = await app.deps.db.selectFrom('ideas').select('title').where('id', '=', idea.id).executeTakeFirstOrThrow();
    expect(stored.title).toBe('原来的标题');
    const login = await send('POST', '/api/auth/login', JSON.stringify({ loginType: 'phone', phone: member.phone, password: member.password }), 'text/plain');
    expect(login.status).toBe(415);
    const trpcCreate = await send('POST', '/trpc/ideas.create', '{"title":"x","status":"draft"}', 'text/plain', member.token);
    expect(trpcCreate.status).toBe(415);
  });

  it('still accepts a bodiless POST without content-type, and multipart uploads', async () => {
    const u = await registerAndLogin(app);
    const logout = await send('POST', '/api/auth/logout', undefined, undefined, u.token);
    expect(logout.status).toBe(200);
    expect((await app.api('GET', '/api/auth/me', { token: u.token })).status).toBe(401);

    const draft = await create(app, member, { status: 'draft' });
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#06c' } }).png().toBuffer();
    const up = await app.api('POST', '/api/upload/idea-image', { token: member.token, body: uploadForm(draft.id, png, 'a.png') });
    expect(up.status).toBe(201);
  });
});

// ---------------------------------------------------------------------------------------------- h

describe.each(DIALECTS)('h. deactivation with the spec’s payload on %s', (dialect) => {
  const app = serveTestApp(dialect);

  it('takes { reason: free text, password }, refuses a long reason and a wrong password', async () => {
    const u = await registerAndLogin(app);
    const long = await app.api('POST', '/api/users/deactivate', { token: u.token, body: { reason: '长'.repeat(201), password: u.password } });
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(CHINESE);
    const wrong = await app.api('POST', '/api/users/deactivate', { token: u.token, body: { reason: '任意原因文字', password: 'not-my-password' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(CHINESE);
    expect((await app.api('GET', '/api/auth/me', { token: u.token })).status).toBe(200);

    const ok = await app.api('POST', '/api/users/deactivate', { token: u.token, body: { reason: '任意原因文字', password: u.password } });
    expect(ok.status).toBe(200);
    expect(ok.body.success).toBe(true);
    expect((await app.api('GET', '/api/auth/me', { token: u.token })).status).toBe(401);
    const row = await app.deps.db.selectFrom('users').select(['status', 'deactivation_reason']).where('id', '=', u.user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'deactivated', deactivation_reason: '任意原因文字' });
  });

  it('takes a reason of exactly 200 characters', async () => {
    const u = await registerAndLogin(app);
    const ok = await app.api('POST', '/api/users/deactivate', { token: u.token, body: { reason: '因'.repeat(200), password: u.password } });
    expect(ok.status).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------- i

/** Like startTestApp, with an SMS provider that fails once `failing` is set. */
async function startAppWithFlakySms(dialect: DialectName) {
  const state = { failing: false };
  const sms: SmsProvider = {
    name: 'flaky',
    async send() {
      if (state.failing) throw new Error('gateway down: connect ECONNREFUSED 10.0.0.1:443');
    },
    async notify() {},
  };
  const app = await startTestApp(dialect, { sms });
  const post = async (p: string, body: unknown) => {
    const res = await fetch(app.url + p, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const text = await res.text();
    return { status: res.status, text, body: JSON.parse(text) };
  };
  return { state, deps: app.deps, post, close: () => app.close() };
}

describe.each(DIALECTS)('i. send-phone-code when the SMS provider fails on %s', (dialect) => {
  it('answers 5xx with success:false and a Chinese smsError, no stack', async () => {
    const app = await startAppWithFlakySms(dialect);
    const originalError = console.error;
    try {
      const phone = freshPhone();
      const sent = await app.post('/api/auth/send-sms-code', { phone, purpose: 'register' });
      expect(sent.status).toBe(200);
      expect((await app.post('/api/auth/register', { phone, password: 'secret123', verifyCode: sent.body.debugCode })).status).toBe(201);

      app.state.failing = true;
      console.error = () => {};
      const res = await app.post('/api/auth/send-phone-code', { phone });
      expect(res.status).toBeGreaterThanOrEqual(500);
      expect(res.status).toBeLessThan(600);
      expect(res.body.success).toBe(false);
      expect(typeof res.body.smsError).toBe('string');
      expect(res.body.smsError).toMatch(CHINESE);
      expect(res.body.debugCode).toBeUndefined();
      for (const leak of ['gateway down', 'ECONNREFUSED', 'at ', 'stack', '.ts']) expect(res.text).not.toContain(leak);
    } finally {
      console.error = originalError;
      await app.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------- j

describe.each(DIALECTS)('j. the test code 123456 on %s', (dialect) => {
  it('registers with 123456 outside production once a code was requested, and not without one', async () => {
    const app = await startTestApp(dialect, { production: false });
    try {
      const phone = freshPhone();
      expect((await app.api('POST', '/api/auth/send-sms-code', { body: { phone, purpose: 'register' } })).status).toBe(200);
      const reg = await app.api('POST', '/api/auth/register', { body: { phone, password: 'secret123', verifyCode: '123456' } });
      expect(reg.status).toBe(201);
      expect((await app.api('POST', '/api/auth/login', { body: { loginType: 'phone', phone, password: 'secret123' } })).status).toBe(200);

      const never = freshPhone();
      const refused = await app.api('POST', '/api/auth/register', { body: { phone: never, password: 'secret123', verifyCode: '123456' } });
      expect(refused.status).toBe(400);
      expect(refused.body.success).toBe(false);
    } finally {
      await app.close();
    }
  });

  it('refuses 123456 in production with the spec’s message', async () => {
    const app = await startTestApp(dialect, { production: true });
    try {
      const phone = freshPhone();
      const sent = await app.api('POST', '/api/auth/send-sms-code', { body: { phone, purpose: 'register' } });
      expect(sent.status).toBe(200);
      expect(sent.body.debugCode).toBeUndefined();
      const reg = await app.api('POST', '/api/auth/register', { body: { phone, password: 'secret123', verifyCode: '123456' } });
      expect(reg.status).toBe(400);
      expect(reg.body.message).toBe('生产环境不允许使用测试验证码，请使用真实验证码');
    } finally {
      await app.close();
    }
  });
});
