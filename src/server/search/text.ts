/**
 * Text helpers for matching Chinese and mixed text, which has no spaces between words: the
 * normalisation and character n-grams used by the duplicate checks and by search.
 */
import * as OpenCC from 'opencc-js/t2cn';
import { SEARCH_QUERY_MAX_CHARS } from '../../shared/constants.ts';

/** Created once: building a converter reads opencc's dictionaries (about 0.1 s), converting a character is a lookup. */
const toSimplified = OpenCC.Converter({ from: 't', to: 'cn' });

/**
 * Each character's fold by code point, as it is first met (characters repeat: a text's few thousand
 * distinct ones are folded once); null when it folds to itself, as most do.
 */
const foldedCharacters = new Map<number, string | null>();
const FOLDED_CHARACTERS_MAX = 50_000;

function foldOf(codePoint: number, ch: string): string | null {
  let folded = foldedCharacters.get(codePoint);
  if (folded === undefined) {
    const converted = toSimplified(ch.normalize('NFKC').toLowerCase());
    folded = converted === ch ? null : converted;
    if (foldedCharacters.size >= FOLDED_CHARACTERS_MAX) foldedCharacters.clear();
    foldedCharacters.set(codePoint, folded);
  }
  return folded;
}

/**
 * One character as every comparison of texts sees it: Unicode NFKC (full-width letters, digits and
 * punctuation as their plain forms: `Ａ` `０` `，` read `a` `0` `,`), lower case, and traditional
 * Chinese as simplified (opencc, character by character: a word folds the same alone and inside a
 * text, so a query found in a text is found in its fold). Search, the duplicate checks and the
 * watched words (moderation/matcher.ts) all fold through this.
 */
export function foldCharacter(ch: string): string {
  return foldOf(ch.codePointAt(0) ?? 0, ch) ?? ch;
}

/**
 * A text folded character by character (`foldCharacter`). Only the characters that change are
 * copied (60,000 characters of Chinese in about 1 ms), and ASCII needs only lower case.
 */
export function foldText(text: string): string {
  let out = '';
  let kept = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    const pair = code >= 0xd800 && code < 0xdc00 && i + 1 < text.length;
    const codePoint = pair ? text.codePointAt(i)! : code;
    let folded = foldedCharacters.get(codePoint);
    if (folded === undefined) folded = foldOf(codePoint, pair ? text.slice(i, i + 2) : text[i]);
    if (folded !== null) {
      out += text.slice(kept, i) + folded;
      kept = i + (pair ? 2 : 1);
    }
    if (pair) i++;
  }
  // Every fold is lower case already: this lowers the ASCII letters.
  return (kept ? out + text.slice(kept) : text).toLowerCase();
}

/** What separates the words of a query, as whitespace does: punctuation and symbols (after folding, full-width ones too). */
/** The longest folded tag stored (`idea_tags.tag_fold`): a 12-character tag folds to more only through rare NFKC expansions. */
const TAG_FOLD_MAX = 64;

/**
 * A tag as tag pages compare it (`idea_tags.tag_fold`, src/server/tags/): folded as search folds
 * (`foldText`), so `AI`, `ai` and `ＡＩ` are one tag, as are a traditional and a simplified spelling.
 */
export function tagFold(tag: string): string {
  return [...foldText(tag)].slice(0, TAG_FOLD_MAX).join('');
}

const WORD_SEPARATORS = /[\s\p{P}\p{S}]+/u;
/** Never part of what a text says: whitespace, punctuation, symbols, and invisible characters (format characters and the other default-ignorable ones). */
const NOT_CONTENT = /[\s\p{P}\p{S}\p{Cf}\p{Default_Ignorable_Code_Point}]+/gu;

/**
 * Folded (`foldText`), and no whitespace, punctuation, symbols or anything invisible (Hangul fillers
 * among them: a review got a rejected text approved again with one between each character): what
 * two texts share when only formatting, width or traditional characters differ.
 */
export function normalizeText(text: string): string {
  return foldText(text).replace(NOT_CONTENT, '');
}

/**
 * The text's characters in a form that slices by character: the string itself when it has no
 * surrogate pairs (a character is then a UTF-16 unit, and slicing the string is 5–10× quicker than
 * slicing an array of characters: a 60,000-character analysis is read in one publish), else its
 * array of characters.
 */
function characters(text: string): string | string[] {
  return /[\uD800-\uDFFF]/.test(text) ? [...text] : text;
}
const gramAt = (chars: string | string[], i: number, n: number) => (typeof chars === 'string' ? chars.slice(i, i + n) : chars.slice(i, i + n).join(''));

/** The distinct character n-grams of a text (a text shorter than n is its own gram). */
export function ngrams(text: string, n = 2): Set<string> {
  const chars = characters(text);
  const grams = new Set<string>();
  if (chars.length > 0 && chars.length < n) grams.add(gramAt(chars, 0, n));
  for (let i = 0; i + n <= chars.length; i++) grams.add(gramAt(chars, i, n));
  return grams;
}

