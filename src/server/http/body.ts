/**
 * Request bodies, the same for both transports: writes take JSON only (and multipart where a route
 * uploads a file; anything else is a 415, unread), at most JSON_BODY_LIMIT, nested at most
 * JSON_MAX_DEPTH levels, holding at most JSON_MAX_VALUES values. Both are counted on the raw text
 * before it is parsed: a body nested
 * 10,000 levels deep would otherwise reach the code behind the parser (tRPC serialises the parsed
 * body again, recursively, and overflowed the stack: a 500).
 */
import express, { type Request, type RequestHandler } from 'express';
import { AppError, JSON_ONLY_MESSAGE } from '../kernel/errors.ts';

/** Rich text with its markup fits many times over (the analysis is at most 60,000 characters). */
export const JSON_BODY_LIMIT = '2mb';
/** Our deepest input is an array of objects in an object (expansions): 3 levels. */
export const JSON_MAX_DEPTH = 32;
/**
 * Values in one body (object members and array elements), counted by the commas between them: a
 * body of more than this many commas is refused. Our widest input is 500 comment ids; parsing
 * 100,000 members took 100 ms of the one thread (an outside review held every other request for a
 * second with six such bodies), before any schema or rate limit could refuse them.
 */
export const JSON_MAX_VALUES = 4000;
/** What body-parser's error carries as `type` for a body nested too deeply or too wide (app.ts answers them). */
export const TOO_DEEP_TYPE = 'entity.too.deep';
export const TOO_WIDE_TYPE = 'entity.too.wide';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  if (length !== undefined) return length !== '0';
  return req.headers['transfer-encoding'] !== undefined;
}

export function jsonWritesOnly(options: { multipart?: boolean } = {}): RequestHandler {
  return (req, _res, next) => {
    if (!WRITE_METHODS.has(req.method) || !hasBody(req)) return next();
    if (req.is('application/json') || (options.multipart && req.is('multipart/form-data'))) return next();
    next(new AppError('UNSUPPORTED_MEDIA_TYPE', JSON_ONLY_MESSAGE));
  };
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN = new Set([0x5b, 0x7b]);
const CLOSE = new Set([0x5d, 0x7d]);

const COMMA = 0x2c;

/**
 * What is wrong with a JSON text's shape before it is parsed: more than `maxDepth` arrays or objects
 * inside one another (`deep`), or more than `maxValues` values (`wide`). Brackets and commas inside
 * strings are text. Works on UTF-8 bytes: no byte of a multi-byte character is ASCII.
 */
export function shapeProblem(bytes: Uint8Array, maxDepth: number, maxValues: number): 'deep' | 'wide' | undefined {
  let depth = 0;
  let values = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i];
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (OPEN.has(c)) {
      if (++depth > maxDepth) return 'deep';
    } else if (CLOSE.has(c)) depth--;
    else if (c === COMMA && ++values > maxValues) return 'wide';
  }
  return undefined;
}

/** The JSON body parser of both transports. */
export function jsonBody(): RequestHandler {
  return express.json({
    limit: JSON_BODY_LIMIT,
    verify(_req, _res, buf, encoding) {
      // JSON between systems is UTF-8 (RFC 8259 §8.1); counting another encoding's bytes would be wrong.
      if (!/^utf-?8$/i.test(encoding)) throw Object.assign(new Error('JSON not in UTF-8'), { status: 415, type: 'charset.unsupported' });
      const problem = shapeProblem(buf, JSON_MAX_DEPTH, JSON_MAX_VALUES);
      if (problem) throw Object.assign(new Error(`JSON too ${problem}`), { status: 400, type: problem === 'deep' ? TOO_DEEP_TYPE : TOO_WIDE_TYPE });
    },
  });
}
