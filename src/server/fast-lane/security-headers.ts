/**
 * The security headers every answer carries (helmet, with a CSP that allows no inline or foreign
 * script: the session token lives in localStorage, docs/architecture.md §3). Express uses the middleware; the fast
 * lane sends the very same set, captured once from that middleware, so the two cannot differ.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * `imageOrigins`: where else images may load from (the origin of S3_PUBLIC_URL, to which /uploads/
 * redirects; config.ts `imageOrigins`).
 */
export function securityHeaders(dev: boolean, imageOrigins: readonly string[] = []): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': dev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', ...imageOrigins],
        'font-src': ["'self'", 'data:'],
        'connect-src': dev ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  }) as RequestHandler;
}

/** The headers the middleware sets, as name/value pairs, recorded from one run against a stand-in response. */
export function securityHeaderSet(dev: boolean, imageOrigins: readonly string[] = []): [string, string][] {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
    getHeader: (name: string) => headers.get(name.toLowerCase()),
  };
  const req = { headers: {}, method: 'GET', url: '/' };
  let done = false;
  securityHeaders(dev, imageOrigins)(req as never, res as never, () => {
    done = true;
  });
  // helmet runs synchronously; if that ever changes, the fast lane must not serve without the headers.
  if (!done) throw new Error('helmet did not finish synchronously');
  return [...headers];
}

export type NodeRequest = IncomingMessage;
export type NodeResponse = ServerResponse;
