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

// ------------------------------------------------------------------ search grams

/** Longest gram the search index stores: an exact normalised title up to this length (the query's cap). */
export const SEARCH_MAX_QUERY = 50;

/** What kind of entry a search gram is; one idea has entries of each kind (src/server/search/). */
export const GRAM_KIND = { exactTitle: 0, title: 1, body: 2 } as const;

export interface SearchGram {
  kind: 0 | 1 | 2;
  gram: string;
}

/** The distinct unigrams and bigrams of one normalised field (grams never cross two fields). */
export function fieldGrams(normalized: string): Set<string> {
  const chars = [...normalized];
  const grams = new Set<string>(chars);
  for (let i = 0; i + 1 < chars.length; i++) grams.add(chars[i] + chars[i + 1]);
  return grams;
}

/**
 * The search index entries of an idea: its whole normalised title (for the exact-title rank, when
 * it is short enough for a query to equal it), the title's grams, and the grams of the description
 * and of each tag (body). Grams are unigrams and bigrams of the normalised text, so any substring
 * of one or more characters is found through them.
 */
export function ideaSearchGrams(idea: { title: string; description: string; tags: readonly string[] }): SearchGram[] {
  const title = normalizeText(idea.title);
  const out: SearchGram[] = [];
  if (title && [...title].length <= SEARCH_MAX_QUERY) out.push({ kind: GRAM_KIND.exactTitle, gram: title });
  for (const gram of fieldGrams(title)) out.push({ kind: GRAM_KIND.title, gram });
  const body = new Set<string>();
  for (const field of [idea.description, ...idea.tags]) for (const gram of fieldGrams(normalizeText(field))) body.add(gram);
  for (const gram of body) out.push({ kind: GRAM_KIND.body, gram });
  return out;
}

/**
 * The grams a normalised query must all have: itself when it is 1 or 2 characters (one index
 * entry names it exactly), else its distinct bigrams (a candidate still has to contain the query).
 */
export function queryGrams(normalizedQuery: string): string[] {
  const chars = [...normalizedQuery];
  if (chars.length <= 2) return chars.length ? [normalizedQuery] : [];
  const grams = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) grams.add(chars[i] + chars[i + 1]);
  return [...grams];
}

/** The search rank of a matching idea (0 exact title, 1 title contains, 2 description or a tag contains), or null. */
export function searchRank(normalizedQuery: string, idea: { title: string; description: string; tags: readonly string[] }): 0 | 1 | 2 | null {
  const title = normalizeText(idea.title);
  if (title === normalizedQuery) return 0;
  if (title.includes(normalizedQuery)) return 1;
  if (normalizeText(idea.description).includes(normalizedQuery)) return 2;
  if (idea.tags.some((t) => normalizeText(t).includes(normalizedQuery))) return 2;
  return null;
}
