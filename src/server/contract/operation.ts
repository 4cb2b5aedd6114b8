/**
 * One operation = who may call it, its zod input, and what it answers (data and the Chinese success
 * message). The tRPC router (`trpc/`) and the REST shim (`rest/`) both expose operations and add
 * nothing of their own, so the two transports cannot drift apart.
 */
import type { Writable } from 'node:stream';
import type { z, ZodType } from 'zod';
import type { SessionRow, UserRow } from '../../../db/types.ts';
import { AppError, ADMIN_ONLY_MESSAGE, NOT_LOGGED_IN_MESSAGE, SESSION_EXPIRED_MESSAGE } from '../kernel/errors.ts';
import { liveRole, type Authenticated } from '../accounts/service.ts';
import type { Caller } from './caller.ts';
import type { WriteLimitKind } from '../kernel/write-limit-policy.ts';
import { ALL_CHANGES, type ChangeKind } from './changes.ts';
import type { MemberSharing } from './sharing.ts';

export type Access = 'public' | 'member' | 'admin';

export type Method = 'get' | 'post' | 'put' | 'delete';

/**
 * Where the REST shim exposes an operation (rest/route.ts) and how the OpenAPI document names it.
 * The failures every operation of its kind answers (400, 401, 429, 503…) are derived from the
 * operation itself (rest/openapi.ts); `responses` adds only what this one refuses beyond them.
 */
export interface RestPath {
  method: Method;
  /** Express style, relative to /api: `/users/:id/stats`. */
  path: string;
  tag: string;
  summary: string;
  /** The document's name for it; by default the operation's tRPC name (`ideas.byId`). */
  operationId?: string;
  /** The failures this path answers beyond the derived ones, status → description. */
  responses?: Record<number, string>;
  /** A multipart upload of one file (parsed by multer in rest/route.ts): its field, size limit and what a bad one is told. */
  upload?: { field: string; description: string; maxBytes: number; tooLarge: string; malformed: string };
}

/** A caller whose session has been checked: `user` and `session` are there. */
export interface Member extends Caller {
  auth: Authenticated;
  user: UserRow;
  session: SessionRow;
}

export type CallerFor<A extends Access> = A extends 'public' ? Caller : Member;

/** What an operation answers. REST sends `{ success, message, ...extra, data }`; tRPC `{ message, ...extra, data }`. */
export interface Answer<T, X extends object = object> {
  data: T;
  message?: string;
  /** Fields beside `data` on both transports (nextCursor, seed). */
  extra?: X;
  /** HTTP status for REST when not 200 (201 for a created resource). */
  status?: number;
  /**
   * A write's own note, never sent: the one idea it changed, so only that idea's cached pages (and the
   * lists) are dropped, not every idea's (changes.ts). Left out: every answer showing its kinds.
   */
  about?: number;
}

/**
 * What an operation answers, as zod: the OpenAPI document (rest/openapi.ts) is built from it, and the
 * conformance test checks every REST answer the tests receive against that document.
 */
export interface Output<D extends ZodType = ZodType, E extends ZodType = ZodType> {
  /** `data` as sent. */
  data: D;
  /** The fields beside `data` (nextCursor, seed, total), an object schema, on both transports. */
  extra?: E;
  /**
   * Fields of `data` that REST also sends beside it, under their REST names, where the spec's scripts
   * read them there (`favorited`, `count`, `debugCode`); tRPC sends `data` alone.
   */
  restBeside?: readonly string[];
  /** The success status when not 200: 201 for a created resource. */
  status?: 201;
  /** A check that answers 503 with the same `data` (and success false) when what it checks is down. */
  unavailableWithData?: true;
  /**
   * A file download (REST only): `data` is a `Download`, which the route streams as the body with
   * this media type (no envelope); the document describes a binary answer.
   */
  file?: { mediaType: string; description: string };
}

