/**
 * Members' reads without the Express pass: a hot read (`hot` on the operation) run for the member
 * straight away, and a cached read members share (`cache.members`, contract/sharing.ts) answered with
 * the guests' bytes unless this member's answer differs. No live session, or a failure: Express
 * answers (the 401 and the expired-session flag, or the error model).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { authenticate, type Authenticated } from '../accounts/service.ts';
import { viewerRelation } from '../ideas/shape.ts';
import { authorAnswer, carriesWholeIdeas } from './author-overlay.ts';
import type { ViewerFacts } from '../ideas/viewer-facts.ts';
import { rememberDatabaseFailure } from '../kernel/errors.ts';
import { bearerToken } from '../http/identify.ts';
import { runForMember, type ComputedRead } from './fast-reads.ts';
import type { GuestReads } from './guest-reads.ts';
import { keyOf, type KnownRead, type Lane } from './lane.ts';
import type { PreparedAnswer } from './response-cache.ts';

type Relation = 'same' | 'author' | 'own';

export interface MemberReads {
  serveHot(req: IncomingMessage, res: ServerResponse, read: KnownRead): void;
  serveShared(req: IncomingMessage, res: ServerResponse, read: KnownRead): void;
}

export function memberReads(lane: Lane, guests: GuestReads): MemberReads {
  const { deps, app, answers } = lane;
  const cache = deps.publicCache;

  /** A hot read's answer kept with the remembered session (`hot: 'session'`): its user row is all it shows. */
  const sessionAnswers = new WeakMap<Authenticated, Map<string, ComputedRead>>();

  /** The remembered session a request's token names, found without a promise; undefined when it must be looked up. */
  const rememberedAuth = (req: IncomingMessage): Authenticated | undefined => {
    const token = bearerToken(req.headers.authorization);
    return token ? deps.sessionCache.get(token) : undefined;
  };

  async function lookUpSession(req: IncomingMessage): Promise<Authenticated | null> {
    const token = bearerToken(req.headers.authorization);
    return token ? authenticate(deps, token) : null;
  }

  async function serveHotLater(req: IncomingMessage, res: ServerResponse, read: KnownRead): Promise<void> {
    let auth: Authenticated | null = null;
    try {
      auth = await lookUpSession(req);
    } catch (err) {
      rememberDatabaseFailure(req, err);
    }
    if (!auth) return void app(req, res);
    await answerHot(req, res, read, auth);
  }

  /** Runs a member's hot read for a live session and sends it. */
  async function answerHot(req: IncomingMessage, res: ServerResponse, read: KnownRead, auth: Authenticated): Promise<void> {
    try {
      const { found, input } = read;
      if (found.read.op.hot !== 'session') return answers.sendOwn(req, res, await runForMember(deps, found, input, auth, lane.clientIp(req)));
      let kept = sessionAnswers.get(auth);
      if (!kept) sessionAnswers.set(auth, (kept = new Map()));
      let answer = kept.get(keyOf(read));
      if (!answer) kept.set(keyOf(read), (answer = await runForMember(deps, found, input, auth, lane.clientIp(req))));
      return answers.sendOwn(req, res, answer);
    } catch (err) {
      rememberDatabaseFailure(req, err);
    }
    app(req, res);
  }

  /**
   * How this member's answer relates to the guests' (contract/sharing.ts), given the member's facts
   * when it needs them: the same bytes, the author's overlay on them (author-overlay.ts), or their own.
   */
  function relationGiven(auth: Authenticated, read: KnownRead, answer: PreparedAnswer, facts: ViewerFacts | undefined): Relation | undefined {
    const { members, about } = read.found.read.op.cache!;
    if (members === 'same') return 'same';
    const user = auth.user;
    if (user.role === 'admin') return 'own';
    if (!facts) return undefined;
    if (members === 'comments') return facts.heldOn.has(about!(read.input)) ? 'own' : 'same';
    return viewerRelation(user, answer.shown ?? [], facts);
  }

  async function relationOf(auth: Authenticated, read: KnownRead, answer: PreparedAnswer): Promise<Relation> {
    const known = relationGiven(auth, read, answer, deps.viewerFacts.peek(auth.user.id));
    return known ?? relationGiven(auth, read, answer, await deps.viewerFacts.of(deps.db, auth.user.id))!;
  }

  /** The author's answer from the guests' bytes, or null (then computed for them). */
  async function authorOwn(auth: Authenticated, read: KnownRead, answer: PreparedAnswer): Promise<ComputedRead | null> {
    const output = read.found.read.op.output;
    if (!answer.own || !output) return null;
    const body = await authorAnswer(deps, answer, auth.user, carriesWholeIdeas(output.data));
    return body && { status: answer.status, ...answer.own, body };
  }

  async function serveSharedLater(req: IncomingMessage, res: ServerResponse, read: KnownRead): Promise<void> {
    try {
      const auth = await lookUpSession(req);
      if (auth) {
        const answer = await guests.answer(req, read);
        if (answer) {
          const relation = await relationOf(auth, read, answer);
          if (relation === 'same') return answers.send(req, res, answer, true);
          const own = relation === 'author' ? await authorOwn(auth, read, answer) : null;
          if (own) return answers.sendOwn(req, res, own, true);
          return answers.sendOwn(req, res, await runForMember(deps, read.found, read.input, auth, lane.clientIp(req)));
        }
      }
    } catch (err) {
      // Express answers with the error model.
      rememberDatabaseFailure(req, err);
    }
    app(req, res);
  }

  return {
    /**
     * With a remembered session: at once when its answer is kept with it (auth.me), else the
     * operation run straight away; otherwise the session is looked up first.
     */
    serveHot(req, res, read) {
      const auth = rememberedAuth(req);
      if (!auth) return void serveHotLater(req, res, read);
      if (read.found.read.op.hot === 'session') {
        const kept = sessionAnswers.get(auth)?.get(keyOf(read));
        if (kept) return answers.sendOwn(req, res, kept);
      }
      void answerHot(req, res, read, auth);
    },
    /**
     * After the session check, the guests' bytes (said no-store); an author's with their own ideas'
     * fields laid over them; computed for the member where it differs otherwise.
     */
    serveShared(req, res, read) {
      // The common case without a promise: a remembered session, the guests' answer in memory, the
      // member's facts remembered, and the answer theirs too.
      const auth = rememberedAuth(req);
      const answer = auth && cache.get(keyOf(read));
      if (answer && relationGiven(auth, read, answer, deps.viewerFacts.peek(auth.user.id)) === 'same') return answers.send(req, res, answer, true);
      void serveSharedLater(req, res, read);
    },
  };
}
