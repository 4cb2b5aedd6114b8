/** `npm run seed`: the demo accounts and ideas (development and trials; never in production unless asked). */
import { openDatabase } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { DEMO_PASSWORD, seedDemoData } from '../src/server/seed/demo.ts';
import { runCommand } from './command.ts';

await runCommand(async (config) => {
  // The demo accounts' password is published: in production only with SEED_DEMO=1, as `npm start`.
  if (config.production && !config.seedDemo) {
    console.error(`生产环境（NODE_ENV=production）不写入演示数据：演示账号的密码（${DEMO_PASSWORD}）是公开的。确需写入请同时设置 SEED_DEMO=1。`);
    process.exitCode = 1;
    return;
  }
  const handle = await openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(handle.db);
    const seeded = await seedDemoData(handle.db);
    console.log(`演示数据：新增 ${seeded.users} 个用户、${seeded.ideas} 个创意（密码 ${DEMO_PASSWORD}）`);
  } finally {
    await handle.close();
  }
});
