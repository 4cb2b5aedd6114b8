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
import { trimInvisible } from './invisible-text.ts';

/** C0 controls except tab, line feed and carriage return; DEL; the C1 controls. */
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

export const STORED_TEXT_MSG = { controlCharacters: '内容包含无法显示的控制字符，请删除后重试' } as const;

export const hasControlCharacters = (text: string) => CONTROL_CHARACTER.test(text);

/**
 * A string without control characters, its invisible ends cut off; `error` is the message for a
 * missing value. A value of another type (a number, a list) gets the locale's 「content」应为文本:
 * 评论内容不能为空 would send the caller looking for the wrong mistake.
 */
export const ZStoredText = (error?: string) =>
  z
    .string(error ? { error: (issue) => (issue.input === undefined || issue.input === null ? error : undefined) } : undefined)
    .refine((text) => !hasControlCharacters(text), STORED_TEXT_MSG.controlCharacters)
    .overwrite(trimInvisible);
