/** Writes take JSON only (and multipart where a route uploads a file): anything else is a 415, unread. */
import type { Request, RequestHandler } from 'express';
import { AppError, JSON_ONLY_MESSAGE } from '../errors.ts';

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
