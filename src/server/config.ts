/** Every environment variable the server reads, with its default; docs/configuration.md lists them. */
import { DEFAULT_DATABASE_OPTIONS, type DatabaseOptions } from '../../db/connection.ts';
import { SMS_PURPOSE_NAMES } from '../shared/constants.ts';

/** A setting that makes no sense: start-up stops with this message (scripts/start.ts prints it alone, without a stack). */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The longest wait a Node timer takes (2^31 - 1 ms, about 24.8 days): past it, Node fires it after 1 ms. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * An integer setting within its range. An outside review set HOUSEKEEPING_INTERVAL_MS past what a
 * timer takes (the job then ran every millisecond) and SESSION_MAX_AGE_DAYS=0 (every login expired at once).
 */
function int(name: string, fallback: number, range: { min?: number; max?: number } = {}): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  const { min = 0, max = Number.MAX_SAFE_INTEGER } = range;
  if (!Number.isInteger(n) || n < min || n > max) {
    const wanted = max === Number.MAX_SAFE_INTEGER ? `不小于 ${min} 的整数` : ` ${min} 到 ${max} 之间的整数`;
    throw new ConfigError(`环境变量 ${name} 需要${wanted}，收到：${raw}`);
  }
  return n;
}

/** A duration in milliseconds a timer waits for. */
const ms = (name: string, fallback: number, min = 0) => int(name, fallback, { min, max: MAX_TIMER_MS });

/**
 * DATABASE_URL: `mysql://…` (or `mysql2://`) for MySQL/MariaDB, `sqlite:` and a path, or a bare path.
 * Any other scheme is refused: `mariadb://…` was taken for a file path and the app ran on an SQLite
 * file of that name, outside the data volume (an outside review).
 */
function databaseUrlFromEnv(): string | undefined {
  const url = process.env.DATABASE_URL || undefined;
  // Lower case only, as db/connection.ts reads them (MYSQL://… ran on an SQLite file too).
  if (url && /^[a-z][a-z0-9+.-]*:\/\//i.test(url) && !/^(mysql2?|sqlite):\/\//.test(url)) {
    throw new ConfigError(`DATABASE_URL 只能是 mysql://用户:密码@主机:端口/库名（MySQL 或 MariaDB），或 sqlite:文件路径，收到：${withoutPassword(url)}`);
  }
  return url;
}

/** An address as it may be shown: its password, whatever it holds, replaced by ***. */
function withoutPassword(url: string): string {
  const scheme = url.indexOf('://') + 3;
  const at = url.lastIndexOf('@');
  if (at < scheme) return url;
  const colon = url.indexOf(':', scheme);
  return colon === -1 || colon > at ? url : `${url.slice(0, colon)}:***${url.slice(at)}`;
}

function str(name: string, fallback: string): string {
  const raw = process.env[name];
  return raw === undefined || raw === '' ? fallback : raw;
}

export interface RateLimitSettings {
  smsPerPhoneIntervalSeconds: number;
  smsPerPhonePerDay: number;
  smsPerIpPerHour: number;
  loginPerIpPerMinute: number;
  loginPerIpPerHour: number;
  /** Wrong passwords for one phone from one address: the guessing address is refused, not the owner. */
  loginFailuresPerPhoneAndIpPerHour: number;
  uploadsPer30Minutes: number;
  publishesPer10Minutes: number;
  publishAttemptsPer10Minutes: number;
  codeChecksPerIpPerHour: number;
  /** Wrong current passwords (change password, deactivation) per user. */
  passwordChecksPerUserPerHour: number;
  draftsPer10Minutes: number;
  /** Searches per client address a minute that the shared cache did not answer. */
  searchesPerIpPerMinute: number;
  /** Downloads of one's own data archive per member per day (each reads all of the member's rows and images). */
  exportsPerDay: number;
  /** The writes a person can repeat, each kind with its own allowance. */
  writes: Record<WriteLimitKind, WriteLimit>;
}

/**
 * One kind of repeatable write, counted per member (a minute for bursts, an hour for loops) and per
 * client address (a minute: several members behind one office, campus or carrier address share it;
 * guests recording views have only this one). A window set to 0 is off.
 */
