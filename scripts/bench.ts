/**
 * `npm run bench`: each hot read of the product against a bare node:http server answering the same
 * bytes, in the same run. The server under test runs alone on core 0 and the load generator
 * (autocannon, in this process) on core 1 where `taskset` exists; the figure to trust is the CPU
 * time the serving process spends per request (from /proc/<pid>/stat), since requests/s swing
 * ±50 % between identical runs on shared machines. Efficiency = bare CPU per request ÷ ours. Both
 * servers run through the whole run and each case measures them in turns (BENCH_ROUNDS slices
 * each), so the load other processes put on the machine falls on both alike.
 *
 * The product runs as `npm start` runs it: the default LOG_LEVEL (info: one log line per request,
 * read by this process from a pipe), members signed in by a real login (POST /api/auth/login).
 *
 * Settings: BENCH_DATABASE_URL (default: a throw-away SQLite file; a mysql:// URL names a database
 * that is created and dropped), BENCH_IDEAS (5000), BENCH_USERS (10000, each with 5 messages),
 * BENCH_SECONDS (5), BENCH_ROUNDS (5), BENCH_CONNECTIONS (10), BENCH_TOGGLES_PER_SECOND (20: the
 * favourite loop's rate), BENCH_ONLY (a regular expression: only the cases whose name matches it),
 * BENCH_MEMBERS (1000: the community, each signed in by a real login).
 *
 * Community mode: every member row is measured twice, once as one member asking again and again,
 * once with the next of BENCH_MEMBERS members on each request (their tokens in turn), the way a
 * community polls; the author rows rotate the 20 members whose cards fill the newest page. The bare
 * server answers each member the bytes the product sent that member. On MySQL the database
 * server's CPU per request is stated beside the app's.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dropMysqlDatabase, openDatabase } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { insertStagedIdea } from '../src/server/ideas/seeding.ts';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoData } from '../src/server/seed/demo.ts';
import { DEFAULT_AVATAR } from '../src/shared/constants.ts';
import { nowDb } from '../db/time.ts';
import { buildClientIfNeeded, DIST_DIR } from './build-client.ts';
import { sql } from 'kysely';
import { hashPassword } from '../src/server/accounts/passwords.ts';
import { cannedKey } from './bench/canned-key.ts';
import { favouriteLoop, fetchRaw, measurePair, type Measure } from './bench/http.ts';
import { cpuMs, hasTaskset, pinSelfToCore1, rssMb, startChild, stopChild } from './bench/processes.ts';

const IDEAS = Number(process.env.BENCH_IDEAS ?? 5000);
const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const TOGGLES_PER_SECOND = Number(process.env.BENCH_TOGGLES_PER_SECOND ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ONLY = process.env.BENCH_ONLY;
const MEMBERS = Math.min(Number(process.env.BENCH_MEMBERS ?? 1000), USERS);
/** The authors of the newest page's cards: the first 20 of the crowd (below). */
const AUTHORS = 20;
// ------------------------------------------------------------------ cases

interface Case {
  name: string;
  path: string;
  headers: Record<string, string>;
  /**
   * The target it is held to: guest — a guest's cached read or page (≥ 0.8); page — a
   * member's marketplace, search or user page, the guests' bytes after the session check (≥ 0.5);
   * idea — an idea's page or its comments, guest or member (≥ 0.4); hot — a member's hot read, one
   * query at most (≥ 0.5); author — a page that shows the caller's own cards; reference — through
   * Express and the database, shown for what an uncached read costs (no target).
   */
  kind: 'guest' | 'page' | 'idea' | 'hot' | 'author' | 'reference';
  /** Community mode: another member on each request (`members`: BENCH_MEMBERS of them; `authors`: the newest page's 20 authors). */
  crowd?: 'members' | 'authors';
  /**
   * While measured, a member toggles a favourite on a card of this page in a loop: a
   * favourite changes `counts` only, so the cached page must stay cached.
   */
  favouriteLoop?: true;
}

// ------------------------------------------------------------------ run

pinSelfToCore1();
await buildClientIfNeeded();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hunter-bench-'));
const mysqlBase = process.env.BENCH_DATABASE_URL;
const databaseUrl = mysqlBase?.startsWith('mysql') ? Object.assign(new URL(mysqlBase), { pathname: `/hunter_bench_${Date.now().toString(36)}` }).toString() : `sqlite:${path.join(tmp, 'bench.db')}`;

