/**
 * `npm run load`: the reliability figures on MariaDB. A real server process (limits on, set
 * far above the load so their rows are written) under LOAD_CONNECTIONS members at once for
 * LOAD_SECONDS, each a connection of its own doing what members do — reading idea pages and the
 * marketplace, favouriting and un-favouriting, commenting, recording views, following, publishing —
 * then: requests/s, latency p50/p99, failures, and whether every counter equals its rows and every
 * acknowledged comment and idea is stored. With LOAD_RESTART_AT the database is killed (SIGKILL, a
 * crash) that many seconds in and started again LOAD_OUTAGE_SECONDS later: what the restart cost.
 *
 * Settings: LOAD_DATABASE_URL (a mysql:// server; a throw-away database is made on it and dropped;
 * without it the script starts its own mariadbd, scripts/bench/own-mariadb.ts, which a restart needs),
 * LOAD_CONNECTIONS (50), LOAD_SECONDS (60), LOAD_RESTART_AT (0: no restart), LOAD_OUTAGE_SECONDS (20).
 * The server, the database and this load share the machine: on 2 cores the figures are the machine's,
 * not the server's alone.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dropMysqlDatabase, openDatabase } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { nowDb } from '../db/time.ts';
import { hashPassword } from '../src/server/accounts/passwords.ts';
import { createSession } from '../src/server/accounts/sessions.ts';
import { insertUserRow } from '../src/server/accounts/users.ts';
import { WRITE_LIMIT_KINDS, writeLimitEnv } from '../src/server/kernel/write-limit-policy.ts';
import { insertStagedIdea } from '../src/server/ideas/seeding.ts';
import { createOwnMariadb, HAVE_MARIADBD, type OwnMariadb } from './bench/own-mariadb.ts';
import { startChild, stopChild } from './bench/processes.ts';

const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const RESTART_AT = Number(process.env.LOAD_RESTART_AT ?? 0);
const OUTAGE_SECONDS = Number(process.env.LOAD_OUTAGE_SECONDS ?? 20);
const IDEAS = 20;

let own: OwnMariadb | undefined;
let base = process.env.LOAD_DATABASE_URL;
if (!base) {
  if (!HAVE_MARIADBD) throw new Error('LOAD_DATABASE_URL 未设置，且本机没有 /usr/sbin/mariadbd');
  own = await createOwnMariadb();
  await own.start();
  base = own.url('x');
}
if (RESTART_AT && !own) throw new Error('LOAD_RESTART_AT 需要脚本自己启动的 mariadbd（不设 LOAD_DATABASE_URL）');
const databaseUrl = Object.assign(new URL(base), { pathname: `/hunter_load_${Date.now().toString(36)}` }).toString();
const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'hunter-load-'));

// ------------------------------------------------------------------ the community

const handle = await openDatabase(databaseUrl);
await migrateToLatest(handle.db);
const passwordHash = await hashPassword(randomBytes(12).toString('hex'));
const members: { id: number; token: string; registrationNumber: string }[] = [];
for (let i = 0; i < CONNECTIONS + 5; i++) {
  const registrationNumber = `bx${String(300000 + i).padStart(6, '0')}`;
  const id = await insertUserRow(handle.db, { registrationNumber, phone: `137${String(i).padStart(8, '0')}`, passwordHash, nickname: `压测成员${i}` });
  members.push({ id, registrationNumber, token: (await createSession(handle.db, id, { passwordVerified: true })).token });
}
const authors = members.slice(CONNECTIONS);
const ideas: number[] = [];
for (let i = 0; i < IDEAS; i++)
  ideas.push(await insertStagedIdea(handle.db, { userId: authors[i % authors.length].id, title: `可靠性压测创意 ${i}`, description: `第 ${i} 个被大家读写的创意`, tags: ['压测', `组${i % 5}`] }));

const highLimits = Object.fromEntries(WRITE_LIMIT_KINDS.flatMap((kind) => Object.values(writeLimitEnv(kind)).map((name) => [name, '1000000'])));
const server = await startChild('scripts/bench/serve-limited.ts', {
  DATABASE_URL: databaseUrl,
  UPLOADS_DIR: uploads,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  RATE_PUBLISH_PER_10_MINUTES: '1000000',
  RATE_PUBLISH_ATTEMPTS_PER_10_MINUTES: '1000000',
  ...highLimits,
});
const origin = `http://127.0.0.1:${server.port}`;

// ------------------------------------------------------------------ the load

interface Sample {
  at: number;
  ms: number;
  status: number;
  write: boolean;
  kind: string;
}
const samples: Sample[] = [];
const acknowledged = { comments: [] as number[], ideas: [] as number[] };
let running = true;
let seq = 0;

async function call(method: string, url: string, token?: string, body?: unknown): Promise<{ status: number; json: any }> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  try {
    const res = await fetch(origin + url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, json: await res.json().catch(() => null) };
  } catch {
    return { status: 0, json: null };
  }
}

/** One member's connection: a read most of the time, a write otherwise (weights in the table). */
async function member(i: number) {
  const me = members[i];
  for (let n = 0; running; n++) {
    const idea = ideas[(i * 7 + n) % IDEAS];
    const roll = (i * 31 + n * 17) % 100;
    const at = performance.now();
    let write = true;
    let kind: string;
    let res: { status: number; json: any };
    if (roll < 30) {
      write = false;
      kind = 'idea page (member)';
      res = await call('GET', `/api/ideas/${idea}`, me.token);
    } else if (roll < 50) {
      write = false;
      kind = 'marketplace (guest)';
      res = await call('GET', `/api/marketplace/ideas?sort=newest&limit=20`);
    } else if (roll < 70) {
      kind = 'favourite';
      res = await call('POST', `/api/favorites/${idea}`, me.token, { favorite: n % 2 === 0 });
    } else if (roll < 82) {
      kind = 'comment';
      res = await call('POST', '/api/comments', me.token, { ideaId: idea, content: `第${i}位成员的第${n}条压测评论` });
      if (res.status === 201) acknowledged.comments.push(res.json.data.id);
    } else if (roll < 92) {
      kind = 'view';
      res = await call('POST', '/api/ideas/view', me.token, { ideaId: idea });
    } else if (roll < 97) {
      kind = 'follow';
      res = await call('POST', `/api/follows/${authors[n % authors.length].registrationNumber}`, me.token, { follow: n % 2 === 0 });
    } else {
      kind = 'publish';
      const k = ++seq;
      res = await call('POST', '/api/ideas', me.token, {
        status: 'published',
        title: `压测发布 ${k} ${randomBytes(4).toString('hex')}`,
        description: randomBytes(24).toString('base64'),
        tags: ['压测', `发布${k % 7}`],
      });
      if (res.status === 201) acknowledged.ideas.push(res.json.data.id);
    }
    samples.push({ at: performance.now(), ms: performance.now() - at, status: res.status, write, kind });
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The machine's ceiling at this moment: the same connections asking the liveness check (no database,
 * no Express) for 5 s. The load's requests/s means something only beside it.
 */
async function baseline(): Promise<number> {
  let n = 0;
  const until = performance.now() + 5000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) if ((await call('GET', '/api/health')).status === 200) n++;
    }),
  );
  return Math.round(n / 5);
}
const baselineRps = await baseline();
console.log(`负载：${CONNECTIONS} 个连接 × ${SECONDS} 秒${RESTART_AT ? `，第 ${RESTART_AT} 秒起数据库停止 ${OUTAGE_SECONDS} 秒` : ''}……`);
const started = performance.now();
const workers = members.slice(0, CONNECTIONS).map((_, i) => member(i));
let outage: { from: number; to: number; back: number; firstWriteAfter?: number } | undefined;
if (RESTART_AT && own) {
  await sleep(RESTART_AT * 1000);
  const from = performance.now();
  await own.stop('SIGKILL');
  await sleep(OUTAGE_SECONDS * 1000);
  const to = performance.now();
  await own.start();
  outage = { from, to, back: performance.now() };
}
await sleep(Math.max(0, SECONDS * 1000 - (performance.now() - started)));
running = false;
await Promise.all(workers);
const elapsed = (performance.now() - started) / 1000;
await stopChild(server.child);

