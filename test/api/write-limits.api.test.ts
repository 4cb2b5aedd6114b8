/**
 * Limits on the writes a person can repeat: comments and replies, likes and dislikes,
 * reports, feedback, favourites, follows, view records, idea edits and expansions, unlocks and the
 * avatar. Each is declared once on its operation (`limit`), so REST and tRPC share one counter per
 * member and one per client address. Run at the product's defaults (WRITE_LIMIT_DEFAULTS), on each
 * dialect, with a faked clock for the windows.
 */
import { nowDb } from '../../db/time.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../src/server/kernel/config.ts';
import { WRITE_LIMIT_DEFAULTS, WRITE_LIMIT_KINDS, writeLimitEnv, type WriteLimitKind } from '../../src/server/kernel/write-limit-policy.ts';
import { WRITE_LIMIT_MESSAGES } from '../../src/server/infrastructure/rate-limit.ts';
import { restRoutes } from '../../src/server/rest/index.ts';
import { operationsByProcedure } from '../../src/server/trpc/init.ts';
import { appRouter } from '../../src/server/trpc/routers/index.ts';
import type { AnyOperation } from '../../src/server/contract/operation.ts';
import { PRESET_AVATARS } from '../../src/shared/constants.ts';
import { DIALECTS } from '../helpers/dialects.ts';
import { startTestApp, type TestApp } from '../helpers/api.ts';
import { createIdea, createUser, type FixtureUser } from '../helpers/fixtures.ts';

type Transport = 'rest' | 'trpc';
interface Outcome {
  status: number;
  message: string;
  retryAfter: number;
}

/**
 * The writes a member or guest can call without a limit of their own kind, and why. Every other
 * non-admin write must name one (`limit`), so a new repeatable write cannot slip through.
 */
const UNLIMITED_WRITES: Record<string, string> = {
  'auth.sendSmsCode': 'SMS limits per phone and per address',
  'auth.sendPhoneCode': 'SMS limits per phone and per address',
  'auth.verifySmsCode': 'code checks per address',
  'auth.register': 'code checks per address, and a fresh SMS code',
  'auth.login': 'login limits per address and per phone',
  'auth.logout': "ends the caller's own session",
  'auth.resetPassword': 'code checks per address, and a fresh SMS code',
  'auth.syncUserInfo': 'changes nothing',
  'ideas.create': 'drafts and publishes per member',
  'ideas.publishDraft': 'publishes and publish attempts per member',
  'ideas.uploadImage': 'uploads per member',
  'ideas.deleteImage': 'removes only what limited uploads made',
  'comments.remove': 'removes only what limited comments made',
  'messages.markRead': "the member's own messages: no one else sees or is told",
  'messages.markAllRead': "the member's own messages: no one else sees or is told",
  'messages.markShownRead': "the member's own messages (the ids the page showed, bounded by the schema): no one else sees or is told",
  'messages.remove': "the member's own messages: no one else sees or is told",
};

