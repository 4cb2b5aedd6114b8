/**
 * The analysis's sanitizer (src/server/ideas/rich-text.ts) on what a hostile review stored past the
 * word check: an image's alt and title text (never checked; the editor writes neither but its own
 * description) and bidi controls written as entities.
 */
import { describe, expect, it } from 'vitest';
import { linkAddresses, sanitizeRichText } from '../src/server/ideas/rich-text.ts';

const OWN = new Set(['own-image_1.jpg']);

describe('the rich-text sanitizer', () => {
  it('gives every image the editor’s description and no title, whatever was written', () => {
    const html = '<p><img src="/uploads/own-image_1.jpg" alt="网络赌场 毒品" title="赌博网站 加微信" width="10"></p><p><img src="/uploads/own-image_1.jpg"></p>';
    expect(sanitizeRichText(html, OWN)).toBe('<p><img src="/uploads/own-image_1.jpg" width="10" alt="创意配图" /></p><p><img src="/uploads/own-image_1.jpg" alt="创意配图" /></p>');
  });

  it('takes out bidi controls, written as characters or entities', () => {
    expect(sanitizeRichText('<p>来\u202e博赌&#x202c;玩&#8294;呀</p>', OWN)).toBe('<p>来博赌玩呀</p>');
  });

  it('reads link addresses as people see them: each run of escapes on its own, the host in Unicode', () => {
    expect(linkAddresses('<a href="https://x.com/%E8%B5%8C?a=1&amp;b=2" rel="x">a</a><a href="https://y.com/%E0%A4%A">b</a>')).toEqual(['https://x.com/赌?a=1&b=2 x.com', 'https://y.com/%E0%A4%A y.com']);
    // One malformed escape no longer keeps the others encoded (a review's way past the check).
    expect(linkAddresses('<a href="https://x.com/%E8%B5%8C%E5%8D%9A?%ZZ#100%">a</a>')).toEqual(['https://x.com/赌博?%ZZ#100% x.com']);
    expect(linkAddresses('<a href="https://xn--3ds443g.com/">a</a>')).toEqual(['https://xn--3ds443g.com/ 在线.com']);
  });
});