const handle = await openDatabase(databaseUrl);
await migrateToLatest(handle.db);
await seedDemoData(handle.db);
const author = await handle.db.selectFrom('users').select('id').where('registration_number', '=', DEMO_USERS[0].registrationNumber).executeTakeFirstOrThrow();
for (let i = 0; i < IDEAS; i++) {
  await insertStagedIdea(handle.db, {
    userId: author.id,
    title: `压测创意 ${i}`,
    description: `用于测量列表读取速度的创意，第 ${i} 条`,
    analysis: '<p>详细分析</p>',
    tags: ['压测', `组${i % 20}`],
    favorites: i % 50,
  });
}
// The community around the lists: members with messages, some followed by the demo member (who is
// the admin sending announcements), 20 of those with an idea this week.
const at = nowDb();
for (let from = 0; from < USERS; from += 500) {
  const rows = Array.from({ length: Math.min(500, USERS - from) }, (_, k) => {
    const n = from + k;
    return {
      registration_number: `bx${String(200000 + n).padStart(6, '0')}`,
      phone: `139${String(n).padStart(8, '0')}`,
      email: null,
      password_hash: null,
      nickname: `压测用户${n}`,
      avatar_url: DEFAULT_AVATAR,
      bio: null,
      role: 'member' as const,
      status: 'active' as const,
      created_at: at,
      updated_at: at,
    };
  });
  await handle.db.insertInto('users').values(rows).execute();
}
const crowd = await handle.db.selectFrom('users').select(['id', 'phone']).where('registration_number', 'like', 'bx2%').orderBy('id').execute();
// The community signs in with a password like anyone (one hash: argon2 per member would take minutes).
const crowdPasswordHash = await hashPassword(DEMO_PASSWORD);
for (let from = 0; from < MEMBERS; from += 500) {
  const ids = crowd.slice(from, Math.min(MEMBERS, from + 500)).map((u) => u.id);
  await handle.db.updateTable('users').set({ password_hash: crowdPasswordHash }).where('id', 'in', ids).execute();
}
for (let from = 0; from < crowd.length; from += 100) {
  const slice = crowd.slice(from, from + 100);
  await handle.db
    .insertInto('messages')
    .values(
      slice.flatMap((u) =>
        Array.from({ length: 5 }, (_, k) => ({
          user_id: u.id,
          type: 'system' as const,
          title: '系统通知',
          content: `第 ${k} 条消息`,
          priority: 'normal' as const,
          sender: 'system' as const,
          is_read: k % 2,
          read_at: null,
          original_feedback: null,
          idea_id: null,
          announcement_id: null,
          created_at: at,
        })),
      ),
    )
    .execute();
}
await handle.db.updateTable('users').set({ role: 'admin' }).where('id', '=', author.id).execute();
const followed = crowd.slice(0, 200);
await handle.db
  .insertInto('follows')
  .values(followed.map((u) => ({ follower_id: author.id, followee_id: u.id, created_at: at })))
  .execute();
// A second demo member follows 20 (the same 20 with an idea this week): the cost grows with the follows.
const reader = await handle.db.selectFrom('users').select('id').where('registration_number', '=', DEMO_USERS[1].registrationNumber).executeTakeFirstOrThrow();
await handle.db
  .insertInto('follows')
  .values(followed.slice(0, 20).map((u) => ({ follower_id: reader.id, followee_id: u.id, created_at: at })))
  .execute();
