/**
 * `npm run backup [-- <folder>]`: an online copy of the embedded database and the uploads
 * (src/server/ops/backup.ts); with STORAGE=s3 the database only, and where the images are.
 */
import path from 'node:path';
import { dialectOf, sqliteFile } from '../db/connection.ts';
import { loadConfig } from '../src/server/kernel/config.ts';
import { bucketLocation } from '../src/server/infrastructure/s3-storage.ts';
import { backupInstallation, bucketNote, defaultBackupFolder, MYSQL_BACKUP_HINT } from '../src/server/ops/backup.ts';

const config = loadConfig();
const imagesIn = config.storage.kind === 's3' ? bucketLocation(config.storage) : undefined;
if (dialectOf(config.databaseUrl) === 'mysql') {
  console.error(imagesIn ? `${MYSQL_BACKUP_HINT.replace('，上传目录另行复制', '')}。${bucketNote(imagesIn)}` : MYSQL_BACKUP_HINT);
  process.exit(2);
}
const folder = process.argv[2] ? path.resolve(process.argv[2]) : defaultBackupFolder();
try {
  const m = await backupInstallation({ databaseFile: sqliteFile(config.databaseUrl), uploadsDir: config.uploadsDir, folder, imagesIn });
  if (m.imagesIn) console.log(`备份完成：${folder}（${m.users} 个用户，${m.ideas} 个创意）。${bucketNote(m.imagesIn)}`);
  else console.log(`备份完成：${folder}（${m.users} 个用户，${m.ideas} 个创意，${m.uploads} 个上传文件）`);
} catch (err) {
  console.error(`备份失败：${(err as Error).message}`);
  process.exit(1);
}
