/**
 * What a text looks like without what no one sees (stored-text.ts applies it to every stored text;
 * tags apply it to each tag). No zod: the editor's rules use it too.
 */

/**
 * Spaces and invisible characters at the ends of a text: Unicode format characters (category Cf) and
 * the blank letters and marks (Hangul fillers, the combining grapheme joiner, Khmer's inherent vowels,
 * the blank Braille pattern): a review stored comments and titles of only those. Variation selectors
 * stay: an emoji at the end keeps its look.
 */
const INVISIBLE = '\\s\\p{Cf}\\u034f\\u115f\\u1160\\u17b4\\u17b5\\u2800\\u3164\\uffa0';
// eslint-disable-next-line no-misleading-character-class -- each mark is listed as a character of its own, on purpose
const INVISIBLE_ENDS = new RegExp(`^[${INVISIBLE}]+|[${INVISIBLE}]+$`, 'gu');

/**
 * Bidi embeddings, overrides and isolates: inside a text they draw its characters in another order
 * than they are stored, so a word the checks never see shows on the page (`来\u202e博赌` shows 来赌博).
 * No text written here needs them; they are taken out wherever they are.
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

/** Nothing to see: spaces, format and default-ignorable characters (variation selectors among them), marks. */
const NOTHING_SHOWN = /^[\s\p{Cf}\p{Default_Ignorable_Code_Point}\p{M}\u2800]*$/u;

/**
 * The text without bidi controls, and without the spaces and invisible characters at its ends; a
 * text with nothing to see is empty (a review stored a comment of two variation selectors).
 */
export const trimInvisible = (text: string) => {
  const trimmed = text.replace(BIDI_CONTROLS, '').replace(INVISIBLE_ENDS, '');
  return NOTHING_SHOWN.test(trimmed) ? '' : trimmed;
};

/** Rich text (sanitized HTML, its entities decoded) without bidi controls. */
export const withoutBidiControls = (html: string) => html.replace(BIDI_CONTROLS, '');