export interface WriteLimit {
  perMinute: number;
  perHour: number;
  ipPerMinute: number;
}

/**
 * The defaults, and why. A person's normal use must never meet them; a script looping the call
 * meets them within seconds. The address allowance is about six people's bursts at once, since
 * mobile carriers here put many users behind one address (TRUST_PROXY must be set behind a proxy,
 * as for the login limits, or every member shares the proxy's address).
 */
export const WRITE_LIMIT_DEFAULTS = {
  // Comments and replies: a lively exchange is a reply every 10–20 s, so 5 a minute lets someone
  // answer several people at once; 60 an hour is a comment a minute for a whole hour. (Discourse
  // allows one post per 5 s.) The probe's 120 in 0.3 s gets 5 through.
  comments: { perMinute: 5, perHour: 60, ipPerMinute: 30 },
  // Likes and dislikes on comments, one counter: reading a thread and reacting as you go is a click
  // every few seconds, changing one's mind on and off included.
  reactions: { perMinute: 30, perHour: 300, ipPerMinute: 120 },
  // Reporting comments: a few in a bad thread; 20 an hour is more than any honest reader files.
  reports: { perMinute: 5, perHour: 20, ipPerMinute: 30 },
  // Feedback to the team: a message and a correction or two; the admin inbox shows 200.
  feedback: { perMinute: 3, perHour: 10, ipPerMinute: 20 },
  // Favourites (adding and removing, one counter): browsing the marketplace and saving cards as you
  // go, clicking one on and off a few times; a toggling loop stops at 20.
  favorites: { perMinute: 20, perHour: 200, ipPerMinute: 120 },
  // Follows and unfollows: a new member following a handful of authors in a row.
  follows: { perMinute: 10, perHour: 100, ipPerMinute: 60 },
  // View records: the app sends one per idea page opened; a page a second is a fast reader. Guests
  // count per address only, so it is generous; a refused view only leaves the count where it was.
  views: { perMinute: 60, perHour: 1000, ipPerMinute: 300 },
  // Saving one's own ideas: edits, expansions, delete and restore. Each save of a public idea
  // empties the cached public pages, so a loop would keep guests' pages cold.
  edits: { perMinute: 20, perHour: 200, ipPerMinute: 60 },
  // Unlocking detailed analyses (free, one row per idea): a reader opening idea after idea.
  unlocks: { perMinute: 20, perHour: 300, ipPerMinute: 120 },
  // Changing one's avatar: it changes every card of the member's, so every cached public page.
  profile: { perMinute: 5, perHour: 30, ipPerMinute: 30 },
  // The writes that check the current password (changing it or the phone, deactivating): a phone
  // change takes it twice (its code, then the move), so five a minute leave room for a slip and a
  // password changed just before (a phone walkthrough was refused at three). Each check (and a new
  // password's hash) is argon2, and a right password is not counted as a wrong one, so without this
  // a loop of them would burn the server's CPU.
  passwords: { perMinute: 5, perHour: 20, ipPerMinute: 10 },
} as const satisfies Record<string, WriteLimit>;

export type WriteLimitKind = keyof typeof WRITE_LIMIT_DEFAULTS;
export const WRITE_LIMIT_KINDS = Object.keys(WRITE_LIMIT_DEFAULTS) as WriteLimitKind[];

/** `RATE_COMMENTS_PER_MINUTE`, `RATE_COMMENTS_PER_HOUR`, `RATE_COMMENTS_IP_PER_MINUTE`, … (docs/configuration.md lists them). */
export const writeLimitEnv = (kind: WriteLimitKind) => {
  const base = `RATE_${kind.toUpperCase()}`;
  return { perMinute: `${base}_PER_MINUTE`, perHour: `${base}_PER_HOUR`, ipPerMinute: `${base}_IP_PER_MINUTE` } as const;
};

/** The same settings with every limit off (0), the per-kind write limits included: for the benchmark and the browser tests. */
export function rateLimitsOff(s: RateLimitSettings): RateLimitSettings {
  const off = (v: unknown): unknown => (typeof v === 'number' ? 0 : Object.fromEntries(Object.entries(v as object).map(([k, x]) => [k, off(x)])));
  return off(s) as RateLimitSettings;
}

