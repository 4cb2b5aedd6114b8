/**
 * Graceful stop (SIGTERM from `docker stop`, SIGINT from a terminal): stop listening, let every
 * request already being read finish, tell keep-alive clients to go (`Connection: close`, idle
 * connections closed as they turn idle), then stop the jobs and close the database. A request is
 * either answered in full or its connection is closed before the server read it; none is cut
 * half-way unless it outlives the grace period.
 */
import type { RequestListener, Server, ServerResponse } from 'node:http';

/** After this the remaining connections are cut; the process exits at EXIT_DEADLINE_MS at the latest. */
export const GRACE_MS = 8000;
export const EXIT_DEADLINE_MS = 10_000;

export interface DrainGate {
  /** Wraps the server's listener: once draining, every answer closes its connection. */
  wrap(listener: RequestListener): RequestListener;
  /** Stops the server taking connections and resolves once every connection is gone. */
  drain(server: Server, graceMs?: number): Promise<void>;
}

export function createDrainGate(): DrainGate {
  let draining = false;
  const inFlight = new Set<ServerResponse>();
  return {
    wrap(listener) {
      // One shared listener, not a closure per request.
      function settled(this: ServerResponse) {
        inFlight.delete(this);
      }
      return (req, res) => {
        if (draining) res.setHeader('connection', 'close');
        inFlight.add(res);
        res.on('close', settled);
        listener(req, res);
      };
    },
    drain(server, graceMs = GRACE_MS) {
      draining = true;
      // Answers not yet started close their connection, so no new request can follow on it.
      for (const res of inFlight) if (!res.headersSent) res.setHeader('connection', 'close');
      return new Promise<void>((resolve) => {
        const sweep = setInterval(() => server.closeIdleConnections(), 50);
        const force = setTimeout(() => server.closeAllConnections(), graceMs);
        sweep.unref();
        force.unref();
        server.close(() => {
          clearInterval(sweep);
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      });
    },
  };
}

export interface Stoppable {
  stop(): Promise<void>;
}

/**
 * SIGTERM/SIGINT run `stop` and exit 0; a second signal, a failure or the deadline exit at once
 * with 1. `beforeExit` flushes the log.
 */
export function exitOnSignals(running: Stoppable, log: { info(msg: string): void; error(obj: unknown, msg: string): void }, beforeExit: () => void = () => {}): void {
  let stopping = false;
  const exit = (code: number) => {
    beforeExit();
    process.exit(code);
  };
  const shutdown = (signal: string) => {
    if (stopping) {
      log.error({ signal }, '再次收到信号，立即退出');
      return exit(1);
    }
    stopping = true;
    log.info(`收到 ${signal}，正在关闭：不再接受新连接，等待进行中的请求完成`);
    setTimeout(() => {
      log.error({ deadlineMs: EXIT_DEADLINE_MS }, '关闭超时，强制退出');
      exit(1);
    }, EXIT_DEADLINE_MS).unref();
    running.stop().then(
      () => {
        log.info('已安全关闭');
        exit(0);
      },
      (err) => {
        log.error({ err }, '关闭失败');
        exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}
