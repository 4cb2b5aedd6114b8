/** `npm run migrate`: the database brought to this version's structure. */
import { openDatabase } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { runCommand } from './command.ts';

await runCommand(async (config) => {
  const handle = await openDatabase(config.databaseUrl);
  try {
    const applied = await migrateToLatest(handle.db);
    console.log(applied.length ? `已执行迁移：${applied.join(', ')}` : '数据库已是最新结构');
  } finally {
    await handle.close();
  }
});
