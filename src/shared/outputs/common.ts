/** Pieces every answer schema uses. Answers are what the server sends, so these check, they never coerce. */
import { z } from 'zod';
import '../zod-locale.ts';

/** A timestamp as the API sends it: ISO 8601 in UTC (`2026-01-02T03:04:05.678Z`). */
export const ZTime = z.iso.datetime();

/** A row's id: a positive integer. */
export const ZRowId = z.number().int().positive();

/** A count: zero or more. */
export const ZCount = z.number().int().nonnegative();

/** `data` of an answer that has nothing to return (the message says what happened). */
export const ZNoData = z.null();
