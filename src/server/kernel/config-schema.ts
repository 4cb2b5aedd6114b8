/**
 * Every environment variable the server reads, as one zod schema (t3's env pattern): each variable's
 * parse from its raw text, its default and what it means. `loadConfig` (config.ts) validates the
 * whole environment with it at start; docs/configuration.md's table is generated from it
 * (`npm run docs:config`; test/ops/docs.test.ts fails when the two differ).
 */
import { z, type ZodType } from 'zod';
import { DEFAULT_DATABASE_OPTIONS } from '../../../db/connection.ts';
import { WRITE_LIMIT_DEFAULTS, WRITE_LIMIT_KINDS, WRITE_LIMIT_WHAT, writeLimitEnv } from './write-limit-policy.ts';

/** What the table says of a variable: its default as shown, and its meaning. */
export interface SettingDoc {
  shownDefault: string;
  meaning: string;
}

/** Variable schema → its documentation. A registry, so nothing of it reaches a JSON Schema. */
export const settingDocs = z.registry<SettingDoc>();

/** `%s` in an issue's message is the variable's name (the loader puts it in). */
const fail = (ctx: z.RefinementCtx, message: string) => {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
};

const isUnset = (raw: string | undefined): raw is undefined | '' => raw === undefined || raw === '';

function documented<T extends ZodType>(schema: T, shownDefault: string, meaning: string): T {
  settingDocs.add(schema, { shownDefault, meaning });
  return schema;
}

/** The longest wait a Node timer takes (2^31 - 1 ms, about 24.8 days): past it, Node fires it after 1 ms. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * An integer within its range. An outside review set HOUSEKEEPING_INTERVAL_MS past what a timer
 * takes (the job then ran every millisecond) and SESSION_MAX_AGE_DAYS=0 (every login expired at once).
 */
function int(fallback: number, meaning: string, { min = 0, max = Number.MAX_SAFE_INTEGER }: { min?: number; max?: number } = {}) {
  const wanted = max === Number.MAX_SAFE_INTEGER ? `不小于 ${min} 的整数` : ` ${min} 到 ${max} 之间的整数`;
  const schema = z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (isUnset(raw)) return fallback;
      const n = Number(raw);
      return Number.isInteger(n) && n >= min && n <= max ? n : fail(ctx, `环境变量 %s 需要${wanted}，收到：${raw}`);
    });
  return documented(schema, `\`${fallback}\``, meaning);
}

/** A duration in milliseconds a timer waits for. */
const ms = (fallback: number, meaning: string, min = 0) => int(fallback, meaning, { min, max: MAX_TIMER_MS });

/** Text; unset or empty is `fallback` (undefined: the loader decides, or the setting is optional). */
function text(fallback: string | undefined, shownDefault: string, meaning: string) {
  return documented(
    z
      .string()
      .optional()
      .transform((raw) => (isUnset(raw) ? fallback : raw)),
    shownDefault,
    meaning,
  );
}

/** One of a few words; `message` says which, `%s` the variable, `{raw}` what was given. */
function oneOf<const T extends readonly [string, ...string[]]>(values: T, fallback: T[number], message: string, meaning: string) {
  const schema = z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (isUnset(raw)) return fallback;
      return (values as readonly string[]).includes(raw) ? (raw as T[number]) : fail(ctx, message.replace('{raw}', raw));
    });
  return documented(schema, `\`${fallback}\``, meaning);
}

/** true / false (also 1 / 0, yes / no). */
function flag(fallback: boolean, meaning: string) {
  const schema = z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const word = (raw ?? '').trim().toLowerCase();
      if (!word) return fallback;
      if (['1', 'true', 'yes'].includes(word)) return true;
      if (['0', 'false', 'no'].includes(word)) return false;
      return fail(ctx, `%s 只能是 true 或 false（也可写 1 或 0），收到：${word}`);
    });
  return documented(schema, `\`${fallback}\``, meaning);
}

/**
 * DATABASE_URL: `mysql://…` (or `mysql2://`) for MySQL/MariaDB, `sqlite:` and a path, or a bare path.
 * Any other scheme is refused: `mariadb://…` was taken for a file path and the app ran on an SQLite
 * file of that name, outside the data volume (an outside review). Lower case only, as
 * db/connection.ts reads them (MYSQL://… ran on an SQLite file too).
 */
