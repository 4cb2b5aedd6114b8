/**
 * Addresses that are only read (the app's pages, uploaded images): any other method gets 405 with
 * `Allow`, answered in the error model by app.ts's error handler (not Express's English page, nor the
 * static files' empty 405).
 */
import type { NextFunction, Request, Response } from 'express';

/** Refuses a method other than GET and HEAD; true when it did (the caller stops there). */
export function refusedUnlessRead(req: Request, res: Response, next: NextFunction): boolean {
  if (req.method === 'GET' || req.method === 'HEAD') return false;
  res.setHeader('Allow', 'GET, HEAD');
  next(Object.assign(new Error(`${req.method} ${req.path}: only read`), { status: 405 }));
  return true;
}
