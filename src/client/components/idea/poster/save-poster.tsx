/**
 * Saving the share poster (docs/spec/accounts-and-people.md §2, §9): a QR code of the idea's address (qrcode, 120 px, margin
 * 2), the poster rendered off screen, photographed by modern-screenshot at scale 2 as a PNG (quality
 * 0.95), and downloaded. This module, qrcode and modern-screenshot form a chunk of their own that
 * loads only when the share dialog opens.
 */
import { domToPng } from 'modern-screenshot';
import QRCode from 'qrcode';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { SharePoster, type PosterIdea } from './SharePoster.tsx';

export const POSTER = { width: 375, height: 600, scale: 2, quality: 0.95, qrSize: 120, qrMargin: 2 } as const;

/** The poster as a PNG data URL (750×1200). */
export async function renderPoster(idea: PosterIdea, url: string): Promise<string> {
  const qrDataUrl = await QRCode.toDataURL(url, { width: POSTER.qrSize, margin: POSTER.qrMargin, errorCorrectionLevel: 'M' });
  const host = document.createElement('div');
  host.setAttribute('aria-hidden', 'true');
  // Off screen but laid out: the screenshot reads computed styles.
  host.style.cssText = 'position:fixed;left:-10000px;top:0;pointer-events:none;';
  document.body.append(host);
  const root = createRoot(host);
  try {
    flushSync(() => root.render(<SharePoster idea={idea} qrDataUrl={qrDataUrl} qrSize={POSTER.qrSize} />));
    const node = host.firstElementChild as HTMLElement;
    await Promise.all([...node.querySelectorAll('img')].map((img) => img.decode().catch(() => undefined)));
    return await domToPng(node, { width: POSTER.width, height: POSTER.height, scale: POSTER.scale, quality: POSTER.quality, backgroundColor: '#ffffff' });
  } finally {
    root.unmount();
    host.remove();
  }
}

export function downloadDataUrl(dataUrl: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = dataUrl;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}
