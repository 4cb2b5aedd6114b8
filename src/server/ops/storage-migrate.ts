/**
 * `npm run storage:migrate`: copies the local uploads folder into the bucket, so an installation can
 * switch from STORAGE=local to STORAGE=s3. Resumable: an object already in the bucket with the same
 * bytes is left alone, so a run cut short is simply run again. Every object is verified after the
 * copy (its size, and its MD5 through the ETag, or its bytes read back where the service's ETag is
 * not an MD5). The local files are never changed or removed.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../../db/types.ts';
import { UPLOAD_FILE_NAME_PATTERN } from '../../shared/uploads.ts';
import type { S3FileStorage } from '../infrastructure/s3-storage.ts';

export type MigrationTarget = Pick<S3FileStorage, 'put' | 'head' | 'read' | 'location'>;

export interface MigrationReport {
  /** Image files in the folder. */
  found: number;
  copied: string[];
  /** In the bucket already with the same bytes (an earlier run's work). */
  alreadyThere: string[];
  /** In the bucket with other bytes (a copy cut short): copied again. */
  replaced: string[];
  failed: { name: string; reason: string }[];
  /** Files in the folder that are not uploads (partial writes, anything else): left out. */
  ignored: string[];
  /** Images the database names that are neither in the folder nor in the bucket. */
  missing: string[];
  /** Why that check could not run (a database not migrated yet, unreachable): the copy does not depend on it. */
  missingCheckFailed?: string;
}

const md5Hex = (data: Buffer) => createHash('md5').update(data).digest('hex');

/** Whether the bucket holds exactly these bytes: the size, then the MD5 ETag (single-part uploads), else the bytes read back. */
async function holds(target: MigrationTarget, name: string, data: Buffer, info: { size: number; etag: string | undefined }): Promise<boolean> {
  if (info.size !== data.length) return false;
  const etag = info.etag?.replace(/"/g, '').toLowerCase();
  if (etag && /^[0-9a-f]{32}$/.test(etag)) return etag === md5Hex(data);
  const stored = await target.read(name);
  return !!stored && stored.equals(data);
}

async function copyOne(target: MigrationTarget, dir: string, name: string, report: MigrationReport): Promise<void> {
  try {
    const data = await fs.readFile(path.join(dir, name));
    const before = await target.head(name);
    if (before && (await holds(target, name, data, before))) {
      report.alreadyThere.push(name);
      return;
    }
    await target.put(name, data);
    const after = await target.head(name);
    if (!after || !(await holds(target, name, data, after))) {
      report.failed.push({ name, reason: after ? '存储桶里的内容与本地文件不一致' : '复制后在存储桶里找不到' });
      return;
    }
    (before ? report.replaced : report.copied).push(name);
  } catch (err) {
    report.failed.push({ name, reason: `${(err as Error)?.name ?? 'Error'}: ${(err as Error)?.message ?? String(err)}` });
  }
}

/**
 * Copies every upload in `from` into the bucket, `concurrency` at a time; `db`, when given, is asked
 * which images its rows name, to report those found nowhere. `progress` hears a line now and then.
 */
export async function migrateUploads(options: { from: string; target: MigrationTarget; db?: Db; concurrency?: number; progress?: (line: string) => void }): Promise<MigrationReport> {
  const { from, target, db, concurrency = 4, progress } = options;
  const report: MigrationReport = { found: 0, copied: [], alreadyThere: [], replaced: [], failed: [], ignored: [], missing: [] };
  const entries = await fs.readdir(from, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  const names: string[] = [];
  for (const e of entries) (e.isFile() && UPLOAD_FILE_NAME_PATTERN.test(e.name) ? names : report.ignored).push(e.name);
  names.sort();
  report.found = names.length;

  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < names.length) {
      const name = names[next++];
      await copyOne(target, from, name, report);
      done += 1;
      if (progress && (done % 100 === 0 || done === names.length)) progress(`已处理 ${done}/${names.length}`);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));

  if (db) {
    try {
      const local = new Set(names);
      const rows = [...(await db.selectFrom('idea_images').select('file_name').execute()), ...(await db.selectFrom('pending_uploads').select('file_name').execute())];
      for (const name of [...new Set(rows.map((r) => r.file_name))].sort()) {
        if (!local.has(name) && !(await target.head(name))) report.missing.push(name);
      }
    } catch (err) {
      report.missingCheckFailed = (err as Error)?.message ?? String(err);
    }
  }
  for (const list of [report.copied, report.alreadyThere, report.replaced]) list.sort();
  return report;
}
