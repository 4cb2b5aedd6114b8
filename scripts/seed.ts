import { openDatabase } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { DEMO_PASSWORD, seedDemoData } from '../src/server/seed/demo.ts';
import { loadConfig } from '../src/server/config.ts';

const handle = await openDatabase(loadConfig().databaseUrl);
try {
  await migrateToLatest(handle.db);
  const seeded = await seedDemoData(handle.db);
  console.log(`演示数据：新增 ${seeded.users} 个用户、${seeded.ideas} 个创意（密码 ${DEMO_PASSWORD}）`);
} finally {
  await handle.close();
}
