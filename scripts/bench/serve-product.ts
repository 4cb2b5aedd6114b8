/** The product as `npm start` runs it, for the benchmark: prints `READY <port>` once it listens. */
import { loadConfig } from '../../src/server/config.ts';
import { startServer } from '../../src/server/server.ts';
import { DIST_DIR } from '../build-client.ts';

const config = loadConfig();
// The benchmark measures the hot paths, not the limits that protect them.
const rateLimits = Object.fromEntries(Object.keys(config.rateLimits).map((k) => [k, 0])) as unknown as typeof config.rateLimits;
const running = await startServer({ ...config, port: 0, seedDemo: false, rateLimits }, { clientDir: DIST_DIR });
console.log(`READY ${new URL(running.url).port}`);
process.once('SIGTERM', () => void running.stop().then(() => process.exit(0)));
