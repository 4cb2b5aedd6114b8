/**
 * Members' hot reads, answered in the fast lane without the Express pass: the session is checked by
 * the same `authenticate` (with its short per-process memory), the same operation runs, and the
 * answer is serialized as its transport would. Nothing here is cached: each answer is the member's
 * own.
 */
import type { Deps } from '../deps.ts';
import { accountOps } from '../accounts/operations.ts';
import { messageOps } from '../messages/operations.ts';
import { favoriteOps, followOps } from '../social/operations.ts';
import { bearerToken, type Caller } from '../request/caller.ts';
import { authorize, type AnyOperation } from '../request/operation.ts';
import { restBody } from '../rest/route.ts';
import { authenticate } from '../services/accounts.ts';
import { toOutput } from '../trpc/init.ts';
import type { ComputedRead } from './cached-reads.ts';

interface MemberRead {
  op: AnyOperation;
  transport: 'rest' | 'trpc';
}

const MEMBER_READS: Record<string, MemberRead> = {
  '/api/auth/me': { op: accountOps.me, transport: 'rest' },
  '/trpc/auth.me': { op: accountOps.me, transport: 'trpc' },
  // Polled by every open tab of every member (publishing §4): the busiest member read.
  '/api/messages/unread-count': { op: messageOps.unreadCount, transport: 'rest' },
  '/trpc/messages.unreadCount': { op: messageOps.unreadCount, transport: 'trpc' },
  '/api/follows/updates': { op: followOps.updates, transport: 'rest' },
  '/trpc/follows.updates': { op: followOps.updates, transport: 'trpc' },
  // Asked on every idea page a member opens.
  '/trpc/favorites.check': { op: favoriteOps.check, transport: 'trpc' },
};

/** REST reads whose path names their input (`/api/favorites/check/{ideaId}`). */
const MEMBER_READ_PATTERNS: { pattern: RegExp; param: string; read: MemberRead }[] = [
  { pattern: /^\/api\/favorites\/check\/([^/]+)$/, param: 'ideaId', read: { op: favoriteOps.check, transport: 'rest' } },
  { pattern: /^\/api\/ideas\/([^/]+)\/favorite$/, param: 'ideaId', read: { op: favoriteOps.check, transport: 'rest' } },
];

function safeDecode(part: string): string | undefined {
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
}

function findMemberRead(pathname: string): { read: MemberRead; params: Record<string, string> } | undefined {
  const exact = MEMBER_READS[pathname];
  if (exact) return { read: exact, params: {} };
  for (const p of MEMBER_READ_PATTERNS) {
    const m = p.pattern.exec(pathname);
    if (m) {
      // A malformed escape is no member read: Express answers it (400/404), and nothing throws here.
      const value = safeDecode(m[1]);
      return value === undefined ? undefined : { read: p.read, params: { [p.param]: value } };
    }
  }
  return undefined;
}

export const isMemberReadPath = (pathname: string) => findMemberRead(pathname) !== undefined;

/**
 * The member's answer, or null when Express should answer instead: no live session (Express sends
 * the 401 and the expired-session flag), input it refuses, or any failure (Express has the error model).
 */
export async function memberRead(deps: Deps, pathname: string, search: string, authorization: string, ip: string): Promise<ComputedRead | null> {
  const found = findMemberRead(pathname);
  const token = bearerToken(authorization);
  const auth = found && token ? await authenticate(deps, token) : null;
  if (!found || !auth) return null;
  const { read, params } = found;
  const caller: Caller = { deps, auth, tokenPresented: true, ip };
  try {
    const member = authorize(caller, read.op.access, read.op.loginMessage);
    if (read.transport === 'rest') {
      const input = read.op.input.safeParse({ ...Object.fromEntries(new URLSearchParams(search)), ...params });
      if (!input.success) return null;
      const answer = await read.op.run(member as never, input.data);
      return { status: answer.status ?? 200, contentType: 'application/json; charset=utf-8', extraHeaders: [], body: Buffer.from(JSON.stringify(restBody(answer))) };
    }
    const query = new URLSearchParams(search);
    if (query.has('batch')) return null;
    const input = read.op.input.safeParse(query.has('input') ? JSON.parse(query.get('input')!) : undefined);
    if (!input.success) return null;
    const answer = await read.op.run(member as never, input.data);
    return { status: 200, contentType: 'application/json', extraHeaders: [['vary', 'trpc-accept, accept']], body: Buffer.from(JSON.stringify({ result: { data: toOutput(answer) } })) };
  } catch {
    return null;
  }
}
