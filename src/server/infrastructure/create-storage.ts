/** The storage STORAGE names, from its validated settings (kernel/config.ts). */
import type { Config } from '../kernel/config.ts';
import { S3FileStorage } from './s3-storage.ts';
import { LocalFileStorage, type FileStorage } from './storage.ts';

export function createStorage(config: Pick<Config, 'storage' | 'uploadsDir'>): FileStorage {
  return config.storage.kind === 's3' ? new S3FileStorage(config.storage) : new LocalFileStorage(config.uploadsDir);
}
