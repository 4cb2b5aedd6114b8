/** Where uploaded images live and how their names look; the server's sanitizer and the editor share it. */

export const UPLOADS_URL_PREFIX = '/uploads/';
/** A stored upload's file name: random letters and digits, re-encoded as JPEG or PNG by the server. */
export const UPLOAD_FILE_NAME_PATTERN = /^[A-Za-z0-9_-]{1,80}\.(?:jpg|png)$/;

export function uploadUrl(fileName: string): string {
  return UPLOADS_URL_PREFIX + fileName;
}

/** The stored file name of an upload URL (`/uploads/ab12.jpg` → `ab12.jpg`), or null for any other URL. */
export function uploadFileNameFromUrl(url: string): string | null {
  if (!url.startsWith(UPLOADS_URL_PREFIX)) return null;
  const name = url.slice(UPLOADS_URL_PREFIX.length);
  return UPLOAD_FILE_NAME_PATTERN.test(name) ? name : null;
}