/** What an operation with `output.file` answers: the file's name and how to write it. */
export interface Download {
  fileName: string;
  write(out: Writable): Promise<void>;
}

export interface Operation<S extends ZodType, T, X extends object, A extends Access> {
  /** A read may be cached and retried; a write never is. */
  kind: 'read' | 'write';
  access: A;
  /** What a guest is told (401) instead of the generic 请先登录, where the spec names a text. */
  loginMessage?: string;
  input: S;
  /** The REST paths that expose it (none: tRPC only). Adding one here is all REST needs. */
  rest?: readonly RestPath[];
  /** Declared by every operation REST exposes; `run`'s answer must fit it (checked by the compiler). */
  output?: Output;
  run(caller: CallerFor<A>, input: z.output<S>): Promise<Answer<T, X>>;
  /**
   * A public read the fast lane may answer from its shared cache to callers without a token, keyed by
   * the parsed input (unknown parameters dropped, values normalised by the schema). `shows`: the kinds
   * of change (changes.ts) after which a cached answer is dropped; `about`: the one idea the answer is
   * about (an idea's page, its comments), so writes about other ideas leave it; `members`: how a
   * member's answer relates to the guests' (sharing.ts) — without it a member's call goes past the cache.
   */
  cache?: { shows: readonly ChangeKind[]; about?: (input: z.output<S>) => number; members?: MemberSharing };
  /**
   * A member read the fast lane answers without the Express pass: the same session check, never in
   * the shared cache. `'session'`: the answer depends on the session's user row alone (auth.me), so
   * the fast lane keeps its bytes with the remembered session (forgotten whenever that row changes).
   */
  hot?: true | 'session';
  /**
   * False for the one read that never touches the database (liveness). Every other operation may
   * answer 503 when the database is down or too busy (kernel/errors.ts `databaseError`), and its REST
   * document says so.
   */
  database?: false;
  /** A write: the kinds of change it makes (changes.ts). Left out: every kind, the safe default. */
  changes?: readonly ChangeKind[];
  /**
   * A write a person can repeat (a comment, a toggle, a view…): one of its kind's allowance is
   * spent before it runs, per member and per client address, whichever transport it came by; past
   * it, 429 with Retry-After (infrastructure/rate-limit.ts, defaults and reasons in write-limit-policy.ts).
   */
  limit?: WriteLimitKind;
}

export type AnyOperation = Operation<ZodType, unknown, object, Access>;

/** Ties `run`'s answer to the declared output: its data and extra must be what the schemas accept. */
type Declared<S extends ZodType, T, X extends object, A extends Access, D extends ZodType, E extends ZodType> = Omit<Operation<S, T, X, A>, 'output' | 'rest'> & {
  output?: Output<D, E>;
  rest?: RestPath | readonly RestPath[];
};

function restPaths(kind: 'read' | 'write', rest: RestPath | readonly RestPath[] | undefined): readonly RestPath[] | undefined {
  if (!rest) return undefined;
  const paths: readonly RestPath[] = 'method' in rest ? [rest] : rest;
  for (const p of paths) if (kind === 'write' && p.method === 'get') throw new Error(`${p.path}: a write operation cannot be a GET`);
  return paths;
}

export const read = <D extends ZodType, E extends ZodType, S extends ZodType, T extends z.input<D>, X extends object & z.input<E>, A extends Access>(
  op: Omit<Declared<S, T, X, A, D, E>, 'kind' | 'changes'>,
): Operation<S, T, X, A> => {
  if (op.cache && op.access !== 'public') throw new Error('only a public read may be answered from the shared cache');
  const read: Operation<S, T, X, A> = { kind: 'read', ...op, rest: restPaths('read', op.rest) };
  if (op.access !== 'public' || op.database === false) return read;
  // A public read may run on the read replica: infrastructure/read-routing.ts decides, for every one.
  const cached = !!op.cache;
  return { ...read, run: (caller, input) => op.run(caller.deps.reads.route(caller, cached), input) };
};

