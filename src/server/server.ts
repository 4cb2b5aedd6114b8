/** Starts the HTTP server with graceful shutdown; used by scripts/start.ts and the e2e runner. */
import { createServer, type Server } from 'node:http';
import { answerClientErrors } from './http/client-errors.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { databaseFailure } from '../../db/failures.ts';
import { failureCode, failureInWords } from './ops/start-failure.ts';
import { useProcessLogger } from './kernel/process-log.ts';
import { createApp, type AppOptions } from './app.ts';
import { createRequestListener } from './fast-lane/fast-lane.ts';
import { smsProviderLabel, type Config } from './kernel/config.ts';
import { openDeps } from './create-deps.ts';
import type { Deps } from './deps.ts';
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
  const logger = createLogger(config.logLevel);
  useProcessLogger(logger);
  const deps = await openWhenReachable(config, logger);
  await options.beforeListen?.(deps);
  const app = createApp(deps, options);
  logProviders(logger, deps);
  const stopJobs = startJobs(deps, logger);
  const gate = createDrainGate();
  const listener = withRequestLog(logger, gate.wrap(createRequestListener(deps, app, { clientDir: options.clientDir, dev: !!options.devMiddleware })));
  // A port taken or not ours rejects (said in words by explainStartFailure), after the jobs and the database are let go.
  const server = await new Promise<Server>((resolve, reject) => {
    const s = createServer(listener);
    answerClientErrors(s);
    s.once('error', reject);
    s.listen(config.port, () => {
      s.off('error', reject);
      resolve(s);
    });
  }).catch(async (err: unknown) => {
    await stopJobs();
    await deps.changeBus.close();
    await deps.handle.close();
    throw err;
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
      await deps.changeBus.close();
      await deps.handle.close();
      flushLog(logger);
    })());
  return { deps, server, url: `http://127.0.0.1:${port}`, logger, stop };
}

const START_RETRY_MS = 2000;

/**
 * The database, opened and migrated. While it cannot be reached (it restarts with the app, a rollout
 * after a power cut) each try is said in the log and made again every 2 s, for DB_START_WAIT_MS (60 s);
 * then the last failure is thrown (`npm start` says it in Chinese and exits). An outside review started
 * a process while MariaDB was down: it died at once with a raw stack trace, and a supervisor would
 * restart it in a loop.
 */
async function openWhenReachable(config: Config, logger: Logger): Promise<Deps> {
  const deadline = Date.now() + config.databaseStartWaitMs;
  for (let attempt = 1; ; attempt++) {
    let deps: Deps | undefined;
    try {
      deps = await openDeps(config);
      const applied = await migrateToLatest(deps.db);
      // An upgrade says what it changed (it used to run its migrations without a word).
      if (applied.length) logger.info(`已执行数据库迁移：${applied.join('、')}`);
      return deps;
    } catch (err) {
      await deps?.changeBus.close();
      await deps?.handle.close().catch(() => undefined);
      if (databaseFailure(err) !== 'connection' || Date.now() + START_RETRY_MS > deadline) throw err;
      logger.warn(`数据库暂时无法连接（${failureCode(err)}），${START_RETRY_MS / 1000} 秒后重试（第 ${attempt} 次）`);
      await new Promise((resolve) => setTimeout(resolve, START_RETRY_MS));
    }
  }
}

/**
 * A start that failed for a reason an operator can fix (the database out of reach after
 * DB_START_WAIT_MS, a refused login, a failed migration, the port taken): what to do, in Chinese,
 * and exit 1 (no stack trace; ops/start-failure.ts). Any other failure is thrown on.
 */
export function explainStartFailure(err: unknown, config: Config): never {
  const words = failureInWords(err, config);
  if (!words) throw err;
  console.error(words);
  process.exit(1);
}

/** What sends the codes and keeps the images, said once at start; in production, that codes cannot be sent. */
function logProviders(logger: Logger, deps: Deps): void {
  const { config, sms, storage } = deps;
  const gateway = config.smsGateway;
  const smsLine = gateway ? `${smsProviderLabel(config.smsProvider)}（签名 ${gateway.signName}，${gateway.endpoint ?? '官方地址'}）` : smsProviderLabel(config.smsProvider);
  logger.info(`短信服务：${smsLine}；图片存储：${storage.location}`);
  if (sms.configured === false) {
    logger.warn(
      '短信服务未配置（SMS_PROVIDER=console）：生产环境不发送短信，注册、找回密码和更换手机号会回答“短信服务未配置，请联系管理员”。开放注册前请设置 SMS_PROVIDER=aliyun 或 tencent（见 docs/deployment.md）',
    );
  }
}

/** SIGTERM/SIGINT: graceful stop, exit 0 within 10 s (ops/shutdown.ts). */
export function exitOnSignals(running: RunningServer): void {
  exitWhenSignalled(running, running.logger, () => flushLog(running.logger));
}
