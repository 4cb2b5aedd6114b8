/**
 * Part of `npm run bench`: a guest's worst search at 100,000 ideas. Seeds the
 * discovery data (scripts/bench/discovery-data.ts: 100,000 approved ideas by 10,000 users, about 9
 * million search entries) into a throw-away database — SQLite, or BENCH_DATABASE_URL=mysql://… — then
 * times the search service call (`searchPage`, a guest, the first page of 20, as the fast lane
 * computes it on a miss) for a set of hard queries: the most common characters and bigrams of the
 * index alone, repeated words (`健康的健康`), pairs of common words that rarely meet, runs of common
 * bigrams, 1–10 characters cut from real descriptions and random common characters. Each query runs
 * BENCH_SEARCH_SAMPLES times (200: a query's p99 is then its third-slowest call; with 50 it was its
 * slowest); the table lists the slowest by their median, and the summary the worst query's p50/p99,
 * the p99 over every call, the queries whose p99 passes 10 ms, and the calls over 10 ms with how many
 * of them a garbage collection paused. On SQLite the service's CPU time per call is shown too (the
 * database runs in the process), the figure to trust on a busy machine.
 *
 * Settings: BENCH_SEARCH_IDEAS (100000), BENCH_SEARCH_SAMPLES (200), BENCH_REUSE=<url> measures a
 * database kept with BENCH_KEEP=1 (here or by bench:discovery) without seeding it again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance, PerformanceObserver } from 'node:perf_hooks';
import { dropMysqlDatabase, openDatabase } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { loadConfig } from '../src/server/kernel/config.ts';
import { createDeps } from '../src/server/create-deps.ts';
import { searchPage, SEARCH_BUDGETS } from '../src/server/search/query.ts';
import { seedDiscovery } from './bench/discovery-data.ts';
import { threadCpuMs } from './bench/processes.ts';

const IDEAS = Number(process.env.BENCH_SEARCH_IDEAS ?? 100_000);
const SAMPLES = Number(process.env.BENCH_SEARCH_SAMPLES ?? 200);
const SLOW_MS = 10;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hunter-bench-search-'));
const base = process.env.BENCH_DATABASE_URL;
const reuse = process.env.BENCH_REUSE;
const keep = process.env.BENCH_KEEP === '1' || !!reuse;
const sqliteFile = keep ? path.join(os.tmpdir(), `hunter-bench-search-${Date.now().toString(36)}.db`) : path.join(tmp, 'search.db');
const databaseUrl = reuse ?? (base?.startsWith('mysql') ? Object.assign(new URL(base), { pathname: `/hunter_bench_search_${Date.now().toString(36)}` }).toString() : `sqlite:${sqliteFile}`);

// A fixed sequence, so two runs time the same queries.
let state = 20261126;
const random = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];

const handle = await openDatabase(databaseUrl);
try {
  await migrateToLatest(handle.db);
  const deps = createDeps(handle, { ...loadConfig(), databaseUrl });
  const dialect = handle.dialect === 'mysql' ? 'MariaDB' : 'SQLite';
  const sqlite = handle.dialect === 'sqlite';
  if (!reuse) {
    console.log(`\n搜索最坏情况：${dialect}，写入 ${IDEAS} 个创意…`);
    await seedDiscovery(deps, { ideas: IDEAS, users: Math.max(1, Math.round(IDEAS / 10)) });
  }
  if (keep) console.log(`数据库保留：BENCH_REUSE=${databaseUrl}`);

  // The index's most common unigrams and bigrams (every field's grams, kind 2), from a sample of ideas.
  const sample = await handle.db.selectFrom('idea_search_texts').select(['title', 'body']).orderBy('idea_id', 'desc').limit(3000).execute();
  const freq = new Map<string, number>();
  for (const r of sample) {
    const seen = new Set<string>();
    for (const field of [r.title, ...r.body.split('\n')]) {
      const chars = [...field];
      chars.forEach((c, i) => {
        seen.add(c);
        if (i + 1 < chars.length) seen.add(c + chars[i + 1]);
      });
    }
    for (const g of seen) freq.set(g, (freq.get(g) ?? 0) + 1);
  }
  const byFreq = [...freq].sort((a, b) => b[1] - a[1]).map(([g]) => g);
  const chars = byFreq.filter((g) => [...g].length === 1).slice(0, 12);
  const bigrams = byFreq.filter((g) => [...g].length === 2).slice(0, 12);
  const descriptions = sample.map((r) => r.body.split('\n')[0]).filter((d) => [...d].length >= 10);

  const queries = new Set<string>();
  for (const c of chars) queries.add(c);
  for (const g of bigrams) queries.add(g);
  // Repeated words: every bigram of the query is common, the query itself rare or absent.
  for (const g of bigrams.slice(0, 6)) {
    queries.add(`${g}${chars[0]}${g}`);
    queries.add(`${g}${g}`);
    queries.add(`${g}${chars[0]}${g}${chars[0]}${g}`.slice(0, 10));
  }
  queries.add('健康的健康');
  queries.add(chars[0].repeat(10));
  // Common words that rarely meet, as words (AND) and as one run.
  for (let k = 0; k < 8; k++) {
    const [a, b] = [pick(bigrams), pick(bigrams)];
    queries.add(`${a} ${b}`);
    queries.add(`${a}${b}`);
    queries.add(`${a}${pick(bigrams)}${b}`);
  }
  queries.add(chars.slice(0, 5).join(' '));
  queries.add(chars.slice(0, 10).join(' '));
  // Cut from real descriptions (they exist), 1–10 characters, and random common characters.
  for (let k = 0; k < 20; k++) {
    const d = [...pick(descriptions)];
    const len = 1 + Math.floor(random() * 10);
    const at = Math.floor(random() * Math.max(1, d.length - len));
    queries.add(d.slice(at, at + len).join(''));
    queries.add(Array.from({ length: len }, () => pick(chars)).join(''));
  }

  // MariaDB on this machine: the CPU its threads serving our connections spend (/proc, clock ticks),
  // added to ours per query, as the SQLite rows count the database in our process.
  const serverCpuMs = await mariadbThreadsCpu(handle, databaseUrl);

  interface Timing {
    q: string;
    p50: number;
    p99: number;
    cpu50: number;
    cpu99: number;
    cpuMean: number;
    cards: number;
    more: boolean;
  }
  // Nearest rank: the smallest value with at least p % of the calls at or below it.
  const pct = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
  // The collector's pauses, to tell a slow call that waited for one from a slow query.
  const pauses: { start: number; end: number }[] = [];
  const gcObserver = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) pauses.push({ start: e.startTime, end: e.startTime + e.duration });
  });
  gcObserver.observe({ entryTypes: ['gc'] });
  const slowCalls: { q: string; ms: number; start: number; end: number }[] = [];
  const timings: Timing[] = [];
  const all: number[] = [];
  const allCpu: number[] = [];
  for (const q of queries) {
    const first = await searchPage(deps, null, q, 20);
    for (let i = 0; i < 3; i++) await searchPage(deps, null, q, 20);
    const wall: number[] = [];
    const cpu: number[] = [];
    const server0 = serverCpuMs ? await serverCpuMs() : 0;
    const self0 = process.cpuUsage();
    for (let i = 0; i < SAMPLES; i++) {
      // Back to the event loop between calls, as a server is between requests (the collector's
      // entries are delivered there; SQLite's calls alone never leave the microtask queue).
      await new Promise(setImmediate);
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      await searchPage(deps, null, q, 20);
      const t1 = performance.now();
      wall.push(t1 - t0);
      if (t1 - t0 > SLOW_MS) slowCalls.push({ q, ms: t1 - t0, start: t0, end: t1 });
      const c = process.cpuUsage(c0);
      cpu.push((c.user + c.system) / 1000);
    }
    const self = process.cpuUsage(self0);
    const cpuMean = ((self.user + self.system) / 1000 + (serverCpuMs ? (await serverCpuMs()) - server0 : 0)) / SAMPLES;
    all.push(...wall);
    allCpu.push(...cpu);
    wall.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    timings.push({ q, p50: pct(wall, 50), p99: pct(wall, 99), cpu50: pct(cpu, 50), cpu99: pct(cpu, 99), cpuMean, cards: first.items.length, more: !!first.nextCursor });
  }
  // The last calls' pauses are delivered on the event loop too.
  await new Promise(setImmediate);
  gcObserver.disconnect();
  all.sort((a, b) => a - b);
  allCpu.sort((a, b) => a - b);
  // The slowest by the median (a busy machine's pauses land on any query's p99; the median is the query's own cost).
  timings.sort((a, b) => (sqlite ? b.cpu50 - a.cpu50 : serverCpuMs ? b.cpuMean - a.cpuMean : b.p50 - a.p50));
  const budget = SEARCH_BUDGETS[handle.dialect];
  console.log(`\n搜索最坏情况（游客，服务内调用，${dialect}，${IDEAS} 个创意；${queries.size} 个查询 × ${SAMPLES} 次；预算：每页最多检查 ${budget.entries} 条索引、${budget.rounds} 轮）：`);
  const cpuColumns = (t: Timing) => (sqlite ? ` ${t.cpu50.toFixed(2)} | ${t.cpu99.toFixed(2)} | ${t.cpuMean.toFixed(2)} |` : serverCpuMs ? ` ${t.cpuMean.toFixed(2)} |` : '');
  console.log(`| 查询 | 首页条数 | p50 ms | p99 ms |${sqlite ? ' CPU p50 ms | CPU p99 ms | CPU 平均 ms |' : serverCpuMs ? ' CPU 平均 ms（本进程 + MariaDB 线程） |' : ''}`);
  console.log(`|---|---:|---:|---:|${sqlite ? '---:|---:|---:|' : serverCpuMs ? '---:|' : ''}`);
  for (const t of timings.slice(0, 8)) console.log(`| 「${t.q}」 | ${t.cards}${t.more ? '+' : ''} | ${t.p50.toFixed(2)} | ${t.p99.toFixed(2)} |${cpuColumns(t)}`);
  const worst = timings[0];
  console.log(`| 搜索（游客，${IDEAS} 个创意中最慢的查询「${worst.q}」） | | ${worst.p50.toFixed(2)} | ${worst.p99.toFixed(2)} |${cpuColumns(worst)}`);
  const meanCpu = timings.reduce((sum, t) => sum + t.cpuMean, 0) / timings.length;
  console.log(
    `全部 ${all.length} 次调用：p50 ${pct(all, 50).toFixed(2)} ms，p99 ${pct(all, 99).toFixed(2)} ms，最慢 ${all[all.length - 1].toFixed(2)} ms${sqlite ? `；CPU p50 ${pct(allCpu, 50).toFixed(2)} ms，p99 ${pct(allCpu, 99).toFixed(2)} ms` : ''}${serverCpuMs || sqlite ? `；每个查询的平均 CPU ${meanCpu.toFixed(2)} ms` : ''}（目标：p99 ≤ 10 ms；负载 ${os.loadavg()[0].toFixed(1)}）`,
  );
  const paused = (c: (typeof slowCalls)[number]) => pauses.filter((g) => g.start < c.end && g.end > c.start).reduce((ms, g) => ms + g.end - g.start, 0);
  const overP99 = timings.filter((t) => t.p99 > SLOW_MS);
  console.log(`p99 超过 ${SLOW_MS} ms 的查询：${overP99.length ? overP99.map((t) => `「${t.q}」${t.p99.toFixed(2)}`).join('、') : '没有'}。`);
  console.log(
    `超过 ${SLOW_MS} ms 的调用：${slowCalls.length} 次（共 ${all.length} 次）${
      slowCalls.length
        ? `，其中 ${slowCalls.filter((c) => paused(c) > 0).length} 次期间有垃圾回收暂停；最慢的：${[...slowCalls]
            .sort((a, b) => b.ms - a.ms)
            .slice(0, 5)
            .map((c) => `「${c.q}」${c.ms.toFixed(1)} ms（回收 ${paused(c).toFixed(1)} ms）`)
            .join('、')}`
        : ''
    }。`,
  );
} finally {
  await handle.close();
  if (!keep && databaseUrl.startsWith('mysql')) await dropMysqlDatabase(databaseUrl).catch(() => {});
  fs.rmSync(tmp, { recursive: true, force: true });
}

/**
 * For MariaDB on this machine: a reader of the CPU time (ms) spent by the server threads that serve
 * this database's connections (information_schema.PROCESSLIST's TID, /proc/<pid>/task/<tid>/stat).
 * Null when the server is elsewhere or not readable.
 */
async function mariadbThreadsCpu(h: typeof handle, url: string): Promise<(() => Promise<number>) | null> {
  if (h.dialect !== 'mysql') return null;
  const pid = fs.readdirSync('/proc').find((p) => /^\d+$/.test(p) && ['mariadbd', 'mysqld'].includes(readOr(`/proc/${p}/comm`).trim()));
  if (!pid) return null;
  const database = new URL(url).pathname.slice(1);
  const pool = h.mysqlPool!.promise();
  // Every connection of the pool opened, so each has its thread.
  await Promise.all(Array.from({ length: 10 }, () => pool.query('select sleep(0.01)')));
  const [rows] = (await pool.query('select tid from information_schema.processlist where db = ?', [database])) as unknown as [{ tid: number }[]];
  const tids = rows.map((r) => r.tid);
  if (!tids.length) return null;
  return async () => tids.reduce((sum, tid) => sum + threadCpuMs(Number(pid), tid), 0);
}

function readOr(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
