/** `npm start`: build the client if needed, migrate, seed an empty embedded database, serve. */
import { dialectOf } from '../db/connection.ts';
import { isEmpty, seedDemoData } from '../src/server/seed/demo.ts';
import { loadConfig } from '../src/server/config.ts';
import { exitOnSignals, startServer } from '../src/server/server.ts';
import { buildClientIfNeeded, DIST_DIR } from './build-client.ts';

const config = loadConfig();
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
});
exitOnSignals(running);
if (config.production && config.smsProvider === 'console') {
  running.logger.warn('SMS_PROVIDER=console：生产环境不显示也不记录验证码，注册与找回密码需要接入真实的短信服务');
}
running.logger.info(`${config.site.platformName} 已启动：http://localhost:${new URL(running.url).port}（数据库：${running.deps.handle.dialect}）`);
