/**
 * Who is calling: the one place both transports (tRPC for the app, REST for scripts) learn the
 * session behind the bearer token and the client's address.
 */
import type { Request, Response } from 'express';
import { SESSION_EXPIRED_HEADER } from '../../shared/constants.ts';
import type { Deps } from '../deps.ts';
import { authenticate } from '../accounts/service.ts';
import type { Caller } from '../contract/caller.ts';
import { addressKey } from './client-address.ts';

export function bearerToken(authorization: string | undefined): string | undefined {
  if (!authorization) return undefined;
  return /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
}

/** The caller's address as Express sees it (X-Forwarded-For only counts when TRUST_PROXY is set), as the limits count it (an IPv6 /64). */
export function clientIp(req: Request): string {
  return addressKey(req.ip ?? req.socket.remoteAddress ?? 'unknown');
}

/** Finds the caller; a dead token is flagged on the response so the client forgets it, even on public calls. */
export async function identify(deps: Deps, req: Request, res: Response): Promise<Caller> {
  const token = bearerToken(req.headers.authorization);
  const auth = await authenticate(deps, token);
  if (token && !auth) res.setHeader(SESSION_EXPIRED_HEADER, '1');
  return { deps, auth, tokenPresented: !!token, ip: clientIp(req) };
}
