/** Starts the HTTP server with graceful shutdown; used by scripts/start.ts and the e2e runner. */
import { createServer, type Server } from 'node:http';
import { migrateToLatest } from '../../db/migrate.ts';
import { createApp, type AppOptions } from './app.ts';
import { createRequestListener } from './fast-lane/fast-lane.ts';
import type { Config } from './config.ts';
import { openDeps, type Deps } from './deps.ts';
import { startJobs } from './jobs/index.ts';
import { createLogger, flushLog, type Logger } from './ops/logger.ts';
import { withRequestLog } from './ops/request-log.ts';
import { createDrainGate, exitOnSignals as exitWhenSignalled } from './ops/shutdown.ts';

export interface RunningServer {
  deps: Deps;
  server: Server;
  url: string;
  logger: Logger;
  /** Graceful: stop listening, finish the requests in flight, stop the jobs, close the database. */
  stop(): Promise<void>;
}

export async function startServer(config: Config, options: AppOptions & { beforeListen?: (deps: Deps) => Promise<void> } = {}): Promise<RunningServer> {
  const deps = await openDeps(config);
  await migrateToLatest(deps.db);
  await options.beforeListen?.(deps);
  const app = createApp(deps, options);
  const logger = createLogger(config.logLevel);
  const stopJobs = startJobs(deps, logger);
  const gate = createDrainGate();
  const listener = withRequestLog(logger, gate.wrap(createRequestListener(deps, app, { clientDir: options.clientDir, dev: !!options.devMiddleware })));
  const server = await new Promise<Server>((resolve) => {
    const s = createServer(listener);
    s.listen(config.port, () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      const drained = gate.drain(server);
      await stopJobs();
      await drained;
      // Let the last 'close' events run, so a request cut at the deadline is still logged.
      await new Promise((resolve) => setImmediate(resolve));
      await deps.handle.close();
      flushLog(logger);
    })());
  return { deps, server, url: `http://127.0.0.1:${port}`, logger, stop };
}

/** SIGTERM/SIGINT: graceful stop, exit 0 within 10 s (ops/shutdown.ts). */
export function exitOnSignals(running: RunningServer): void {
  exitWhenSignalled(running, running.logger, () => flushLog(running.logger));
}
