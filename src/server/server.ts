/** Starts the HTTP server with graceful shutdown; used by scripts/start.ts and the e2e runner. */
import { createServer, type Server } from 'node:http';
import { migrateToLatest } from '../../db/migrate.ts';
import { createApp, type AppOptions } from './app.ts';
import { createRequestListener } from './fast-lane/fast-lane.ts';
import type { Config } from './config.ts';
import { openDeps, type Deps } from './deps.ts';
import { startJobs } from './jobs/index.ts';

export interface RunningServer {
  deps: Deps;
  server: Server;
  url: string;
  stop(): Promise<void>;
}

export async function startServer(config: Config, options: AppOptions & { beforeListen?: (deps: Deps) => Promise<void> } = {}): Promise<RunningServer> {
  const deps = await openDeps(config);
  await migrateToLatest(deps.db);
  await options.beforeListen?.(deps);
  const app = createApp(deps, options);
  const stopJobs = startJobs(deps);
  const server = await new Promise<Server>((resolve) => {
    const s = createServer(createRequestListener(deps, app, { clientDir: options.clientDir, dev: !!options.devMiddleware }));
    s.listen(config.port, () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      stopJobs();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Idle keep-alive sockets would hold close() open.
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 5000).unref();
      });
      await deps.handle.close();
    })());
  return { deps, server, url: `http://127.0.0.1:${port}`, stop };
}

/** SIGTERM/SIGINT finish in-flight requests, close the database, then exit. */
export function exitOnSignals(running: RunningServer): void {
  const shutdown = (signal: string) => {
    console.log(`收到 ${signal}，正在关闭…`);
    running.stop().then(
      () => process.exit(0),
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}
