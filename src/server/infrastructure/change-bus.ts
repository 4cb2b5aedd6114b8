/**
 * The change bus between app processes (REDIS_URL): each process tells the others what it dropped, so a
 * write in one drops the cached answers and remembered sessions of all within milliseconds, not within
 * CACHE_TTL_MS (docs/architecture.md §9, docs/deployment.md "Past one machine").
 *
 * Only "drop this" crosses it: the kinds of change and the idea a write was about, an ended session's
 * id, a member whose remembered sessions or viewer facts went stale, a changed watched-word list. Never an answer, a token or
 * anything personal. Every message is checked whole (`ZMessage`, strict): anything else is ignored, so
 * a forged message, from whoever got hold of the deployment's Redis password, can at most make a
 * process drop cached answers and remembered sessions (which it then reads again from the database).
 *
 * Redis down or out of reach, at start or later: the app serves as without it (the TTL window covers
 * what a process misses), says so once in the log and once when it is back, and `/api/health` says
 * `degraded`. Nothing is queued meanwhile and nothing extra is dropped. ioredis reconnects by itself.
 */
import { randomUUID } from 'node:crypto';
import { Redis, type RedisOptions } from 'ioredis';
import { z } from 'zod';
import { CHANGE_KINDS, type ChangeKind } from '../contract/changes.ts';
import type { ChangeBusSettings } from '../kernel/config.ts';
import { withoutPassword } from '../kernel/config-schema.ts';
import { processLog } from '../kernel/process-log.ts';

const ID = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** What one process tells the others to forget. */
const ZDrops = [
  /** Cached answers showing these kinds of change (about this idea, if one): ResponseCache.invalidate. */
  z.strictObject({ what: z.literal('answers'), kinds: z.array(z.enum(CHANGE_KINDS)).min(1).max(Object.keys(CHANGE_KINDS).length), idea: ID.optional() }),
  /** One remembered session (a logout, a session that turned out gone). Its id, never its secret. */
  z.strictObject({ what: z.literal('session'), id: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/) }),
  /** Every remembered session of a member whose row changed (sessions ended, role, avatar, deactivation). */
  z.strictObject({ what: z.literal('member'), id: ID }),
  /** A member's unlocks and held comments (ideas/viewer-facts.ts). */
  z.strictObject({ what: z.literal('viewer'), id: ID }),
  /** The watched-word list changed: check its version on the next use (moderation/words.ts). */
  z.strictObject({ what: z.literal('words') }),
] as const;

/** Who sent it: each bus's own random id, so a process ignores what it said itself. */
const ZFrom = z.string().regex(/^[0-9a-f-]{36}$/);

const ZMessage = z.discriminatedUnion('what', ZDrops.map((drop) => drop.extend({ from: ZFrom })) as unknown as [(typeof ZDrops)[number], ...(typeof ZDrops)[number][]]);

export type Drop =
  { what: 'answers'; kinds: readonly ChangeKind[]; idea?: number } | { what: 'session'; id: string } | { what: 'member'; id: number } | { what: 'viewer'; id: number } | { what: 'words' };

/** A message longer than this is no drop of ours (the longest is under 150 bytes). */
const MAX_MESSAGE_BYTES = 1024;

/** Where a process's memories tell their drops (a no-op without Redis). */
export interface Peers {
  tell(drop: Drop): void;
}

export const NO_PEERS: Peers = { tell() {} };

/** `off`: no REDIS_URL; `disconnected`: configured but not both connected and subscribed (health says degraded). */
export type ChangeBusState = 'off' | 'connected' | 'disconnected';

export interface ChangeBus extends Peers {
  readonly state: ChangeBusState;
  /**
   * Resolves once every drop told so far has come back to this process's own subscriber (so Redis has
   * written it to every other process's too: its reply to PUBLISH may be written before those), or
   * after TOLD_WAIT_MS: a write answers after that, so a read elsewhere right after its answer finds
   * the drop there first.
   */
  told(): Promise<void>;
  /** Where the other processes' drops go (once the process's memories exist). */
  listen(onDrop: (drop: Drop) => void): void;
  /** Both connections closed; nothing is told or heard after. */
  close(): Promise<void>;
}

export const NO_CHANGE_BUS: ChangeBus = { state: 'off', tell() {}, told: async () => {}, listen() {}, close: async () => {} };

/** The longest a write's answer waits for Redis to take its drops (a Redis that hangs costs no more). */
// Redis takes a publish in well under a millisecond; a loaded machine can take tens (50 was seen to
// miss on a busy 2-core machine, the other process then serving a logged-out read once).
const TOLD_WAIT_MS = 200;