// ------------------------------------------------------------------ what it cost, and what is stored

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : 0;
};
const inOutage = (s: Sample) => !!outage && s.at >= outage.from && s.at <= outage.back + 5000;
const steady = samples.filter((s) => !inOutage(s));
const failures = (xs: Sample[]) => xs.filter((s) => s.status < 200 || s.status >= 300);

const q = handle.db;
const counts = async (table: 'favorites' | 'comments' | 'idea_views', idea: number) =>
  Number(
    (
      await q
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('idea_id', '=', idea)
        .executeTakeFirstOrThrow()
    ).n,
  );
let countersExact = true;
for (const id of ideas) {
  const row = await q.selectFrom('ideas').select(['favorite_count', 'comment_count', 'view_count']).where('id', '=', id).executeTakeFirstOrThrow();
  if (row.favorite_count !== (await counts('favorites', id)) || row.comment_count !== (await counts('comments', id)) || row.view_count !== (await counts('idea_views', id))) countersExact = false;
}
for (const a of authors) {
  const row = await q.selectFrom('users').select('follower_count').where('id', '=', a.id).executeTakeFirstOrThrow();
  const n = Number(
    (
      await q
        .selectFrom('follows')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('followee_id', '=', a.id)
        .executeTakeFirstOrThrow()
    ).n,
  );
  if (row.follower_count !== n) countersExact = false;
}
const storedComments = new Set((await q.selectFrom('comments').select('id').execute()).map((r) => r.id));
const storedIdeas = new Set((await q.selectFrom('ideas').select('id').execute()).map((r) => r.id));
const lost = acknowledged.comments.filter((id) => !storedComments.has(id)).length + acknowledged.ideas.filter((id) => !storedIdeas.has(id)).length;

