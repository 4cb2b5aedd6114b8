/** The product as `npm start` runs it, for the benchmark: prints `READY <port>` once it listens. */
import { loadConfig, noRateLimits } from '../../src/server/config.ts';
import { startServer } from '../../src/server/server.ts';
import { DIST_DIR } from '../build-client.ts';

const config = loadConfig();
// The benchmark measures the hot paths, not the limits that protect them.
const rateLimits = noRateLimits(config.rateLimits);
const running = await startServer({ ...config, port: 0, seedDemo: false, rateLimits }, { clientDir: DIST_DIR });
console.log(`READY ${new URL(running.url).port}`);
process.once('SIGTERM', () => void running.stop().then(() => process.exit(0)));
