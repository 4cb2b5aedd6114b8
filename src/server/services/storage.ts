/** Where uploaded files live: a local folder now, an S3-compatible bucket later (DESIGN §9). */
import fs from 'node:fs/promises';
import path from 'node:path';
import { uploadUrl } from '../../shared/uploads.ts';

export interface FileStorage {
  put(name: string, data: Buffer): Promise<void>;
  delete(name: string): Promise<void>;
  /** The public URL the browser loads. */
  url(name: string): string;
}

export class LocalFileStorage implements FileStorage {
  constructor(readonly dir: string) {}
  async put(name: string, data: Buffer): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    await fs.writeFile(path.join(this.dir, path.basename(name)), data);
  }
  async delete(name: string): Promise<void> {
    await fs.rm(path.join(this.dir, path.basename(name)), { force: true });
  }
  url(name: string): string {
    return uploadUrl(encodeURIComponent(name));
  }
}