for (const u of followed.slice(0, 20)) await insertStagedIdea(handle.db, { userId: u.id, title: `关注的人的新创意 ${u.id}`, description: '最近一周发布', tags: ['关注'] });
const someIdea = await handle.db.selectFrom('ideas').select('id').where('user_id', '=', author.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
// The idea page measured: 12 comments by the crowd, the reader's like on two of them.
const commented = someIdea.id;
for (const [k, u] of crowd.slice(0, 12).entries()) {
  await handle.db
    .insertInto('comments')
    .values({ idea_id: commented, user_id: u.id, parent_id: null, reply_to_id: null, content: `压测评论 ${k}：这个创意的第 ${k} 条看法`, like_count: k % 3, dislike_count: 0, created_at: at })
    .execute();
}
await handle.db.updateTable('ideas').set({ comment_count: 12 }).where('id', '=', commented).execute();
const commentIds = (await handle.db.selectFrom('comments').select('id').where('idea_id', '=', commented).orderBy('id').execute()).map((c) => c.id);
for (const id of commentIds.slice(0, 2)) await handle.db.insertInto('comment_reactions').values({ comment_id: id, user_id: reader.id, kind: 'like', created_at: at }).execute();
const authorNumber = DEMO_USERS[0].registrationNumber;
const databasePid = databaseUrl.startsWith('mysql') ? await mysqlServerPid(handle) : undefined;
await handle.close();

const product = await startChild('scripts/bench/serve-product.ts', { DATABASE_URL: databaseUrl, CACHE_TTL_MS: process.env.CACHE_TTL_MS ?? '2000' });
const login = await fetch(`http://127.0.0.1:${product.port}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ loginType: 'phone', phone: DEMO_USERS[0].phone, password: DEMO_PASSWORD }),
});
const token = ((await login.json()) as { data: { token: string } }).data.token;
const readerLogin = await fetch(`http://127.0.0.1:${product.port}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ loginType: 'phone', phone: DEMO_USERS[1].phone, password: DEMO_PASSWORD }),
});
const readerToken = ((await readerLogin.json()) as { data: { token: string } }).data.token;
const community = await signIn(
  product.port,
  crowd.slice(0, MEMBERS).map((u) => u.phone!),
);
const authors = community.slice(0, AUTHORS);
const entry = fs.readFileSync(path.join(DIST_DIR, 'index.html'), 'utf8').match(/src="(\/assets\/index-[^"]+\.js)"/)?.[1] ?? '/';

const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };
const MEMBER = { ...BROWSER, authorization: `Bearer ${token}` };
const READER = { ...BROWSER, authorization: `Bearer ${readerToken}` };

