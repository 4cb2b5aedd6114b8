/**
 * `GET /uploads/<name>`: the stored images, whatever the storage. From the local folder as static
 * files; from a bucket streamed through the app with the same headers (Cache-Control for 30 days,
 * immutable; ETag, Last-Modified, conditional requests and ranges); or, with S3_PUBLIC_URL, a
 * redirect to the CDN or bucket domain so the bytes never pass through the app.
 */
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import express, { type RequestHandler } from 'express';
import { refusedUnlessRead } from '../http/read-only.ts';
import { UPLOAD_FILE_NAME_PATTERN } from '../../shared/uploads.ts';
import { S3FileStorage } from './s3-storage.ts';
import { UPLOAD_CACHE_CONTROL, UPLOAD_MAX_AGE_SECONDS, type FileStorage } from './storage.ts';

/** A redirect to the public URL may be kept a day (the object behind it is kept 30). */
const REDIRECT_CACHE_CONTROL = 'public, max-age=86400';

/** An error Express's JSON error handler answers with its status and the Chinese message for it (app.ts). */
const httpError = (status: number) => Object.assign(new Error(`uploads: ${status}`), { status });

export function uploadsHandler(storage: FileStorage, uploadsDir: string): RequestHandler {
  // Names are random, content never changes, and nothing there may run as a page.
  if (!(storage instanceof S3FileStorage)) {
    const files = express.static(path.resolve(uploadsDir), { immutable: true, maxAge: UPLOAD_MAX_AGE_SECONDS * 1000, fallthrough: false, index: false, redirect: false });
    return (req, res, next) => {
      if (!refusedUnlessRead(req, res, next)) files(req, res, next);
    };
  }
  return async (req, res, next) => {
    try {
      if (refusedUnlessRead(req, res, next)) return;
      const name = decodeURIComponent(req.path.replace(/^\//, ''));
      if (!UPLOAD_FILE_NAME_PATTERN.test(name)) return next(httpError(404));
      const redirect = storage.publicUrl(name);
      if (redirect) {
        res.setHeader('Cache-Control', REDIRECT_CACHE_CONTROL);
        return res.redirect(301, redirect);
      }
      const object = await storage.open(name, {
        ifNoneMatch: req.get('if-none-match'),
        ifModifiedSince: req.get('if-modified-since'),
        range: req.get('range'),
        headOnly: req.method === 'HEAD',
      });
      if (object.status === 404) return next(httpError(404));
      if (object.status === 416) return next(httpError(416));
      res.status(object.status);
      res.setHeader('Cache-Control', UPLOAD_CACHE_CONTROL);
      for (const [header, value] of Object.entries(object.headers)) res.setHeader(header, value);
      if (object.status === 304 || !object.body) return void res.end();
      await pipeline(object.body, res);
    } catch (err) {
      // A browser that went away mid-image is no error of ours.
      if ((err as NodeJS.ErrnoException)?.code === 'ERR_STREAM_PREMATURE_CLOSE') return;
      if (res.headersSent) return void res.destroy();
      next(err);
    }
  };
}