describe('which writes are limited', () => {
  const writes = [...operationsByProcedure(appRouter)].filter((entry): entry is [string, AnyOperation] => entry[1].kind === 'write' && entry[1].access !== 'admin');

  it('every write a member or guest can repeat names its limit, or says here why it needs none', () => {
    expect(writes.length).toBeGreaterThan(30);
    const unaccounted = writes.filter(([name, op]) => !op.limit && !UNLIMITED_WRITES[name]).map(([name]) => name);
    expect(unaccounted).toEqual([]);
    // The list stays honest: nothing on it has a limit after all.
    expect(writes.filter(([name, op]) => op.limit && UNLIMITED_WRITES[name]).map(([name]) => name)).toEqual([]);
  });

  it('docs/configuration.md states the defaults of each kind and their variables as config.ts has them', () => {
    const readme = fs.readFileSync(path.join(import.meta.dirname, '../../docs/configuration.md'), 'utf8');
    expect(readme).toContain('`RATE_<KIND>_PER_MINUTE` / `RATE_<KIND>_PER_HOUR` / `RATE_<KIND>_IP_PER_MINUTE`');
    for (const kind of WRITE_LIMIT_KINDS) {
      const d = WRITE_LIMIT_DEFAULTS[kind];
      expect(readme).toMatch(new RegExp(`\\| \`${kind.toUpperCase()}\` \\| [^|]+ \\| ${d.perMinute} \\| ${d.perHour} \\| ${d.ipPerMinute} \\|`));
      expect(writeLimitEnv(kind).perMinute).toBe(`RATE_${kind.toUpperCase()}_PER_MINUTE`);
    }
  });

  it('each window is configurable by its variable; 0 turns it off', () => {
    const saved = { ...process.env };
    try {
      Object.assign(process.env, { RATE_COMMENTS_PER_MINUTE: '2', RATE_FAVORITES_PER_HOUR: '0', RATE_VIEWS_IP_PER_MINUTE: '900' });
      const { writes } = loadConfig().rateLimits;
      expect(writes.comments).toEqual({ ...WRITE_LIMIT_DEFAULTS.comments, perMinute: 2 });
      expect(writes.favorites.perHour).toBe(0);
      expect(writes.views.ipPerMinute).toBe(900);
      process.env.RATE_FOLLOWS_PER_MINUTE = 'many';
      expect(() => loadConfig()).toThrow(/RATE_FOLLOWS_PER_MINUTE/);
    } finally {
      process.env = saved;
    }
  });

  it('REST exposes the same operations, so both transports spend one allowance', () => {
    const viaRest = new Set(restRoutes.map((r) => r.op));
    expect(writes.filter(([, op]) => op.limit && !viaRest.has(op)).map(([name]) => name)).toEqual([]);
  });
});

let addressSeq = 0;
/** An address no other caller in this file uses (the app trusts X-Forwarded-For from loopback here). */
const freshAddress = () => `10.19.${Math.floor(++addressSeq / 250)}.${(addressSeq % 250) + 1}`;