/** Parsed and checked, or null for anything that is not exactly one of our drops. */
export function parseDropMessage(text: string): (Drop & { from: string }) | null {
  if (text.length > MAX_MESSAGE_BYTES) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = ZMessage.safeParse(json);
  return parsed.success ? (parsed.data as Drop & { from: string }) : null;
}

/** Reconnects every 0.1 s, 0.2 s … at most every second, for as long as it takes. */
const retryStrategy = (times: number) => Math.min(times * 100, 1000);

/**
 * Two connections (a subscribed one can do nothing else): one publishes, one listens. Neither queues
 * commands while down: a drop that cannot be told is lost, and the TTL covers it.
 */
export function connectChangeBus(settings: ChangeBusSettings, log: Pick<typeof processLog, 'info' | 'warn'> = processLog): ChangeBus {
  const self = randomUUID();
  const where = `${withoutPassword(settings.url)}，频道 ${settings.channel}`;
  const options: RedisOptions = { connectionName: 'hunter-ideas-changes', retryStrategy, enableOfflineQueue: false, autoResubscribe: false, maxRetriesPerRequest: 1 };
  const publisher = new Redis(settings.url, options);
  const subscriber = new Redis(settings.url, options);
  let onDrop: ((drop: Drop) => void) | undefined;
  let subscribed = false;
  let closing = false;
  let said: 'up' | 'down' | undefined;
  let lastFailure = '';
  let ignoredSaid = false;
  const inFlight = new Set<Promise<unknown>>();
  /** Told drops whose echo has not come back yet, oldest first. */
  const echoes: (() => void)[] = [];

  const connected = () => subscribed && publisher.status === 'ready';
  /** One line when it goes down, one when it is back: never a line per retry. */
  const update = () => {
    if (closing) return;
    if (connected()) {
      if (said !== 'up') log.info(said === 'down' ? `Redis 已恢复连接（${where}）：各进程的缓存与登录状态重新即时同步` : `变更通知经由 Redis（${where}）`);
      said = 'up';
    } else if (said !== 'down' && (said === 'up' || lastFailure)) {
      log.warn(`Redis 无法连接（${lastFailure || '连接中断'}，${where}）：其他进程的改动改为在 CACHE_TTL_MS 内生效；恢复后自动重连`);
      said = 'down';
    }
  };
  const failed = (err: Error & { code?: string }) => {
    lastFailure = err.code ?? err.message;
    update();
  };
  publisher.on('error', failed);
  subscriber.on('error', failed);
  publisher.on('ready', update);
  publisher.on('close', update);
  subscriber.on('ready', () => {
    subscriber.subscribe(settings.channel).then(
      () => {
        subscribed = true;
        update();
      },
      (err: Error) => failed(err),
    );
  });
  subscriber.on('close', () => {
    subscribed = false;
    // Echoes of what was told are not coming on this connection any more.
    for (const heard of echoes.splice(0)) heard();
    update();
  });
  subscriber.on('message', (channel: string, text: string) => {
    if (channel !== settings.channel || closing) return;
    const message = parseDropMessage(text);
    if (!message) {
      if (!ignoredSaid) log.warn(`收到无法识别的变更通知，已忽略（频道 ${settings.channel}；之后的不再记录）`);
      ignoredSaid = true;
      return;
    }
    if (message.from === self) {
      // Our own drop, back: Redis has handed it to every subscriber (in order, one publisher connection).
      echoes.shift()?.();
      return;
    }
    const { from: _from, ...drop } = message;
    try {
      onDrop?.(drop);
    } catch (err) {
      // A drop is a memory forgotten: nothing of it may take the process down.
      log.warn(`变更通知处理失败，已忽略：${(err as Error).message}`);
    }
  });

  return {
    get state() {
      return connected() ? 'connected' : 'disconnected';
    },
    tell(drop) {
      if (closing || publisher.status !== 'ready') return;
      // Redis may write its reply to a PUBLISH before the message to the other subscribers (seen: another
      // process served a logged-out read after the reply), so a drop counts as told once it is back here.
      let heard = () => {};
      const echoed = subscribed ? new Promise<void>((resolve) => echoes.push((heard = resolve))) : Promise.resolve();
      const notHeard = () => {
        const at = echoes.indexOf(heard);
        if (at >= 0) echoes.splice(at, 1);
        heard();
      };
      const sent: Promise<unknown> = Promise.all([publisher.publish(settings.channel, JSON.stringify({ ...drop, from: self })).catch(notHeard), echoed]).finally(() => inFlight.delete(sent));
      inFlight.add(sent);
    },
    async told() {
      if (!inFlight.size) return;
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, TOLD_WAIT_MS)));
      await Promise.race([Promise.all(inFlight), waited]);
      clearTimeout(timer);
    },
    listen(given) {
      onDrop = given;
    },
    async close() {
      closing = true;
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
