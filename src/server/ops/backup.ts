/**
 * Online backup and offline restore of an installation on the embedded database: the SQLite file
 * through SQLite's backup API (a consistent copy while the server keeps writing) and the uploads
 * folder. The database is copied first: an upload is stored before the row that names it, so every
 * file a backed-up row names is already there when the folder is copied. MySQL/MariaDB installs
 * back up with mysqldump (docs/deployment.md). With STORAGE=s3 the images are in the bucket, not in
 * the folder: the backup holds the database and says where the images are (`imagesIn`).
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { PARTIAL_SUFFIX } from '../infrastructure/storage.ts';

export const BACKUP_DB_FILE = 'hunter.db';
export const BACKUP_UPLOADS_DIR = 'uploads';
export const MANIFEST_FILE = 'backup.json';

export interface Manifest {
  createdAt: string;
  database: string;
  uploads: number;
  users: number;
  ideas: number;
  /** Where the images are when they are not in this backup (STORAGE=s3): the bucket and its endpoint. */
  imagesIn?: string;
}

/** What to tell an operator about images kept in a bucket: they are not in the backup, and how to keep them safe. */
export function bucketNote(location: string): string {
  return `图片在${location}中，不在这份备份里：请在存储服务上开启版本控制或跨区域复制来保护它们`;
}

export const MYSQL_BACKUP_HINT = 'DATABASE_URL 指向 MySQL/MariaDB：请用 mysqldump 备份（mysqldump --single-transaction --routines 数据库名 > 备份.sql，见 docs/deployment.md），上传目录另行复制';

/** `backups/2026-11-22T18-03-05Z` under the working folder. */
export function defaultBackupFolder(now = new Date()): string {
  return path.resolve(
    'backups',
    now
      .toISOString()
      .replace(/\.\d+Z$/, 'Z')
      .replace(/:/g, '-'),
  );
}

function checkIntegrity(file: string): { users: number; ideas: number } {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const result = db.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new Error(`数据库文件校验失败（${file}）：${String(result)}`);
    const count = (table: string) => (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    return { users: count('users'), ideas: count('ideas') };
  } finally {
    db.close();
  }
}

/** Copies a folder's files, skipping uploads still being written; returns how many were copied. */
function copyUploads(from: string, to: string): number {
  if (!fs.existsSync(from)) return 0;
  let copied = 0;
  fs.cpSync(from, to, {
    recursive: true,
    filter: (src) => {
      if (src.endsWith(PARTIAL_SUFFIX)) return false;
      if (fs.statSync(src).isFile()) copied++;
      return true;
    },
  });
  return copied;
}

/** `imagesIn`: the bucket's location when STORAGE=s3; the uploads folder is then not copied. */
export async function backupInstallation(options: { databaseFile: string; uploadsDir: string; folder: string; imagesIn?: string }): Promise<Manifest> {
  const { databaseFile, uploadsDir, folder, imagesIn } = options;
  if (!fs.existsSync(databaseFile)) throw new Error(`数据库文件不存在：${databaseFile}`);
  if (fs.existsSync(folder) && fs.readdirSync(folder).length > 0) throw new Error(`备份目录不是空的：${folder}`);
  fs.mkdirSync(folder, { recursive: true });
  const target = path.join(folder, BACKUP_DB_FILE);
  const source = new SQLite(databaseFile, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    // Pages copied while the server writes are copied again: the result is one consistent moment.
    await source.backup(target);
  } finally {
    source.close();
  }
  const counts = checkIntegrity(target);
  const uploads = imagesIn ? 0 : copyUploads(uploadsDir, path.join(folder, BACKUP_UPLOADS_DIR));
  const manifest: Manifest = { createdAt: new Date().toISOString(), database: BACKUP_DB_FILE, uploads, ...counts, ...(imagesIn ? { imagesIn } : {}) };
  fs.writeFileSync(path.join(folder, MANIFEST_FILE), JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}

/** Moves a file or folder aside as `<name>.before-restore-<stamp>`; returns the new name. */
function moveAside(p: string, stamp: string): string | undefined {
  if (!fs.existsSync(p)) return undefined;
  const aside = `${p}.before-restore-${stamp}`;
  fs.renameSync(p, aside);
  return aside;
}

/**
 * Puts a backup folder back into a stopped installation. What was there is kept beside it
 * (`*.before-restore-<time>`), never deleted.
 */
export function restoreInstallation(options: { databaseFile: string; uploadsDir: string; folder: string; now?: Date }): { manifest: Manifest; keptAside: string[] } {
  const { databaseFile, uploadsDir, folder } = options;
  const backupDb = path.join(folder, BACKUP_DB_FILE);
  if (!fs.existsSync(backupDb)) throw new Error(`备份目录里没有 ${BACKUP_DB_FILE}：${folder}`);
  const counts = checkIntegrity(backupDb);
  const stamp = (options.now ?? new Date())
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
  const keptAside: string[] = [];
  fs.mkdirSync(path.dirname(path.resolve(databaseFile)), { recursive: true });
  // The WAL and shared-memory files belong to the old database: they go with it.
  for (const suffix of ['', '-wal', '-shm']) {
    const aside = moveAside(databaseFile + suffix, stamp);
    if (aside) keptAside.push(aside);
  }
  fs.copyFileSync(backupDb, databaseFile);
  const asideUploads = moveAside(uploadsDir, stamp);
  if (asideUploads) keptAside.push(asideUploads);
  const backupUploads = path.join(folder, BACKUP_UPLOADS_DIR);
  const uploads = fs.existsSync(backupUploads) ? copyUploads(backupUploads, uploadsDir) : (fs.mkdirSync(uploadsDir, { recursive: true }), 0);
  const manifestFile = path.join(folder, MANIFEST_FILE);
  const saved = fs.existsSync(manifestFile) ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest) : undefined;
  return { manifest: { createdAt: saved?.createdAt ?? '', database: BACKUP_DB_FILE, uploads, ...counts, ...(saved?.imagesIn ? { imagesIn: saved.imagesIn } : {}) }, keptAside };
}
