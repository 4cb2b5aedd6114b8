/**
 * A slow database answers 503, not a growing pile of waiting requests: the pool's size, its
 * queue, the wait for a connection and each statement's time are bounded (DB_*, db/connection.ts).
 * Here the pool has 2 connections and a queue of 3, and both connections are held by slow statements:
 * every request is answered 503 in Chinese with Retry-After at once or after the 400 ms wait, on both
 * transports, and served again once the connections are free. A statement past its time limit is
 * stopped by the server; a lock held for a few seconds is waited out by the retries.
 * MySQL/MariaDB only: SQLite has no pool.
 */
import { sql } from 'kysely';
import type { PoolConnection } from 'mysql2';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { DATABASE_MSG, databaseError } from '../../src/server/kernel/errors.ts';
import { describeOnMariaDB } from '../helpers/dialects.ts';
import { trpcCall } from '../helpers/api.ts';
import { serveTestApp } from '../helpers/serve.ts';
import { createIdea, createUser, type FixtureUser } from '../helpers/fixtures.ts';

describeOnMariaDB('pool and time limits on MariaDB', () => {
  const app = serveTestApp('mysql', { database: { poolSize: 2, queueLimit: 3, acquireTimeoutMs: 400, queryTimeoutMs: 2500, lockWaitTimeoutSeconds: 1 } });
  let member: FixtureUser;
  let idea: number;

  // Each refusal logs one warning line (errors.ts logFailure); not here.
  beforeAll(() => void vi.spyOn(console, 'warn').mockImplementation(() => {}));
  afterAll(() => vi.restoreAllMocks());

  beforeAll(async () => {
    member = await createUser(app.deps);
    idea = await createIdea(app.deps, member, { title: '池子测试' });
  });

  it('answers 503 at once, not a queue, while every connection is busy; then serves again', async () => {
    // The member's session is remembered (CACHE_TTL_MS), so only the operation itself needs the database.
    expect((await app.api('GET', '/api/favorites', { token: member.token })).status).toBe(200);
    const slow = [sql`select sleep(2)`.execute(app.deps.db), sql`select sleep(2)`.execute(app.deps.db)];
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    const burst = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const t = Date.now();
        const res = i % 2 ? await trpcCall(app, 'query', 'favorites.list', undefined, member.token) : await app.api('GET', '/api/favorites', { token: member.token });
        const message = i % 2 ? res.body.error?.message : res.body.message;
        return { status: res.status, message, retryAfter: res.headers.get('retry-after'), ms: Date.now() - t };
      }),
    );
    const took = Date.now() - started;
    await Promise.all(slow);
    expect(burst.map((r) => r.status)).toEqual(Array(12).fill(503));
    expect(new Set(burst.map((r) => r.message))).toEqual(new Set([DATABASE_MSG.busy]));
    expect(new Set(burst.map((r) => r.retryAfter))).toEqual(new Set(['2']));
    // Nobody waited for the slow statements (2 s): refused at once, or after the 400 ms wait.
    expect(took).toBeLessThan(1500);
    expect((await app.api('GET', '/api/favorites', { token: member.token })).status).toBe(200);
  });

  it('stops a statement past its time limit on the server, as a 503', async () => {
    const started = Date.now();
    const err = await sql`select sleep(5)`.execute(app.deps.db).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(4500);
    expect(err).toMatchObject({ errno: 1969 });
    expect(databaseError(err)).toMatchObject({ status: 503, message: DATABASE_MSG.busy });
  });

  it('waits out a row lock held for longer than the lock wait, by running the write again', async () => {
    const holder = app.deps.db.transaction().execute(async (trx) => {
      await trx.selectFrom('ideas').select('id').where('id', '=', idea).forUpdate().execute();
      await new Promise((r) => setTimeout(r, 2500));
    });
    await new Promise((r) => setTimeout(r, 100));
    const res = await app.api('POST', `/api/favorites/${idea}`, { token: member.token, body: { favorite: true } });
    await holder;
    expect(res.status).toBe(200);
    expect(res.body.favoriteCount).toBe(1);
  });

  it('survives a command sent without a callback on a connection the network broke (the rate limiter’s ROLLBACK)', async () => {
    const client = app.deps.handle.mysqlClient as unknown as { getConnection(cb: (err: unknown, c: PoolConnection) => void): void };
    const conn = await new Promise<PoolConnection>((resolve, reject) => client.getConnection((err, c) => (err ? reject(err) : resolve(c))));
    // The socket fails: mysql2 reports it once as the connection's 'error' (the pool's only listener).
    (conn as unknown as { stream: { destroy(err: Error): void } }).stream.destroy(new Error('network gone'));
    await new Promise((r) => setTimeout(r, 50));
    // Without a listener of our own, mysql2 would throw this out of the driver's callback and end the process.
    expect(() => conn.query('ROLLBACK')).not.toThrow();
    expect(() => conn.query('ROLLBACK')).not.toThrow();
  });
});
