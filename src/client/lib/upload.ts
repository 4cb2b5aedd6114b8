/**
 * Editor images (docs/spec/publishing-and-browsing.md §5, §7, §8 "Upload"): the checks made before a file is sent, the
 * multipart upload to the REST path, and removing an upload the analysis no longer shows.
 * Where uploads live and how their names look is shared with the server (shared/uploads.ts).
 */
import { requestTimeoutMs } from './request-rules.ts';
import { IDEA_MSG, IMAGE_MAX_BYTES, IMAGES_PER_IDEA } from '../../shared/idea-rules.ts';
import { guardSession } from './session-guard.ts';
import { getToken } from './storage.ts';

export { UPLOADS_URL_PREFIX, uploadFileNameFromUrl } from '../../shared/uploads.ts';

export const IDEA_IMAGE_UPLOAD_PATH = '/api/upload/idea-image';

export interface UploadedImage {
  fileName: string;
  url: string;
  width?: number;
  height?: number;
}

/** An upload that failed, with the Chinese sentence to show. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/** Why a chosen file may not be inserted (checked before any upload), or null when it may. */
export function imageFileProblem(file: Pick<File, 'type' | 'size'>, imagesInDocument: number): string | null {
  if (!file.type.startsWith('image/')) return IDEA_MSG.imagesOnly;
  if (imagesInDocument >= IMAGES_PER_IDEA) return IDEA_MSG.tooManyImages;
  if (file.size > IMAGE_MAX_BYTES) return IDEA_MSG.imageTooLarge;
  return null;
}

function authHeaders(token: string | null): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : {};
}

interface UploadResponse {
  success?: boolean;
  message?: string;
  fileName?: string;
  url?: string;
  data?: { fileName?: string; url?: string; width?: number; height?: number } | null;
}

/**
 * POST /api/upload/idea-image (multipart `file`, and `ideaId` once the idea exists), 20 s timeout.
 * Without an id the server holds the upload for its uploader and attaches it to the idea that is
 * saved with this `<img src="/uploads/NAME">` in its analysis, so no draft is created just to
 * hold an image. Throws UploadError.
 */
export async function uploadIdeaImage(file: File, ideaId: number | null): Promise<UploadedImage> {
  const form = new FormData();
  if (ideaId !== null) form.append('ideaId', String(ideaId));
  form.append('file', file);
  const token = getToken();
  let res: Response;
  try {
    res = await fetch(IDEA_IMAGE_UPLOAD_PATH, { method: 'POST', body: form, headers: authHeaders(token), signal: AbortSignal.timeout(requestTimeoutMs(IDEA_IMAGE_UPLOAD_PATH)) });
  } catch {
    // Offline, refused, or the 20 s timeout: all read as a network problem.
    throw new UploadError(IDEA_MSG.uploadNetwork);
  }
  let body: UploadResponse | null;
  try {
    body = (await res.json()) as UploadResponse;
  } catch {
    body = null;
  }
  guardSession(res, token);
  if (res.status === 413) throw new UploadError(IDEA_MSG.uploadTooLarge, 413);
  if (res.status === 415) throw new UploadError(IDEA_MSG.uploadUnsupported, 415);
  const url = body?.data?.url ?? body?.url;
  const fileName = body?.data?.fileName ?? body?.fileName;
  if (!res.ok || !body?.success || !url || !fileName) throw new UploadError(body?.message || IDEA_MSG.uploadFailed, res.status);
  return { fileName, url, width: body.data?.width, height: body.data?.height };
}

/** DELETE /api/upload/idea-image/{fileName}; quiet, since it only tidies up. */
export async function deleteIdeaImage(fileName: string): Promise<boolean> {
  const token = getToken();
  try {
    const res = await fetch(`${IDEA_IMAGE_UPLOAD_PATH}/${encodeURIComponent(fileName)}`, {
      method: 'DELETE',
      headers: authHeaders(token),
      signal: AbortSignal.timeout(requestTimeoutMs(IDEA_IMAGE_UPLOAD_PATH)),
    });
    guardSession(res, token);
    return res.ok;
  } catch {
    return false;
  }
}
