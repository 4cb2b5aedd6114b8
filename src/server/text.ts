/**
 * Text helpers for matching Chinese and mixed text, which has no spaces between words: the
 * normalisation and character n-grams used by the duplicate checks (and by search next).
 */

/** Lower case, no whitespace, no punctuation or symbols: what two texts share when only formatting differs. */
export function normalizeText(text: string): string {
  return text.toLowerCase().replace(/[\s\p{P}\p{S}]+/gu, '');
}

/** The distinct character n-grams of a text (a text shorter than n is its own gram). */
export function ngrams(text: string, n = 2): Set<string> {
  const chars = [...text];
  const grams = new Set<string>();
  if (chars.length > 0 && chars.length < n) grams.add(chars.join(''));
  for (let i = 0; i + n <= chars.length; i++) grams.add(chars.slice(i, i + n).join(''));
  return grams;
}

/** Character-bigram Jaccard similarity, 0..1. */
export function similarity(a: string, b: string): number {
  const x = ngrams(a);
  const y = ngrams(b);
  if (!x.size && !y.size) return 1;
  let shared = 0;
  for (const g of x) if (y.has(g)) shared++;
  return shared / (x.size + y.size - shared);
}
