/**
 * `npm run bench`: each hot read of the product against a bare node:http server answering the same
 * bytes, in the same run. The server under test runs alone on core 0 and the load generator
 * (autocannon, in this process) on core 1 where `taskset` exists; the figure to trust is the CPU
 * time the serving process spends per request (from /proc/<pid>/stat), since requests/s swing
 * ±50 % between identical runs on shared machines. Efficiency = bare CPU per request ÷ ours.
 *
 * Settings: BENCH_DATABASE_URL (default: a throw-away SQLite file; a mysql:// URL names a database
 * that is created and dropped), BENCH_IDEAS (5000), BENCH_SECONDS (5), BENCH_CONNECTIONS (10).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dropMysqlDatabase, openDatabase } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { insertStagedIdea } from '../src/server/ideas/seeding.ts';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoData } from '../src/server/seed/demo.ts';
import { buildClientIfNeeded, DIST_DIR } from './build-client.ts';
import { fetchRaw, measure as measureCase, type Measure } from './bench/http.ts';
import { hasTaskset, pinSelfToCore1, startChild, stopChild } from './bench/processes.ts';

const IDEAS = Number(process.env.BENCH_IDEAS ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const measure = (port: number, pid: number, c: Case) => measureCase(port, pid, c, SECONDS, CONNECTIONS);
// ------------------------------------------------------------------ cases

interface Case {
  name: string;
  path: string;
  headers: Record<string, string>;
  /**
   * guest: from the fast lane's cache; member: a member's hot read in the fast lane (session check and
   * the operation, no Express); reference: a full member list through Express and the database, shown
   * for what a cache-less read costs (no target).
   */
  kind: 'guest' | 'member' | 'reference';
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
  await insertStagedIdea(handle.db, { userId: author.id, title: `压测创意 ${i}`, description: `用于测量列表读取速度的创意，第 ${i} 条`, analysis: '<p>详细分析</p>', tags: ['压测', `组${i % 20}`], favorites: i % 50 });
}
await handle.close();

const product = await startChild('scripts/bench/serve-product.ts', { DATABASE_URL: databaseUrl, CACHE_TTL_MS: process.env.CACHE_TTL_MS ?? '2000' });
const login = await fetch(`http://127.0.0.1:${product.port}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ loginType: 'phone', phone: DEMO_USERS[0].phone, password: DEMO_PASSWORD }) });
const token = ((await login.json()) as { data: { token: string } }).data.token;
const entry = fs.readFileSync(path.join(DIST_DIR, 'index.html'), 'utf8').match(/src="(\/assets\/index-[^"]+\.js)"/)?.[1] ?? '/';

const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };
const MEMBER = { ...BROWSER, authorization: `Bearer ${token}` };
const cases: Case[] = [
  { name: '首页 HTML  GET /', path: '/', headers: BROWSER, kind: 'guest' },
  { name: '入口脚本（brotli）', path: entry, headers: BROWSER, kind: 'guest' },
  { name: 'GET /api/ideas/guest', path: '/api/ideas/guest', headers: BROWSER, kind: 'guest' },
  { name: 'GET /api/ideas/hot', path: '/api/ideas/hot', headers: BROWSER, kind: 'guest' },
  { name: 'GET /api/marketplace/ideas（游客，最新）', path: '/api/marketplace/ideas?sort=newest', headers: BROWSER, kind: 'guest' },
  { name: 'GET /api/marketplace/ideas（游客，随机）', path: '/api/marketplace/ideas?sort=random&seed=7', headers: BROWSER, kind: 'guest' },
  { name: 'tRPC ideas.publicPage（游客）', path: `/trpc/ideas.publicPage?input=${encodeURIComponent(JSON.stringify({ limit: 6 }))}`, headers: BROWSER, kind: 'guest' },
  { name: 'GET /api/auth/me（会员）', path: '/api/auth/me', headers: MEMBER, kind: 'member' },
  { name: 'GET /api/ideas/all?limit=20（会员，参考）', path: '/api/ideas/all?limit=20', headers: MEMBER, kind: 'reference' },
];

const canned: Record<string, { status: number; headers: Record<string, string>; body: string }> = {};
const ours = new Map<string, Measure>();
const sizes = new Map<string, number>();
for (const c of cases) {
  const raw = await fetchRaw(product.port, c);
  if (raw.status !== 200) throw new Error(`${c.path} answered ${raw.status}`);
  canned[c.path] = { status: raw.status, headers: raw.headers, body: raw.body.toString('base64') };
  sizes.set(c.path, raw.body.length);
  ours.set(c.path, await measure(product.port, product.child.pid!, c));
}
await stopChild(product.child);

const cannedFile = path.join(tmp, 'canned.json');
fs.writeFileSync(cannedFile, JSON.stringify(canned));
const bare = await startChild('scripts/bench/serve-bare.ts', { BENCH_CANNED: cannedFile });
const floor = new Map<string, Measure>();
for (const c of cases) floor.set(c.path, await measure(bare.port, bare.child.pid!, c));
await stopChild(bare.child);

// ------------------------------------------------------------------ report

const TARGET = { guest: 0.5, member: 0.25, reference: 0 };
console.log(`\n数据库 ${databaseUrl.startsWith('mysql') ? 'MySQL/MariaDB' : 'SQLite'}，${IDEAS} 个创意；每项 ${SECONDS} 秒，${CONNECTIONS} 个连接；${hasTaskset ? '服务进程固定在 0 号核，压测在 1 号核' : '没有 taskset：未固定核心'}`);
console.log('| 接口 | 字节 | 我们 请求/秒 | 裸服务 请求/秒 | 我们 CPU µs/请求 | 裸服务 CPU µs/请求 | CPU 效率 | 目标 | p50 / p99 ms |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
let missed = 0;
for (const c of cases) {
  const o = ours.get(c.path)!;
  const b = floor.get(c.path)!;
  const efficiency = b.cpuUsPerRequest / o.cpuUsPerRequest;
  const target = TARGET[c.kind];
  if (efficiency < target) missed++;
  const targetText = target ? `≥ ${target}` : '—';
  const errors = o.errors || b.errors ? `（错误 ${o.errors}/${b.errors}）` : '';
  console.log(`| ${c.name} | ${sizes.get(c.path)} | ${o.rps.toFixed(0)} | ${b.rps.toFixed(0)} | ${o.cpuUsPerRequest.toFixed(1)} | ${b.cpuUsPerRequest.toFixed(1)} | ${efficiency.toFixed(2)} | ${targetText} | ${o.p50} / ${o.p99}${errors} |`);
}
console.log(missed ? `\n${missed} 项未达到 CPU 效率目标。` : '\n所有接口都达到了 CPU 效率目标。');

if (databaseUrl.startsWith('mysql')) await dropMysqlDatabase(databaseUrl);
fs.rmSync(tmp, { recursive: true, force: true });
