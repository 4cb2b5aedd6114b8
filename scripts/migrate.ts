import { openDatabase } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { loadConfig } from '../src/server/config.ts';

const handle = await openDatabase(loadConfig().databaseUrl);
try {
  const applied = await migrateToLatest(handle.db);
  console.log(applied.length ? `已执行迁移：${applied.join(', ')}` : '数据库已是最新结构');
} finally {
  await handle.close();
}
