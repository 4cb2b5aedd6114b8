/**
 * `npm run bench:discovery`: the marketplace sorts and search at 100,000 ideas by 10,000 users, on a
 * throw-away database (SQLite, or BENCH_DATABASE_URL=mysql://… for a database created and dropped).
 *
 * For each case, in the same run:
 * - ours: the operation's service call in this process (the page query, the search's index reads
 *   and the five queries that shape the cards), p50/p95 over BENCH_SAMPLES calls;
 * - floor: for the sorts, the very SQL of the page query sent through the bare driver
 *   (better-sqlite3 / mysql2) with nothing around it; for search, the same answer computed with
 *   `LIKE '%q%'` over the same rows (title, description, tags; the same ranks and order);
 * - HTTP: requests/s and latency through the product server (the fast lane answers first pages
 *   from memory; deep pages and searches with a cursor go through Express), BENCH_CONNECTIONS
 *   connections for BENCH_SECONDS each.
 *
 * Settings: BENCH_IDEAS (100000), BENCH_USERS (10000), BENCH_SAMPLES (200), BENCH_SECONDS (3),
 * BENCH_CONNECTIONS (10). BENCH_KEEP=1 keeps the seeded database and prints its URL;
 * BENCH_REUSE=<that URL> measures it again without seeding (after migrating it to the latest).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { dropMysqlDatabase, openDatabase } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { loadConfig } from '../src/server/kernel/config.ts';
import { createDeps } from '../src/server/create-deps.ts';
import type { Deps } from '../src/server/deps.ts';
import { marketplacePage, seedStart, type MarketSort } from '../src/server/marketplace/service.ts';
import { searchPage } from '../src/server/search/query.ts';
import { getIdea } from '../src/server/ideas/reads.ts';
import { seedDiscovery } from './bench/discovery-data.ts';
import { fetchRaw, measure, type Measure } from './bench/http.ts';
import { pinSelfToCore1, rssMb, startChild, stopChild } from './bench/processes.ts';

const IDEAS = Number(process.env.BENCH_IDEAS ?? 100_000);
const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

// ------------------------------------------------------------------ measuring

/**
 * Records the operation node of every query a call executes, to send the service's very SQL through
 * the bare driver. Subqueries pass through transformQuery too, so only nodes whose result comes back
 * (executed roots) are kept.
 */
class Capture implements KyselyPlugin {
  seen = new Map<unknown, RootOperationNode>();
  nodes: { node: RootOperationNode; queryId: unknown }[] = [];
  transformQuery(args: { node: RootOperationNode; queryId: unknown }) {
    this.seen.set(args.queryId, args.node);
    return args.node;
  }
  async transformResult(args: { result: any; queryId: unknown }) {
    const node = this.seen.get(args.queryId);
    if (node) this.nodes.push({ node, queryId: args.queryId });
    return args.result;
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

interface Timing {
  p50: number;
  p95: number;
  p99: number;
}

/** `fn(i)` n times (i counts the calls, for a case that reads another row each call), after 10 warm-up calls. */
async function timed(fn: (i: number) => Promise<unknown>, n = SAMPLES): Promise<Timing> {
  for (let i = 0; i < Math.min(10, n); i++) await fn(i);
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99) };
}

function bareRunner(deps: Deps, compiled: { sql: string; parameters: readonly unknown[] }): () => Promise<unknown> {
  if (deps.handle.sqlite) {
    const stmt = deps.handle.sqlite.prepare(compiled.sql);
    return async () => stmt.all(...(compiled.parameters as unknown[]));
  }
  const pool = deps.handle.mysqlPool!.promise();
  return async () => (await pool.query(compiled.sql, compiled.parameters as unknown[]))[0];
}

type Compiled = { sql: string; parameters: readonly unknown[] };

/** The queries of one service call, compiled, in order. */
async function queriesOf(deps: Deps, call: (d: Deps) => Promise<unknown>): Promise<Compiled[]> {
  const capture = new Capture();
  const db = deps.db.withPlugin(capture);
  await call({ ...deps, db });
  return capture.nodes.filter((n) => n.node.kind === 'SelectQueryNode').map((n) => db.getExecutor().compileQuery(n.node, n.queryId as never));
}

const EXPLAIN = process.env.BENCH_EXPLAIN === '1';

/** With BENCH_EXPLAIN=1: the plan of each query of a call that reads a range (has a LIMIT). */
async function explain(deps: Deps, name: string, queries: Compiled[]): Promise<void> {
  if (!EXPLAIN) return;
  console.log(`\n— ${name}`);
  for (const q of queries.filter((c) => / limit /i.test(c.sql))) {
    console.log(`  ${q.sql.replace(/\s+/g, ' ').slice(0, 400)}`);
    if (deps.handle.sqlite) {
      for (const r of deps.handle.sqlite.prepare(`explain query plan ${q.sql}`).all(...(q.parameters as unknown[])) as { detail: string }[]) console.log(`    ${r.detail}`);
    } else {
      const [plan] = await deps.handle.mysqlPool!.promise().query(`explain ${q.sql}`, q.parameters as unknown[]);
      for (const r of plan as Record<string, unknown>[]) console.log(`    ${r.table} type=${r.type} key=${r.key} rows=${r.rows} ${r.Extra ?? ''}`);
    }
  }
}

