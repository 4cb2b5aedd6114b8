/**
 * Running a fast read (routes.ts): its input parsed by the operation's own schema, the operation run,
 * and the answer serialized exactly as its transport would (the REST envelope, or tRPC's
 * `{ result: { data } }`). Guests' answers of cached reads are kept by the parsed input, so every
 * spelling of one request (parameter order, unknown parameters, `limit=020`) shares one entry and
 * junk parameters cannot force a recomputation.
 */
import type { Deps } from '../deps.ts';
import type { Caller } from '../contract/caller.ts';
import { ADMIN_ONLY_MESSAGE, AppError } from '../kernel/errors.ts';
import { restBody } from '../rest/route.ts';
import { toOutput } from '../trpc/init.ts';
import type { Authenticated } from '../accounts/service.ts';
import type { ShownIdea } from '../contract/sharing.ts';
import { shownIdeas } from '../ideas/shape.ts';
import type { FoundRead } from './routes.ts';

export interface ComputedRead {
  status: number;
  contentType: string;
  extraHeaders: [string, string][];
  body: Buffer;
  /** The ideas the answer shows, when members share it by the `'ideas'` rule (contract/sharing.ts). */
  shown?: ShownIdea[];
}

/** The operation's parsed input, or undefined when it refuses it (Express then answers with the error model). */
export function parseInput(found: FoundRead, search: string): { value: unknown } | undefined {
  const query = new URLSearchParams(search);
  let raw: unknown;
  if (found.read.transport === 'rest') {
    raw = { ...Object.fromEntries(query), ...found.params };
  } else {
    // A batch goes to tRPC's own handler, which refuses it.
    if (query.has('batch')) return undefined;
    try {
      raw = query.has('input') ? JSON.parse(query.get('input')!) : undefined;
    } catch {
      return undefined;
    }
  }
  const parsed = found.read.op.input.safeParse(raw);
  return parsed.success ? { value: parsed.data } : undefined;
}

/** JSON with object keys sorted: one text per value, whatever order its fields came in. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v));
}

/** The shared cache's key of a guest's read: the route and its parsed input. */
export const cacheKeyOf = (found: FoundRead, input: unknown) => `${found.read.id} ${canonicalJson(input) ?? ''}`;

/** The headers each transport adds, one array each (the fast lane keys a member's header block by it). */
const NO_EXTRA_HEADERS: [string, string][] = [];
// tRPC's handler sets this Vary on a query's answer.
const TRPC_EXTRA_HEADERS: [string, string][] = [['vary', 'trpc-accept, accept']];

function serialize(read: FoundRead['read'], answer: Awaited<ReturnType<FoundRead['read']['op']['run']>>): ComputedRead {
  if (read.transport === 'rest') {
    return { status: answer.status ?? 200, contentType: 'application/json; charset=utf-8', extraHeaders: NO_EXTRA_HEADERS, body: Buffer.from(JSON.stringify(restBody(answer, read.op.output))) };
  }
  // tRPC's own answer to a query.
  return { status: 200, contentType: 'application/json', extraHeaders: TRPC_EXTRA_HEADERS, body: Buffer.from(JSON.stringify({ result: { data: toOutput(answer) } })) };
}

/**
 * The caller of a read run here. The client's address is worked out only if the read asks for it
 * (no read does today; writes, which count it, go to Express): proxy-addr cost ~1 µs a request.
 */
class LaneCaller implements Caller {
  private address?: string;
  readonly tokenPresented: boolean;
  readonly user?: Authenticated['user'];
  readonly session?: Authenticated['session'];
  constructor(
    readonly deps: Deps,
    readonly auth: Authenticated | null,
    private readonly addressOf: () => string,
  ) {
    this.tokenPresented = !!auth;
    if (auth) {
      this.user = auth.user;
      this.session = auth.session;
    }
  }
  get ip(): string {
    return (this.address ??= this.addressOf());
  }
}

/** Runs a read for a guest (no token): what the shared cache keeps. */
export async function runForGuest(deps: Deps, found: FoundRead, input: unknown, ip: () => string): Promise<ComputedRead> {
  const caller = new LaneCaller(deps, null, ip);
  const answer = await found.read.op.run(caller, input);
  const computed = serialize(found.read, answer);
  const declared = found.read.op.cache;
  if (declared?.members === 'ideas') computed.shown = shownIdeas(answer.data);
  return computed;
}

/** Runs a member's hot read; throws what the operation throws (the caller hands it to Express). */
export async function runForMember(deps: Deps, found: FoundRead, input: unknown, auth: Authenticated, ip: () => string): Promise<ComputedRead> {
  const { access } = found.read.op;
  // authorize()'s checks (a live session is given); the caller is the member itself, not a copy of it.
  if (access === 'admin' && auth.user.role !== 'admin') throw new AppError('FORBIDDEN', ADMIN_ONLY_MESSAGE);
  return serialize(found.read, await found.read.op.run(new LaneCaller(deps, auth, ip) as never, input));
}
