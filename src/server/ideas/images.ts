/**
 * Idea images: only real images (decoded by sharp, not judged by name or MIME header), at most 3 per
 * idea and 10 MB, re-encoded with EXIF stripped, the long edge capped, compressed above 1 MB, and a
 * pixel limit against decompression bombs (docs/architecture.md §4).
 *
 * An image uploaded before its idea exists (a new idea in the editor) is held for its uploader in
 * pending_uploads and moves to the idea when the idea is saved showing it, so inserting an image
 * never creates a draft behind the author's back. Those never saved are removed after a day.
 */
import type { z } from 'zod';
import { randomBytes } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { dbTimeAgo, nowDb } from '../../../db/time.ts';
import type { Db, UserRow } from '../../../db/types.ts';
import { transaction } from '../../../db/transaction.ts';
import { IDEA_MSG, IMAGE_COMPRESS_THRESHOLD_BYTES, IMAGE_MAX_BYTES, IMAGES_PER_IDEA } from '../../shared/idea-rules.ts';
import type { Deps } from '../deps.ts';
import { AppError, badRequest, notFound } from '../kernel/errors.ts';
import { requireEditableIdea } from './visibility.ts';
import type { ZUploadedImage } from '../../shared/outputs/ideas.ts';
import { processLog } from '../kernel/process-log.ts';

export const MAX_INPUT_PIXELS = 40_000_000;
export const MAX_LONG_EDGE = 2048;
/** Uploads a user may hold for ideas not saved yet. */
export const PENDING_UPLOADS_MAX = 10;
const PENDING_UPLOAD_TTL_MS = 24 * 3600 * 1000;

export const IMAGE_MSG = {
  notAnImage: '不支持的图片格式，请上传 JPG、PNG、WebP 或 GIF 图片',
  tooLarge: IDEA_MSG.imageTooLarge,
  tooManyPixels: '图片尺寸过大，请压缩后再上传',
  tooMany: IDEA_MSG.tooManyImages,
  tooManyPending: `未保存的图片过多（最多${PENDING_UPLOADS_MAX}张），请先保存创意`,
  missingFile: '请选择要上传的图片',
  malformed: '上传内容格式不正确，请用 multipart/form-data 提交 file（及可选的 ideaId）',
  uploadTooFrequent: '上传过于频繁，请稍后再试',
  uploaded: '图片上传成功',
  deleted: '图片已删除',
  imageNotFound: '图片不存在或无权删除',
} as const;

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

export interface ProcessedImage {
  data: Buffer;
  width: number;
  height: number;
  extension: 'jpg' | 'png';
}

/** Decodes, re-encodes and shrinks an upload. Throws 415 for anything that is not an image. */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  if (input.length > IMAGE_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_MSG.tooLarge);
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch (err) {
    if (String(err).includes('pixel limit')) throw badRequest(IMAGE_MSG.tooManyPixels);
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMAGE_MSG.notAnImage);
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMAGE_MSG.notAnImage);
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw badRequest(IMAGE_MSG.tooManyPixels);

  // rotate() applies the EXIF orientation; sharp writes no metadata unless asked, so EXIF is gone.
  const base = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().resize({ width: MAX_LONG_EDGE, height: MAX_LONG_EDGE, fit: 'inside', withoutEnlargement: true });
  const keepPng = meta.hasAlpha && input.length <= IMAGE_COMPRESS_THRESHOLD_BYTES;
  try {
    if (keepPng) {
      const { data, info } = await base().png({ compressionLevel: 9 }).toBuffer({ resolveWithObject: true });
      return { data, width: info.width, height: info.height, extension: 'png' };
    }
    // Photos become JPEG; above 1 MB the quality steps down until it fits.
    let quality = input.length > IMAGE_COMPRESS_THRESHOLD_BYTES ? 80 : 88;
    for (;;) {
      const { data, info } = await base().flatten({ background: '#ffffff' }).jpeg({ quality, mozjpeg: true }).toBuffer({ resolveWithObject: true });
      if (data.length <= IMAGE_COMPRESS_THRESHOLD_BYTES || quality <= 40) return { data, width: info.width, height: info.height, extension: 'jpg' };
      quality -= 15;
    }
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMAGE_MSG.notAnImage);
  }
}