// Sending an announcement with USERS members: one row, whatever their number (timed, 5 sends).
const announceMs: number[] = [];
for (let i = 0; i < 5; i++) {
  const started = performance.now();
  const sent = await fetch(`http://127.0.0.1:${product.port}/api/messages/announcement`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ title: `压测公告 ${i}`, content: '公告内容' }),
  });
  if (sent.status !== 201) throw new Error(`announcement answered ${sent.status}`);
  announceMs.push(performance.now() - started);
}
// A card on the guests' newest page, for the favourite loop (the reader is not its author).
const newestPage = (await (await fetch(`http://127.0.0.1:${product.port}/api/marketplace/ideas?sort=newest`)).json()) as { data: { id: number }[] };
const toggledIdea = newestPage.data[0].id;
const trpc = (name: string, input?: unknown) => `/trpc/${name}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`;
const SEARCH = '压测';
/** Words in the titles of the 20 newest cards, each by another member of the community. */
const AUTHOR_SEARCH = '关注的人';
const allCases: Case[] = [
  { name: '首页 HTML  GET /', path: '/', headers: BROWSER, kind: 'guest' },
  { name: '入口脚本（brotli）', path: entry, headers: BROWSER, kind: 'guest' },
  { name: 'GET /api/ideas/guest', path: '/api/ideas/guest', headers: BROWSER, kind: 'guest' },
  { name: 'GET /api/ideas/hot', path: '/api/ideas/hot', headers: BROWSER, kind: 'guest' },
  { name: 'GET /api/marketplace/ideas（游客，最新）', path: '/api/marketplace/ideas?sort=newest', headers: BROWSER, kind: 'guest' },
  { name: 'GET /api/marketplace/ideas（游客，最新；同时一位会员循环切换收藏）', path: '/api/marketplace/ideas?sort=newest', headers: BROWSER, kind: 'guest', favouriteLoop: true },
  { name: 'GET /api/marketplace/ideas（游客，随机）', path: '/api/marketplace/ideas?sort=random&seed=7', headers: BROWSER, kind: 'guest' },
  { name: 'tRPC ideas.publicPage（游客）', path: trpc('ideas.publicPage', { limit: 6 }), headers: BROWSER, kind: 'guest' },
  { name: `GET /api/marketplace/search（游客，「${SEARCH}」）`, path: `/api/marketplace/search?q=${encodeURIComponent(SEARCH)}`, headers: BROWSER, kind: 'guest' },
  { name: 'GET /api/ideas/user/{编号}（游客，用户页）', path: `/api/ideas/user/${authorNumber}`, headers: BROWSER, kind: 'guest' },
  { name: 'tRPC marketplace.ideas（会员，最新）', path: trpc('marketplace.ideas', { sort: 'newest', limit: 20 }), headers: READER, kind: 'page' },
  { name: 'tRPC marketplace.ideas（会员，随机）', path: trpc('marketplace.ideas', { sort: 'random', seed: 7, limit: 20 }), headers: READER, kind: 'page' },
  { name: 'GET /api/marketplace/ideas（会员，最新）', path: '/api/marketplace/ideas?sort=newest', headers: READER, kind: 'page' },
  { name: `tRPC marketplace.search（会员，「${SEARCH}」）`, path: trpc('marketplace.search', { q: SEARCH, limit: 20 }), headers: READER, kind: 'page' },
  { name: 'tRPC ideas.userPublic（会员，用户页的创意）', path: trpc('ideas.userPublic', { id: authorNumber, limit: 50 }), headers: READER, kind: 'page' },
  { name: 'tRPC auth.publicUser（会员，用户页的资料）', path: trpc('auth.publicUser', { registrationNumber: authorNumber }), headers: READER, kind: 'page' },
  { name: 'GET /api/ideas/{id}（游客，创意详情）', path: `/api/ideas/${commented}`, headers: BROWSER, kind: 'idea' },
  { name: 'tRPC ideas.byId（会员，创意详情）', path: trpc('ideas.byId', { id: commented }), headers: READER, kind: 'idea' },
  { name: 'GET /api/ideas/{id}（会员，创意详情）', path: `/api/ideas/${commented}`, headers: READER, kind: 'idea' },
  { name: 'GET /api/comments/idea/{id}（游客，12 条评论）', path: `/api/comments/idea/${commented}`, headers: BROWSER, kind: 'idea' },
  { name: 'tRPC comments.list（会员，12 条评论）', path: trpc('comments.list', { ideaId: commented }), headers: READER, kind: 'idea' },
  { name: 'GET /api/auth/me（会员）', path: '/api/auth/me', headers: READER, kind: 'hot' },
  { name: 'tRPC auth.me（会员）', path: trpc('auth.me'), headers: READER, kind: 'hot' },
  { name: 'GET /api/messages/unread-count（会员）', path: '/api/messages/unread-count', headers: READER, kind: 'hot' },
  { name: 'tRPC messages.unreadCount（会员）', path: trpc('messages.unreadCount'), headers: READER, kind: 'hot' },
  { name: 'tRPC favorites.check（会员）', path: trpc('favorites.check', { ideaId: commented }), headers: READER, kind: 'hot' },
  { name: 'tRPC follows.check（会员）', path: trpc('follows.check', { registrationNumber: authorNumber }), headers: READER, kind: 'hot' },
  { name: 'tRPC comments.interactions（会员，12 条）', path: trpc('comments.interactions', { commentIds }), headers: READER, kind: 'hot' },
  { name: 'tRPC ideas.viewer（会员，创意页的个人状态）', path: trpc('ideas.viewer', { id: commented }), headers: READER, kind: 'hot' },
  { name: 'tRPC marketplace.ideas（作者：最新一页有自己的卡片）', path: trpc('marketplace.ideas', { sort: 'newest', limit: 20 }), headers: BROWSER, kind: 'author', crowd: 'authors' },
  { name: 'GET /api/marketplace/ideas（作者，最新）', path: '/api/marketplace/ideas?sort=newest', headers: BROWSER, kind: 'author', crowd: 'authors' },
  {
    name: `tRPC marketplace.search（作者，「${AUTHOR_SEARCH}」搜到自己的创意）`,
    path: trpc('marketplace.search', { q: AUTHOR_SEARCH, limit: 20 }),
    headers: BROWSER,
    kind: 'author',
    crowd: 'authors',
  },
  { name: `GET /api/marketplace/search（作者，「${AUTHOR_SEARCH}」）`, path: `/api/marketplace/search?q=${encodeURIComponent(AUTHOR_SEARCH)}`, headers: BROWSER, kind: 'author', crowd: 'authors' },
  { name: 'GET /api/follows/updates（会员，关注 20 人）', path: '/api/follows/updates?following=20', headers: READER, kind: 'reference' },
  { name: 'GET /api/follows/updates（会员，关注 200 人）', path: '/api/follows/updates', headers: MEMBER, kind: 'reference' },
  { name: 'GET /api/ideas/my（会员的创意库，参考）', path: '/api/ideas/my?status=all', headers: READER, kind: 'reference' },
];
// Each member row again, with another member of the community on each request.
const withCommunity = allCases.flatMap((c): Case[] =>
  c.headers === READER && c.kind !== 'reference' ? [c, { ...c, name: `${c.name}【社区：${MEMBERS} 位会员轮流】`, headers: BROWSER, crowd: 'members' }] : [c],
);
const cases = ONLY ? withCommunity.filter((c) => new RegExp(ONLY).test(c.name)) : withCommunity;
const tokensOf = (c: Case) => (c.crowd === 'authors' ? authors : c.crowd === 'members' ? community : undefined)?.map((t) => `Bearer ${t}`);

