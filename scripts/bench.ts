/**
 * `npm run bench`: requests per second and latency of the hot reads, against a real server on
 * loopback over a fresh database with demo data plus N generated ideas. Bounded: each case runs a
 * fixed number of seconds. `BENCH_DATABASE_URL=mysql://…` measures MySQL instead of SQLite.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seedDemoData } from '../src/server/seed/demo.ts';
import { loadConfig } from '../src/server/config.ts';
import { insertStagedIdea } from '../src/server/ideas/seeding.ts';
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
for (let i = 0; i < IDEAS; i++) {
  await insertStagedIdea(db, { userId: author.id, title: `压测创意 ${i}`, description: '用于测量列表读取速度的创意', analysis: '<p>详细分析</p>', favorites: i % 50 });
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