function writeLimitsFromEnv(): Record<WriteLimitKind, WriteLimit> {
  const limits = {} as Record<WriteLimitKind, WriteLimit>;
  for (const kind of WRITE_LIMIT_KINDS) {
    const env = writeLimitEnv(kind);
    const d = WRITE_LIMIT_DEFAULTS[kind];
    limits[kind] = { perMinute: int(env.perMinute, d.perMinute), perHour: int(env.perHour, d.perHour), ipPerMinute: int(env.ipPerMinute, d.ipPerMinute) };
  }
  return limits;
}

export interface SiteIdentity {
  platformName: string;
  companyName: string;
  officeAddress: string;
  contactEmail: string;
  contactPhone: string;
  copyright: string;
  icpNumber: string;
  publicSecurityNumber: string;
}

export const SMS_PROVIDERS = ['console', 'aliyun', 'tencent'] as const;
export type SmsProviderName = (typeof SMS_PROVIDERS)[number];

/**
 * A real SMS gateway (Alibaba Cloud SMS or Tencent Cloud SMS). Templates are the provider's template
 * code (Alibaba Cloud, `SMS_123456789`) or id (Tencent Cloud, digits), one per purpose; the notice to
 * the old number of a phone change is sent only when its template is set.
 */
export interface SmsGatewaySettings {
  provider: 'aliyun' | 'tencent';
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  /** Tencent Cloud only: the SMS application's SdkAppId (1400…). */
  appId: string;
  region: string;
  /** Where the SDK sends its requests: `host`, `host:port` or `http(s)://host[:port]`; the provider's own endpoint when unset. */
  endpoint: string | undefined;
  templates: { register: string; reset: string; change_phone: string; phone_changed: string | undefined };
}

/** Where uploaded images live: the local folder (`uploadsDir`) or an S3-compatible bucket. */
export type StorageSettings =
  | { kind: 'local' }
  | {
      kind: 's3';
      /** `https://s3.oss-cn-hangzhou.aliyuncs.com`, `https://cos.ap-guangzhou.myqcloud.com`, `http://minio:9000`; AWS's own when unset. */
      endpoint: string | undefined;
      region: string;
      bucket: string;
      accessKeyId: string;
      secretAccessKey: string;
      /** `bucket` in the path (MinIO, s3rver) rather than in the host name (OSS, COS, AWS). */
      forcePathStyle: boolean;
      /** Where browsers load images from (a CDN or the bucket's domain); without it the app serves /uploads/ from the bucket. */
      publicUrl: string | undefined;
    };

