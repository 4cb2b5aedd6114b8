/**
 * The one rule for every text the site stores (feedback and replies, announcements, comments,
 * reports, ideas with their tags and extensions, reject and deactivation reasons): no control
 * characters. NUL, BEL, ESC and their kind cannot be seen or typed, break exports and logs, and
 * MariaDB and SQLite treat NUL differently; tabs and line breaks are text. Every stored text field
 * is a `ZStoredText` in its schema, so both transports refuse the same way. Invisible characters
 * (zero-width spaces and joiners, the BOM, blank letters) at either end are cut off with the spaces,
 * so a text of only those is empty, and its field's "required" message answers it; inside a text they
 * stay (an emoji family is joined by U+200D), except the bidi controls, which reorder what is shown.
 */
import { z } from 'zod';

/** C0 controls except tab, line feed and carriage return; DEL; the C1 controls. */
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

export const STORED_TEXT_MSG = { controlCharacters: '内容包含无法显示的控制字符，请删除后重试' } as const;

export const hasControlCharacters = (text: string) => CONTROL_CHARACTER.test(text);

/**
 * Spaces and invisible characters at the ends of a text: Unicode format characters (category Cf) and
 * the blank letters and marks (Hangul fillers, the combining grapheme joiner, Khmer's inherent vowels,
 * the blank Braille pattern): a review stored comments and titles of only those. Variation selectors
 * stay: an emoji at the end keeps its look.
 */
const INVISIBLE = '\\s\\p{Cf}\\u034f\\u115f\\u1160\\u17b4\\u17b5\\u2800\\u3164\\uffa0';
const INVISIBLE_ENDS = new RegExp(`^[${INVISIBLE}]+|[${INVISIBLE}]+$`, 'gu');

/**
 * Bidi embeddings, overrides and isolates: inside a text they draw its characters in another order
 * than they are stored, so a word the checks never see shows on the page (`来\u202e博赌` shows 来赌博).
 * No text written here needs them; they are taken out wherever they are.
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

/** The text without bidi controls, and without the spaces and invisible characters at its ends. */
export const trimInvisible = (text: string) => text.replace(BIDI_CONTROLS, '').replace(INVISIBLE_ENDS, '');

/** Rich text (sanitized HTML, its entities decoded) without bidi controls. */
export const withoutBidiControls = (html: string) => html.replace(BIDI_CONTROLS, '');

/** A string without control characters, its invisible ends cut off; `error` is the message for a missing or non-string value. */
export const ZStoredText = (error?: string) =>
  z
    .string(error ? { error } : undefined)
    .refine((text) => !hasControlCharacters(text), STORED_TEXT_MSG.controlCharacters)
    .overwrite(trimInvisible);
