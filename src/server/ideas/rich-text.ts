/**
 * The detailed analysis is Tiptap HTML from the browser: it is sanitized with an allowlist before it
 * is stored, so nothing that comes back can run script (docs/architecture.md §4).
 */
import { domainToUnicode } from 'node:url';
import sanitizeHtml from 'sanitize-html';
import { imageCaption } from '../../shared/idea-rules.ts';
import { withoutBidiControls } from '../../shared/invisible-text.ts';
import { uploadFileNameFromUrl } from '../../shared/uploads.ts';

const options = (allowedImages: ReadonlySet<string>): sanitizeHtml.IOptions => ({
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'h2', 'h3', 'h4', 'blockquote', 'ul', 'ol', 'li', 'code', 'pre', 'a', 'img', 'hr'],
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  exclusiveFilter: (frame) => {
    if (frame.tag !== 'img') return false;
    // Images may only point at our own uploads, by the names the upload service gives them.
    const name = uploadFileNameFromUrl(String(frame.attribs.src ?? ''));
    return !name || !allowedImages.has(name);
  },
  transformTags: {
    // Links from users are not endorsements and must not reach back into the page (window.opener).
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'nofollow ugc noopener', target: '_blank' } }),
    // An image's alt is the author's description (imageCaption), which the word check reads as its
    // own field (ideas/publish-checks.ts: a hostile review once stored 赌博网站 加微信 in it unchecked).
    // The title no one can write in the editor, so none is kept.
    img: (tagName, attribs) => {
      const { alt, title: _title, ...kept } = attribs;
      return { tagName, attribs: { ...kept, alt: imageCaption(alt) } };
    },
  },
});

/** `allowedImages`: the upload file names this idea owns; any other image is dropped. Bidi controls go (stored-text.ts). */
export function sanitizeRichText(html: string, allowedImages: ReadonlySet<string>): string {
  return withoutBidiControls(sanitizeHtml(html ?? '', options(allowedImages))).trim();
}

/**
 * The addresses an analysis links to, as people read them, for the word check (they show on hover
 * and in the status bar): each run of percent escapes decoded on its own (one malformed escape used
 * to leave the whole address undecoded, a review found), and the host as Unicode (`xn--…`).
 */
export function linkAddresses(html: string): string[] {
  const addresses: string[] = [];
  for (const match of html.matchAll(/<a [^>]*href="([^"]*)"/g)) {
    const address = match[1].replace(/&amp;/g, '&').replace(/&quot;/g, '"');
    const decoded = address.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
    let host = '';
    try {
      host = domainToUnicode(new URL(address).hostname);
    } catch {
      // Not an absolute address: its text is checked as it is.
    }
    addresses.push(host ? `${decoded} ${host}` : decoded);
  }
  return addresses;
}

/** The alt texts of sanitized HTML's images, in order (decoded): the authors' picture descriptions. */
export function imageCaptions(html: string): string[] {
  const captions: string[] = [];
  sanitizeHtml(html ?? '', {
    allowedTags: [],
    transformTags: {
      img: (tagName, attribs) => {
        captions.push(attribs.alt ?? '');
        return { tagName, attribs };
      },
    },
  });
  return captions;
}

/** Sanitized HTML with its images' alt texts replaced, in order, by `captions` (the word check's rewrite). */
export function withImageCaptions(html: string, captions: readonly string[]): string {
  let next = 0;
  return sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    transformTags: {
      img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, alt: imageCaption(captions[next++] ?? attribs.alt) } }),
    },
  });
}

/** The words of a piece of HTML, for moderation and duplicate checks. */
export function htmlToText(html: string): string {
  return sanitizeHtml(html ?? '', { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The upload file names an analysis refers to. */
export function uploadedImageNames(html: string): string[] {
  const names: string[] = [];
  for (const match of html.matchAll(/<img[^>]+src="([^"]+)"/g)) {
    const name = uploadFileNameFromUrl(match[1]);
    if (name) names.push(name);
  }
  return names;
}
