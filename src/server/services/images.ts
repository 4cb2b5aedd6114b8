/**
 * Idea images: only real images (decoded by sharp, not judged by name or MIME header), at most 3 per
 * idea and 10 MB, re-encoded with EXIF stripped, the long edge capped, compressed above 1 MB, and a
 * pixel limit against decompression bombs (DESIGN §4).
 */
import { randomBytes } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { nowDb } from '../../../db/time.ts';
import type { UserRow } from '../../../db/types.ts';
import { IDEA_MSG, IMAGE_COMPRESS_THRESHOLD_BYTES, IMAGE_MAX_BYTES, IMAGES_PER_IDEA } from '../../shared/idea-rules.ts';
import type { Deps } from '../deps.ts';
import { AppError, badRequest, notFound } from '../errors.ts';
import { requireEditableIdea } from './ideas.ts';

export const MAX_INPUT_PIXELS = 40_000_000;
export const MAX_LONG_EDGE = 2048;

export const IMAGE_MSG = {
  notAnImage: '不支持的图片格式，请上传 JPG、PNG、WebP 或 GIF 图片',
  tooLarge: IDEA_MSG.imageTooLarge,
  tooManyPixels: '图片尺寸过大，请压缩后再上传',
  tooMany: IDEA_MSG.tooManyImages,
  missingFile: '请选择要上传的图片',
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

async function imageCount(deps: Deps, ideaId: number): Promise<number> {
  const row = await deps.db.selectFrom('idea_images').select((eb) => eb.fn.countAll<number>().as('n')).where('idea_id', '=', ideaId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function uploadIdeaImage(deps: Deps, user: UserRow, ideaId: number, file: Buffer | undefined): Promise<{ fileName: string; url: string; width: number; height: number }> {
  if (!file?.length) throw badRequest(IMAGE_MSG.missingFile);
  await requireEditableIdea(deps.db, user, ideaId);
  if ((await imageCount(deps, ideaId)) >= IMAGES_PER_IDEA) throw badRequest(IMAGE_MSG.tooMany);
  await deps.limits.uploads.consume(String(user.id), IMAGE_MSG.uploadTooFrequent);
  const image = await processImage(file);
  const fileName = `${ideaId}-${randomBytes(12).toString('hex')}.${image.extension}`;
  await deps.storage.put(fileName, image.data);
  const url = deps.storage.url(fileName);
  try {
    await deps.db
      .insertInto('idea_images')
      .values({ idea_id: ideaId, user_id: user.id, file_name: fileName, url, bytes: image.data.length, width: image.width, height: image.height, created_at: nowDb() })
      .execute();
  } catch (err) {
    await deps.storage.delete(fileName);
    throw err;
  }
  // Counted again after the insert: of parallel uploads past the cap, the late ones back out.
  if ((await imageCount(deps, ideaId)) > IMAGES_PER_IDEA) {
    await deps.db.deleteFrom('idea_images').where('file_name', '=', fileName).execute();
    await deps.storage.delete(fileName);
    throw badRequest(IMAGE_MSG.tooMany);
  }
  return { fileName, url, width: image.width, height: image.height };
}

export async function deleteIdeaImage(deps: Deps, user: UserRow, fileName: string): Promise<void> {
  const image = await deps.db.selectFrom('idea_images').select(['id', 'idea_id', 'user_id']).where('file_name', '=', fileName).executeTakeFirst();
  if (!image) throw notFound(IMAGE_MSG.imageNotFound);
  // The idea's owner decides, whatever user uploaded it.
  await requireEditableIdea(deps.db, user, image.idea_id);
  await deps.db.deleteFrom('idea_images').where('id', '=', image.id).execute();
  await deps.storage.delete(fileName);
}

export async function removeStoredImages(deps: Deps, fileNames: string[]): Promise<void> {
  for (const name of fileNames) await deps.storage.delete(name).catch(() => undefined);
}
