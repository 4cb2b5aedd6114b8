/** `npm run backup [-- <folder>]`: an online copy of the embedded database and the uploads (src/server/ops/backup.ts). */
import path from 'node:path';
import { dialectOf, sqliteFile } from '../db/connection.ts';
import { loadConfig } from '../src/server/config.ts';
import { backupInstallation, defaultBackupFolder, MYSQL_BACKUP_HINT } from '../src/server/ops/backup.ts';

const config = loadConfig();
if (dialectOf(config.databaseUrl) === 'mysql') {
  console.error(MYSQL_BACKUP_HINT);
  process.exit(2);
}
const folder = process.argv[2] ? path.resolve(process.argv[2]) : defaultBackupFolder();
try {
  const m = await backupInstallation({ databaseFile: sqliteFile(config.databaseUrl), uploadsDir: config.uploadsDir, folder });
  console.log(`备份完成：${folder}（${m.users} 个用户，${m.ideas} 个创意，${m.uploads} 个上传文件）`);
} catch (err) {
  console.error(`备份失败：${(err as Error).message}`);
  process.exit(1);
}
