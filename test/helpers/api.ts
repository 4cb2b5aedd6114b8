/** A real server on a free port over a fresh database, and small fetch helpers for the REST shim. */
import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { DialectName } from '../../db/connection.ts';
import { createApp } from '../../src/server/app.ts';
import { createRequestListener } from '../../src/server/fast-lane/fast-lane.ts';
import { loadConfig, type Config, type RateLimitSettings } from '../../src/server/kernel/config.ts';
import { WRITE_LIMIT_KINDS } from '../../src/server/kernel/write-limit-policy.ts';
import { createDeps } from '../../src/server/create-deps.ts';
import type { Deps } from '../../src/server/deps.ts';
import { ConsoleSmsProvider, type SmsProvider } from '../../src/server/accounts/sms.ts';
import { createTestDatabase, type TestDatabase } from './dialects.ts';
import { answerClientErrors } from '../../src/server/http/client-errors.ts';

export interface TestApp {
  deps: Deps;
  db: TestDatabase;
  url: string;
  api<T = any>(method: string, path: string, options?: { body?: unknown; token?: string; headers?: Record<string, string> }): Promise<{ status: number; body: T; headers: Headers }>;
  /** Makes a registered user an admin, as `npm run create-admin` does. */
  makeAdmin(userId: number): Promise<void>;
  close(): Promise<void>;
}

/** Limits off unless a test turns one on, so fixtures can register many users from one address. */
export const NO_LIMITS: RateLimitSettings = {
  smsPerPhoneIntervalSeconds: 0,
  smsPerPhonePerDay: 0,
  smsPerIpPerHour: 0,
  loginPerIpPerMinute: 0,
  loginPerIpPerHour: 0,
  loginFailuresPerPhoneAndIpPerHour: 0,
  uploadsPer30Minutes: 0,
  publishesPer10Minutes: 0,
  publishAttemptsPer10Minutes: 0,
  codeChecksPerIpPerHour: 0,
  passwordChecksPerUserPerHour: 0,
  draftsPer10Minutes: 0,
  searchesPerIpPerMinute: 0,
  exportsPerDay: 0,
  writes: Object.fromEntries(WRITE_LIMIT_KINDS.map((kind) => [kind, { perMinute: 0, perHour: 0, ipPerMinute: 0 }])) as RateLimitSettings['writes'],
};

export type TestOverrides = Partial<Omit<Config, 'rateLimits' | 'database'>> & {
  /** The pool and its limits (db/connection.ts), for the database the test app opens. */
  database?: Partial<Config['database']>;
  rateLimits?: Partial<RateLimitSettings>;
  sms?: SmsProvider;
  clientDir?: string;
  /** A stand-in built client (path → content, e.g. `{ 'index.html': '…' }`), written to a temp folder removed on close. */
  clientFiles?: Record<string, string>;
  /** MySQL/MariaDB: the database is created with this collation first, as someone else might have made it. */
  databaseCollation?: string;
};

export async function startTestApp(dialect: DialectName, { sms, clientDir: givenClientDir, clientFiles, databaseCollation, ...overrides }: TestOverrides = {}): Promise<TestApp> {
  const clientDir = clientFiles ? writeClientFiles(clientFiles) : givenClientDir;
  const db = await createTestDatabase(dialect, { collation: databaseCollation, database: overrides.database });
  const base = loadConfig();
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hunter-uploads-'));
  const config: Config = {
    ...base,
    uploadsDir,
    maxDraftsPerUser: 0,
    ...overrides,
    databaseUrl: db.url,
    database: { ...base.database, ...overrides.database },
    rateLimits: { ...NO_LIMITS, ...overrides.rateLimits },
  };
  // A quiet console provider unless the test gives one, or gateway settings (SMS_PROVIDER=aliyun|tencent) to build one from.
  const deps = createDeps(db.handle, config, sms ?? (config.smsGateway ? undefined : new ConsoleSmsProvider(true, config.production)));
  // The fast lane in front of Express, as in production: every API test goes through both.
  const server = await new Promise<Server>((resolve) => {
    const s = createServer(createRequestListener(deps, createApp(deps, { clientDir }), { clientDir }));
    answerClientErrors(s);
    s.listen(0, '127.0.0.1', () => resolve(s));
  });
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    deps,
    db,
    url,
    async api(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const isForm = options.body instanceof FormData;
      if (isForm) delete headers['content-type'];
      const requestBody = options.body === undefined ? undefined : isForm || typeof options.body === 'string' ? (options.body as BodyInit) : JSON.stringify(options.body);
      const res = await fetch(url + path, { method, headers, body: requestBody });
      const { body } = await readBody(res);
      return { status: res.status, body, headers: res.headers };
    },
    async makeAdmin(userId) {
      await deps.db.updateTable('users').set({ role: 'admin' }).where('id', '=', userId).execute();
      // `npm run create-admin` runs in another process: a running server sees the new role once its
      // remembered session expires (CACHE_TTL_MS). Tests skip that wait.
      deps.sessionCache.forgetUser(userId);
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await deps.changeBus.close();
      await db.drop();
      fs.rmSync(uploadsDir, { recursive: true, force: true });
      if (clientFiles && clientDir) fs.rmSync(clientDir, { recursive: true, force: true });
    },
  };
}

function writeClientFiles(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hunter-client-'));
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

/** The answer as JSON when it is JSON, else as text (a test may assert either). */
async function readBody(res: Response): Promise<{ body: any; text: string }> {
  const text = await res.text();
  try {
    return { body: JSON.parse(text), text };
  } catch {
    return { body: text, text };
  }
}

/** One tRPC call over HTTP, as the app's client makes it (no batching). */
export async function trpcCall(app: TestApp, kind: 'query' | 'mutation', procedure: string, input?: unknown, token?: string) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const url = `${app.url}/trpc/${procedure}` + (kind === 'query' && input !== undefined ? `?input=${encodeURIComponent(JSON.stringify(input))}` : '');
  const res = await fetch(url, kind === 'query' ? { headers } : { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(input ?? {}) });
  const { body, text } = await readBody(res);
  return { status: res.status, headers: res.headers, body, text };
}

let phoneCounter = 0;
/** A phone number no other test in this process uses. */
export function freshPhone(): string {
  phoneCounter += 1;
  return `139${String(process.pid % 10000).padStart(4, '0')}${String(phoneCounter).padStart(4, '0')}`;
}

/** Registers through the REST paths a person's browser would use, then logs in. */
export async function registerAndLogin(app: TestApp, phone = freshPhone(), password = 'secret123') {
  const sent = await app.api('POST', '/api/auth/send-sms-code', { body: { phone, purpose: 'register' } });
  if (sent.status !== 200) throw new Error(`send-sms-code ${sent.status} ${JSON.stringify(sent.body)}`);
  const reg = await app.api('POST', '/api/auth/register', { body: { phone, password, verifyCode: sent.body.data.debugCode } });
  if (reg.status !== 201) throw new Error(`register ${reg.status} ${JSON.stringify(reg.body)}`);
  const login = await app.api('POST', '/api/auth/login', { body: { loginType: 'phone', phone, password } });
  if (login.status !== 200) throw new Error(`login ${login.status} ${JSON.stringify(login.body)}`);
  return { phone, password, token: login.body.data.token as string, user: login.body.data.user };
}

/** The editor's upload form: an image for an idea. */
export function uploadForm(ideaId: number, data: Buffer, name: string): FormData {
  const form = new FormData();
  form.append('ideaId', String(ideaId));
  form.append('file', new Blob([new Uint8Array(data)]), name);
  return form;
}