const databaseUrl = documented(
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const url = raw || undefined;
      if (url && /^[a-z][a-z0-9+.-]*:\/\//i.test(url) && !/^(mysql2?|sqlite):\/\//.test(url)) {
        return fail(ctx, `DATABASE_URL 只能是 mysql://用户:密码@主机:端口/库名（MySQL 或 MariaDB），或 sqlite:文件路径，收到：${withoutPassword(url)}`);
      }
      return url;
    }),
  '`sqlite:./data/hunter.db`',
  '`mysql://user:pass@host:3306/db` for MySQL/MariaDB, `sqlite:<file>` for SQLite',
);

/** DATABASE_READ_URL: a MySQL/MariaDB replica of DATABASE_URL's database (db/replica.ts). */
const databaseReadUrl = documented(
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const url = raw?.trim() || undefined;
      if (url && !/^mysql2?:\/\//.test(url)) return fail(ctx, `DATABASE_READ_URL 只能是 mysql://用户:密码@主机:端口/库名（MySQL 或 MariaDB 的副本），收到：${withoutPassword(url)}`);
      return url;
    }),
  '—',
  "a MySQL/MariaDB replica of `DATABASE_URL` (`mysql://user:pass@replica:3306/db`): public lists, search, idea pages, comments, tag and member pages read from it; writes and a member's reads right after their own write stay on the primary; a lagging or unreachable replica is not used (see [deployment.md](deployment.md#a-read-replica)). Refused with SQLite",
);

/** An address as it may be shown: its password, whatever it holds, replaced by ***. */
export function withoutPassword(url: string): string {
  const scheme = url.indexOf('://') + 3;
  const at = url.lastIndexOf('@');
  if (at < scheme) return url;
  const colon = url.indexOf(':', scheme);
  return colon === -1 || colon > at ? url : `${url.slice(0, colon)}:***${url.slice(at)}`;
}

/**
 * REDIS_URL: `redis://[:password@]host:port[/db]` or `rediss://…` (TLS). The password in it is the
 * deployment's key to the change bus (infrastructure/change-bus.ts): whoever holds it can only make
 * processes drop cached answers and remembered sessions, never read or write anything else.
 */
const redisUrl = documented(
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const url = raw?.trim() || undefined;
      if (!url) return undefined;
      let parsed: URL | undefined;
      try {
        parsed = new URL(url);
      } catch {
        parsed = undefined;
      }
      if (!parsed || (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') || !parsed.hostname) {
        return fail(ctx, `REDIS_URL 只能是 redis://:密码@主机:端口（或 rediss:// 加密连接），收到：${withoutPassword(url)}`);
      }
      return url;
    }),
  '— (off)',
  'a Redis every app process shares (`redis://:password@host:6379`): each process tells the others through it, within about 100 ms, which cached answers and remembered sessions a write made stale (see [deployment.md](deployment.md), "Past one machine"); unset, they follow within `CACHE_TTL_MS`',
);

export const SMS_PROVIDERS = ['console', 'aliyun', 'tencent'] as const;
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const REQUIRED_WITH_SMS = '— (required for `aliyun` and `tencent`)';
const REQUIRED_WITH_S3 = '— (required with `s3`)';
const PLACEHOLDER = 'a placeholder';
const D = DEFAULT_DATABASE_OPTIONS;

/** RATE_<KIND>_PER_MINUTE, …_PER_HOUR, …_IP_PER_MINUTE for each kind of repeatable write (write-limit-policy.ts). */
function writeLimitSettings() {
  const shape: Record<string, ReturnType<typeof int>> = {};
  for (const kind of WRITE_LIMIT_KINDS) {
    const names = writeLimitEnv(kind);
    const d = WRITE_LIMIT_DEFAULTS[kind];
    shape[names.perMinute] = int(d.perMinute, WRITE_LIMIT_WHAT[kind]);
    shape[names.perHour] = int(d.perHour, WRITE_LIMIT_WHAT[kind]);
    shape[names.ipPerMinute] = int(d.ipPerMinute, WRITE_LIMIT_WHAT[kind]);
  }
  return shape;
}
const WRITE_LIMIT_NAMES = new Set<string>(WRITE_LIMIT_KINDS.flatMap((kind) => Object.values(writeLimitEnv(kind))));

