/**
 * The server's settings, from the environment as config-schema.ts reads it (every variable, its
 * default and meaning are there; docs/configuration.md is generated from it), plus the checks that
 * look at several variables at once (a provider's required settings).
 */
import path from 'node:path';
import { dialectOf, parseMysqlUrl, sqliteFile, type DatabaseOptions } from '../../../db/connection.ts';
import { SMS_PURPOSE_NAMES } from '../../shared/constants.ts';
import { LOG_LEVELS, parseEnv, SMS_PROVIDERS, type Env } from './config-schema.ts';
import { WRITE_LIMIT_KINDS, writeLimitEnv, type WriteLimit, type WriteLimitKind } from './write-limit-policy.ts';

/** A setting that makes no sense: start-up stops with this message (scripts/start.ts prints it alone, without a stack). */
export class ConfigError extends Error {
  override name = 'ConfigError';
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

/** The same settings with every limit off (0), the per-kind write limits included: for the benchmark and the browser tests. */
export function rateLimitsOff(s: RateLimitSettings): RateLimitSettings {
  const off = (v: unknown): unknown => (typeof v === 'number' ? 0 : Object.fromEntries(Object.entries(v as object).map(([k, x]) => [k, off(x)])));
  return off(s) as RateLimitSettings;
}

function writeLimitsFrom(env: Env): Record<WriteLimitKind, WriteLimit> {
  const limits = {} as Record<WriteLimitKind, WriteLimit>;
  const read = (name: string) => env[name as keyof Env] as number;
  for (const kind of WRITE_LIMIT_KINDS) {
    const names = writeLimitEnv(kind);
    limits[kind] = { perMinute: read(names.perMinute), perHour: read(names.perHour), ipPerMinute: read(names.ipPerMinute) };
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
  /** A MySQL/MariaDB replica for public reads (DATABASE_READ_URL, db/replica.ts) and the lag past which it is not used. */
  databaseRead: { url: string; maxLagSeconds: number } | undefined;
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
   * it did not see (docs/architecture.md §9): without REDIS_URL, or while Redis is out of reach. The
   * process that made the change forgets at once.
   */
  cacheTtlMs: number;
  /**
   * The change bus between processes (REDIS_URL, REDIS_CHANNEL; infrastructure/change-bus.ts): a write's
   * drops reach the other processes at once instead of within CACHE_TTL_MS. Null: no Redis, no connection.
   */
  changeBus: ChangeBusSettings | null;
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

export type LogLevel = (typeof LOG_LEVELS)[number];

export interface ChangeBusSettings {
  /** REDIS_URL, password included: never logged as it is (`withoutPassword`). */
  url: string;
  channel: string;
}

/** The channel two deployments on one Redis do not share: named after the database the processes share. */
export function defaultChangeChannel(databaseUrl: string | undefined): string {
  const database = dialectOf(databaseUrl) === 'mysql' ? parseMysqlUrl(databaseUrl!).database : path.resolve(sqliteFile(databaseUrl));
  return `hunter-ideas:changes:${database}`;
}

export function loadConfig(): Config {
  const parsed = parseEnv(process.env);
  if (!parsed.ok) throw new ConfigError(parsed.message);
  const env = parsed.env;
  const production = env.NODE_ENV === 'production';
  const companyName = env.SITE_COMPANY_NAME!;
  return {
    port: env.PORT,
    databaseUrl: env.DATABASE_URL,
    databaseRead: env.DATABASE_READ_URL ? { url: env.DATABASE_READ_URL, maxLagSeconds: env.DATABASE_READ_MAX_LAG_SECONDS } : undefined,
    production,
    trustProxy: env.TRUST_PROXY ?? false,
    smsProvider: env.SMS_PROVIDER,
    smsGateway: env.SMS_PROVIDER === 'console' ? null : smsGatewayFrom(env, env.SMS_PROVIDER),
    storage: storageFrom(env),
    moderation: env.MODERATION,
    // Demo accounts have a published password: never in production unless asked for.
    seedDemo: (env.SEED_DEMO ?? (production ? '0' : '1')) !== '0',
    sessionInactivityDays: env.SESSION_INACTIVITY_DAYS,
    sessionMaxAgeDays: env.SESSION_MAX_AGE_DAYS,
    rateLimits: {
      smsPerPhoneIntervalSeconds: env.RATE_SMS_PHONE_INTERVAL_SECONDS,
      smsPerPhonePerDay: env.RATE_SMS_PHONE_PER_DAY,
      smsPerIpPerHour: env.RATE_SMS_IP_PER_HOUR,
      loginPerIpPerMinute: env.RATE_LOGIN_IP_PER_MINUTE,
      loginPerIpPerHour: env.RATE_LOGIN_IP_PER_HOUR,
      loginFailuresPerPhoneAndIpPerHour: env.RATE_LOGIN_FAILURES_PHONE_IP_PER_HOUR,
      uploadsPer30Minutes: env.RATE_UPLOADS_PER_30_MINUTES,
      publishesPer10Minutes: env.RATE_PUBLISH_PER_10_MINUTES,
      publishAttemptsPer10Minutes: env.RATE_PUBLISH_ATTEMPTS_PER_10_MINUTES,
      codeChecksPerIpPerHour: env.RATE_CODE_CHECKS_IP_PER_HOUR,
      passwordChecksPerUserPerHour: env.RATE_PASSWORD_CHECKS_USER_PER_HOUR,
      draftsPer10Minutes: env.RATE_DRAFTS_PER_10_MINUTES,
      searchesPerIpPerMinute: env.RATE_SEARCHES_IP_PER_MINUTE,
      exportsPerDay: env.RATE_EXPORTS_PER_DAY,
      writes: writeLimitsFrom(env),
    },
    maxDraftsPerUser: env.MAX_DRAFTS_PER_USER,
    cacheTtlMs: env.CACHE_TTL_MS,
    changeBus: env.REDIS_URL ? { url: env.REDIS_URL, channel: env.REDIS_CHANNEL ?? defaultChangeChannel(env.DATABASE_URL) } : null,
    logLevel: env.LOG_LEVEL,
    // A pool or time limit of 0 is taken as 1, as it always was.
    database: {
      poolSize: Math.max(1, env.DB_POOL_SIZE),
      queueLimit: env.DB_QUEUE_LIMIT,
      acquireTimeoutMs: Math.max(1, env.DB_ACQUIRE_TIMEOUT_MS),
      connectTimeoutMs: Math.max(1, env.DB_CONNECT_TIMEOUT_MS),
      queryTimeoutMs: Math.max(1, env.DB_QUERY_TIMEOUT_MS),
      lockWaitTimeoutSeconds: Math.max(1, env.DB_LOCK_WAIT_TIMEOUT_SECONDS),
    },
    housekeepingIntervalMs: env.HOUSEKEEPING_INTERVAL_MS,
    databaseStartWaitMs: env.DB_START_WAIT_MS,
    uploadsDir: env.UPLOADS_DIR!,
    site: {
      platformName: env.SITE_PLATFORM_NAME!,
      companyName,
      officeAddress: env.SITE_OFFICE_ADDRESS!,
      contactEmail: env.SITE_CONTACT_EMAIL!,
      contactPhone: env.SITE_CONTACT_PHONE!,
      copyright: env.SITE_COPYRIGHT ?? `© ${new Date().getUTCFullYear()} ${companyName} 版权所有`,
      icpNumber: env.SITE_ICP_NUMBER!,
      publicSecurityNumber: env.SITE_PUBLIC_SECURITY_NUMBER!,
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
function required(env: Env, context: string) {
  const missing: string[] = [];
  return {
    need(name: keyof Env, what: string): string {
      const value = String(env[name] ?? '').trim();
      if (!value) missing.push(`${name}（${what}）`);
      return value;
    },
    done(): void {
      if (missing.length) throw new ConfigError(`${context} 还缺少这些设置：${missing.join('；')}。见 docs/deployment.md`);
    },
  };
}

/** `host`, `host:port` or an http(s) URL without a path. */
function endpointSetting(name: string, given: string | undefined): string | undefined {
  const raw = (given ?? '').trim();
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

function smsGatewayFrom(env: Env, provider: 'aliyun' | 'tencent'): SmsGatewaySettings {
  const label = `SMS_PROVIDER=${provider}（${smsProviderLabel(provider)}）`;
  const templateWhat = provider === 'aliyun' ? '模板 CODE，形如 SMS_123456789' : '模板 ID，纯数字';
  const r = required(env, label);
  const accessKeyId = r.need('SMS_ACCESS_KEY_ID', provider === 'aliyun' ? 'AccessKey ID' : 'SecretId');
  const accessKeySecret = r.need('SMS_ACCESS_KEY_SECRET', provider === 'aliyun' ? 'AccessKey Secret' : 'SecretKey');
  const signName = r.need('SMS_SIGN_NAME', '已审核通过的短信签名');
  const appId = provider === 'tencent' ? r.need('SMS_SDK_APP_ID', '短信应用的 SdkAppId，形如 1400000000') : '';
  const templates = {
    register: r.need('SMS_TEMPLATE_REGISTER', `${SMS_PURPOSE_NAMES.register}验证码的${templateWhat}`),
    reset: r.need('SMS_TEMPLATE_RESET', `${SMS_PURPOSE_NAMES.reset}验证码的${templateWhat}`),
    change_phone: r.need('SMS_TEMPLATE_CHANGE_PHONE', `${SMS_PURPOSE_NAMES.change_phone}验证码的${templateWhat}`),
    phone_changed: env.SMS_TEMPLATE_PHONE_CHANGED?.trim() || undefined,
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
    region: (env.SMS_REGION ?? (provider === 'aliyun' ? 'cn-hangzhou' : 'ap-guangzhou')).trim(),
    endpoint: endpointSetting('SMS_ENDPOINT', env.SMS_ENDPOINT),
    templates,
  };
}

function storageFrom(env: Env): StorageSettings {
  if (env.STORAGE === 'local') return { kind: 'local' };
  const r = required(env, 'STORAGE=s3（S3 兼容的对象存储）');
  const bucket = r.need('S3_BUCKET', '存储桶名称');
  const region = r.need('S3_REGION', '地域，例如阿里云 cn-hangzhou、腾讯云 ap-guangzhou、MinIO 填 us-east-1');
  const accessKeyId = r.need('S3_ACCESS_KEY_ID', '访问密钥 ID');
  const secretAccessKey = r.need('S3_SECRET_ACCESS_KEY', '访问密钥');
  r.done();
  const endpoint = endpointSetting('S3_ENDPOINT', env.S3_ENDPOINT);
  const publicUrl = (env.S3_PUBLIC_URL ?? '').trim().replace(/\/+$/, '') || undefined;
  if (publicUrl && !/^https?:\/\/[^/]+/i.test(publicUrl)) throw new ConfigError(`S3_PUBLIC_URL 应是 http(s):// 开头的地址（CDN 或存储桶域名），收到：${publicUrl}`);
  return {
    kind: 's3',
    endpoint: endpoint && !/^[a-z]+:\/\//i.test(endpoint) ? `https://${endpoint}` : endpoint,
    region,
    bucket,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    publicUrl,
  };
}
