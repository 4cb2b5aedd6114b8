/**
 * `npm run bench:memory`: the server's resident memory with many ideas' pages in its cache.
 * Seeds BENCH_IDEAS (100,000) public ideas by BENCH_USERS (10,000) members into a throw-away
 * database (SQLite, or BENCH_DATABASE_URL=mysql://… created and dropped), 5 comments on each of the
 * BENCH_PAGES (2,000) ideas it then reads, starts the product as the benchmark does, and warms what
 * the app asks for: each of those ideas' page and comments (tRPC ideas.byId, comments.list, as guest
 * and as a member: members share the guests' bytes), plus the marketplace's first 10 pages of each
 * sort and of 64 random seeds, with a TTL longer than the warm-up so every page read stays cached. It
 * prints the server's RSS before and after, and the cache's own count (entries, bytes) as the server
 * reports it (SIGUSR2 → BENCH_CACHE_REPORT). Search entries are not seeded: no search is read here.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dropMysqlDatabase, openDatabase } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { dbTimeAgo } from '../db/time.ts';
import { hashPassword } from '../src/server/accounts/passwords.ts';
import { DEFAULT_AVATAR } from '../src/shared/constants.ts';
import { buildClientIfNeeded } from './build-client.ts';
import { approvedIdeaRow } from './bench/approved-idea.ts';
import { rssMb, startChild, stopChild } from './bench/processes.ts';

const IDEAS = Number(process.env.BENCH_IDEAS ?? 100_000);
const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const PAGES = Number(process.env.BENCH_PAGES ?? 2_000);
const PASSWORD = 'bench-memory';

await buildClientIfNeeded();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hunter-memory-'));
const mysqlBase = process.env.BENCH_DATABASE_URL;
const databaseUrl = mysqlBase?.startsWith('mysql') ? Object.assign(new URL(mysqlBase), { pathname: `/hunter_memory_${Date.now().toString(36)}` }).toString() : `sqlite:${path.join(tmp, 'memory.db')}`;

const handle = await openDatabase(databaseUrl);
await migrateToLatest(handle.db);
const started = performance.now();
const hash = await hashPassword(PASSWORD);
for (let from = 0; from < USERS; from += 1000) {
  const at = dbTimeAgo(400 * 24 * 3600 * 1000);
  const rows = Array.from({ length: Math.min(1000, USERS - from) }, (_, k) => {
    const n = from + k;
    return {
      registration_number: `bx${String(300000 + n).padStart(6, '0')}`,
      phone: `137${String(n).padStart(8, '0')}`,
      email: null,
      password_hash: n === 0 ? hash : null,
      nickname: `内存压测用户${n}`,
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
const users = (await handle.db.selectFrom('users').select('id').orderBy('id').execute()).map((u) => u.id);
const analysis = `<p>${'这是一段详细分析，说明这个创意要解决的问题、目标用户和做法。'.repeat(6)}</p>`;
for (let from = 0; from < IDEAS; from += 500) {
  const rows = Array.from({ length: Math.min(500, IDEAS - from) }, (_, k) => {
    const n = from + k;
    const at = dbTimeAgo((IDEAS - n) * 60_000);
    return approvedIdeaRow({
      userId: users[n % users.length],
      title: `内存压测创意 ${n}`,
      description: `第 ${n} 个创意的简介：一个帮助社区邻居交换闲置物品的小程序，按距离排序，也能预约上门取件。`,
      analysis,
      at,
      views: n % 97,
      favorites: n % 13,
    });
  });
  await handle.db.insertInto('ideas').values(rows).execute();
}
const ideas = (await handle.db.selectFrom('ideas').select('id').orderBy('id', 'desc').limit(PAGES).execute()).map((r) => r.id);
for (let from = 0; from < IDEAS; from += 1000) {
  const ids = (await handle.db.selectFrom('ideas').select('id').orderBy('id').offset(from).limit(1000).execute()).map((r) => r.id);
  await handle.db
    .insertInto('idea_tags')
    .values(
      ids.flatMap((id, k) => [
        { idea_id: id, position: 0, tag: '生活', tag_fold: '生活' },
        { idea_id: id, position: 1, tag: `组${k % 20}`, tag_fold: `组${k % 20}` },
      ]),
    )
    .execute();
}
const at = dbTimeAgo(3600_000);
for (let from = 0; from < ideas.length; from += 100) {
  const slice = ideas.slice(from, from + 100);
  await handle.db
    .insertInto('comments')
    .values(
      slice.flatMap((id, k) =>
        Array.from({ length: 5 }, (_, c) => ({
          idea_id: id,
          user_id: users[(k * 5 + c) % users.length],
          parent_id: null,
          reply_to_id: null,
          content: `第 ${c + 1} 条评论：这个想法不错，我也遇到过同样的问题。`,
          like_count: c,
          dislike_count: 0,
          created_at: at,
        })),
      ),
    )
    .execute();
  await handle.db.updateTable('ideas').set({ comment_count: 5 }).where('id', 'in', slice).execute();
}
await handle.close();
console.log(`写入 ${IDEAS} 个创意、${USERS} 个用户、${ideas.length * 5} 条评论：${((performance.now() - started) / 1000).toFixed(0)} 秒`);

const report = path.join(tmp, 'cache.json');
// A TTL longer than the warm-up, so every page read stays cached: what is measured is the memory the
// cache's bounds allow, not what the TTL lets expire.
const product = await startChild('scripts/bench/serve-product.ts', {
  DATABASE_URL: databaseUrl,
  BENCH_CACHE_REPORT: report,
  CACHE_TTL_MS: '600000',
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --expose-gc`,
});
const base = `http://127.0.0.1:${product.port}`;
const login = await fetch(`${base}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ loginType: 'phone', phone: '13700000000', password: PASSWORD }),
});
const token = ((await login.json()) as { data: { token: string } }).data.token;
const cacheSize = async () => {
  fs.rmSync(report, { force: true });
  process.kill(product.child.pid!, 'SIGUSR2');
  for (let i = 0; i < 50 && !fs.existsSync(report); i++) await new Promise((r) => setTimeout(r, 20));
  return JSON.parse(fs.readFileSync(report, 'utf8')) as { entries: number; bytes: number; rss: number; heapUsed: number; arrayBuffers: number };
};
const get = async (p: string, withToken = false) => {
  const res = await fetch(base + p, { headers: { 'accept-encoding': 'gzip, deflate, br', ...(withToken ? { authorization: `Bearer ${token}` } : {}) } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${p} answered ${res.status}`);
};
const trpc = (name: string, input: unknown) => `/trpc/${name}?input=${encodeURIComponent(JSON.stringify(input))}`;

await get('/api/marketplace/ideas');
await new Promise((r) => setTimeout(r, 1000));
const empty = await cacheSize();
const before = rssMb(product.child.pid!);
const warmStarted = performance.now();
for (const id of ideas) {
  await get(trpc('ideas.byId', { id }));
  await get(trpc('comments.list', { ideaId: id }));
  await get(trpc('ideas.byId', { id }), true);
  await get(trpc('comments.list', { ideaId: id }), true);
}
for (const sort of ['newest', 'favorites'] as const) {
  let cursor: string | null | undefined;
  for (let page = 0; page < 10; page++) {
    const res = (await (await fetch(base + trpc('marketplace.ideas', { sort, limit: 20, ...(cursor ? { cursor } : {}) }))).json()) as { result: { data: { nextCursor: string | null } } };
    cursor = res.result.data.nextCursor;
  }
}
for (let seed = 1; seed <= 64; seed++) await get(trpc('marketplace.ideas', { sort: 'random', seed, limit: 20 }));
const warmMs = performance.now() - warmStarted;
const size = await cacheSize();
const after = rssMb(product.child.pid!);
await stopChild(product.child);

console.log(`\n| 项 | 值 |\n|---|---:|`);
console.log(`| 服务进程 RSS，预热前 | ${before.toFixed(0)} MB |`);
console.log(`| 服务进程 RSS，预热 ${ideas.length} 个创意页（详情 + 评论，游客与会员）和市场列表后 | ${after.toFixed(0)} MB |`);
console.log(`| 共享缓存：条目 / 计入上限的字节 | ${size.entries} / ${(size.bytes / 1024 / 1024).toFixed(1)} MB |`);
const js = (m: { heapUsed: number; arrayBuffers: number }) => m.heapUsed + m.arrayBuffers;
console.log(
  `| 完整回收后的 JS 堆与 Buffer：预热前 → 预热后（每个条目） | ${(js(empty) / 1024 / 1024).toFixed(1)} → ${(js(size) / 1024 / 1024).toFixed(1)} MB（${((js(size) - js(empty)) / Math.max(1, size.entries - empty.entries) / 1024).toFixed(1)} KB） |`,
);
console.log(`| 预热用时（${ideas.length * 4 + 20 + 64} 次请求，顺序发出） | ${(warmMs / 1000).toFixed(1)} 秒 |`);
console.log('（服务以 CACHE_TTL_MS=600000 运行，预热过的页面都还在缓存里：测的是缓存上限允许的内存。）');

if (databaseUrl.startsWith('mysql')) await dropMysqlDatabase(databaseUrl);
fs.rmSync(tmp, { recursive: true, force: true });
