/** `npm start`: build the client if needed, migrate, seed an empty embedded database, serve. */
import { dialectOf } from '../db/connection.ts';
import { isEmpty, seedDemoData } from '../src/server/seed/demo.ts';
import { ConfigError, loadConfig } from '../src/server/kernel/config.ts';
import { exitOnSignals, explainStartFailure, startServer } from '../src/server/server.ts';
import { buildClientIfNeeded, DIST_DIR } from './build-client.ts';

const config = (() => {
  try {
    return loadConfig();
  } catch (err) {
    // A setting that makes no sense: its message alone, and no start.
    if (err instanceof ConfigError) {
      console.error(`配置错误：${err.message}`);
      process.exit(1);
    }
    throw err;
  }
})();
// Always the production build of these sources, whatever NODE_ENV says: dist/ is reused only when its
// stamp matches them (the image's builder stage stamps it from the same files, so the runtime user,
// who may not write dist/, never builds).
await buildClientIfNeeded();
const running = await startServer(config, {
  clientDir: DIST_DIR,
  async beforeListen(deps) {
    if (config.seedDemo && dialectOf(config.databaseUrl) === 'sqlite' && (await isEmpty(deps.db))) {
      const seeded = await seedDemoData(deps.db);
      console.log(`已写入演示数据：${seeded.users} 个用户，${seeded.ideas} 个创意`);
    }
  },
}).catch((err: unknown) => explainStartFailure(err, config));
exitOnSignals(running);
running.logger.info(`${config.site.platformName} 已启动：http://localhost:${new URL(running.url).port}（数据库：${running.deps.handle.dialect}）`);
