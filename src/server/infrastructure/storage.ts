/**
 * Where uploaded files live (docs/architecture.md §9): a local folder (`STORAGE=local`, UPLOADS_DIR) or an
 * S3-compatible bucket (`STORAGE=s3`: Alibaba Cloud OSS, Tencent COS, MinIO, AWS; s3-storage.ts).
 * Whatever the storage, an image's URL is `/uploads/<name>`, the form stored in ideas and accepted
 * by the analysis sanitizer; uploads-route.ts serves it (from the folder, from the bucket, or by a
 * redirect to S3_PUBLIC_URL).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { uploadUrl } from '../../shared/uploads.ts';

export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Where the files are, in words for an operator (logs, backup): the folder, or the bucket and its endpoint. */
  readonly location: string;
  put(name: string, data: Buffer): Promise<void>;
  /** Removes a file; a name that is not there is no error. */
  delete(name: string): Promise<void>;
  /** The stored bytes, or null when there is no such file (a member's data export reads their images). */
  read(name: string): Promise<Buffer | null>;
  /** The public URL the browser loads. */
  url(name: string): string;
}

/** A file being written; backups skip it. */
export const PARTIAL_SUFFIX = '.partial';

/** Uploaded images never change (names are random): browsers and CDNs keep them 30 days without asking again. */
export const UPLOAD_MAX_AGE_SECONDS = 30 * 24 * 3600;
export const UPLOAD_CACHE_CONTROL = `public, max-age=${UPLOAD_MAX_AGE_SECONDS}, immutable`;

/** The MIME type of a stored upload, by the extension the server gave it. */
export function uploadContentType(name: string): string {
  return name.endsWith('.png') ? 'image/png' : name.endsWith('.jpg') || name.endsWith('.jpeg') ? 'image/jpeg' : 'application/octet-stream';
}

export class LocalFileStorage implements FileStorage {
  readonly kind = 'local';
  readonly location: string;
  constructor(readonly dir: string) {
    this.location = `本地目录 ${path.resolve(dir)}`;
  }
  async put(name: string, data: Buffer): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    // Written aside and renamed, so a backup copying the folder never sees half a file.
    const target = path.join(this.dir, path.basename(name));
    const partial = `${target}.${randomBytes(4).toString('hex')}${PARTIAL_SUFFIX}`;
    await fs.writeFile(partial, data);
    await fs.rename(partial, target);
  }
  async delete(name: string): Promise<void> {
    await fs.rm(path.join(this.dir, path.basename(name)), { force: true });
  }
  async read(name: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(path.join(this.dir, path.basename(name)));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }
  url(name: string): string {
    return uploadUrl(encodeURIComponent(name));
  }
}
