/**
 * `npm run restore -- <folder>`: puts a backup into a stopped installation (DATABASE_URL, UPLOADS_DIR).
 * It refuses while a server listens on PORT, or has the file open on any port: a running server would
 * keep writing to the old file.
 */
import fs from 'node:fs';
import net from 'node:net';
import { dialectOf, sqliteFile } from '../db/connection.ts';
import { loadConfig } from '../src/server/kernel/config.ts';
import { bucketNote, MYSQL_BACKUP_HINT, restoreInstallation } from '../src/server/ops/backup.ts';

const config = loadConfig();
const folder = process.argv[2];
if (!folder) {
  console.error('用法：npm run restore -- <备份目录>');
  process.exit(2);
}
if (dialectOf(config.databaseUrl) === 'mysql') {
  console.error(MYSQL_BACKUP_HINT.replace('备份（', '恢复（').replace('mysqldump --single-transaction --routines 数据库名 > 备份.sql', 'mysql 数据库名 < 备份.sql'));
  process.exit(2);
}

/**
 * Whether something listens on the port. A connection accepted is enough: a busy server may take
 * seconds to answer a request, and waiting for its answer once let a restore run under it.
 */
function serverListens(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.setTimeout(3000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

if (await serverListens(config.port)) {
  console.error(`端口 ${config.port} 上有服务器在运行：请先停止它（docker compose stop app），再恢复`);
  process.exit(1);
}
// A server on another port has the file open too: SQLite keeps its -wal beside the file while any
// connection is open, and removes it when the last one closes (an outside review restored under a
// server on another port, which went on writing to the file moved aside). Left after a crash, it
// holds writes the file lacks: a start and a clean stop write them back.
const databaseFile = sqliteFile(config.databaseUrl);
if (fs.existsSync(`${databaseFile}-wal`)) {
  console.error(`数据库 ${databaseFile} 正在被使用，或上次没有正常关闭（${databaseFile}-wal 还在）：请先停止所有使用它的服务器；若都已停止，先 npm start 再正常停止一次，然后恢复`);
  process.exit(1);
}
try {
  const { manifest: m, keptAside } = restoreInstallation({ databaseFile, uploadsDir: config.uploadsDir, folder });
  console.log(`恢复完成：${m.users} 个用户，${m.ideas} 个创意，${m.uploads} 个上传文件（备份时间 ${m.createdAt || '未知'}）`);
  if (m.imagesIn) console.log(`这份备份不含图片：${bucketNote(m.imagesIn)}`);
  if (config.storage.kind === 's3' && m.uploads > 0) console.log(`STORAGE=s3：备份里的 ${m.uploads} 个图片已放回 ${config.uploadsDir}，请运行 npm run storage:migrate 把它们复制进存储桶`);
  if (keptAside.length) console.log(`原有文件已保留：${keptAside.join('，')}`);
  console.log('启动服务器时会自动迁移到当前版本（npm start）');
} catch (err) {
  console.error(`恢复失败：${(err as Error).message}`);
  process.exit(1);
}