/** The same answer as search, by LIKE over the same rows: public ideas whose title, description or a tag contains q, ranked. */
function likeQuery(deps: Deps, q: string, limit: number) {
  const like = `%${q.replace(/[!%_]/g, (c) => `!${c}`)}%`;
  return deps.db
    .selectFrom('ideas')
    .selectAll('ideas')
    .where('ideas.status', '=', 'published')
    .where('ideas.moderation_status', '=', 'approved')
    .where('ideas.is_deleted', '=', 0)
    .where(({ exists, selectFrom }) => exists(selectFrom('users').select('users.id').whereRef('users.id', '=', 'ideas.user_id').where('users.status', '=', 'active')))
    .where((eb) =>
      eb.or([
        sql<boolean>`ideas.title like ${like} escape '!'`,
        sql<boolean>`ideas.description like ${like} escape '!'`,
        eb.exists(
          eb
            .selectFrom('idea_tags')
            .select('idea_tags.idea_id')
            .whereRef('idea_tags.idea_id', '=', 'ideas.id')
            .where(sql<boolean>`idea_tags.tag like ${like} escape '!'`),
        ),
      ]),
    )
    .orderBy(sql`case when ideas.title = ${q} then 0 when ideas.title like ${like} escape '!' then 1 else 2 end`)
    .orderBy('ideas.published_at', 'desc')
    .orderBy('ideas.id', 'desc')
    .limit(limit + 1)
    .compile();
}

// ------------------------------------------------------------------ run

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hunter-bench-discovery-'));
const base = process.env.BENCH_DATABASE_URL;
const reuse = process.env.BENCH_REUSE;
const keep = process.env.BENCH_KEEP === '1' || !!reuse;
const databaseUrl = reuse
  ? reuse
  : base?.startsWith('mysql')
    ? Object.assign(new URL(base), { pathname: `/hunter_bench_${Date.now().toString(36)}` }).toString()
    : `sqlite:${path.join(tmp, 'bench.db')}`;
