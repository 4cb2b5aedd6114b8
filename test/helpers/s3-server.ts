/**
 * A real S3 protocol server for a test (s3rver, in a temporary folder) with one empty bucket, and the
 * STORAGE=s3 settings that point the app at it. Its one account's keys are `S3RVER` / `S3RVER`;
 * requests are signed and checked as a real service would.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { StorageSettings } from '../../src/server/kernel/config.ts';
import { S3FileStorage } from '../../src/server/infrastructure/s3-storage.ts';

export type S3Settings = Extract<StorageSettings, { kind: 's3' }>;

export interface TestS3 {
  endpoint: string;
  settings: S3Settings;
  /** The same bucket through the app's own storage class, for looking inside. */
  storage: S3FileStorage;
  /** The keys in the bucket, sorted. */
  keys(): Promise<string[]>;
  /** As environment variables, for a server process. */
  env: Record<string, string>;
  close(): Promise<void>;
}

let buckets = 0;

export async function startS3(options: { publicUrl?: boolean } = {}): Promise<TestS3> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hunter-s3rver-'));
  const bucket = `hunter-test-${process.pid}-${++buckets}`;
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory: dir, silent: true, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const settings: S3Settings = {
    kind: 's3',
    endpoint,
    region: 'us-east-1',
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    // The bucket's own address (path style): s3rver serves objects to anonymous GETs, as a public-read bucket or CDN would.
    publicUrl: options.publicUrl ? `${endpoint}/${bucket}` : undefined,
  };
  const storage = new S3FileStorage(settings);
  return {
    endpoint,
    settings,
    storage,
    async keys() {
      const listed = await (await storage.s3Client()).send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((o) => o.Key!).sort();
    },
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      ...(settings.publicUrl ? { S3_PUBLIC_URL: settings.publicUrl } : {}),
    },
    async close() {
      await storage.destroy();
      // Keep-alive connections of the SDK would hold close() open.
      server.httpServer.closeAllConnections();
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
