/** The product as `npm start` runs it, limits as configured (the load sets them high, not off): prints `READY <port>`. */
import { loadConfig } from '../../src/server/kernel/config.ts';
import { startServer } from '../../src/server/server.ts';

const running = await startServer({ ...loadConfig(), port: 0, seedDemo: false });
console.log(`READY ${new URL(running.url).port}`);
process.once('SIGTERM', () => void running.stop().then(() => process.exit(0)));