async function ideaImageCount(db: Db, ideaId: number): Promise<number> {
  const row = await db
    .selectFrom('idea_images')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('idea_id', '=', ideaId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function pendingCount(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('pending_uploads')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type UploadedImage = z.infer<typeof ZUploadedImage>;

/** Stores an upload for an idea of the user's, or, without an idea, as the user's pending upload. */
export async function uploadIdeaImage(deps: Deps, user: UserRow, ideaId: number | undefined, file: Buffer | undefined): Promise<UploadedImage> {
  if (!file?.length) throw badRequest(IMAGE_MSG.missingFile);
  const countNow = ideaId ? () => ideaImageCount(deps.db, ideaId) : () => pendingCount(deps.db, user.id);
  const cap = ideaId ? IMAGES_PER_IDEA : PENDING_UPLOADS_MAX;
  const tooMany = ideaId ? IMAGE_MSG.tooMany : IMAGE_MSG.tooManyPending;
  if (ideaId) await requireEditableIdea(deps.db, user, ideaId);
  if ((await countNow()) >= cap) throw badRequest(tooMany);
  await deps.limits.uploads.consume(String(user.id), IMAGE_MSG.uploadTooFrequent);

  const image = await processImage(file);
  const fileName = `${randomBytes(16).toString('hex')}.${image.extension}`;
  await deps.storage.put(fileName, image.data);
  const row = { user_id: user.id, file_name: fileName, url: deps.storage.url(fileName), bytes: image.data.length, width: image.width, height: image.height, created_at: nowDb() };
  const table = ideaId ? 'idea_images' : 'pending_uploads';
  try {
    if (ideaId)
      await deps.db
        .insertInto('idea_images')
        .values({ ...row, idea_id: ideaId })
        .execute();
    else await deps.db.insertInto('pending_uploads').values(row).execute();
  } catch (err) {
    await deps.storage.delete(fileName);
    throw err;
  }
  // Counted again after the insert: of parallel uploads past the cap, the late ones back out.
  if ((await countNow()) > cap) {
    await deps.db.deleteFrom(table).where('file_name', '=', fileName).execute();
    await deps.storage.delete(fileName);
    throw badRequest(tooMany);
  }
  return { fileName, url: row.url, width: image.width, height: image.height };
}

export async function deleteIdeaImage(deps: Deps, user: UserRow, fileName: string): Promise<void> {
  // The file goes only with a row this call removed: a held upload a save just moved to an idea stays.
  const held = await deps.db.deleteFrom('pending_uploads').where('file_name', '=', fileName).where('user_id', '=', user.id).executeTakeFirst();
  if (Number(held.numDeletedRows) === 1) return deps.storage.delete(fileName);
  const image = await deps.db.selectFrom('idea_images').select(['id', 'idea_id']).where('file_name', '=', fileName).executeTakeFirst();
  if (!image) throw notFound(IMAGE_MSG.imageNotFound);
  // The idea's owner decides, whatever user uploaded it.
  await requireEditableIdea(deps.db, user, image.idea_id);
  const removed = await deps.db.deleteFrom('idea_images').where('id', '=', image.id).executeTakeFirst();
  if (Number(removed.numDeletedRows) === 1) await deps.storage.delete(fileName);
}

/** The images an idea's analysis may show: its own uploads and the author's pending ones (nothing from elsewhere). */
export async function usableImageNames(db: Db, user: UserRow, ideaId: number | null): Promise<Set<string>> {
  const [own, pending] = await Promise.all([
    ideaId ? db.selectFrom('idea_images').select('file_name').where('idea_id', '=', ideaId).execute() : Promise.resolve([]),
    db.selectFrom('pending_uploads').select('file_name').where('user_id', '=', user.id).execute(),
  ]);
  return new Set([...own, ...pending].map((r) => r.file_name));
}

/**
 * After a save: pending uploads the analysis shows move to the idea; the idea's images it no longer
 * shows leave storage. (The save has already refused an analysis with more than 3 images.)
 */
export async function settleIdeaImages(deps: Deps, user: UserRow, ideaId: number, shownNames: string[]): Promise<void> {
  const shown = new Set(shownNames);
  const stale = (await deps.db.selectFrom('idea_images').select('file_name').where('idea_id', '=', ideaId).execute()).map((i) => i.file_name).filter((n) => !shown.has(n));
  if (stale.length) await deps.db.deleteFrom('idea_images').where('idea_id', '=', ideaId).where('file_name', 'in', stale).execute();
  await removeStoredImages(deps, stale);
  if (!shown.size) return;
  const pending = await deps.db
    .selectFrom('pending_uploads')
    .selectAll()
    .where('user_id', '=', user.id)
    .where('file_name', 'in', [...shown])
    .execute();
  for (const { id, ...upload } of pending) {
    // Whoever removes the held row moves it: of two saves showing one upload, only one idea gets it.
    await transaction(deps.db, async (trx) => {
      const taken = await trx.deleteFrom('pending_uploads').where('id', '=', id).executeTakeFirst();
      if (Number(taken.numDeletedRows) === 1)
        await trx
          .insertInto('idea_images')
          .values({ ...upload, idea_id: ideaId })
          .execute();
    });
  }
}

/** Removes files whose rows are gone; a failure (the bucket unreachable) is logged, the rest go on. */
export async function removeStoredImages(deps: Deps, fileNames: string[]): Promise<void> {
  for (const name of fileNames) {
    await deps.storage
      .delete(name)
      .catch((err: unknown) => processLog.error(`[storage] 删除 ${name}（${deps.storage.location}）失败，文件留在原处：${(err as Error)?.name ?? ''} ${(err as Error)?.message ?? String(err)}`));
  }
}

/** Housekeeping: uploads never saved into an idea within a day. Idempotent. */
export async function purgeStalePendingUploads(deps: Deps): Promise<number> {
  const stale = await deps.db.selectFrom('pending_uploads').select(['id', 'file_name']).where('created_at', '<', dbTimeAgo(PENDING_UPLOAD_TTL_MS)).limit(500).execute();
  for (const upload of stale) {
    // Only a row this job removed takes its file along (a save may have just moved it to an idea).
    const removed = await deps.db.deleteFrom('pending_uploads').where('id', '=', upload.id).executeTakeFirst();
    if (Number(removed.numDeletedRows) === 1) await removeStoredImages(deps, [upload.file_name]);
  }
  return stale.length;
}
