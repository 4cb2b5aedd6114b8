/**
 * Editor images (publishing §5, §7, §8 "Upload"): the checks made before a file is sent, the
 * multipart upload to the REST path, and removing an upload the analysis no longer shows.
 */
import { navigate } from 'wouter/use-browser-location';
import { HTTP_TIMEOUT_MS } from '../../shared/constants.ts';
import { IDEA_MSG, IMAGE_MAX_BYTES, IMAGES_PER_IDEA } from '../../shared/idea-rules.ts';
import { clearSession, getToken } from './storage.ts';

export const IDEA_IMAGE_UPLOAD_PATH = '/api/upload/idea-image';
/** Where the server keeps uploads; the sanitizer drops any other image source. */
export const UPLOADS_URL_PREFIX = '/uploads/';

export interface UploadedImage {
  fileName: string;
  url: string;
  width?: number;
  height?: number;
}

/** An upload that failed, with the Chinese sentence to show. */
export class UploadError extends Error {
  constructor(message: string, readonly status?: number) {
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

/** The stored file name of an upload URL (`/uploads/12-ab.jpg` → `12-ab.jpg`), or null for any other URL. */
export function uploadFileName(url: string): string | null {
  if (!url.startsWith(UPLOADS_URL_PREFIX)) return null;
  const name = url.slice(UPLOADS_URL_PREFIX.length);
  return /^[\w.-]{1,80}$/.test(name) ? name : null;
}

function authHeaders(): Record<string, string> {
  const token = getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** DESIGN §10: a 401 on an authenticated call ends the session. */
function onUnauthorized(status: number) {
  if (status === 401 && getToken()) {
    clearSession();
    navigate('/login', { replace: true });
  }
}

interface UploadResponse {
  success?: boolean;
  message?: string;
  fileName?: string;
  url?: string;
  data?: { fileName?: string; url?: string; width?: number; height?: number } | null;
}

/** POST /api/upload/idea-image (multipart `file` + `ideaId`), 20 s timeout. Throws UploadError. */
export async function uploadIdeaImage(file: File, ideaId: number): Promise<UploadedImage> {
  const form = new FormData();
  form.append('ideaId', String(ideaId));
  form.append('file', file);
  let res: Response;
  try {
    res = await fetch(IDEA_IMAGE_UPLOAD_PATH, { method: 'POST', body: form, headers: authHeaders(), signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) });
  } catch {
    // Offline, refused, or the 20 s timeout: all read as a network problem.
    throw new UploadError(IDEA_MSG.uploadNetwork);
  }
  let body: UploadResponse | null = null;
  try {
    body = (await res.json()) as UploadResponse;
  } catch {
    body = null;
  }
  if (res.status === 413) throw new UploadError(IDEA_MSG.uploadTooLarge, 413);
  if (res.status === 415) throw new UploadError(IDEA_MSG.uploadUnsupported, 415);
  onUnauthorized(res.status);
  const url = body?.data?.url ?? body?.url;
  const fileName = body?.data?.fileName ?? body?.fileName;
  if (!res.ok || !body?.success || !url || !fileName) throw new UploadError(body?.message || IDEA_MSG.uploadFailed, res.status);
  return { fileName, url, width: body.data?.width, height: body.data?.height };
}

/** DELETE /api/upload/idea-image/{fileName}; quiet, since it only tidies up. */
export async function deleteIdeaImage(fileName: string): Promise<boolean> {
  try {
    const res = await fetch(`${IDEA_IMAGE_UPLOAD_PATH}/${encodeURIComponent(fileName)}`, { method: 'DELETE', headers: authHeaders(), signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) });
    onUnauthorized(res.status);
    return res.ok;
  } catch {
    return false;
  }
}
