import type { z } from 'zod';

/**
 * The length of user text as people count it: characters (code points), so an emoji is one, not the
 * two UTF-16 units `String.length` says. Every limit on user text (comments, feedback, announcements)
 * is counted this way on both sides, and matches MySQL's varchar, which counts characters too.
 */
export const textLength = (text: string) => [...text].length;

/**
 * At most `max` characters as textLength counts them, refused with `message`; the REST document states
 * it as `maxLength` (JSON Schema counts code points too), so scripts see the limit before they hit it.
 */
export const atMostChars = <T extends z.ZodType<string>>(schema: T, max: number, message: string) => schema.refine((text) => textLength(text) <= max, message).meta({ maxLength: max });
