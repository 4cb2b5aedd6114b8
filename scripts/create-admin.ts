/** `npm run create-admin -- <phone>`: gives a registered user the admin role. */
import { openDatabase } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { loadConfig } from '../src/server/config.ts';
import { isPhone } from '../src/shared/patterns.ts';

const phone = process.argv[2];
if (!phone || !isPhone(phone)) {
  console.error('用法：npm run create-admin -- <已注册的手机号>');
  process.exit(2);
}
const handle = await openDatabase(loadConfig().databaseUrl);
try {
  await migrateToLatest(handle.db);
  const result = await handle.db.updateTable('users').set({ role: 'admin' }).where('phone', '=', phone).where('status', '=', 'active').executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    console.error(`没有找到手机号为 ${phone} 的用户，请先注册。`);
    process.exitCode = 1;
  } else {
    console.log(`${phone} 已成为管理员。`);
  }
} finally {
  await handle.close();
}
