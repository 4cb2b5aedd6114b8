/** `npm start`: build the client if needed, migrate, seed an empty embedded database, serve. */
import { dialectOf } from '../db/connection.ts';
import { isEmpty, seedDemoData } from '../src/server/seed/demo.ts';
import { loadConfig } from '../src/server/config.ts';
import { exitOnSignals, startServer } from '../src/server/server.ts';
import { buildClientIfNeeded, DIST_DIR } from './build-client.ts';

const config = loadConfig();
await buildClientIfNeeded();
const running = await startServer(config, {
  clientDir: DIST_DIR,
  async beforeListen(deps) {
    if (config.seedDemo && dialectOf(config.databaseUrl) === 'sqlite' && (await isEmpty(deps.db))) {
      const seeded = await seedDemoData(deps.db);
      console.log(`已写入演示数据：${seeded.users} 个用户，${seeded.ideas} 个创意`);
    }
  },
});
exitOnSignals(running);
console.log(`${config.site.platformName} 已启动：http://localhost:${config.port}（数据库：${running.deps.handle.dialect}）`);
