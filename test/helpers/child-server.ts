/** Spawns test/helpers/server-process.ts (a real server process) and talks to it over HTTP. */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** RATE_* variables set to 0, from the same names docs/configuration.md lists. */
const LIMITS_OFF: Record<string, string> = {
  RATE_SMS_PHONE_INTERVAL_SECONDS: '0',
  RATE_SMS_PHONE_PER_DAY: '0',
  RATE_SMS_IP_PER_HOUR: '0',
  RATE_LOGIN_IP_PER_MINUTE: '0',
  RATE_LOGIN_IP_PER_HOUR: '0',
  RATE_LOGIN_FAILURES_PHONE_IP_PER_HOUR: '0',
  RATE_CODE_CHECKS_IP_PER_HOUR: '0',
};

export interface ChildServer {
  child: ChildProcess;
  url: string;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process is gone. */
  exited: Promise<number | string>;
}

/** `onOutput` sees what the process prints before it listens too (a start that waits for its database). */
export async function spawnServer(env: Record<string, string>, onOutput?: (all: string) => void): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/helpers/server-process.ts'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'info', ...LIMITS_OFF, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const take = (c: Buffer) => {
    out += c;
    onOutput?.(out);
  };
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /READY (\d+)/.exec(out);
      if (m) {
        clearInterval(timer);
        resolve(Number(m[1]));
      }
    }, 20);
    void exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`server exited (${code}) before it listened:\n${out}`));
    });
  });
  return { child, url: `http://127.0.0.1:${port}`, output: () => out, exited };
}

export type Outcome = { kind: 'answered'; status: number; body: any } | { kind: 'refused'; code: string } | { kind: 'cut'; detail: string };

export interface Sent {
  /** Sent as X-Request-Id, so the server's log line can be matched to this call. */
  id: string;
  sentAt: number;
  doneAt: number;
  outcome: Outcome;
}

let requestCounter = 0;

/**
 * One request, classified: answered in full, refused (no status line came: the connection was
 * refused or closed first), or cut (a status came, the body did not).
 */
export async function call(url: string, method: string, body?: unknown): Promise<Sent> {
  const id = `t${process.pid}-${++requestCounter}`;
  const sentAt = Date.now();
  const headers: Record<string, string> = { 'x-request-id': id };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const done = (outcome: Outcome): Sent => ({ id, sentAt, doneAt: Date.now(), outcome });
  let res: Response;
  try {
    res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause;
    return done({ kind: 'refused', code: cause?.code ?? String(err) });
  }
  try {
    const text = await res.text();
    return done({ kind: 'answered', status: res.status, body: text ? JSON.parse(text) : null });
  } catch (err) {
    return done({ kind: 'cut', detail: `${res.status} ${String(err)}` });
  }
}

let phoneCounter = 0;
/** Phones unique across processes: 139 + 4 digits of the pid + a counter. */
export function uniquePhone(): string {
  return `139${String(process.pid % 10000).padStart(4, '0')}${String(++phoneCounter).padStart(4, '0')}`;
}

export type Step = Sent & { step: 'code' | 'register'; phone: string };

/** Registers one user through REST (send code, then register); returns each request made. */
export async function register(url: string, phone: string, password: string): Promise<Step[]> {
  const sent = await call(`${url}/api/auth/send-sms-code`, 'POST', { phone, purpose: 'register' });
  const steps: Step[] = [{ ...sent, step: 'code', phone }];
  if (sent.outcome.kind !== 'answered' || sent.outcome.status !== 200) return steps;
  const reg = await call(`${url}/api/auth/register`, 'POST', { phone, password, verifyCode: sent.outcome.body.data.debugCode });
  return [...steps, { ...reg, step: 'register', phone }];
}

/**
 * A POST whose body arrives in two parts: the headers and the first half now, the rest when
 * `finish()` is called. Between the two the server has started the request and is waiting for it:
 * a request in flight, for as long as the test likes.
 */
export function slowPost(url: string, body: unknown): { finish(): void; done: Promise<Sent> } {
  const payload = Buffer.from(JSON.stringify(body));
  const id = `slow${process.pid}-${++requestCounter}`;
  const sentAt = Date.now();
  const u = new URL(url);
  const req = http.request({
    host: u.hostname,
    port: u.port,
    path: u.pathname,
    method: 'POST',
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': payload.length, 'x-request-id': id },
  });
  const half = Math.floor(payload.length / 2);
  req.write(payload.subarray(0, half));
  const done = new Promise<Sent>((resolve) => {
    const finish = (outcome: Outcome) => resolve({ id, sentAt, doneAt: Date.now(), outcome });
    req.once('error', (err: NodeJS.ErrnoException) => finish({ kind: 'refused', code: err.code ?? String(err) }));
    req.once('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.once('end', () => finish({ kind: 'answered', status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
      res.once('error', (err) => finish({ kind: 'cut', detail: String(err) }));
      res.once('aborted', () => finish({ kind: 'cut', detail: 'aborted' }));
    });
  });
  return { finish: () => req.end(payload.subarray(half)), done };
}

/** One call to a server started by `spawnServer`, with a member's token and a JSON body when given; the body parsed. */
export async function api(base: string, method: string, url: string, token?: string, body?: unknown): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}
