/**
 * Downloading one's own data (PIPL access): `GET /api/account/export` with the session's
 * token, saved under the server's file name. The archive is built as it downloads; a member with
 * many images waits a little, so the timeout is long.
 */
import { guardSession } from './session-guard.ts';
import { getToken } from './storage.ts';

export const EXPORT_PATH = '/api/account/export';
const EXPORT_TIMEOUT_MS = 120_000;

export const EXPORT_MSG = {
  failed: '下载失败，请稍后重试',
  network: '下载失败：网络连接异常，请检查网络后重试',
  done: (name: string) => `已开始下载 ${name}`,
} as const;

/** The file name of a `Content-Disposition` answer: the UTF-8 form when there is one. */
export function attachmentName(header: string | null): string | null {
  if (!header) return null;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (utf8) {
    try {
      return decodeURIComponent(utf8[1]);
    } catch {
      // Fall through to the plain name.
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? null;
}

/** Downloads the archive and hands it to the browser to save; answers the file name. Throws an Error with a Chinese message. */
export async function downloadMyData(): Promise<string> {
  const token = getToken();
  let res: Response;
  try {
    res = await fetch(EXPORT_PATH, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal: AbortSignal.timeout(EXPORT_TIMEOUT_MS) });
  } catch {
    throw new Error(EXPORT_MSG.network);
  }
  guardSession(res, token);
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message || EXPORT_MSG.failed);
  }
  let blob: Blob;
  try {
    blob = await res.blob();
  } catch {
    throw new Error(EXPORT_MSG.network);
  }
  const name = attachmentName(res.headers.get('content-disposition')) ?? 'hunter-data.zip';
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return name;
}
