/**
 * The server as `npm start` runs it (startServer + exitOnSignals), without the client build, for
 * tests that spawn it as a child process and send it signals. Prints `READY <port>`.
 */
import { loadConfig } from '../../src/server/kernel/config.ts';
import { exitOnSignals, explainStartFailure, startServer } from '../../src/server/server.ts';

const config = loadConfig();
const running = await startServer(config).catch((err: unknown) => explainStartFailure(err, config));
exitOnSignals(running);
console.log(`READY ${new URL(running.url).port}`);
