/** The product as `npm start` runs it, for the benchmark: prints `READY <port>` once it listens. */
import fs from 'node:fs';
import { loadConfig, rateLimitsOff } from '../../src/server/kernel/config.ts';
import { startServer } from '../../src/server/server.ts';
import { DIST_DIR } from '../build-client.ts';

const config = loadConfig();
// The benchmark measures the hot paths, not the limits that protect them.
const rateLimits = rateLimitsOff(config.rateLimits);
const running = await startServer({ ...config, port: 0, seedDemo: false, rateLimits }, { clientDir: DIST_DIR });
console.log(`READY ${new URL(running.url).port}`);
// bench:memory asks for the shared cache's own count.
if (process.env.BENCH_CACHE_REPORT) {
  process.on('SIGUSR2', () => {
    // With --expose-gc (NODE_OPTIONS), the heap is measured after a full collection.
    (globalThis as { gc?: () => void }).gc?.();
    const { rss, heapUsed, arrayBuffers } = process.memoryUsage();
    fs.writeFileSync(process.env.BENCH_CACHE_REPORT!, JSON.stringify({ ...running.deps.publicCache.size, rss, heapUsed, arrayBuffers }));
  });
}
process.once('SIGTERM', () => void running.stop().then(() => process.exit(0)));
