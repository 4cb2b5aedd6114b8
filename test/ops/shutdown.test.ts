/**
 * Graceful restarts: a real server process gets SIGTERM in the middle of a burst of
 * registrations. Every request is either answered in full or refused before the server started it
 * (its X-Request-Id never reached the request log); the requests in flight at the signal are
 * answered; every acknowledged registration is in the database afterwards and no refused one is; the
 * process exits 0 within 10 s; its log has one line per answered request and no password.
 */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call, register, slowPost, spawnServer, uniquePhone, type Step } from '../helpers/child-server.ts';
import { DIALECTS } from '../helpers/dialects.ts';
import { processDatabase, type ProcessDatabase } from '../helpers/process-db.ts';

const PASSWORD = 'burst-secret-9';
const WORKERS = 12;
/** A request sent this long before the signal has surely reached the server (localhost). */
const SURELY_ARRIVED_MS = 100;

async function until(check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.each(DIALECTS)('graceful shutdown on %s', (dialect) => {
  let db: ProcessDatabase;
  afterAll(async () => {
    await db?.cleanup();
  });

  it('SIGTERM during a burst of writes: nothing cut, nothing acknowledged lost, exit 0 within 10 s', { timeout: 60_000 }, async () => {
    db = processDatabase(dialect);
    const server = await spawnServer({ DATABASE_URL: db.url, UPLOADS_DIR: path.join(db.dir, 'uploads') });
    expect((await call(`${server.url}/api/health`, 'GET')).outcome).toMatchObject({ kind: 'answered', status: 200 });

    const steps: Step[] = [];
    const worker = async () => {
      for (;;) {
        const made = await register(server.url, uniquePhone(), PASSWORD);
        steps.push(...made);
        if (made.some((s) => s.outcome.kind !== 'answered')) return;
      }
    };
    const workers = Array.from({ length: WORKERS }, worker);
    // One registration is surely in flight at the signal: its body is only half sent.
    const slowPhone = uniquePhone();
    const code = await call(`${server.url}/api/auth/send-sms-code`, 'POST', { phone: slowPhone, purpose: 'register' });
    expect(code.outcome).toMatchObject({ kind: 'answered', status: 200 });
    const slow = slowPost(`${server.url}/api/auth/register`, { phone: slowPhone, password: PASSWORD, verifyCode: code.outcome.kind === 'answered' ? code.outcome.body.data.debugCode : '' });
    await until(() => steps.filter((s) => s.step === 'register').length >= 2 * WORKERS);
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    slow.finish();
    const slowDone = await slow.done;
    const exitCode = await server.exited;
    const tookMs = Date.now() - signalledAt;
    await Promise.all(workers);

    expect(exitCode).toBe(0);
    expect(tookMs).toBeLessThan(10_000);
    expect(steps.filter((s) => s.outcome.kind === 'cut')).toEqual([]);
    // Nothing answered with an error either (a database closed under a request would be a 500).
    const answered = steps.filter((s) => s.outcome.kind === 'answered');
    expect(answered.filter((s) => s.outcome.kind === 'answered' && s.outcome.status !== (s.step === 'register' ? 201 : 200)).map((s) => s.outcome)).toEqual([]);
    const refused = steps.filter((s) => s.outcome.kind === 'refused');
    // The burst overlapped the shutdown: every worker ended on a refusal...
    expect(refused).toHaveLength(WORKERS);
    // ...and what was in flight when the signal came was finished, not dropped.
    expect(slowDone.outcome).toMatchObject({ kind: 'answered', status: 201 });
    expect(slowDone.doneAt).toBeGreaterThan(signalledAt + 250);
    const inFlight = steps.filter((s) => s.sentAt <= signalledAt - SURELY_ARRIVED_MS && s.doneAt >= signalledAt);
    expect(inFlight.filter((s) => s.outcome.kind !== 'answered')).toEqual([]);

    // The server's own record: one line per answered request, none for a refused one.
    const lines = server
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l));
    const logged = new Map(lines.filter((l) => l.msg === 'request' || l.msg === 'request aborted').map((l) => [l.reqId, l]));
    for (const s of answered)
      expect(logged.get(s.id), s.id).toMatchObject({
        method: 'POST',
        status: s.outcome.kind === 'answered' ? s.outcome.status : 0,
        path: `/api/auth/${s.step === 'code' ? 'send-sms-code' : 'register'}`,
      });
    expect(refused.filter((s) => logged.has(s.id))).toEqual([]);
    expect(logged.get(slowDone.id)).toMatchObject({ path: '/api/auth/register', status: 201 });
    expect(lines.filter((l) => l.msg === 'request aborted')).toEqual([]);
    expect(server.output()).not.toContain(PASSWORD);
    expect(lines.some((l) => l.msg === '已安全关闭')).toBe(true);

    // Every acknowledged registration is stored; no refused one is.
    const acknowledged = [...answered.filter((s) => s.step === 'register').map((s) => s.phone), slowPhone];
    const refusedRegistrations = refused.filter((s) => s.step === 'register').map((s) => s.phone);
    const stored = await db.registeredPhones([...acknowledged, ...refusedRegistrations]);
    expect(acknowledged.filter((p) => !stored.has(p))).toEqual([]);
    expect(refusedRegistrations.filter((p) => stored.has(p))).toEqual([]);
  });
});
