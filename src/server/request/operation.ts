/**
 * One operation = who may call it, its zod input, and what it answers (data and the Chinese success
 * message). The tRPC router (`trpc/`) and the REST shim (`rest/`) both expose operations and add
 * nothing of their own, so the two transports cannot drift apart.
 */
import type { z, ZodType } from 'zod';
import type { SessionRow, UserRow } from '../../../db/types.ts';
import { AppError, ADMIN_ONLY_MESSAGE, NOT_LOGGED_IN_MESSAGE, SESSION_EXPIRED_MESSAGE } from '../errors.ts';
import type { Authenticated } from '../services/accounts.ts';
import type { Caller } from './caller.ts';

export type Access = 'public' | 'member' | 'admin';

/** A caller whose session has been checked: `user` and `session` are there. */
export interface Member extends Caller {
  auth: Authenticated;
  user: UserRow;
  session: SessionRow;
}

export type CallerFor<A extends Access> = A extends 'public' ? Caller : Member;

/** What an operation answers. REST sends `{ success, message, ...extra, data }`; tRPC `{ message, ...extra, data }`. */
export interface Answer<T, X extends object = {}> {
  data: T;
  message?: string;
  /** Fields beside `data` where the spec names them (nextCursor, debugCode, favorited…). */
  extra?: X;
  /** HTTP status for REST when not 200 (201 for a created resource). */
  status?: number;
}

export interface Operation<S extends ZodType, T, X extends object, A extends Access> {
  /** A read may be cached and retried; a write never is. */
  kind: 'read' | 'write';
  access: A;
  /** What a guest is told (401) instead of the generic 请先登录, where the spec names a text. */
  loginMessage?: string;
  input: S;
  run(caller: CallerFor<A>, input: z.output<S>): Promise<Answer<T, X>>;
}

export type AnyOperation = Operation<ZodType, unknown, object, Access>;

export const read = <S extends ZodType, T, X extends object = {}, A extends Access = Access>(op: Omit<Operation<S, T, X, A>, 'kind'>): Operation<S, T, X, A> => ({ kind: 'read', ...op });

/**
 * A write. Once it succeeds the fast lane's cached public pages are dropped in this process
 * (another process follows within the cache TTL), unless the operation says it cannot change what
 * a public page shows (`keepsPublicPages`): forgetting to say so only costs a recomputation.
 */
export const write = <S extends ZodType, T, X extends object = {}, A extends Access = Access>(
  op: Omit<Operation<S, T, X, A>, 'kind'> & { keepsPublicPages?: true },
): Operation<S, T, X, A> => ({
  kind: 'write',
  access: op.access,
  loginMessage: op.loginMessage,
  input: op.input,
  async run(caller, input) {
    const answer = await op.run(caller, input);
    if (!op.keepsPublicPages) caller.deps.publicCache.invalidate();
    return answer;
  },
});

export const answer = <T, X extends object = {}>(data: T, options: Omit<Answer<T, X>, 'data'> = {}): Answer<T, X> => ({ data, ...options });

/** The access check of every operation on both transports: 401 without a live session, 403 for non-admins. */
export function authorize<A extends Access>(caller: Caller, access: A, loginMessage = NOT_LOGGED_IN_MESSAGE): CallerFor<A> {
  if (access === 'public') return caller as CallerFor<A>;
  if (!caller.auth) throw new AppError('UNAUTHORIZED', caller.tokenPresented ? SESSION_EXPIRED_MESSAGE : loginMessage);
  if (access === 'admin' && caller.auth.user.role !== 'admin') throw new AppError('FORBIDDEN', ADMIN_ONLY_MESSAGE);
  return { ...caller, auth: caller.auth, user: caller.auth.user, session: caller.auth.session } as CallerFor<A>;
}