export const CONFIG_SCHEMA = z.object({
  PORT: int(3000, 'HTTP port', { max: 65535 }),
  DATABASE_URL: databaseUrl,
  DATABASE_READ_URL: databaseReadUrl,
  DATABASE_READ_MAX_LAG_SECONDS: int(
    2,
    "replication lag (`Seconds_Behind_Master`, checked every second) past which public reads go to the primary; a member's own reads go to the primary for this long plus 3 s after their write",
  ),
  NODE_ENV: text(undefined, '—', '`production` hides SMS debug codes, refuses the test code 123456, hides `/stagewise-test` and seeds no demo data'),
  TRUST_PROXY: text(undefined, 'off', 'Express `trust proxy` value (`1`, `loopback`, …); without it `X-Forwarded-For` is ignored for rate limits'),
  SMS_PROVIDER: oneOf(
    SMS_PROVIDERS,
    'console',
    `SMS_PROVIDER 只能是 ${SMS_PROVIDERS.join('、')}，收到：{raw}`,
    'SMS sender: `aliyun` (Alibaba Cloud SMS), `tencent` (Tencent Cloud SMS), or `console` (prints codes outside production; in production sends nothing and registration answers 503)',
  ),
  SMS_ACCESS_KEY_ID: text(undefined, REQUIRED_WITH_SMS, "the provider's access key id (Alibaba Cloud AccessKey ID, Tencent Cloud SecretId)"),
  SMS_ACCESS_KEY_SECRET: text(undefined, REQUIRED_WITH_SMS, "the provider's access key secret (AccessKey Secret, SecretKey)"),
  SMS_SIGN_NAME: text(undefined, REQUIRED_WITH_SMS, 'the approved sign name'),
  SMS_SDK_APP_ID: text(undefined, '— (required for `tencent`)', "Tencent Cloud's SMS application SdkAppId"),
  SMS_TEMPLATE_REGISTER: text(undefined, REQUIRED_WITH_SMS, "the registration code's template (one variable, the code)"),
  SMS_TEMPLATE_RESET: text(undefined, REQUIRED_WITH_SMS, "the password reset code's template"),
  SMS_TEMPLATE_CHANGE_PHONE: text(undefined, REQUIRED_WITH_SMS, "the phone change code's template"),
  SMS_TEMPLATE_PHONE_CHANGED: text(undefined, '— (not sent)', 'the notice to the old number after a phone change'),
  SMS_REGION: text(undefined, '`cn-hangzhou` / `ap-guangzhou`', "the provider's region"),
  SMS_ENDPOINT: text(undefined, "the provider's", '`host`, `host:port` or `http(s)://host[:port]` the SDK sends to (the tests point it at a local stand-in)'),
  MODERATION: oneOf(['auto', 'manual'], 'auto', 'MODERATION 只能是 auto 或 manual', '`auto` approves what passes the automatic checks; `manual` holds it for an admin'),
  SEED_DEMO: text(undefined, '`1` (`0` in production)', 'demo users and ideas in an empty embedded database; their password is public, so production gets none unless `SEED_DEMO=1`'),
  UPLOADS_DIR: text('./uploads', '`./uploads`', 'where processed images are stored with `STORAGE=local` (served at `/uploads/`), and what `npm run storage:migrate` copies'),
  STORAGE: oneOf(['local', 's3'], 'local', 'STORAGE 只能是 local 或 s3，收到：{raw}', '`local` (the folder `UPLOADS_DIR`) or `s3` (an S3-compatible bucket: OSS, COS, MinIO, AWS)'),
  S3_ENDPOINT: text(undefined, 'AWS', "the service's S3 endpoint, e.g. `https://s3.oss-cn-hangzhou.aliyuncs.com`, `https://cos.ap-guangzhou.myqcloud.com`, `http://minio:9000`"),
  S3_REGION: text(undefined, REQUIRED_WITH_S3, "the bucket's region"),
  S3_BUCKET: text(undefined, REQUIRED_WITH_S3, "the bucket's name"),
  S3_ACCESS_KEY_ID: text(undefined, REQUIRED_WITH_S3, "a key id allowed to read, write and delete the bucket's objects"),
  S3_SECRET_ACCESS_KEY: text(undefined, REQUIRED_WITH_S3, "that key's secret"),
  S3_FORCE_PATH_STYLE: flag(false, '`true` puts the bucket in the path (MinIO); OSS and COS want `false`'),
  S3_PUBLIC_URL: text(undefined, '—', "a CDN or the bucket's public domain: `/uploads/<name>` then redirects there (and the CSP allows it) instead of streaming from the bucket"),
  LOG_LEVEL: oneOf(
    LOG_LEVELS,
    'info',
    `LOG_LEVEL 只能是 ${LOG_LEVELS.join('、')}`,
    'the JSON log on stdout (pino): `info` writes one line per request; `warn`, `error`, `silent` quieter; `debug` more',
  ),
  SENSITIVE_WORDS_FILE: text(
    undefined,
    '—',
    'extra words for the word check (action block), one a line, added to `src/server/moderation/sensitive-words.txt`; admins add their own in `/admin` → 敏感词',
  ),
  SESSION_INACTIVITY_DAYS: int(30, 'a session unused this many days ends', { min: 1, max: 3650 }),
  SESSION_MAX_AGE_DAYS: int(90, "a session's absolute lifetime in days", { min: 1, max: 3650 }),
  RATE_SMS_PHONE_INTERVAL_SECONDS: int(60, 'one SMS per phone per this many seconds'),
  RATE_SMS_PHONE_PER_DAY: int(10, 'SMS per phone per day'),
  RATE_SMS_IP_PER_HOUR: int(15, 'SMS per client address per hour'),
  RATE_LOGIN_IP_PER_MINUTE: int(6, 'login attempts per address a minute'),
  RATE_LOGIN_IP_PER_HOUR: int(30, 'login attempts per address an hour'),
  RATE_LOGIN_FAILURES_PHONE_IP_PER_HOUR: int(
    25,
    'failed logins per phone from one address per hour: the guessing address is refused for that phone, the owner elsewhere is not; guessing from many addresses is held back by the per-address limits above',
  ),
  RATE_UPLOADS_PER_30_MINUTES: int(30, 'image uploads per user'),
  RATE_PUBLISH_PER_10_MINUTES: int(5, 'publishes per user before the `rate_limit` duplicate answer (409); saving an edit of a public idea is not one'),
  RATE_PUBLISH_ATTEMPTS_PER_10_MINUTES: int(30, 'publish attempts per user, failed ones included (429)'),
  RATE_CODE_CHECKS_IP_PER_HOUR: int(60, 'SMS code checks (verify, register, reset) per address'),
  RATE_PASSWORD_CHECKS_USER_PER_HOUR: int(10, 'wrong current passwords (change password, deactivation) per user'),
  RATE_DRAFTS_PER_10_MINUTES: int(20, 'new drafts per user'),
  // A search the shared cache did not answer costs up to a bounded few milliseconds (docs/performance.md:
  // "Search at a bounded cost"). A person searches a few times a minute and scrolls a few pages of
  // each; 60 a minute per address leaves room for several people behind one address, and holds a
  // loop of invented queries to about 1 % of a core per address.
  RATE_SEARCHES_IP_PER_MINUTE: int(
    60,
    "searches per client address that the shared cache did not answer (a guest's repeated search costs nothing; see [performance.md](performance.md#search-at-a-bounded-cost))",
  ),
  RATE_EXPORTS_PER_DAY: int(5, "downloads of one's own data (a ZIP of everything held about the member) per member per day: each reads every row and image they own"),
  ...writeLimitSettings(),
  MAX_DRAFTS_PER_USER: int(200, "drafts one user may keep, the recycle bin's included (`0`: no cap)"),
  CACHE_TTL_MS: ms(2000, 'how long a process may serve a cached public page or remember a checked session after another process changed it (see [performance.md](performance.md))'),
  REDIS_URL: redisUrl,
  REDIS_CHANNEL: text(
    undefined,
    '`hunter-ideas:changes:<database>`',
    "the Redis pub/sub channel of this deployment's processes; the default names the database (MySQL's database name, the SQLite file), so two deployments sharing one Redis do not mix",
  ),
  DB_POOL_SIZE: int(D.poolSize, "MySQL/MariaDB connections per process (the server's `max_connections` must exceed the sum over all processes, with room for admins)"),
  DB_QUEUE_LIMIT: int(D.queueLimit, 'requests that may wait for a connection; one more is answered 503 服务器繁忙，请稍后重试 at once'),
  DB_ACQUIRE_TIMEOUT_MS: ms(D.acquireTimeoutMs, 'how long a request waits for a connection (queued or being opened) before its 503'),
  DB_CONNECT_TIMEOUT_MS: ms(D.connectTimeoutMs, 'opening a connection; a database that does not answer is a 503 数据库暂时无法连接，请稍后重试'),
  // The client's own cut-off is 2 s past this one (db/connection.ts), and a timer too.
  DB_QUERY_TIMEOUT_MS: int(
    D.queryTimeoutMs,
    "one statement's time: the server stops it (MariaDB `max_statement_time`, MySQL `max_execution_time` for reads) and the request answers 503; a server that never answers is cut 2 s later",
    { max: MAX_TIMER_MS - 2000 },
  ),
  DB_LOCK_WAIT_TIMEOUT_SECONDS: int(
    D.lockWaitTimeoutSeconds,
    'a row lock waited for this long is given up (`innodb_lock_wait_timeout`; SQLite\'s busy timeout) and the whole transaction is run again (see [deployment.md](deployment.md), "Past one machine")',
  ),
  DB_START_WAIT_MS: ms(60_000, 'how long a starting process keeps trying a database it cannot reach (every 2 s) before it exits with an error'),
  HOUSEKEEPING_INTERVAL_MS: ms(3600 * 1000, 'how often each process offers to run the housekeeping job; one process per period runs it (a lease in `job_runs`)', 1000),
  SITE_PLATFORM_NAME: text('猎人创意社区', '`猎人创意社区`', 'the platform name on `/about` and in the footer'),
  SITE_COMPANY_NAME: text('星猎科技有限公司', PLACEHOLDER, 'the company on `/about` and in the copyright line'),
  SITE_OFFICE_ADDRESS: text('北京市海淀区中关村大街 1 号', PLACEHOLDER, 'the office address on `/about`'),
  SITE_CONTACT_EMAIL: text('hello@example.com', PLACEHOLDER, 'the contact e-mail on `/about`'),
  SITE_CONTACT_PHONE: text('010-00000000', PLACEHOLDER, 'the contact phone on `/about`'),
  SITE_COPYRIGHT: text(undefined, '`© <year> <company> 版权所有`', 'the copyright line in the footer'),
  SITE_ICP_NUMBER: text('京ICP备00000000号-1', PLACEHOLDER, 'the ICP licence number in the footer'),
  SITE_PUBLIC_SECURITY_NUMBER: text('京公网安备11010800000000号', PLACEHOLDER, 'the public security filing number in the footer'),
});