const handle = await openDatabase(databaseUrl);
try {
  await migrateToLatest(handle.db);
  const deps = createDeps(handle, { ...loadConfig(), databaseUrl });
  console.log(`数据库 ${handle.dialect === 'mysql' ? 'MariaDB/MySQL' : 'SQLite'}：写入数据…`);
  if (!reuse) await seedDiscovery(deps, { ideas: IDEAS, users: USERS });
  if (keep) console.log(`数据库保留：BENCH_REUSE=${databaseUrl}`);

  const LIMIT = 20;
  const SEED = 12345;
  // A cursor about half-way down each order: the service's own cursor of the page before.
  async function deepCursor(sort: MarketSort): Promise<string> {
    // Jump with the largest page the API allows would take 1,000 calls; walk the order by SQL instead.
    const half = Math.floor(IDEAS / 2);
    const pageAt = async (c?: string) => (await marketplacePage(deps, null, { sort, seed: SEED, limit: 50, cursor: c })).nextCursor!;
    if (sort === 'newest') {
      const row = await handle.db.selectFrom('ideas').select(['published_at', 'id']).orderBy('published_at', 'desc').orderBy('id', 'desc').offset(half).limit(1).executeTakeFirstOrThrow();
      return Buffer.from(JSON.stringify({ s: 'n', p: row.published_at, i: row.id })).toString('base64url');
    }
    if (sort === 'favorites') {
      const row = await handle.db
        .selectFrom('ideas')
        .select(['favorite_count', 'published_at', 'id'])
        .orderBy('favorite_count', 'desc')
        .orderBy('published_at', 'desc')
        .orderBy('id', 'desc')
        .offset(half)
        .limit(1)
        .executeTakeFirstOrThrow();
      return Buffer.from(JSON.stringify({ s: 'f', f: row.favorite_count, p: row.published_at, i: row.id })).toString('base64url');
    }
    const start = seedStart(SEED);
    const asc = SEED % 2 === 1;
    const arc = asc ? handle.db.selectFrom('ideas').where('shuffle_key', '>=', start) : handle.db.selectFrom('ideas').where('shuffle_key', '<', start);
    const n = Number((await arc.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const row = await arc
      .select(['shuffle_key', 'id'])
      .orderBy('shuffle_key', asc ? 'asc' : 'desc')
      .orderBy('id', asc ? 'asc' : 'desc')
      .offset(Math.floor(n / 2))
      .limit(1)
      .executeTakeFirstOrThrow();
    const cursor = Buffer.from(JSON.stringify({ s: 'r', seed: SEED, ph: 0, k: row.shuffle_key, i: row.id })).toString('base64url');
    await pageAt(cursor); // checks the cursor is accepted
    return cursor;
  }

  interface Row {
    name: string;
    http: string;
    ours: Timing;
    floor: Timing;
    floorName: string;
    matches?: number;
  }
  const rows: Row[] = [];
  // The 50th page: the cursor the 49th page hands out, as a reader scrolling that far gets it.
  async function page50Cursor(sort: MarketSort): Promise<string> {
    let cursor: string | undefined;
    for (let page = 1; page < 50; page++) cursor = (await marketplacePage(deps, null, { sort, seed: SEED, limit: LIMIT, cursor })).nextCursor!;
    return cursor!;
  }
  const POSITIONS = [
    { label: '首页', cursorOf: async () => undefined },
    { label: '第 50 页', cursorOf: page50Cursor },
    { label: `深页（第 ${Math.floor(IDEAS / 2).toLocaleString('en')} 条后）`, cursorOf: deepCursor },
  ];
  for (const sort of ['newest', 'favorites', 'random'] as const) {
    for (const position of POSITIONS) {
      const cursor = await position.cursorOf(sort);
      const input = { sort, seed: SEED, limit: LIMIT, cursor };
      const call = (d: Deps) => marketplacePage(d, null, input);
      const queries = await queriesOf(deps, call);
      const compiled = queries[0];
      await explain(deps, `${sort} ${position.label}`, queries);
      const qs = new URLSearchParams({ sort, limit: String(LIMIT), ...(sort === 'random' ? { seed: String(SEED) } : {}), ...(cursor ? { cursor } : {}) });
      rows.push({
        name: `${sort} ${position.label}`,
        http: `/api/marketplace/ideas?${qs}`,
        ours: await timed(() => call(deps)),
        floor: await timed(bareRunner(deps, compiled)),
        floorName: '同一 SQL，裸驱动',
      });
    }
  }
  // The idea page: another idea on each call (ids spread over the whole table), as readers arrive from
  // shared links; the floor is the page's first query for one of them through the bare driver.
  const bounds = await handle.db
    .selectFrom('ideas')
    .select((eb) => [eb.fn.min('id').as('low'), eb.fn.max('id').as('high')])
    .executeTakeFirstOrThrow();
  const ideaIds = Array.from({ length: 997 }, (_, k) => Number(bounds.low) + Math.floor(((k * 7919) % 997) * ((Number(bounds.high) - Number(bounds.low)) / 997)));
  const ideaQueries = await queriesOf(deps, (d) => getIdea(d, null, ideaIds[0]));
  rows.push({
    name: '创意详情（每次另一个创意）',
    http: `/api/ideas/${ideaIds[0]}`,
    ours: await timed((i) => getIdea(deps, null, ideaIds[i % ideaIds.length])),
    floor: await timed(bareRunner(deps, ideaQueries[0])),
    floorName: '第一条 SQL，裸驱动',
  });
  const SEARCHES: [string, string][] = [
    ['1 字', '智'],
    ['2 字', '宠物'],
    ['4 字', '智能家居'],
    ['拉丁标签', 'saas'],
    ['2 字（罕见）', '净化'],
  ];
  for (const [label, q] of SEARCHES) {
    const call = () => searchPage(deps, null, q, LIMIT);
    const first = await call();
    await explain(deps, `search ${q}`, await queriesOf(deps, (d) => searchPage(d, null, q, LIMIT)));
    const like = likeQuery(deps, q, LIMIT);
    const bare = bareRunner(deps, like);
    const likeIds = ((await bare()) as { id: number }[]).slice(0, LIMIT).map((r) => r.id);
    const same = JSON.stringify(likeIds) === JSON.stringify(first.items.map((i) => i.id));
    const matches = Number(
      (
        await handle.db
          .selectFrom('idea_search_grams')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('kind', '=', 2)
          .where('gram', '=', q.length <= 2 ? q : q.slice(0, 2))
          .executeTakeFirstOrThrow()
      ).n,
    );
    rows.push({
      name: `搜索 ${label}「${q}」${same ? '' : '（与 LIKE 的结果不同！）'}`,
      http: `/api/marketplace/search?${new URLSearchParams({ q, limit: String(LIMIT), ...(first.nextCursor ? { cursor: first.nextCursor } : {}) })}`,
      ours: await timed(call),
      // LIKE reads every row: 2–3 s a call at 1,000,000 ideas, so a few calls there.
      floor: await timed(bare, IDEAS > 200_000 ? 3 : Math.min(SAMPLES, 30)),
      floorName: `LIKE '%q%'`,
      matches,
    });
  }
  await handle.close();

  // HTTP: the product (core 0), then a bare node:http server answering the very bytes it sent for
  // each path (the floor), both loaded from core 1. Efficiency = bare CPU per request ÷ ours.
  pinSelfToCore1();
  const product = await startChild('scripts/bench/serve-product.ts', { DATABASE_URL: databaseUrl });
  const http = new Map<string, Measure>();
  const canned: Record<string, { status: number; headers: Record<string, string>; body: string }> = {};
  for (const r of rows) {
    const raw = await fetchRaw(product.port, { path: r.http, headers: {} });
    if (raw.status !== 200) throw new Error(`${r.http} answered ${raw.status}`);
    canned[r.http] = { status: raw.status, headers: raw.headers, body: raw.body.toString('base64') };
    http.set(r.name, await measure(product.port, product.child.pid!, { path: r.http, headers: {} }, SECONDS, CONNECTIONS));
  }
  // The memory of a server whose cache is warm: every case above, then 50 pages of each sort and the
  // idea pages of the service rows, read as guests.
  for (const sort of ['newest', 'favorites', 'random'] as const) {
    let cursor: string | undefined;
    for (let page = 1; page <= 50; page++) {
      const qs = new URLSearchParams({ sort, limit: String(LIMIT), ...(sort === 'random' ? { seed: String(SEED) } : {}), ...(cursor ? { cursor } : {}) });
      const raw = await fetchRaw(product.port, { path: `/api/marketplace/ideas?${qs}`, headers: {} });
      cursor = (JSON.parse(raw.body.toString()) as { nextCursor?: string }).nextCursor;
    }
  }
  for (const id of ideaIds) await fetchRaw(product.port, { path: `/api/ideas/${id}`, headers: {} });
  const warmRss = rssMb(product.child.pid!);
  await stopChild(product.child);
  const cannedFile = path.join(tmp, 'canned.json');
  fs.writeFileSync(cannedFile, JSON.stringify(canned));
  const bare = await startChild('scripts/bench/serve-bare.ts', { BENCH_CANNED: cannedFile });
  const floorHttp = new Map<string, Measure>();
  for (const r of rows) floorHttp.set(r.name, await measure(bare.port, bare.child.pid!, { path: r.http, headers: {} }, SECONDS, CONNECTIONS));
  await stopChild(bare.child);

  console.log(`\n${handle.dialect === 'mysql' ? 'MariaDB' : 'SQLite'}，${IDEAS} 个创意 / ${USERS} 个用户；服务内调用 ${SAMPLES} 次（ms），HTTP ${CONNECTIONS} 个连接 × ${SECONDS} 秒`);
  console.log('| 情形 | 我们 p50 / p95 / p99 ms | 下限 p50 / p95 ms | 下限是 | 倍数（下限 p50 ÷ 我们 p50） | HTTP 请求/秒 我们 / 裸服务 | HTTP CPU µs/请求 我们 / 裸服务 | CPU 效率 | 字节 |');
  console.log('|---|---:|---:|---|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const h = http.get(r.name)!;
    const b = floorHttp.get(r.name)!;
    const ratio = r.floor.p50 / r.ours.p50;
    const errors = h.errors || b.errors ? `（错误 ${h.errors}/${b.errors}）` : '';
    console.log(
      `| ${r.name}${r.matches !== undefined ? `（约 ${r.matches} 条含首词）` : ''} | ${r.ours.p50.toFixed(2)} / ${r.ours.p95.toFixed(2)} / ${r.ours.p99.toFixed(2)} | ${r.floor.p50.toFixed(2)} / ${r.floor.p95.toFixed(2)} | ${r.floorName} | ${ratio.toFixed(1)}× | ${h.rps.toFixed(0)} / ${b.rps.toFixed(0)} | ${h.cpuUsPerRequest.toFixed(0)} / ${b.cpuUsPerRequest.toFixed(0)} | ${(b.cpuUsPerRequest / h.cpuUsPerRequest).toFixed(2)} | ${Buffer.from(canned[r.http].body, 'base64').length}${errors} |`,
    );
  }
  console.log(`\n缓存已热的服务进程 RSS：${warmRss.toFixed(0)} MB（上面各项，加上每种排序前 50 页和 ${ideaIds.length} 个创意详情，都以游客读过一次）。`);
  console.log('\n列表和搜索的各页（首页和带 cursor 的后续页）都由快速通道从内存回答（游客；任何写操作清空，TTL 2 秒）；「我们 p50 / p95」一栏是服务内调用，不经缓存。');
} finally {
  if (!keep && databaseUrl.startsWith('mysql')) await dropMysqlDatabase(databaseUrl).catch(() => {});
  if (!keep || reuse) fs.rmSync(tmp, { recursive: true, force: true });
}
