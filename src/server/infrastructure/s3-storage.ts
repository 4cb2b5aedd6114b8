/**
 * Uploads in an S3-compatible bucket, through `@aws-sdk/client-s3` (Alibaba Cloud OSS, Tencent COS,
 * MinIO and AWS all speak it). Objects are named as the files were (`<random>.jpg`), at the bucket's
 * root, stored with their type and the same Cache-Control the app sends, so a CDN or the bucket's
 * own domain (S3_PUBLIC_URL) serves them as the app does. The SDK is loaded with the first object
 * asked for, not at start (it adds some 10 MB to every process that keeps its images on disk).
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import type { StorageSettings } from '../kernel/config.ts';
import { AppError } from '../kernel/errors.ts';
import { onFirstUse } from './on-first-use.ts';
import { uploadUrl } from '../../shared/uploads.ts';
import { UPLOAD_CACHE_CONTROL, uploadContentType, type FileStorage } from './storage.ts';
import { processLog } from '../kernel/process-log.ts';

export type S3Settings = Extract<StorageSettings, { kind: 's3' }>;

export const STORAGE_MSG = {
  unavailable: '图片存储暂时不可用，请稍后重试',
} as const;

/** An object as the bucket answered a GET or HEAD: 200 with its body, 206 a part, 304 unchanged, 404 none. */
export interface StoredObject {
  status: 200 | 206 | 304 | 404 | 416;
  body?: Readable;
  headers: Record<string, string>;
}

/** What a HEAD tells of an object, or null when it is not there. */
export interface ObjectInfo {
  size: number;
  etag: string | undefined;
}

/** The bucket in words for an operator (logs, backup), without a client. */
export const bucketLocation = (settings: S3Settings) => `S3 存储桶 ${settings.bucket}（${settings.endpoint ?? `AWS ${settings.region}`}）`;

const statusOf = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;

/** One line for the log: the SDK's error name and status (an answer of the service), never credentials. */
const describeError = (err: unknown) =>
  statusOf(err) !== undefined ? `${(err as Error).name} (HTTP ${statusOf(err)})` : `${(err as Error)?.name ?? 'Error'}: ${(err as Error)?.message ?? String(err)}`;

type Sdk = typeof import('@aws-sdk/client-s3');

/** The client's settings: the bucket's address and keys, timeouts, and checksums only where required. */
function clientConfig(settings: S3Settings): S3ClientConfig {
  return {
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // The CRC checksums the SDK adds by default since 2025 are not understood by every
    // S3-compatible service (OSS, COS and older MinIO refuse or ignore them): only where required.
    // Uploads carry Content-MD5 instead, which all of them check.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 20_000 },
  };
}

export class S3FileStorage implements FileStorage {
  readonly kind = 's3';
  readonly location: string;
  readonly bucket: string;
  /** The SDK and the client. */
  private readonly sdk: () => Promise<{ sdk: Sdk; client: S3Client }>;
  private made = false;
  constructor(readonly settings: S3Settings) {
    this.bucket = settings.bucket;
    this.location = bucketLocation(settings);
    this.sdk = onFirstUse(async () => {
      const sdk = await import('@aws-sdk/client-s3');
      const client = new sdk.S3Client(clientConfig(settings));
      this.made = true;
      return { sdk, client };
    });
  }

  /** The SDK's client, for what the storage itself does not offer (the migration's bucket check, a test's listing). */
  async s3Client(): Promise<S3Client> {
    return (await this.sdk()).client;
  }

  /** Closes the client's kept-alive connections, if it was ever made. */
  async destroy(): Promise<void> {
    if (this.made) (await this.sdk()).client.destroy();
  }

  async put(name: string, data: Buffer): Promise<void> {
    try {
      const { sdk, client } = await this.sdk();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: this.bucket,
          Key: name,
          Body: data,
          ContentType: uploadContentType(name),
          CacheControl: UPLOAD_CACHE_CONTROL,
          ContentMD5: createHash('md5').update(data).digest('base64'),
        }),
      );
    } catch (err) {
      processLog.error(`[storage] 上传 ${name} 到 ${this.location} 失败：${describeError(err)}`);
      throw new AppError('UNAVAILABLE', STORAGE_MSG.unavailable);
    }
  }

  async delete(name: string): Promise<void> {
    // Deleting an object that is not there succeeds (S3 answers 204), as the local rm does with force.
    const { sdk, client } = await this.sdk();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: name }));
  }

  url(name: string): string {
    return uploadUrl(encodeURIComponent(name));
  }

  /** Where a browser loads the object from when S3_PUBLIC_URL is set. */
  publicUrl(name: string): string | undefined {
    return this.settings.publicUrl ? `${this.settings.publicUrl}/${encodeURIComponent(name)}` : undefined;
  }

  async head(name: string): Promise<ObjectInfo | null> {
    const { sdk, client } = await this.sdk();
    try {
      const answer = await client.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: name }));
      return { size: answer.ContentLength ?? 0, etag: answer.ETag };
    } catch (err) {
      if (statusOf(err) === 404) return null;
      throw err;
    }
  }

  /** The whole object, or null when it is not there. */
  async read(name: string): Promise<Buffer | null> {
    const { sdk, client } = await this.sdk();
    try {
      const answer = await client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: name }));
      return Buffer.from(await answer.Body!.transformToByteArray());
    } catch (err) {
      if (statusOf(err) === 404) return null;
      throw err;
    }
  }

  /**
   * An object for the browser, with the conditions and range it sent passed on to the bucket (one
   * request: a 304 or a part costs no more than asking). `headOnly` for HEAD requests.
   */
  async open(name: string, request: { ifNoneMatch?: string; ifModifiedSince?: string; range?: string; headOnly?: boolean }): Promise<StoredObject> {
    const input = {
      Bucket: this.bucket,
      Key: name,
      IfNoneMatch: request.ifNoneMatch,
      IfModifiedSince: request.ifModifiedSince && !request.ifNoneMatch ? new Date(request.ifModifiedSince) : undefined,
      Range: request.range && /^bytes=\d*-\d*$/.test(request.range) ? request.range : undefined,
    };
    if (input.IfModifiedSince && Number.isNaN(input.IfModifiedSince.getTime())) input.IfModifiedSince = undefined;
    try {
      const { sdk, client } = await this.sdk();
      const answer = request.headOnly ? await client.send(new sdk.HeadObjectCommand(input)) : await client.send(new sdk.GetObjectCommand(input));
      const headers: Record<string, string> = { 'content-type': uploadContentType(name), 'accept-ranges': 'bytes' };
      if (answer.ContentLength !== undefined) headers['content-length'] = String(answer.ContentLength);
      if (answer.ETag) headers.etag = answer.ETag;
      if (answer.LastModified) headers['last-modified'] = answer.LastModified.toUTCString();
      const range = 'ContentRange' in answer ? answer.ContentRange : undefined;
      if (range) headers['content-range'] = range;
      const body = 'Body' in answer ? (answer.Body as Readable | undefined) : undefined;
      return { status: range ? 206 : 200, body, headers };
    } catch (err) {
      const status = statusOf(err);
      if (status === 304) return { status: 304, headers: {} };
      if (status === 404) return { status: 404, headers: {} };
      if (status === 416) return { status: 416, headers: {} };
      processLog.error(`[storage] 读取 ${name}（${this.location}）失败：${describeError(err)}`);
      throw new AppError('UNAVAILABLE', STORAGE_MSG.unavailable);
    }
  }
}
