/**
 * Request bodies, the same for both transports: writes take JSON only (and multipart where a route
 * uploads a file; anything else is a 415, unread), at most JSON_BODY_LIMIT, nested at most
 * JSON_MAX_DEPTH levels. The depth is counted on the raw text before it is parsed: a body nested
 * 10,000 levels deep would otherwise reach the code behind the parser (tRPC serialises the parsed
 * body again, recursively, and overflowed the stack: a 500).
 */
import express, { type Request, type RequestHandler } from 'express';
import { AppError, JSON_ONLY_MESSAGE } from '../errors.ts';

/** Rich text with its markup fits many times over (the analysis is at most 60,000 characters). */
export const JSON_BODY_LIMIT = '2mb';
/** Our deepest input is an array of objects in an object (expansions): 3 levels. */
export const JSON_MAX_DEPTH = 32;
/** What body-parser's error carries as `type` for a body nested too deeply (app.ts answers it). */
export const TOO_DEEP_TYPE = 'entity.too.deep';

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

/**
 * Whether a JSON text opens more than `max` arrays or objects inside one another. Brackets inside
 * strings are text. Works on UTF-8 bytes: no byte of a multi-byte character is ASCII.
 */
export function nestedDeeperThan(bytes: Uint8Array, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i];
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (OPEN.has(c)) {
      if (++depth > max) return true;
    } else if (CLOSE.has(c)) depth--;
  }
  return false;
}

/** The JSON body parser of both transports. */
export function jsonBody(): RequestHandler {
  return express.json({
    limit: JSON_BODY_LIMIT,
    verify(_req, _res, buf, encoding) {
      // JSON between systems is UTF-8 (RFC 8259 §8.1); counting another encoding's bytes would be wrong.
      const utf8 = /^utf-?8$/i.test(encoding);
      if (!utf8 || nestedDeeperThan(buf, JSON_MAX_DEPTH)) {
        throw Object.assign(new Error(utf8 ? 'JSON nested too deeply' : 'JSON not in UTF-8'), utf8 ? { status: 400, type: TOO_DEEP_TYPE } : { status: 415, type: 'charset.unsupported' });
      }
    },
  });
}
