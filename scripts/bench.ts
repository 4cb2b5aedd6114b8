/**
 * `npm run bench`: requests per second and latency of the hot reads, against a real server on
 * loopback over a fresh database with demo data plus N generated ideas. Bounded: each case runs a
 * fixed number of seconds. `BENCH_DATABASE_URL=mysql://…` measures MySQL instead of SQLite.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seedDemoData } from '../db/seed.ts';
import { nowDb } from '../db/time.ts';
import { loadConfig } from '../src/server/config.ts';
import { startServer } from '../src/server/server.ts';

const IDEAS = Number(process.env.BENCH_IDEAS ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hunter-bench-'));
const config = loadConfig();
const server = await startServer({ ...config, port: 0, databaseUrl: process.env.BENCH_DATABASE_URL ?? `sqlite:${path.join(dir, 'bench.db')}`, seedDemo: false });
const { db } = server.deps;
await seedDemoData(db);
const author = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
const now = nowDb();
for (let start = 0; start < IDEAS; start += 500) {
  const batch = Array.from({ length: Math.min(500, IDEAS - start) }, (_, i) => ({
    user_id: author.id,
    title: `压测创意 ${start + i}`,
    description: '用于测量列表读取速度的创意',
    detailed_analysis: '<p>详细分析</p>',
    market_identifier: 'market_exists',
    price: 0,
    status: 'published' as const,
    moderation_status: 'approved' as const,
    rejection_reason: null,
    allow_comments: 1,
    show_similar: 1,
    view_count: 0,
    favorite_count: (start + i) % 50,
    comment_count: 0,
    is_deleted: 0,
    deleted_at: null,
    content_hash: null,
    match_text: null,
    created_at: now,
    updated_at: now,
    published_at: now,
    reviewed_at: now,
  }));
  await db.insertInto('ideas').values(batch).execute();
}

async function measure(name: string, url: string) {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = Date.now() + SECONDS * 1000;
  const worker = async () => {
    while (Date.now() < deadline) {
      const t = performance.now();
      const res = await fetch(server.url + url).catch(() => null);
      if (!res || !res.ok) errors++;
      await res?.arrayBuffer();
      latencies.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))].toFixed(1);
  console.log(`${name.padEnd(34)} ${(latencies.length / SECONDS).toFixed(0).padStart(6)} 请求/秒   p50 ${pct(0.5)} ms   p99 ${pct(0.99)} ms   错误 ${errors}`);
}

console.log(`数据库 ${server.deps.handle.dialect}，${IDEAS} 个创意，并发 ${CONCURRENCY}，每项 ${SECONDS} 秒`);
await measure('GET /api/test-connection', '/api/test-connection');
await measure('GET /api/ideas/all?limit=20', '/api/ideas/all?limit=20');
await measure('GET /api/ideas/hot', '/api/ideas/hot');
await measure('tRPC ideas.publicPage', `/trpc/ideas.publicPage?input=${encodeURIComponent(JSON.stringify({ limit: 20 }))}`);
console.log(`内存 RSS ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`);
await server.stop();
fs.rmSync(dir, { recursive: true, force: true });