export interface Config {
  port: number;
  databaseUrl: string | undefined;
  production: boolean;
  trustProxy: string | false;
  smsProvider: SmsProviderName;
  /** The gateway's settings; null for the console provider. */
  smsGateway: SmsGatewaySettings | null;
  storage: StorageSettings;
  moderation: 'auto' | 'manual';
  /** Seed demo data into an empty embedded database at start. */
  seedDemo: boolean;
  sessionInactivityDays: number;
  sessionMaxAgeDays: number;
  rateLimits: RateLimitSettings;
  site: SiteIdentity;
  /** Where uploaded images are kept (served at /uploads/). */
  uploadsDir: string;
  /** Live drafts one user may keep; 0 is no cap. */
  maxDraftsPerUser: number;
  /**
   * How long another process may serve a cached public page or a remembered session after a change
   * it did not see (docs/architecture.md §9). The process that made the change forgets at once.
   */
  cacheTtlMs: number;
  /** pino level for the request log and server events (`silent` turns it off). */
  logLevel: LogLevel;
  /** The MySQL/MariaDB pool and its time limits (`DB_*`; db/connection.ts). */
  database: DatabaseOptions;
  /**
   * How often each process offers to run the housekeeping job (jobs/index.ts); of several processes,
   * one runs it per period (a lease in `job_runs`).
   */
  housekeepingIntervalMs: number;
  /** How long a starting process keeps trying a database it cannot reach before it gives up (DB_START_WAIT_MS). */
  databaseStartWaitMs: number;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export function loadConfig(): Config {
  const production = process.env.NODE_ENV === 'production';
  const moderation = str('MODERATION', 'auto');
  if (moderation !== 'auto' && moderation !== 'manual') throw new ConfigError('MODERATION 只能是 auto 或 manual');
  const smsProvider = str('SMS_PROVIDER', 'console') as SmsProviderName;
  if (!SMS_PROVIDERS.includes(smsProvider)) throw new ConfigError(`SMS_PROVIDER 只能是 ${SMS_PROVIDERS.join('、')}，收到：${smsProvider}`);
  const trustProxy = process.env.TRUST_PROXY;
  const logLevel = str('LOG_LEVEL', 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL 只能是 ${LOG_LEVELS.join('、')}`);
  const year = new Date().getUTCFullYear();
  const platformName = str('SITE_PLATFORM_NAME', '猎人创意社区');
  const companyName = str('SITE_COMPANY_NAME', '星猎科技有限公司');
  return {
    port: int('PORT', 3000, { max: 65535 }),
    databaseUrl: databaseUrlFromEnv(),
    production,
    trustProxy: trustProxy ? trustProxy : false,
    smsProvider,
    smsGateway: smsProvider === 'console' ? null : smsGatewayFromEnv(smsProvider),
    storage: storageFromEnv(),
    moderation,
    // Demo accounts have a published password: never in production unless asked for.
    seedDemo: str('SEED_DEMO', production ? '0' : '1') !== '0',
    sessionInactivityDays: int('SESSION_INACTIVITY_DAYS', 30, { min: 1, max: 3650 }),
    sessionMaxAgeDays: int('SESSION_MAX_AGE_DAYS', 90, { min: 1, max: 3650 }),
    rateLimits: {
      smsPerPhoneIntervalSeconds: int('RATE_SMS_PHONE_INTERVAL_SECONDS', 60),
      smsPerPhonePerDay: int('RATE_SMS_PHONE_PER_DAY', 10),
      smsPerIpPerHour: int('RATE_SMS_IP_PER_HOUR', 15),
      loginPerIpPerMinute: int('RATE_LOGIN_IP_PER_MINUTE', 6),
      loginPerIpPerHour: int('RATE_LOGIN_IP_PER_HOUR', 30),
      loginFailuresPerPhoneAndIpPerHour: int('RATE_LOGIN_FAILURES_PHONE_IP_PER_HOUR', 25),
      uploadsPer30Minutes: int('RATE_UPLOADS_PER_30_MINUTES', 30),
      publishesPer10Minutes: int('RATE_PUBLISH_PER_10_MINUTES', 5),
      publishAttemptsPer10Minutes: int('RATE_PUBLISH_ATTEMPTS_PER_10_MINUTES', 30),
      codeChecksPerIpPerHour: int('RATE_CODE_CHECKS_IP_PER_HOUR', 60),
      passwordChecksPerUserPerHour: int('RATE_PASSWORD_CHECKS_USER_PER_HOUR', 10),
      draftsPer10Minutes: int('RATE_DRAFTS_PER_10_MINUTES', 20),
      // A search the shared cache did not answer costs up to a bounded few milliseconds (docs/performance.md:
      // "Search at a bounded cost"). A person searches a few times a minute and scrolls a few pages of
      // each; 60 a minute per address leaves room for several people behind one address, and holds a
      // loop of invented queries to about 1 % of a core per address.
      searchesPerIpPerMinute: int('RATE_SEARCHES_IP_PER_MINUTE', 60),
      exportsPerDay: int('RATE_EXPORTS_PER_DAY', 5),
      writes: writeLimitsFromEnv(),
    },
    maxDraftsPerUser: int('MAX_DRAFTS_PER_USER', 200),
    cacheTtlMs: ms('CACHE_TTL_MS', 2000),
    logLevel,
    database: {
      poolSize: Math.max(1, int('DB_POOL_SIZE', DEFAULT_DATABASE_OPTIONS.poolSize)),
      queueLimit: int('DB_QUEUE_LIMIT', DEFAULT_DATABASE_OPTIONS.queueLimit),
      acquireTimeoutMs: Math.max(1, ms('DB_ACQUIRE_TIMEOUT_MS', DEFAULT_DATABASE_OPTIONS.acquireTimeoutMs)),
      connectTimeoutMs: Math.max(1, ms('DB_CONNECT_TIMEOUT_MS', DEFAULT_DATABASE_OPTIONS.connectTimeoutMs)),
      // The client's own cut-off is 2 s past this one (db/connection.ts), and a timer too.
      queryTimeoutMs: Math.max(1, int('DB_QUERY_TIMEOUT_MS', DEFAULT_DATABASE_OPTIONS.queryTimeoutMs, { max: MAX_TIMER_MS - 2000 })),
      lockWaitTimeoutSeconds: Math.max(1, int('DB_LOCK_WAIT_TIMEOUT_SECONDS', DEFAULT_DATABASE_OPTIONS.lockWaitTimeoutSeconds)),
    },
    housekeepingIntervalMs: ms('HOUSEKEEPING_INTERVAL_MS', 3600 * 1000, 1000),
    databaseStartWaitMs: ms('DB_START_WAIT_MS', 60_000),
    uploadsDir: str('UPLOADS_DIR', './uploads'),
    site: {
      platformName,
      companyName,
      officeAddress: str('SITE_OFFICE_ADDRESS', '北京市海淀区中关村大街 1 号'),
      contactEmail: str('SITE_CONTACT_EMAIL', 'hello@example.com'),
      contactPhone: str('SITE_CONTACT_PHONE', '010-00000000'),
      copyright: str('SITE_COPYRIGHT', `© ${year} ${companyName} 版权所有`),
      icpNumber: str('SITE_ICP_NUMBER', '京ICP备00000000号-1'),
      publicSecurityNumber: str('SITE_PUBLIC_SECURITY_NUMBER', '京公网安备11010800000000号'),
    },
  };
}

/** Origins besides the site's own that pages may load images from: S3_PUBLIC_URL's, when set (the CSP's img-src). */
export function imageOrigins(config: Pick<Config, 'storage'>): string[] {
  return config.storage.kind === 's3' && config.storage.publicUrl ? [new URL(config.storage.publicUrl).origin] : [];
}

const SMS_PROVIDER_NAMES: Record<SmsProviderName, string> = { console: '控制台（不发送短信）', aliyun: '阿里云短信', tencent: '腾讯云短信' };
export const smsProviderLabel = (name: SmsProviderName) => SMS_PROVIDER_NAMES[name];

/**
 * Settings a provider cannot do without: `need(name, what)` reads one, and `done()` names every
 * missing one at once, with what to put there.
 */
function required(context: string) {
  const missing: string[] = [];
  return {
    need(name: string, what: string): string {
      const value = str(name, '').trim();
      if (!value) missing.push(`${name}（${what}）`);
      return value;
    },
    done(): void {
      if (missing.length) throw new ConfigError(`${context} 还缺少这些设置：${missing.join('；')}。见 docs/deployment.md`);
    },
  };
}

/** `host`, `host:port` or an http(s) URL without a path. */
function endpointSetting(name: string): string | undefined {
  const raw = str(name, '').trim();
  if (!raw) return undefined;
  const url = /^[a-z]+:\/\//i.test(raw) ? raw : `https://${raw}`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigError(`${name} 不是有效的地址：${raw}（例如 dysmsapi.aliyuncs.com 或 https://sms.tencentcloudapi.com）`);
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || (parsed.pathname !== '/' && parsed.pathname !== '')) {
    throw new ConfigError(`${name} 只能是 http(s)://主机[:端口]，不带路径，收到：${raw}`);
  }
  return raw;
}

function smsGatewayFromEnv(provider: 'aliyun' | 'tencent'): SmsGatewaySettings {
  const label = `SMS_PROVIDER=${provider}（${smsProviderLabel(provider)}）`;
  const templateWhat = provider === 'aliyun' ? '模板 CODE，形如 SMS_123456789' : '模板 ID，纯数字';
  const r = required(label);
  const accessKeyId = r.need('SMS_ACCESS_KEY_ID', provider === 'aliyun' ? 'AccessKey ID' : 'SecretId');
  const accessKeySecret = r.need('SMS_ACCESS_KEY_SECRET', provider === 'aliyun' ? 'AccessKey Secret' : 'SecretKey');
  const signName = r.need('SMS_SIGN_NAME', '已审核通过的短信签名');
  const appId = provider === 'tencent' ? r.need('SMS_SDK_APP_ID', '短信应用的 SdkAppId，形如 1400000000') : '';
  const templates = {
    register: r.need('SMS_TEMPLATE_REGISTER', `${SMS_PURPOSE_NAMES.register}验证码的${templateWhat}`),
    reset: r.need('SMS_TEMPLATE_RESET', `${SMS_PURPOSE_NAMES.reset}验证码的${templateWhat}`),
    change_phone: r.need('SMS_TEMPLATE_CHANGE_PHONE', `${SMS_PURPOSE_NAMES.change_phone}验证码的${templateWhat}`),
    phone_changed: str('SMS_TEMPLATE_PHONE_CHANGED', '').trim() || undefined,
  };
  r.done();
  // Tencent's template ids and app id are numbers; a value with letters is most likely Alibaba Cloud's, put in the wrong place.
  const numeric: [string, string | undefined][] =
    provider === 'tencent'
      ? [
          ['SMS_SDK_APP_ID', appId],
          ['SMS_TEMPLATE_REGISTER', templates.register],
          ['SMS_TEMPLATE_RESET', templates.reset],
          ['SMS_TEMPLATE_CHANGE_PHONE', templates.change_phone],
          ['SMS_TEMPLATE_PHONE_CHANGED', templates.phone_changed],
        ]
      : [];
  for (const [name, value] of numeric) {
    if (value !== undefined && !/^\d+$/.test(value)) throw new ConfigError(`${label}：${name} 应是纯数字（腾讯云控制台里的 ID），收到：${value}`);
  }
  return {
    provider,
    accessKeyId,
    accessKeySecret,
    signName,
    appId,
    region: str('SMS_REGION', provider === 'aliyun' ? 'cn-hangzhou' : 'ap-guangzhou').trim(),
    endpoint: endpointSetting('SMS_ENDPOINT'),
    templates,
  };
}

function flag(name: string, fallback: boolean): boolean {
  const raw = str(name, '').trim().toLowerCase();
  if (!raw) return fallback;
  if (['1', 'true', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'no'].includes(raw)) return false;
  throw new ConfigError(`${name} 只能是 true 或 false（也可写 1 或 0），收到：${raw}`);
}

function storageFromEnv(): StorageSettings {
  const kind = str('STORAGE', 'local');
  if (kind === 'local') return { kind: 'local' };
  if (kind !== 's3') throw new ConfigError(`STORAGE 只能是 local 或 s3，收到：${kind}`);
  const r = required('STORAGE=s3（S3 兼容的对象存储）');
  const bucket = r.need('S3_BUCKET', '存储桶名称');
  const region = r.need('S3_REGION', '地域，例如阿里云 cn-hangzhou、腾讯云 ap-guangzhou、MinIO 填 us-east-1');
  const accessKeyId = r.need('S3_ACCESS_KEY_ID', '访问密钥 ID');
  const secretAccessKey = r.need('S3_SECRET_ACCESS_KEY', '访问密钥');
  r.done();
  const endpoint = endpointSetting('S3_ENDPOINT');
  const publicUrl = str('S3_PUBLIC_URL', '').trim().replace(/\/+$/, '') || undefined;
  if (publicUrl && !/^https?:\/\/[^/]+/i.test(publicUrl)) throw new ConfigError(`S3_PUBLIC_URL 应是 http(s):// 开头的地址（CDN 或存储桶域名），收到：${publicUrl}`);
  return {
    kind: 's3',
    endpoint: endpoint && !/^[a-z]+:\/\//i.test(endpoint) ? `https://${endpoint}` : endpoint,
    region,
    bucket,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: flag('S3_FORCE_PATH_STYLE', false),
    publicUrl,
  };
}