// The bare server answers each path with the very bytes the product sent for it.
const canned: Record<string, { status: number; headers: Record<string, string>; body: string }> = {};
const sizes = new Map<string, number>();
for (const c of cases) {
  const authorizations = tokensOf(c);
  for (const authorization of authorizations ?? [undefined]) {
    const raw = await fetchRaw(product.port, { path: c.path, headers: authorization ? { ...c.headers, authorization } : c.headers });
    if (raw.status !== 200) throw new Error(`${c.path} answered ${raw.status}`);
    canned[authorization ? cannedKey(c.path, authorization) : c.path] ??= { status: raw.status, headers: raw.headers, body: raw.body.toString('base64') };
    if (!sizes.has(c.name)) sizes.set(c.name, raw.body.length);
  }
}
const cannedFile = path.join(tmp, 'canned.json');
fs.writeFileSync(cannedFile, JSON.stringify(canned));
const bare = await startChild('scripts/bench/serve-bare.ts', { BENCH_CANNED: cannedFile });

// Keyed by case name: two cases may share a path (the favourite loop's row).
const ours = new Map<string, Measure>();
const floor = new Map<string, Measure>();
let loopResult: { toggles: number; failed: number; seconds: number } | undefined;
for (const c of cases) {
  const loop = c.favouriteLoop ? favouriteLoop(product.port, readerToken, toggledIdea, TOGGLES_PER_SECOND) : undefined;
  const load = { path: c.path, headers: c.headers, authorizations: tokensOf(c) };
  const [o, b] = await measurePair({ port: product.port, pid: product.child.pid!, alsoPid: databasePid }, { port: bare.port, pid: bare.child.pid! }, load, SECONDS, CONNECTIONS, ROUNDS);
  ours.set(c.name, o);
  floor.set(c.name, b);
  if (loop) loopResult = await loop.stop();
}
// The loop alone, for its own share of the row's CPU: each toggle is a write through Express.
const aloneLoop = favouriteLoop(product.port, readerToken, toggledIdea, TOGGLES_PER_SECOND);
const aloneCpuBefore = cpuMs(product.child.pid!);
await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
const aloneCpuMs = cpuMs(product.child.pid!) - aloneCpuBefore;
const alone = await aloneLoop.stop();
const productRss = rssMb(product.child.pid!);
await stopChild(product.child);
await stopChild(bare.child);

// ------------------------------------------------------------------ report