export type Env = z.output<typeof CONFIG_SCHEMA>;

/** The environment as the schema reads it; the first setting that makes no sense, as its Chinese message. */
export function parseEnv(env: NodeJS.ProcessEnv): { ok: true; env: Env } | { ok: false; message: string } {
  const parsed = CONFIG_SCHEMA.safeParse(env);
  if (parsed.success && parsed.data.DATABASE_READ_URL && !/^mysql2?:\/\//.test(parsed.data.DATABASE_URL ?? '')) {
    // Refused rather than ignored: an operator who set it believes reads are spread, and SQLite has no replicas.
    return { ok: false, message: 'DATABASE_READ_URL 只能与 MySQL/MariaDB 的 DATABASE_URL 一起使用：SQLite 没有副本，请去掉 DATABASE_READ_URL 或改用 MySQL/MariaDB' };
  }
  if (parsed.success) return { ok: true, env: parsed.data };
  const [issue] = parsed.error.issues;
  return { ok: false, message: issue.message.replace('%s', String(issue.path[0])) };
}

/**
 * docs/configuration.md's tables, in the schema's order: one row per variable, the repeatable
 * writes' variables as one pattern row, then their kinds with the defaults (write-limit-policy.ts).
 */
export function configTables(): string {
  const rows: string[] = [];
  for (const [name, schema] of Object.entries(CONFIG_SCHEMA.shape)) {
    const doc = settingDocs.get(schema);
    if (!doc) throw new Error(`${name} has no documentation`);
    if (!WRITE_LIMIT_NAMES.has(name)) rows.push(`| \`${name}\` | ${doc.shownDefault} | ${doc.meaning} |`);
    else if (name === writeLimitEnv(WRITE_LIMIT_KINDS[0]).perMinute) {
      rows.push('| `RATE_<KIND>_PER_MINUTE` / `RATE_<KIND>_PER_HOUR` / `RATE_<KIND>_IP_PER_MINUTE` | see below | the writes a person can repeat, per member and per client address |');
    }
  }
  const kinds = WRITE_LIMIT_KINDS.map((kind) => {
    const d = WRITE_LIMIT_DEFAULTS[kind];
    return `| \`${kind.toUpperCase()}\` | ${WRITE_LIMIT_WHAT[kind]} | ${d.perMinute} | ${d.perHour} | ${d.ipPerMinute} |`;
  });
  return [
    '| variable | default | meaning |',
    '|---|---|---|',
    ...rows,
    '',
    'Repeatable writes, `<KIND>` of the pattern above:',
    '',
    '| `<KIND>` | what | per member / minute | per member / hour | per address / minute |',
    '|---|---|---:|---:|---:|',
    ...kinds,
  ].join('\n');
}