/**
 * A write. Once it succeeds, the cached answers that show what it changes (`changes`, changes.ts) are
 * dropped in this process and, with REDIS_URL, in every other before it answers (infrastructure/change-bus.ts);
 * without it another process follows within the cache TTL. Saying too much only costs
 * a recomputation, so the default is every kind.
 */
export const write = <D extends ZodType, E extends ZodType, S extends ZodType, T extends z.input<D>, X extends object & z.input<E>, A extends Access>(
  op: Omit<Declared<S, T, X, A, D, E>, 'kind' | 'cache' | 'hot'>,
): Operation<S, T, X, A> => {
  const changes = op.changes ?? ALL_CHANGES;
  return {
    kind: 'write',
    access: op.access,
    loginMessage: op.loginMessage,
    input: op.input,
    rest: restPaths('write', op.rest),
    output: op.output,
    changes,
    limit: op.limit,
    async run(given, input) {
      let caller = given;
      if (caller.auth) {
        // The session as the database has it now (accounts/service.ts liveRole): an ended one writes
        // nothing; a public write (a view, a login) goes on as a guest's.
        const role = await liveRole(caller.deps, caller.auth);
        if (role === null && op.access !== 'public') throw new AppError('UNAUTHORIZED', SESSION_EXPIRED_MESSAGE);
        if (role === null) caller = { ...caller, auth: null } as typeof caller;
        else if (op.access === 'admin' && role !== 'admin') throw new AppError('FORBIDDEN', ADMIN_ONLY_MESSAGE);
        else if (role !== caller.auth.user.role) caller = withCurrentRole(caller, caller.auth, role);
      }
      // Every attempt that got past validation counts, refused ones too: a loop of failures costs as much.
      if (op.limit) await caller.deps.limits.writes[op.limit].consume({ userId: caller.auth?.user.id, ip: caller.ip });
      const answer = await op.run(caller, input);
      if (changes.length) caller.deps.publicCache.invalidate(changes, answer.about);
      // This caller's next reads, and the shared cache's next fills, see what was written (read-routing.ts).
      caller.deps.reads.wrote(caller.auth?.user.id, caller.ip);
      // The other processes have the drops (REDIS_URL) before the writer has its answer: a read through
      // another process right after it (a logout's session, a take-down's page) finds them forgotten.
      await caller.deps.changeBus.told();
      return answer;
    },
  };
};

/**
 * The caller with the role the database has now, and the process's memory of the session forgotten
 * (its next read learns it too): a member write's admin branches (deleting another's comment) decide
 * on it, not on a role remembered for up to CACHE_TTL_MS.
 */
function withCurrentRole<C extends Caller>(caller: C, auth: Authenticated, role: UserRow['role']): C {
  caller.deps.sessionCache.forgetSession(auth.session.id);
  const user = { ...auth.user, role };
  return { ...caller, auth: { ...auth, user }, ...('user' in caller ? { user } : {}) };
}

export const answer = <T, X extends object = object>(data: T, options: Omit<Answer<T, X>, 'data'> = {}): Answer<T, X> => ({ data, ...options });

/** The access check of every operation on both transports: 401 without a live session, 403 for non-admins. */
export function authorize<A extends Access>(caller: Caller, access: A, loginMessage = NOT_LOGGED_IN_MESSAGE): CallerFor<A> {
  if (access === 'public') return caller as CallerFor<A>;
  if (!caller.auth) throw new AppError('UNAUTHORIZED', caller.tokenPresented ? SESSION_EXPIRED_MESSAGE : loginMessage);
  if (access === 'admin' && caller.auth.user.role !== 'admin') throw new AppError('FORBIDDEN', ADMIN_ONLY_MESSAGE);
  return { ...caller, auth: caller.auth, user: caller.auth.user, session: caller.auth.session } as CallerFor<A>;
}
