/** The request log: one line per request from the fast lane and Express alike, and nothing secret in it. */
import { createServer, type Server } from 'node:http';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { createRequestListener } from '../../src/server/fast-lane/fast-lane.ts';
import { loggedPath, withRequestLog } from '../../src/server/ops/request-log.ts';
import { flushLog, type Logger } from '../../src/server/ops/logger.ts';
import {} from '../helpers/api.ts';
import { serveTestApp } from '../helpers/serve.ts';
import { DIALECTS } from '../helpers/dialects.ts';

describe.each(DIALECTS)('request log, on %s', (dialect) => {
  const app = serveTestApp(dialect);
  let server: Server;
  let url = '';
  let logger: Logger;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _enc, done) {
        for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
        done();
      },
    });
    logger = pino({ level: 'info' }, sink) as unknown as Logger;
    // The same wrapping as startServer: the log outside the fast lane, Express behind it.
    server = createServer(withRequestLog(logger, createRequestListener(app.deps, createApp(app.deps))));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const a = server.address();
    url = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
  });
  afterAll(async () => {
    await new Promise((r) => server?.close(r));
  });

  // Request lines are handed to the destination in blocks (at most a second later): flushed here.
  const settle = () => new Promise((r) => setTimeout(r, 30)).then(() => flushLog(logger)).then(() => new Promise((r) => setTimeout(r, 10)));

  it("writes id, method, path, status and duration for fast-lane and Express answers, and sends the caller's id back", async () => {
    const fast = await fetch(`${url}/api/ideas/guest?limit=5`);
    const viaExpress = await fetch(`${url}/api/health`, { headers: { 'x-request-id': 'probe-42' } });
    await fetch(`${url}/api/nope`);
    await settle();
    // A made-up id stays in the log; the caller's own id is sent back.
    expect(fast.headers.get('x-request-id')).toBeNull();
    expect(viaExpress.headers.get('x-request-id')).toBe('probe-42');
    expect(lines[0].reqId).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    expect(lines.map((l) => [l.method, l.path, l.status])).toEqual([
      ['GET', '/api/ideas/guest', 200],
      ['GET', '/api/health', 200],
      ['GET', '/api/nope', 404],
    ]);
    expect(lines[1].reqId).toBe('probe-42');
    for (const l of lines) expect(typeof l.ms).toBe('number');
  });

  it('never logs a token, a password, an SMS code or a query string', async () => {
    lines.length = 0;
    const secretToken = 'sess-abc.supersecret-token-value';
    await fetch(`${url}/api/auth/me?token=leak-me-1`, { headers: { authorization: `Bearer ${secretToken}` } });
    await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginType: 'phone', phone: '13900009999', password: 'pw-leak-me-2' }),
    });
    await fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '13900009999', password: 'pw-leak-me-3', verifyCode: '654321' }),
    });
    await fetch(`${url}/api/auth/send-sms-code`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-request-id': 'no spaces allowed' }, body: '{}' });
    await settle();
    const text = JSON.stringify(lines);
    expect(lines).toHaveLength(4);
    for (const secret of ['supersecret', 'leak-me', '654321', 'authorization', 'Bearer', '?']) expect(text).not.toContain(secret);
    // An id with characters outside [A-Za-z0-9._-] is replaced, not copied into the log.
    expect(text).not.toContain('no spaces allowed');
  });

  it('drops the query string and caps long paths', () => {
    expect(loggedPath('/api/auth/reset?code=123456&phone=1')).toBe('/api/auth/reset');
    expect(loggedPath(undefined)).toBe('/');
    expect(loggedPath('/x'.repeat(300)).length).toBe(201);
  });
});
