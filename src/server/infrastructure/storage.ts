/** Where uploaded files live: a local folder now, an S3-compatible bucket later (DESIGN §9). */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { uploadUrl } from '../../shared/uploads.ts';

export interface FileStorage {
  put(name: string, data: Buffer): Promise<void>;
  delete(name: string): Promise<void>;
  /** The stored bytes, or null when there is no such file (a member's data export reads their images). */
  read(name: string): Promise<Buffer | null>;
  /** The public URL the browser loads. */
  url(name: string): string;
}

/** A file being written; backups skip it. */
export const PARTIAL_SUFFIX = '.partial';

export class LocalFileStorage implements FileStorage {
  constructor(readonly dir: string) {}
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