const report: Record<string, unknown> = {
  at: nowDb(),
  connections: CONNECTIONS,
  seconds: Math.round(elapsed),
  requests: samples.length,
  baselineHealthRps: baselineRps,
  requestsPerSecond: Math.round(steady.length / (elapsed - (outage ? (outage.back + 5000 - outage.from) / 1000 : 0))),
  p50Ms: Math.round(
    pct(
      steady.map((s) => s.ms),
      50,
    ),
  ),
  p99Ms: Math.round(
    pct(
      steady.map((s) => s.ms),
      99,
    ),
  ),
  writes: samples.filter((s) => s.write).length,
  byKind: Object.fromEntries(
    [...new Set(steady.map((s) => s.kind))].map((kind) => {
      const ms = steady.filter((s) => s.kind === kind).map((s) => s.ms);
      return [kind, { requests: ms.length, p50Ms: Math.round(pct(ms, 50)), p99Ms: Math.round(pct(ms, 99)) }];
    }),
  ),
  errorsOutsideOutage: failures(steady).length,
  countersExact,
  acknowledgedComments: acknowledged.comments.length,
  acknowledgedIdeas: acknowledged.ideas.length,
  acknowledgedLost: lost,
};
if (outage) {
  const during = samples.filter(inOutage);
  const firstOk = samples.find((s) => s.write && s.status >= 200 && s.status < 300 && s.at > outage!.back);
  report.restart = {
    outageSeconds: Math.round((outage.to - outage.from) / 1000),
    requestsDuring: during.length,
    answered503: during.filter((s) => s.status === 503).length,
    otherFailures: during.filter((s) => s.status !== 503 && (s.status < 200 || s.status >= 300)).length,
    slowestMsDuring: Math.round(Math.max(0, ...during.map((s) => s.ms))),
    servingAgainMsAfterDatabase: firstOk ? Math.round(firstOk.at - outage.back) : null,
  };
}
console.log(JSON.stringify(report, null, 2));

await handle.close();
await dropMysqlDatabase(databaseUrl).catch(() => undefined);
await own?.cleanup();
fs.rmSync(uploads, { recursive: true, force: true });
