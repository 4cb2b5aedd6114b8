/** Every environment variable the server reads, with its default; README "Configuration" lists them. */

function int(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`环境变量 ${name} 需要一个非负整数，收到：${raw}`);
  return n;
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

export interface Config {
  port: number;
  databaseUrl: string | undefined;
  production: boolean;
  trustProxy: string | false;
  smsProvider: 'console';
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
   * it did not see (DESIGN §9). The process that made the change forgets at once.
   */
  cacheTtlMs: number;
  /** pino level for the request log and server events (`silent` turns it off). */
  logLevel: LogLevel;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export function loadConfig(): Config {
  const production = process.env.NODE_ENV === 'production';
  const moderation = str('MODERATION', 'auto');
  if (moderation !== 'auto' && moderation !== 'manual') throw new Error('MODERATION 只能是 auto 或 manual');
  const smsProvider = str('SMS_PROVIDER', 'console');
  if (smsProvider !== 'console') throw new Error(`未知的短信服务：${smsProvider}（目前支持 console）`);
  const trustProxy = process.env.TRUST_PROXY;
  const logLevel = str('LOG_LEVEL', 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) throw new Error(`LOG_LEVEL 只能是 ${LOG_LEVELS.join('、')}`);
  const year = new Date().getUTCFullYear();
  const platformName = str('SITE_PLATFORM_NAME', '猎人创意社区');
  const companyName = str('SITE_COMPANY_NAME', '星猎科技有限公司');
  return {
    port: int('PORT', 3000),
    databaseUrl: process.env.DATABASE_URL || undefined,
    production,
    trustProxy: trustProxy ? trustProxy : false,
    smsProvider,
    moderation,
    // Demo accounts have a published password: never in production unless asked for.
    seedDemo: str('SEED_DEMO', production ? '0' : '1') !== '0',
    sessionInactivityDays: int('SESSION_INACTIVITY_DAYS', 30),
    sessionMaxAgeDays: int('SESSION_MAX_AGE_DAYS', 90),
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
    },
    maxDraftsPerUser: int('MAX_DRAFTS_PER_USER', 200),
    cacheTtlMs: int('CACHE_TTL_MS', 2000),
    logLevel,
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