describe.each(DIALECTS)('write limits on %s', (dialect) => {
  let app: TestApp;
  let author: FixtureUser;
  let ideaId: number;
  let commentId: number;

  beforeAll(async () => {
    // The wrong-password lockout at its default too (RATE_PASSWORD_CHECKS_USER_PER_HOUR).
    app = await startTestApp(dialect, { trustProxy: 'loopback', rateLimits: { writes: WRITE_LIMIT_DEFAULTS, passwordChecksPerUserPerHour: loadConfig().rateLimits.passwordChecksPerUserPerHour } });
    author = await createUser(app.deps, { nickname: '被刷的作者' });
    ideaId = await createIdea(app.deps, author);
    commentId = Number(
      (
        await app.deps.db
          .insertInto('comments')
          .values({ idea_id: ideaId, user_id: author.id, parent_id: null, reply_to_id: null, content: '一条评论', like_count: 0, dislike_count: 0, created_at: nowDb() })
          .executeTakeFirstOrThrow()
      ).insertId,
    );
  });
  afterAll(async () => {
    await app?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** One REST call; the answer's status, message and Retry-After. */
  async function rest(method: string, path: string, who: { token?: string; ip: string }, body?: unknown): Promise<Outcome> {
    const headers: Record<string, string> = { 'x-forwarded-for': who.ip };
    if (who.token) headers.authorization = `Bearer ${who.token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(app.url + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = (await res.json()) as { message?: string };
    return { status: res.status, message: json.message ?? '', retryAfter: Number(res.headers.get('retry-after') ?? 0) };
  }

  /** One tRPC mutation, as the app sends it. */
  async function trpc(procedure: string, input: unknown, who: { token?: string; ip: string }): Promise<Outcome> {
    const headers: Record<string, string> = { 'x-forwarded-for': who.ip, 'content-type': 'application/json' };
    if (who.token) headers.authorization = `Bearer ${who.token}`;
    const res = await fetch(`${app.url}/trpc/${procedure}`, { method: 'POST', headers, body: JSON.stringify(input) });
    const json = (await res.json()) as { error?: { message: string }; result?: { data: { message?: string } } };
    return { status: res.status, message: json.error?.message ?? json.result?.data.message ?? '', retryAfter: Number(res.headers.get('retry-after') ?? 0) };
  }

  interface Person {
    user: FixtureUser;
    token: string;
    ip: string;
  }
  const person = async (): Promise<Person> => {
    const user = await createUser(app.deps);
    return { user, token: user.token, ip: freshAddress() };
  };

  /** The i-th repeat of each kind's write, on either transport; a fresh person per case. */
  const WRITES: Record<WriteLimitKind, (t: Transport, p: Person, i: number) => Promise<Outcome>> = {
    comments: (t, p, i) => (t === 'rest' ? rest('POST', '/api/comments', p, { ideaId, content: `第${i}条评论` }) : trpc('comments.create', { ideaId, content: `第${i}条评论` }, p)),
    reactions: (t, p, i) => (t === 'rest' ? rest('POST', `/api/comments/${commentId}/${i % 2 ? 'dislike' : 'like'}`, p) : trpc(`comments.${i % 2 ? 'dislike' : 'like'}`, { id: commentId }, p)),
    reports: (t, p, i) => (t === 'rest' ? rest('POST', `/api/comments/${commentId}/report`, p, { reason: `理由${i}` }) : trpc('comments.report', { id: commentId, reason: `理由${i}` }, p)),
    feedback: (t, p, i) => (t === 'rest' ? rest('POST', '/api/feedback', p, { content: `反馈${i}` }) : trpc('feedback.submit', { content: `反馈${i}` }, p)),
    favorites: (t, p, i) => (t === 'rest' ? rest('POST', `/api/favorites/${ideaId}`, p, { favorite: i % 2 === 0 }) : trpc('favorites.set', { ideaId, favorite: i % 2 === 0 }, p)),
    follows: (t, p, i) =>
      t === 'rest'
        ? rest('POST', `/api/follows/${author.registrationNumber}`, p, { follow: i % 2 === 0 })
        : trpc('follows.set', { registrationNumber: author.registrationNumber, follow: i % 2 === 0 }, p),
    views: (t, p) => (t === 'rest' ? rest('POST', '/api/ideas/view', p, { ideaId }) : trpc('ideas.recordView', { ideaId }, p)),
    edits: async (t, p, i) => {
      const own = (p as Person & { ownIdea?: number }).ownIdea ?? ((p as Person & { ownIdea?: number }).ownIdea = await createIdea(app.deps, p.user));
      return t === 'rest' ? rest('PUT', `/api/ideas/${own}/expansions`, p, { expansions: [`扩展${i}`] }) : trpc('ideas.updateExpansions', { id: own, expansions: [`扩展${i}`] }, p);
    },
    unlocks: (t, p) => (t === 'rest' ? rest('POST', `/api/ideas/${ideaId}/purchase`, p, {}) : trpc('ideas.purchase', { id: ideaId }, p)),
    profile: (t, p, i) => {
      const avatarUrl = PRESET_AVATARS[i % PRESET_AVATARS.length];
      return t === 'rest' ? rest('PUT', '/api/auth/profile', p, { avatarUrl }) : trpc('auth.updateProfile', { avatarUrl }, p);
    },
    // Right passwords, back and forth: each change is accepted, and still counted.
    passwords: (t, p, i) => {
      const [currentPassword, newPassword] = i % 2 ? [`${p.user.password}x`, p.user.password] : [p.user.password, `${p.user.password}x`];
      return t === 'rest' ? rest('POST', '/api/auth/change-password', p, { currentPassword, newPassword }) : trpc('auth.changePassword', { currentPassword, newPassword }, p);
    },
    // A switch flipped back and forth: each change is saved, and still counted.
    notices: (t, p, i) => (t === 'rest' ? rest('PUT', '/api/notification-settings', p, { followers: i % 2 === 1 }) : trpc('notificationSettings.update', { followers: i % 2 === 1 }, p)),
  };
  const KINDS = Object.keys(WRITES) as WriteLimitKind[];

  describe.each(['rest', 'trpc'] as const)('per member, per minute, over %s', (transport) => {
    it.each(KINDS)('%s: the default number a minute pass, the next is 429 with Retry-After and a Chinese message, on both transports', async (kind) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-12-01T10:00:00Z'));
      const p = await person();
      const { perMinute } = WRITE_LIMIT_DEFAULTS[kind];
      for (let i = 0; i < perMinute; i++) {
        const ok = await WRITES[kind](transport, p, i);
        expect(ok.status, `${kind} #${i + 1}: ${ok.message}`).toBeLessThan(300);
      }
      const refused = await WRITES[kind](transport, p, perMinute);
      expect(refused.status).toBe(429);
      expect(refused.message).toBe(WRITE_LIMIT_MESSAGES[kind].member);
      expect(refused.message).toMatch(/过于频繁，请稍后再试$/);
      expect(refused.retryAfter).toBeGreaterThan(0);
      expect(refused.retryAfter).toBeLessThanOrEqual(60);
      // One counter for both transports.
      const other = await WRITES[kind](transport === 'rest' ? 'trpc' : 'rest', p, perMinute + 1);
      expect(other.status).toBe(429);
      // A minute later the member may write again.
      vi.setSystemTime(new Date('2026-12-01T10:01:01Z'));
      const again = await WRITES[kind](transport, p, perMinute + 2);
      expect(again.status, again.message).toBeLessThan(300);
    });
  });

  // A right current password was refunded from the wrong-password lockout, so a loop of phone changes
  // or deactivations with the right password ran argon2 without end (found by a review, 2026-11-27).
  it.each(['rest', 'trpc'] as const)('every write that checks the current password spends the one allowance, over %s, whatever it answers', async (transport) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T11:00:00Z'));
    const other: Transport = transport === 'rest' ? 'trpc' : 'rest';
    const checks: Record<string, (t: Transport, p: Person) => Promise<Outcome>> = {
      // The right password, and a new phone whose code was never verified: 400, after argon2.
      updatePhone: (t, p) =>
        t === 'rest'
          ? rest('POST', '/api/auth/update-phone', p, { phone: '13900000077', currentPassword: p.user.password })
          : trpc('auth.updatePhone', { phone: '13900000077', currentPassword: p.user.password }, p),
      // A wrong password, so the account stays: 400, after argon2.
      deactivate: (t, p) =>
        t === 'rest'
          ? rest('POST', '/api/users/deactivate', p, { reason: '不想用了', password: 'not-my-password1' })
          : trpc('users.deactivate', { reason: '不想用了', password: 'not-my-password1' }, p),
      changePassword: (t, p) =>
        t === 'rest'
          ? rest('POST', '/api/auth/change-password', p, { currentPassword: p.user.password, newPassword: p.user.password })
          : trpc('auth.changePassword', { currentPassword: p.user.password, newPassword: p.user.password }, p),
      // A change-phone code asked with the right password for one's own phone: 400, after argon2.
      changePhoneCode: (t, p) =>
        t === 'rest'
          ? rest('POST', '/api/auth/send-sms-code', p, { phone: p.user.phone, purpose: 'change_phone', currentPassword: p.user.password })
          : trpc('auth.sendSmsCode', { phone: p.user.phone, purpose: 'change_phone', currentPassword: p.user.password }, p),
    };
    const { perMinute } = WRITE_LIMIT_DEFAULTS.passwords;
    for (const [name, check] of Object.entries(checks)) {
      const p = await person();
      for (let i = 0; i < perMinute; i++) {
        const answered = await check(transport, p);
        expect([400, 429].includes(answered.status) ? answered.status : answered, `${name} #${i + 1}: ${answered.message}`).toBe(400);
      }
      const refused = await check(transport, p);
      expect([refused.status, refused.message], name).toEqual([429, WRITE_LIMIT_MESSAGES.passwords.member]);
      // The same allowance, on the other transport and the sibling writes.
      for (const sibling of Object.values(checks)) expect((await sibling(other, p)).status, name).toBe(429);
    }
  });

  it('a favourite clicked on and off a few times is fine; a loop is stopped within the minute and, slowed down, within the hour', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2026-12-02T09:00:00Z').getTime();
    vi.setSystemTime(start);
    const p = await person();
    // Normal use: on, off, on, off, on, off.
    for (let i = 0; i < 6; i++) expect((await WRITES.favorites('rest', p, i)).status).toBe(200);
    const { perMinute, perHour } = WRITE_LIMIT_DEFAULTS.favorites;
    // A tight loop: refused once the minute's allowance is spent.
    let done = 6;
    let outcome: Outcome;
    do outcome = await WRITES.favorites('trpc', p, done++);
    while (outcome.status === 200 && done < 1000);
    expect(done - 1).toBe(perMinute);
    expect(outcome.status).toBe(429);
    // A loop slowed to just under the per-minute rate: stopped once the hour's allowance is spent.
    let minute = 0;
    let accepted = perMinute;
    for (;;) {
      minute += 1;
      vi.setSystemTime(start + minute * 61_000);
      let refusedThisMinute = false;
      for (let i = 0; i < perMinute && !refusedThisMinute; i++) {
        const r = await WRITES.favorites('rest', p, done++);
        if (r.status === 200) accepted += 1;
        else {
          expect(r.status).toBe(429);
          refusedThisMinute = true;
          outcome = r;
        }
      }
      if (refusedThisMinute) break;
    }
    expect(accepted).toBe(perHour);
    // The hour's window: Retry-After points past the minute.
    expect(outcome.retryAfter).toBeGreaterThan(60);
    expect(outcome.message).toBe(WRITE_LIMIT_MESSAGES.favorites.member);
  });

  /**
   * Feedback at the member's pace (perMinute a minute, from `ips` in turn) until a write is refused;
   * the writes accepted and the refusal. The clock moves a minute past `start` each round.
   */
  async function feedbackUntilRefused(p: Person, ips: string[], start: number): Promise<{ accepted: number; refused: Outcome }> {
    const { perMinute } = WRITE_LIMIT_DEFAULTS.feedback;
    let accepted = 0;
    for (let minute = 0; minute < 30; minute++) {
      vi.setSystemTime(start + minute * 61_000);
      for (let i = 0; i < perMinute; i++) {
        const n = accepted;
        const r = await WRITES.feedback(Math.floor(n / 2) % 2 ? 'trpc' : 'rest', { ...p, ip: ips[n % ips.length] }, n);
        if (r.status >= 300) return { accepted, refused: r };
        accepted += 1;
      }
    }
    throw new Error('never refused');
  }

  it('the hour of a member is the member’s, not the address’s: two addresses do not double it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const p = await person();
    const { accepted, refused } = await feedbackUntilRefused(p, [freshAddress(), freshAddress()], new Date('2026-12-06T08:00:00Z').getTime());
    expect(accepted).toBe(WRITE_LIMIT_DEFAULTS.feedback.perHour);
    expect([refused.status, refused.message]).toEqual([429, WRITE_LIMIT_MESSAGES.feedback.member]);
    expect(refused.retryAfter).toBeGreaterThan(60);
    // A third address is the same member too.
    expect((await WRITES.feedback('rest', { ...p, ip: freshAddress() }, 99)).status).toBe(429);
  });

  it('members behind one address have an hour each: one who spent theirs does not stop the next', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2026-12-07T08:00:00Z').getTime();
    const shared = freshAddress();
    const first = await person();
    expect((await feedbackUntilRefused(first, [shared], start)).accepted).toBe(WRITE_LIMIT_DEFAULTS.feedback.perHour);
    // Within the same hour, in a minute of its own (the address's minute is not the point here).
    const second = await person();
    const { accepted, refused } = await feedbackUntilRefused(second, [shared], start + 10 * 61_000);
    expect(accepted).toBe(WRITE_LIMIT_DEFAULTS.feedback.perHour);
    expect(refused.message).toBe(WRITE_LIMIT_MESSAGES.feedback.member);
  });

  // assertCurrentPassword counts a check before argon2 and gives a right one back: only wrong ones
  // lock the account's password checks (RATE_PASSWORD_CHECKS_USER_PER_HOUR).
  it('right current passwords are given back: more than the wrong-password allowance in an hour are all accepted', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2026-12-08T08:00:00Z').getTime();
    const p = await person();
    const lockout = loadConfig().rateLimits.passwordChecksPerUserPerHour;
    const perMinute = WRITE_LIMIT_DEFAULTS.passwords.perMinute - 1;
    // A phone change with the right password and no verified code: the password passes, the code is missing.
    const body = { phone: '13900000078', currentPassword: p.user.password };
    for (let n = 0; n < lockout + 2; n++) {
      vi.setSystemTime(start + Math.floor(n / perMinute) * 61_000);
      const r = n % 2 ? await trpc('auth.updatePhone', body, p) : await rest('POST', '/api/auth/update-phone', p, body);
      expect([r.status, r.message], `#${n + 1}`).toEqual([400, '请先验证新手机号的验证码']);
    }
    // Wrong ones are still counted and told apart.
    const wrong = await rest('POST', '/api/auth/update-phone', p, { ...body, currentPassword: 'not-my-password1' });
    expect([wrong.status, wrong.message]).toEqual([400, '当前密码不正确']);
  });

  it('several members behind one address share its allowance; another address is not affected', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-03T08:00:00Z'));
    const shared = freshAddress();
    const { perMinute, ipPerMinute } = WRITE_LIMIT_DEFAULTS.comments;
    let accepted = 0;
    let refused: Outcome | undefined;
    while (!refused && accepted < 200) {
      const p = { ...(await person()), ip: shared };
      for (let i = 0; i < perMinute && !refused; i++) {
        const r = await WRITES.comments(accepted % 2 ? 'trpc' : 'rest', p, i);
        if (r.status === 201 || r.status === 200) accepted += 1;
        else refused = r;
      }
    }
    expect(accepted).toBe(ipPerMinute);
    expect(refused!.status).toBe(429);
    expect(refused!.message).toBe(WRITE_LIMIT_MESSAGES.comments.address);
    expect(refused!.message).toBe('当前网络评论过于频繁，请稍后再试');
    expect(refused!.retryAfter).toBeGreaterThan(0);
    // Someone elsewhere comments as usual.
    expect((await WRITES.comments('rest', await person(), 0)).status).toBe(201);
  });

  it('guests recording views are limited per address', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-04T08:00:00Z'));
    const guest = { ip: freshAddress() };
    const { ipPerMinute } = WRITE_LIMIT_DEFAULTS.views;
    for (let i = 0; i < ipPerMinute; i++) expect((await WRITES.views(i % 2 ? 'trpc' : 'rest', guest as Person, i)).status).toBe(200);
    const refused = await WRITES.views('rest', guest as Person, ipPerMinute);
    expect(refused.status).toBe(429);
    expect(refused.message).toBe(WRITE_LIMIT_MESSAGES.views.address);
    expect((await WRITES.views('trpc', { ip: freshAddress() } as Person, 0)).status).toBe(200);
  });

  // A hostile review, refused SMS codes on 127.0.0.1, got them again on ::1: an IPv6 client picks
  // any address of its /64, so each counted alone made every per-address limit endless.
  it('an IPv6 network counts as one address: the addresses of one /64 share its allowance', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-05T08:00:00Z'));
    const network = `2001:db8:19:${(++addressSeq).toString(16)}`;
    const { ipPerMinute } = WRITE_LIMIT_DEFAULTS.views;
    for (let i = 0; i < ipPerMinute; i++) expect((await WRITES.views(i % 2 ? 'trpc' : 'rest', { ip: `${network}::${(i + 1).toString(16)}` } as Person, i)).status).toBe(200);
    const refused = await WRITES.views('rest', { ip: `${network}:ffff:1:2:3` } as Person, ipPerMinute);
    expect([refused.status, refused.message]).toEqual([429, WRITE_LIMIT_MESSAGES.views.address]);
    // The next /64 is someone else; an IPv4 address written as IPv6 is that IPv4 address.
    expect((await WRITES.views('trpc', { ip: `2001:db8:19:${(++addressSeq).toString(16)}::1` } as Person, 0)).status).toBe(200);
    const v4 = freshAddress();
    for (let i = 0; i < ipPerMinute; i++) expect((await WRITES.views('rest', { ip: i % 2 ? `::ffff:${v4}` : v4 } as Person, i)).status).toBe(200);
    expect((await WRITES.views('rest', { ip: `::ffff:${v4}` } as Person, ipPerMinute)).status).toBe(429);
  });

  it('a flood probe: 120 comments in a burst are mostly refused and the author gets one unread message, not 120', async () => {
    const p = await person();
    const idea = await createIdea(app.deps, author);
    const unread = async () => (await app.api('GET', '/api/messages/unread-count', { token: author.token })).body.count as number;
    const before = await unread();
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 120 }, (_, i) => (i % 2 ? trpc('comments.create', { ideaId: idea, content: `刷屏${i}` }, p) : rest('POST', '/api/comments', p, { ideaId: idea, content: `刷屏${i}` }))),
    );
    const elapsed = Date.now() - started;
    const accepted = answers.filter((a) => a.status === 201 || a.status === 200).length;
    const refused = answers.filter((a) => a.status === 429).length;
    expect(accepted).toBe(WRITE_LIMIT_DEFAULTS.comments.perMinute);
    expect(refused).toBe(120 - accepted);
    expect(answers.every((a) => a.status !== 429 || a.retryAfter > 0)).toBe(true);
    expect(await unread()).toBe(before + 1);
    const stored = await app.deps.db
      .selectFrom('comments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('idea_id', '=', idea)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(accepted);
    console.log(`120 comments in ${elapsed} ms: ${accepted} accepted, ${refused} refused`);
  });

  it('a flood probe: 60 feedback posts in a burst cannot push real feedback out of the admin inbox', async () => {
    const admin = await createUser(app.deps, { role: 'admin' });
    const real = await person();
    expect((await rest('POST', '/api/feedback', real, { content: '上传图片时页面卡住了' })).status).toBe(201);
    const flooder = await person();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => (i % 2 ? trpc('feedback.submit', { content: `刷反馈${i}` }, flooder) : rest('POST', '/api/feedback', flooder, { content: `刷反馈${i}` }))),
    );
    const accepted = answers.filter((a) => a.status === 201 || a.status === 200).length;
    expect(accepted).toBe(WRITE_LIMIT_DEFAULTS.feedback.perMinute);
    expect(answers.filter((a) => a.status === 429).every((a) => a.message === WRITE_LIMIT_MESSAGES.feedback.member)).toBe(true);
    const inbox = await app.api('GET', '/api/admin/feedback', { token: admin.token });
    expect(inbox.status).toBe(200);
    expect(inbox.body.data.map((f: { content: string }) => f.content)).toContain('上传图片时页面卡住了');
  });
});
