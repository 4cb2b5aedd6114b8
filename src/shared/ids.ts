/** Ids as the API takes them: plain decimals in a JSON number or string (no signs, exponents or leading zeros). */
import { z } from 'zod';
import { USER_ID_PATTERN } from './patterns.ts';
import './zod-locale.ts';

/** Marks a decimal id for /api/openapi.json, which documents it as a positive integer. */
export const DECIMAL_ID_DESCRIPTION = '十进制正整数 ID';

/**
 * A plain decimal id: 7 from JSON, or "7" from a path or query. Never 0x7, 7.0, 1e1, " 7 " or 07:
 * coercion would let each of those name idea 7.
 */
export const decimalId = (message: string) =>
  z
    .union([z.number(), z.string()], { error: message })
    .transform((value, ctx) => {
      const text = String(value);
      if (!/^[1-9]\d{0,14}$/.test(text)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return Number(text);
    })
    .meta({ description: DECIMAL_ID_DESCRIPTION });

export const ZIdeaId = decimalId('创意ID无效');

/**
 * A user named in a path: the registration number (bx + 6 digits) or the numeric id. Anything else
 * is refused before a lookup, and the document can tell `/ideas/user/{id}` from `/ideas/user/latest`.
 */
export const ZUserRef = z
  .string()
  .trim()
  .regex(new RegExp(`^(?:${USER_ID_PATTERN.source.slice(1, -1)}|\\d{1,12})$`), '用户编号无效');