/**
 * Whether at least `share` of `part`'s n-grams (counted as they come, repeats too) are in `whole`,
 * a set of n-grams: all of `part` inside `whole`, however much else `whole` holds, passes (Jaccard
 * falls as text is added around a copy). It reads `part` in place and stops at the first miss past the
 * share, so most of 500 unrelated texts cost a few lookups each.
 */
export function mostlyContained(part: string, whole: Set<string>, n: number, share: number): boolean {
  const chars = characters(part);
  const total = chars.length - n + 1;
  if (total < 1) return false;
  const allowedMisses = Math.floor(total * (1 - share));
  let misses = 0;
  for (let i = 0; i < total; i++) if (!whole.has(gramAt(chars, i, n)) && ++misses > allowedMisses) return false;
  return true;
}

/** Jaccard similarity of two gram sets, 0..1 (sets made once can be compared with many). */
export function jaccard(x: Set<string>, y: Set<string>): number {
  if (!x.size && !y.size) return 1;
  let shared = 0;
  for (const g of x) if (y.has(g)) shared++;
  return shared / (x.size + y.size - shared);
}

/** Character-bigram Jaccard similarity, 0..1. */
export function similarity(a: string, b: string): number {
  return jaccard(ngrams(a), ngrams(b));
}

// ------------------------------------------------------------------ search grams

/** Longest gram the search index stores: an exact normalised title up to this length (the query's cap). */

/** What kind of entry a search gram is; one idea has entries of each kind (src/server/search/). */
export const GRAM_KIND = { exactTitle: 0, title: 1, any: 2 } as const;

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
 * it is short enough for a query to equal it), the title's grams (kind 1), and the grams of every
 * field, title, description and each tag (kind 2: "somewhere in the idea", what a query of several
 * words walks when its words may sit in different fields). Grams are unigrams and bigrams of the
 * normalised text, so any substring of one or more characters is found through them.
 */
export function ideaSearchGrams(idea: { title: string; description: string; tags: readonly string[] }): SearchGram[] {
  const title = normalizeText(idea.title);
  const out: SearchGram[] = [];
  if (title && [...title].length <= SEARCH_QUERY_MAX_CHARS) out.push({ kind: GRAM_KIND.exactTitle, gram: title });
  const titleGrams = fieldGrams(title);
  for (const gram of titleGrams) out.push({ kind: GRAM_KIND.title, gram });
  const any = new Set<string>(titleGrams);
  for (const field of [idea.description, ...idea.tags]) for (const gram of fieldGrams(normalizeText(field))) any.add(gram);
  for (const gram of any) out.push({ kind: GRAM_KIND.any, gram });
  return out;
}

/** Never in a normalised text (whitespace is removed): it parts the fields of `SearchTexts.body`, so no match spans two. */
export const FIELD_SEPARATOR = '\n';

/** What a search checks a candidate against, normalised: the title, and the description and tags as one text. */
export interface SearchTexts {
  title: string;
  body: string;
}

export function ideaSearchTexts(idea: { title: string; description: string; tags: readonly string[] }): SearchTexts {
  return { title: normalizeText(idea.title), body: [idea.description, ...idea.tags].map(normalizeText).join(FIELD_SEPARATOR) };
}

/**
 * The words of a query: folded, split on whitespace, punctuation and symbols (`宠物，邻里`,
 * `宠物、邻里` and `宠物,邻里` are `宠物 邻里`), each normalised; empty ones and repeats dropped, and a
 * word inside another word too (whatever contains the longer contains it). Every word must be
 * found, in any order and any field. A blank query, or one of punctuation only, has none.
 */
export function searchWords(rawQuery: string): string[] {
  const words = [
    ...new Set(
      foldText(rawQuery)
        .split(WORD_SEPARATORS)
        .map((w) => w.replace(NOT_CONTENT, ''))
        .filter(Boolean),
    ),
  ];
  return words.filter((w, i) => !words.some((other, j) => j !== i && other.length > w.length && other.includes(w)));
}

/**
 * The grams a normalised word must all have: itself when it is 1 or 2 characters (one index
 * entry names it exactly), else its distinct bigrams (a candidate still has to contain the word).
 */
export function queryGrams(normalizedWord: string): string[] {
  const chars = [...normalizedWord];
  if (chars.length <= 2) return chars.length ? [normalizedWord] : [];
  const grams = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) grams.add(chars[i] + chars[i + 1]);
  return [...grams];
}

/**
 * The search rank of an idea for a query's words (`searchWords`), or null when a word is missing:
 * 0 the normalised title is the whole query (its words joined), 1 the title has every word, 2 every
 * word is in the title, the description or a tag. The reference the SQL of `searchPage` follows.
 */
export function searchRank(words: readonly string[], idea: { title: string; description: string; tags: readonly string[] }, whole = words.join('')): 0 | 1 | 2 | null {
  const { title, body } = ideaSearchTexts(idea);
  if (!words.length) return null;
  if (title === whole) return 0;
  if (words.every((w) => title.includes(w))) return 1;
  if (words.every((w) => title.includes(w) || body.includes(w))) return 2;
  return null;
}
