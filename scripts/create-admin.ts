/** `npm run create-admin -- <phone>`: gives a registered user the admin role. */
import { dialectOf, openDatabase, sqliteFile } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { isPhone } from '../src/shared/patterns.ts';
import { runCommand, sqliteFileThere } from './command.ts';

const phone = process.argv[2];
if (!phone || !isPhone(phone)) {
  console.error('用法：npm run create-admin -- <已注册的手机号>');
  process.exit(2);
}
/** The database in words, its password left out: a wrong DATABASE_URL is the usual reason for "not found". */
function databaseName(url: string | undefined): string {
  if (dialectOf(url) === 'sqlite') return `sqlite:${sqliteFile(url)}`;
  try {
    const parsed = new URL(url!);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'DATABASE_URL';
  }
}
await runCommand(async ({ databaseUrl }) => {
  // The server's database, not one a mistyped name would make (ER_BAD_DB_ERROR is said in words).
  if (!sqliteFileThere(databaseUrl)) return;
  const handle = await openDatabase(databaseUrl, {}, { createMissing: false });
  try {
    await migrateToLatest(handle.db);
    const result = await handle.db.updateTable('users').set({ role: 'admin' }).where('phone', '=', phone).where('status', '=', 'active').executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) {
      console.error(`在数据库 ${databaseName(databaseUrl)} 中没有找到手机号为 ${phone} 的用户：请先注册，并确认这里的 DATABASE_URL 与服务器使用的相同。`);
      process.exitCode = 1;
    } else {
      console.log(`${phone} 已成为管理员。`);
    }
  } finally {
    await handle.close();
  }
});
