import type { Request } from 'express';
import type { Deps } from '../deps.ts';
import { authenticate, type Authenticated } from '../services/accounts.ts';

export interface TrpcContext {
  deps: Deps;
  auth: Authenticated | null;
  /** A token was sent, whether or not it was valid (to tell "expired" from "not logged in"). */
  tokenPresented: boolean;
  ip: string;
}

export function bearerToken(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** The caller's address as Express sees it: X-Forwarded-For only counts when TRUST_PROXY is set. */
export function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

export async function createContextFromRequest(deps: Deps, req: Request): Promise<TrpcContext> {
  const token = bearerToken(req);
  return { deps, auth: await authenticate(deps, token), tokenPresented: !!token, ip: clientIp(req) };
}