const onMysql = databaseUrl.startsWith('mysql');
/** Targets: one member asking again and again, and (community) another member each request; on MySQL a hot read's app share only. */
const TARGET = { guest: 0.8, page: 0.5, idea: 0.4, hot: 0.5, author: 0.4, reference: 0 };
const COMMUNITY_TARGET = { guest: 0.8, page: 0.6, idea: 0.6, hot: onMysql ? 0.35 : 0.5, author: 0.4, reference: 0 };
const targetOf = (c: Case) => (c.crowd ? COMMUNITY_TARGET : TARGET)[c.kind];
console.log(
  `\n数据库 ${onMysql ? 'MySQL/MariaDB' : 'SQLite'}，${IDEAS} 个创意，社区 ${MEMBERS} 位会员；每项各 ${SECONDS} 秒（${ROUNDS} 轮交替），${CONNECTIONS} 个连接；LOG_LEVEL=${process.env.LOG_LEVEL ?? 'info（默认）'}；${hasTaskset ? '服务进程固定在 0 号核，压测在 1 号核' : '没有 taskset：未固定核心'}；负载 ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ')}`,
);
const databaseColumn = databasePid !== undefined;
console.log(`| 接口 | 字节 | 我们 请求/秒 | 裸服务 请求/秒 | 我们 CPU µs/请求 | 裸服务 CPU µs/请求 | CPU 效率 | 目标 | p50 / p99 ms |${databaseColumn ? ' 数据库 CPU µs/请求 |' : ''}`);
console.log(`|---|---:|---:|---:|---:|---:|---:|---:|---:|${databaseColumn ? '---:|' : ''}`);
let missed = 0;
for (const c of cases) {
  const o = ours.get(c.name)!;
  const b = floor.get(c.name)!;
  const efficiency = b.cpuUsPerRequest / o.cpuUsPerRequest;
  const target = targetOf(c);
  if (efficiency < target) missed++;
  const targetText = target ? `≥ ${target}` : '—';
  const errors = o.errors || b.errors ? `（错误 ${o.errors}/${b.errors}）` : '';
  const database = databaseColumn ? ` ${o.alsoCpuUsPerRequest!.toFixed(1)} |` : '';
  console.log(
    `| ${c.name} | ${sizes.get(c.name)} | ${o.rps.toFixed(0)} | ${b.rps.toFixed(0)} | ${o.cpuUsPerRequest.toFixed(1)} | ${b.cpuUsPerRequest.toFixed(1)} | ${efficiency.toFixed(2)} | ${targetText} | ${o.p50} / ${o.p99}${errors} |${database}`,
  );
}
console.log(missed ? `\n${missed} 项未达到 CPU 效率目标。` : '\n所有接口都达到了 CPU 效率目标。');
if (loopResult && cases.some((c) => c.favouriteLoop)) {
  const loopCase = cases.find((c) => c.favouriteLoop)!;
  const perToggleMs = aloneCpuMs / Math.max(1, alone.toggles);
  const rowRequests = ours.get(loopCase.name)!.rps * SECONDS;
  // Toggles during the measured seconds (the loop also ran through the 1 s warm-up).
  const share = (perToggleMs * 1000 * (loopResult.toggles / loopResult.seconds) * SECONDS) / Math.max(1, rowRequests);
  console.log(
    `\n收藏循环（基准测试关闭了限流）：${loopResult.seconds.toFixed(1)} 秒内切换 ${loopResult.toggles} 次（每秒 ${(loopResult.toggles / loopResult.seconds).toFixed(1)} 次），失败 ${loopResult.failed} 次。`,
  );
  console.log(`单独运行收藏循环：每次切换占服务进程 ${perToggleMs.toFixed(2)} ms CPU；上表该行每个游客请求中约 ${share.toFixed(1)} µs 是切换本身的开销。`);
}
console.log(`\n压测结束时服务进程的 RSS：${productRss.toFixed(0)} MB。`);
announceMs.sort((x, y) => x - y);
console.log(`\n发布公告（${USERS} 个用户，各 5 条消息）：5 次，中位 ${announceMs[2].toFixed(1)} ms，最慢 ${announceMs[4].toFixed(1)} ms（只写一行，用户下次读取消息时收到）。`);

if (onMysql) await dropMysqlDatabase(databaseUrl);
fs.rmSync(tmp, { recursive: true, force: true });

// ------------------------------------------------------------------ helpers

/** Real logins (POST /api/auth/login), a few at a time: argon2 is the cost of each. */
async function signIn(port: number, phones: string[]): Promise<string[]> {
  const tokens: string[] = new Array(phones.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < phones.length; i = next++) {
      const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ loginType: 'phone', phone: phones[i], password: DEMO_PASSWORD }),
      });
      if (res.status !== 200) throw new Error(`login of ${phones[i]} answered ${res.status}`);
      tokens[i] = ((await res.json()) as { data: { token: string } }).data.token;
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return tokens;
}

/** The MySQL server's pid, when it runs on this machine and its pid file is readable (else its CPU is not stated). */
async function mysqlServerPid(h: Awaited<ReturnType<typeof openDatabase>>): Promise<number | undefined> {
  const { rows } = await sql<{ file: string }>`select @@pid_file as file`.execute(h.db);
  try {
    const pid = Number(fs.readFileSync(rows[0].file, 'utf8').trim());
    return fs.existsSync(`/proc/${pid}/stat`) ? pid : undefined;
  } catch {
    return undefined;
  }
}
