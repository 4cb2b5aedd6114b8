/**
 * The analysis's sanitizer (src/server/ideas/rich-text.ts) on what a hostile review stored past the
 * word check: an image's title text (the editor writes none) and bidi controls written as entities.
 * An image's alt is the author's description, kept on one line (the word check reads it: ideas/publish-checks.ts).
 */
import { describe, expect, it } from 'vitest';
import { imageCaptions, linkAddresses, sanitizeRichText, withImageCaptions } from '../../src/server/ideas/rich-text.ts';

const OWN = new Set(['own-image_1.jpg']);

describe('the rich-text sanitizer', () => {
  it('keeps an image’s description on one line, the default where there is none, and no title', () => {
    const html =
      '<p><img src="/uploads/own-image_1.jpg" alt=" 楼道\n工具箱\u202e " title="赌博网站 加微信" width="10"></p><p><img src="/uploads/own-image_1.jpg" alt="  "></p><img src="/uploads/own-image_1.jpg">';
    expect(sanitizeRichText(html, OWN)).toBe(
      '<p><img src="/uploads/own-image_1.jpg" width="10" alt="楼道 工具箱" /></p><p><img src="/uploads/own-image_1.jpg" alt="创意配图" /></p><img src="/uploads/own-image_1.jpg" alt="创意配图" />',
    );
  });

  it('reads the descriptions back in order and rewrites them in order', () => {
    const html = sanitizeRichText('<p>甲<img src="/uploads/own-image_1.jpg" alt="A &amp; &quot;B&quot;"></p><img src="/uploads/own-image_1.jpg">', OWN);
    expect(imageCaptions(html)).toEqual(['A & "B"', '创意配图']);
    expect(withImageCaptions(html, ['别当**', '<门>'])).toBe('<p>甲<img src="/uploads/own-image_1.jpg" alt="别当**" /></p><img src="/uploads/own-image_1.jpg" alt="&lt;门&gt;" />');
  });

  it('takes out bidi controls, written as characters or entities', () => {
    expect(sanitizeRichText('<p>来\u202e博赌&#x202c;玩&#8294;呀</p>', OWN)).toBe('<p>来博赌玩呀</p>');
  });

  it('reads link addresses as people see them: each run of escapes on its own, the host in Unicode', () => {
    expect(linkAddresses('<a href="https://x.com/%E8%B5%8C?a=1&amp;b=2" rel="x">a</a><a href="https://y.com/%E0%A4%A">b</a>')).toEqual([
      'https://x.com/赌?a=1&b=2 x.com',
      'https://y.com/%E0%A4%A y.com',
    ]);
    // One malformed escape no longer keeps the others encoded (a review's way past the check).
    expect(linkAddresses('<a href="https://x.com/%E8%B5%8C%E5%8D%9A?%ZZ#100%">a</a>')).toEqual(['https://x.com/赌博?%ZZ#100% x.com']);
    expect(linkAddresses('<a href="https://xn--3ds443g.com/">a</a>')).toEqual(['https://xn--3ds443g.com/ 在线.com']);
  });
});
