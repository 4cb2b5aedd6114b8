/** What is pasted or dropped into the text: foreign images are dropped, image files are uploaded. */
import { UPLOADS_URL_PREFIX } from '../../lib/upload.ts';

/** Pasted HTML may carry foreign images: the page's CSP would block them and the server drops them. */
export function dropForeignImages(html: string): string {
  if (!html.includes('<img')) return html;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.querySelectorAll('img').forEach((img) => {
    if (!(img.getAttribute('src') ?? '').startsWith(UPLOADS_URL_PREFIX)) img.remove();
  });
  return doc.body.innerHTML;
}

/** Image files pasted or dropped into the text go through the same checks and upload. */
export function routeFiles(data: DataTransfer | null | undefined, event: Event, insertImage: (file: File) => void): boolean {
  const files = [...(data?.files ?? [])];
  if (!files.length) return false;
  event.preventDefault();
  files.forEach((f) => insertImage(f));
  return true;
}
