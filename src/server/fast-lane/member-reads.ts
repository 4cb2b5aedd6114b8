/**
 * Members' hot reads, answered in the fast lane without the Express pass: the session is checked by
 * the same `authenticate` (with its short per-process memory), the same operation runs, and the
 * answer is serialized as its transport would. Nothing here is cached: each answer is the member's
 * own. The next issues add the unread counts and favourite checks here.
 */
import type { Deps } from '../deps.ts';
import { accountOps } from '../accounts/operations.ts';
import { bearerToken, type Caller } from '../request/caller.ts';
import { authorize, type AnyOperation } from '../request/operation.ts';
import { restBody } from '../rest/route.ts';
import { authenticate } from '../services/accounts.ts';
import { toOutput } from '../trpc/init.ts';
import type { ComputedRead } from './cached-reads.ts';

const MEMBER_READS: Record<string, { op: AnyOperation; transport: 'rest' | 'trpc' }> = {
  '/api/auth/me': { op: accountOps.me, transport: 'rest' },
  '/trpc/auth.me': { op: accountOps.me, transport: 'trpc' },
};

export const isMemberReadPath = (pathname: string) => pathname in MEMBER_READS;

/**
 * The member's answer, or null when Express should answer instead: no live session (Express sends
 * the 401 and the expired-session flag), input it refuses, or any failure (Express has the error model).
 */
export async function memberRead(deps: Deps, pathname: string, search: string, authorization: string, ip: string): Promise<ComputedRead | null> {
  const read = MEMBER_READS[pathname];
  const token = bearerToken(authorization);
  const auth = token ? await authenticate(deps, token) : null;
  if (!read || !auth) return null;
  const caller: Caller = { deps, auth, tokenPresented: true, ip };
  try {
    const member = authorize(caller, read.op.access, read.op.loginMessage);
    if (read.transport === 'rest') {
      const input = read.op.input.safeParse(Object.fromEntries(new URLSearchParams(search)));
      if (!input.success) return null;
      const answer = await read.op.run(member as never, input.data);
      return { status: answer.status ?? 200, contentType: 'application/json; charset=utf-8', extraHeaders: [], body: Buffer.from(JSON.stringify(restBody(answer))) };
    }
    const params = new URLSearchParams(search);
    if (params.has('batch')) return null;
    const input = read.op.input.safeParse(params.has('input') ? JSON.parse(params.get('input')!) : undefined);
    if (!input.success) return null;
    const answer = await read.op.run(member as never, input.data);
    return { status: 200, contentType: 'application/json', extraHeaders: [['vary', 'trpc-accept, accept']], body: Buffer.from(JSON.stringify({ result: { data: toOutput(answer) } })) };
  } catch {
    return null;
  }
}
